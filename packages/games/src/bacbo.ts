/**
 * Bac Bo (Evolution's dice baccarat, the rules its published help gives): two dice for the
 * Player, two for the Banker; the higher total wins, equal totals are a tie.
 *
 * Dice come from the bet's stream in this order: Player die 1, Player die 2, Banker die 1, Banker
 * die 2, each `1 + uniformInt(source, 6)` (cards.ts: a 4-byte big-endian word, rejected when
 * >= 2^32 - 4, then the next word; the value is word mod 6). A shared (live) round reads them the
 * same way from its round's stream.
 *
 * Bets and what they return, stake included:
 * - Player: 2x when the Player's total is higher; 90% of the stake back on a tie
 *   (floor(stake * 9 / 10) centavos); 0 when the Banker wins.
 * - Banker: the same, mirrored.
 * - Tie: on a tie, by the tied total: 2 or 12 pays 88:1 (89x), 3 or 11 25:1 (26x), 4 or 10 10:1
 *   (11x), 5 or 9 6:1 (7x), 6, 7 or 8 4:1 (5x); 0 otherwise.
 *
 * Exact RTP over the 6^4 = 1296 equally likely rolls (`bacboRtp`): ties happen on
 * sum_s n_s^2 = 146 rolls (n_s = ways to roll s with two dice), each side wins on 575, so
 * Player = Banker = (2 * 575 + 0.9 * 146) / 1296 = 6407/6480 = 98.8735%, and
 * Tie = sum_s n_s^2 * (pays(s) + 1) / 1296 = (2 * 1 * 89 + 2 * 4 * 26 + 2 * 9 * 11 + 2 * 16 * 7 +
 * 2 * 25 * 5 + 36 * 5) / 1296 = 1238/1296 = 619/648 = 95.5247%. At the minimum stake of R$ 0,10 every amount is a whole centavo
 * (20, 9, 890, 260, 110, 70, 50), so the RTPs there are the same.
 */
import type { Centavos } from '@casino/shared/money';
import { uniformInt } from './cards.ts';
import { type Multiplier, multiplier, payout } from './exact.ts';
import type { FloatSource } from './fair.ts';

export const BACBO_BETS = ['player', 'banker', 'tie'] as const;
export type BacboBet = (typeof BACBO_BETS)[number];
export type BacboWinner = 'player' | 'banker' | 'tie';

export type BacboOutcome = {
  player: [number, number];
  banker: [number, number];
  playerTotal: number;
  bankerTotal: number;
  winner: BacboWinner;
};

/** Tie pays "x to 1" by the tied total. */
export const BACBO_TIE_PAYS: Readonly<Record<number, number>> = {
  2: 88,
  3: 25,
  4: 10,
  5: 6,
  6: 4,
  7: 4,
  8: 4,
  9: 6,
  10: 10,
  11: 25,
  12: 88,
};
/** Player and Banker bets return 9/10 of the stake on a tie. */
export const BACBO_TIE_REFUND = multiplier(9, 10);

export function isBacboBet(bet: string): bet is BacboBet {
  return (BACBO_BETS as readonly string[]).includes(bet);
}

export function rollDie(source: FloatSource): number {
  return 1 + uniformInt(source, 6);
}

export function outcomeOf(player: [number, number], banker: [number, number]): BacboOutcome {
  const playerTotal = player[0] + player[1];
  const bankerTotal = banker[0] + banker[1];
  const winner: BacboWinner = playerTotal > bankerTotal ? 'player' : playerTotal < bankerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, winner };
}

export function play(source: FloatSource): BacboOutcome {
  const player: [number, number] = [rollDie(source), rollDie(source)];
  const banker: [number, number] = [rollDie(source), rollDie(source)];
  return outcomeOf(player, banker);
}

/** What a bet returns per unit staked (stake included), exactly. */
export function bacboMultiplier(bet: BacboBet, outcome: BacboOutcome): Multiplier {
  if (bet === 'tie') return outcome.winner === 'tie' ? multiplier((BACBO_TIE_PAYS[outcome.playerTotal] as number) + 1) : multiplier(0);
  if (outcome.winner === 'tie') return BACBO_TIE_REFUND;
  return multiplier(outcome.winner === bet ? 2 : 0);
}

/** What a bet returns in centavos, stake included, floored. */
export function bacboPayout(bet: BacboBet, betCentavos: number, outcome: BacboOutcome): Centavos {
  return payout(betCentavos, bacboMultiplier(bet, outcome));
}

export type Ratio = { num: number; den: number };

/** The exact RTP of a bet at a stake (each return floored to the centavo): over the 1296 rolls. */
export function bacboRtpAtStake(bet: BacboBet, betCentavos: number): Ratio {
  let returned = 0;
  for (let a = 1; a <= 6; a += 1)
    for (let b = 1; b <= 6; b += 1)
      for (let c = 1; c <= 6; c += 1) for (let d = 1; d <= 6; d += 1) returned += bacboPayout(bet, betCentavos, outcomeOf([a, b], [c, d]));
  return { num: returned, den: 1296 * betCentavos };
}

/** The exact RTP of a bet (no flooring: a stake of 10 centavos is paid exactly). */
export function bacboRtp(bet: BacboBet): number {
  const r = bacboRtpAtStake(bet, 10);
  return r.num / r.den;
}

/** Player and Banker: 6407/6480. */
export const declaredRtp = 6407 / 6480;
