/**
 * Baccarat, Punto Banco: 8 decks, the standard third-card rules, Banker paying 0.95:1.
 *
 * Each round deals from a fresh 8-deck shoe (416 cards) shuffled from the bet's stream
 * (cards.ts: forward Fisher-Yates with 4-byte words and rejection sampling, dealt from position 0;
 * the round reads only the steps for the cards it deals). Cards go Player, Banker, Player, Banker,
 * then the Player's third card if drawn, then the Banker's. Values: ace 1, 2-9 face value,
 * 10/J/Q/K 0; a hand's total is the sum mod 10.
 *
 * Third cards: a natural (either side's two-card total 8 or 9) ends the round. Otherwise the
 * Player draws on 0-5 and stands on 6-7. If the Player stood, the Banker draws on 0-5. If the
 * Player drew a card worth x, the Banker draws on 0-2; on 3 unless x = 8; on 4 if x is 2-7; on 5
 * if x is 4-7; on 6 if x is 6-7; stands on 7.
 *
 * Bets (what they return, stake included): Player 2x on a Player win; Banker 1.95x on a Banker
 * win (floor(stake * 39 / 20) centavos); both returned (1x) on a tie. Tie 9x (8:1). Player pair
 * and Banker pair 12x (11:1) when that side's first two cards have the same rank (K-K yes, K-Q no).
 *
 * Exact RTP (`baccaratRtps`) by enumerating every ordered deal from the full 8-deck shoe by card
 * value (composition-dependent draws without replacement, each deal weighted by the number of
 * card sequences that give it, over 416 * 415 * ... * 411 sequences; pairs by rank):
 * Banker 98.9421% (0.98942094...), Player 98.7649%, Tie 85.6404%, each pair 89.6386% (12 * 31 / 415).
 * At the minimum stake of R$ 0,10 only the Banker's win is rounded (19 centavos instead of 19.5):
 * Banker 96.65% there, the others unchanged; every bet stays above the 85% floor.
 */
import type { Centavos } from '@casino/shared/money';
import { type Card, rankOf, shoeDealer } from './cards.ts';
import { type Multiplier, multiplier, payout } from './exact.ts';
import type { FloatSource } from './fair.ts';

export const BACCARAT_DECKS = 8;
export const BACCARAT_BETS = ['player', 'banker', 'tie', 'player_pair', 'banker_pair'] as const;
export type BaccaratBet = (typeof BACCARAT_BETS)[number];
export type BaccaratWinner = 'player' | 'banker' | 'tie';

export type BaccaratOutcome = {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  playerPair: boolean;
  bankerPair: boolean;
};

/** What each bet returns per unit staked when it wins. */
export const BACCARAT_WIN_MULTIPLIERS: Readonly<Record<BaccaratBet, Multiplier>> = {
  player: multiplier(2),
  banker: multiplier(39, 20),
  tie: multiplier(9),
  player_pair: multiplier(12),
  banker_pair: multiplier(12),
};

export function isBaccaratBet(bet: string): bet is BaccaratBet {
  return (BACCARAT_BETS as readonly string[]).includes(bet);
}

/** Ace 1, 2-9 face value, ten and faces 0. */
export function cardValue(card: Card): number {
  const rank = rankOf(card);
  return rank >= 10 ? 0 : rank;
}

/** Whether the Player draws a third card on a two-card total (no natural on the table). */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/** Whether the Banker draws on `bankerTotal`; `playerThird` is the Player's third card's value, or null. */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Deals one round from a card source (the next card of the shoe each call). */
export function deal(next: () => Card): BaccaratOutcome {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const total = (cards: Card[]) => cards.reduce((s, c) => s + cardValue(c), 0) % 10;
  let playerTotal = total(player);
  let bankerTotal = total(banker);
  if (playerTotal < 8 && bankerTotal < 8) {
    let third: number | null = null;
    if (playerDraws(playerTotal)) {
      const card = next();
      player.push(card);
      third = cardValue(card);
      playerTotal = total(player);
    }
    if (bankerDraws(bankerTotal, third)) {
      banker.push(next());
      bankerTotal = total(banker);
    }
  }
  const winner: BaccaratWinner = playerTotal > bankerTotal ? 'player' : playerTotal < bankerTotal ? 'banker' : 'tie';
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner,
    playerPair: rankOf(player[0] as Card) === rankOf(player[1] as Card),
    bankerPair: rankOf(banker[0] as Card) === rankOf(banker[1] as Card),
  };
}

/** A round from the bet's stream: a fresh 8-deck shoe, dealt lazily. */
export function play(source: FloatSource): BaccaratOutcome {
  const shoe = shoeDealer(source, BACCARAT_DECKS);
  return deal(() => shoe.next());
}

/** What a bet returns per unit staked in this outcome. */
export function baccaratMultiplier(bet: BaccaratBet, outcome: BaccaratOutcome): Multiplier {
  const wins: Record<BaccaratBet, boolean> = {
    player: outcome.winner === 'player',
    banker: outcome.winner === 'banker',
    tie: outcome.winner === 'tie',
    player_pair: outcome.playerPair,
    banker_pair: outcome.bankerPair,
  };
  if (wins[bet]) return BACCARAT_WIN_MULTIPLIERS[bet];
  if ((bet === 'player' || bet === 'banker') && outcome.winner === 'tie') return multiplier(1);
  return multiplier(0);
}

export function baccaratPayout(bet: BaccaratBet, betCentavos: number, outcome: BaccaratOutcome): Centavos {
  return payout(betCentavos, baccaratMultiplier(bet, outcome));
}

/** Deal counts over every card sequence of the full shoe: exact integers (all below 2^53). */
export type BaccaratCounts = { player: number; banker: number; tie: number; total: number; pairs: number; pairTotal: number };

/**
 * Enumerates every deal from a full shoe of `decks` decks by card value (4 * decks of each of
 * 1..9, 16 * decks of value 0), weighting each by the ordered card sequences that produce it and
 * extending short deals to six cards (times the ways to fill the remaining positions), so every
 * outcome counts over the same 416 * ... * 411 sequences.
 */
export function baccaratCounts(decks = BACCARAT_DECKS): BaccaratCounts {
  const n = 52 * decks;
  const left = [16 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks];
  const result = { player: 0, banker: 0, tie: 0 };
  const record = (p: number, b: number, weight: number) => {
    if (p > b) result.player += weight;
    else if (p < b) result.banker += weight;
    else result.tie += weight;
  };
  // Fill factors: a deal of k cards stands for (n - k) * ... * (n - 5) six-card sequences.
  const fill = (k: number) => {
    let f = 1;
    for (let i = k; i < 6; i += 1) f *= n - i;
    return f;
  };
  for (let p1 = 0; p1 < 10; p1 += 1) {
    const w1 = left[p1] as number;
    left[p1] = w1 - 1;
    for (let b1 = 0; b1 < 10; b1 += 1) {
      const w2 = w1 * (left[b1] as number);
      if (w2 === 0) continue;
      left[b1] = (left[b1] as number) - 1;
      for (let p2 = 0; p2 < 10; p2 += 1) {
        const w3 = w2 * (left[p2] as number);
        if (w3 === 0) continue;
        left[p2] = (left[p2] as number) - 1;
        for (let b2 = 0; b2 < 10; b2 += 1) {
          const w4 = w3 * (left[b2] as number);
          if (w4 === 0) continue;
          left[b2] = (left[b2] as number) - 1;
          const p = (p1 + p2) % 10;
          const b = (b1 + b2) % 10;
          if (p >= 8 || b >= 8) {
            record(p, b, w4 * fill(4));
          } else if (playerDraws(p)) {
            for (let p3 = 0; p3 < 10; p3 += 1) {
              const w5 = w4 * (left[p3] as number);
              if (w5 === 0) continue;
              left[p3] = (left[p3] as number) - 1;
              const pt = (p + p3) % 10;
              if (bankerDraws(b, p3)) {
                for (let b3 = 0; b3 < 10; b3 += 1) {
                  const w6 = w5 * (left[b3] as number);
                  if (w6 !== 0) record(pt, (b + b3) % 10, w6);
                }
              } else {
                record(pt, b, w5 * fill(5));
              }
              left[p3] = (left[p3] as number) + 1;
            }
          } else if (bankerDraws(b, null)) {
            for (let b3 = 0; b3 < 10; b3 += 1) {
              const w5 = w4 * (left[b3] as number);
              if (w5 !== 0) record(p, (b + b3) % 10, w5 * fill(5));
            }
          } else {
            record(p, b, w4 * fill(4));
          }
          left[b2] = (left[b2] as number) + 1;
        }
        left[p2] = (left[p2] as number) + 1;
      }
      left[b1] = (left[b1] as number) + 1;
    }
    left[p1] = w1;
  }
  // A pair: the side's two cards (positions 0 and 2, or 1 and 3) share a rank. By rank, over the
  // first three dealt cards: 13 ranks of 4 * decks cards each.
  const perRank = 4 * decks;
  let pairs = 0;
  let pairTotal = 0;
  for (let r1 = 0; r1 < 13; r1 += 1) {
    for (let r2 = 0; r2 < 13; r2 += 1) {
      const w2 = perRank * (r2 === r1 ? perRank - 1 : perRank);
      for (let r3 = 0; r3 < 13; r3 += 1) {
        const used = (r3 === r1 ? 1 : 0) + (r3 === r2 ? 1 : 0);
        const w3 = w2 * (perRank - used);
        pairTotal += w3;
        if (r3 === r1) pairs += w3;
      }
    }
  }
  return { ...result, total: fill(0), pairs, pairTotal };
}

export type BigRatio = { num: bigint; den: bigint };

/**
 * The exact RTP of each bet at a stake (each return floored to the centavo; a stake of 20
 * centavos or any multiple is paid exactly, so `betCentavos = 20` gives the unrounded figures).
 */
export function baccaratRtps(betCentavos = 20, counts = baccaratCounts()): Record<BaccaratBet, BigRatio> {
  const stake = BigInt(betCentavos);
  const pay = (bet: BaccaratBet) => BigInt(payout(betCentavos, BACCARAT_WIN_MULTIPLIERS[bet]));
  const [p, b, t, n] = [counts.player, counts.banker, counts.tie, counts.total].map(BigInt) as [bigint, bigint, bigint, bigint];
  const pairs = { num: pay('player_pair') * BigInt(counts.pairs), den: stake * BigInt(counts.pairTotal) };
  return {
    player: { num: pay('player') * p + stake * t, den: stake * n },
    banker: { num: pay('banker') * b + stake * t, den: stake * n },
    tie: { num: pay('tie') * t, den: stake * n },
    player_pair: pairs,
    banker_pair: pairs,
  };
}

export function ratioValue(r: BigRatio): number {
  return Number((r.num * 10n ** 15n) / r.den) / 1e15;
}

/** Each bet's exact RTP floored to 1e-6 (`baccaratRtps` recomputes them); the game declares the Banker's. */
export const BACCARAT_DECLARED = { banker: 0.98942, player: 0.987649, tie: 0.856403, pair: 0.896385 } as const;
export const declaredRtp = BACCARAT_DECLARED.banker;
