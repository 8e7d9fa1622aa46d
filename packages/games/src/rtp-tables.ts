/**
 * Issue 14's games (cards, tables, keno, Hi-Lo, Limbo) for `npm run rtp`: fixed playing
 * strategies simulated like the others (rtp-strategies.ts), and the exact figures recomputed from
 * scratch (`EXACT_CHECKS`: the enumerations, the video poker one included, which takes seconds).
 */
import * as baccarat from './baccarat.ts';
import * as bacbo from './bacbo.ts';
import * as bingo from './bingo.ts';
import * as blackjack from './blackjack.ts';
import { multiplierValue } from './exact.ts';
import { type FloatSource, fastFloats } from './fair.ts';
import * as hilo from './hilo.ts';
import * as keno from './keno.ts';
import * as limbo from './limbo.ts';
import type { Strategy } from './rtp-strategies.ts';
import * as videopoker from './videopoker.ts';

function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length] as T;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Every keno table, picks 1..n (the draw is uniform, so which numbers does not matter). */
const KENO_CHOICES = keno.KENO_RISKS.flatMap((risk) =>
  Array.from({ length: keno.KENO_MAX_PICKS }, (_, i) => ({ risk, picks: Array.from({ length: i + 1 }, (_, k) => 3 * k + 1) })),
);
const LIMBO_TARGETS = [101, 150, 200, 500, 1000, 10_000, 100_000];
const HILO_CASHOUTS = [1, 2, 3, 4, 5];
const BACBO_CHOICES = bacbo.BACBO_BETS;
const BACCARAT_CHOICES = baccarat.BACCARAT_BETS;
const BACCARAT_EXACT = baccarat.baccaratRtps(20);

function hiloRound(source: FloatSource, index: number): number {
  const target = pick(HILO_CASHOUTS, index);
  let state = hilo.start(source);
  while (state.status === 'playing' && state.wins.length < target) {
    const rank = ((state.cards[state.cards.length - 1] as number) % 13) + 1;
    const result = hilo.play(state, rank <= 7 ? 'higher' : 'lower', source);
    if (!result.ok) throw new Error(result.reason);
    state = result.state;
  }
  if (state.status === 'lost') return 0;
  const m = hilo.hiloMultiplier(state.wins);
  return Number(m.num) / Number(m.den);
}

export const TABLE_STRATEGIES: readonly Strategy[] = [
  {
    game: 'keno',
    description: 'all 40 tables (classic/low/medium/high x 1-10 picks) in turn',
    declared: mean(KENO_CHOICES.map((c) => keno.kenoRtp(c.picks.length, c.risk))),
    round: (source, index) => multiplierValue(keno.play(source, pick(KENO_CHOICES, index)).multiplier),
  },
  {
    game: 'limbo',
    description: `targets ${LIMBO_TARGETS.map((t) => `${t / 100}x`).join(', ')} in turn`,
    declared: mean(LIMBO_TARGETS.map((t) => limbo.ratioValue(limbo.limboRtp(t)))),
    round: (source, index) => {
      const outcome = limbo.play(source, { target: pick(LIMBO_TARGETS, index) });
      return outcome.win ? multiplierValue(outcome.multiplier) : 0;
    },
  },
  {
    game: 'hi-lo',
    description: `the likelier side (higher up to 7, else lower), cash out after ${HILO_CASHOUTS.join('/')} correct guesses in turn`,
    declared: hilo.declaredRtp,
    round: hiloRound,
  },
  {
    game: 'bac-bo',
    description: 'player, banker, tie in turn',
    declared: mean(BACBO_CHOICES.map((bet) => bacbo.bacboRtp(bet))),
    round: (source, index) => multiplierValue(bacbo.bacboMultiplier(pick(BACBO_CHOICES, index), bacbo.play(source))),
  },
  {
    game: 'baccarat',
    description: 'player, banker, tie, player pair, banker pair in turn',
    declared: mean(BACCARAT_CHOICES.map((bet) => baccarat.ratioValue(BACCARAT_EXACT[bet]))),
    round: (source, index) => multiplierValue(baccarat.baccaratMultiplier(pick(BACCARAT_CHOICES, index), baccarat.play(source))),
  },
  {
    game: 'blackjack',
    description: 'basic strategy (6D S17 DAS chart, no insurance), return per first stake',
    declared: blackjack.declaredRtp,
    round: (source) => blackjack.basicStrategyRound(source),
  },
];

/** An exact figure recomputed from scratch, against the figure the module declares. */
export type ExactCheck = { game: string; what: string; declared: number; compute: () => number; how: string };

export const EXACT_CHECKS: readonly ExactCheck[] = [
  {
    game: 'keno',
    what: 'lowest of the 40 tables',
    declared: keno.declaredRtp,
    compute: () =>
      Math.min(
        ...keno.KENO_RISKS.flatMap((risk) =>
          Array.from({ length: 10 }, (_, i) => {
            const r = keno.kenoRtpAtStake(i + 1, risk, 10);
            return r.num / r.den;
          }),
        ),
      ),
    how: 'hypergeometric sums, at R$ 0,10',
  },
  {
    game: 'limbo',
    what: 'lowest over 1.01x..1,000,000x (sampled)',
    declared: limbo.declaredRtp,
    compute: () => Math.min(...[101, 109, 777, 12_345, 1_000_000, 100_000_000].map((t) => limbo.ratioValue(limbo.limboRtp(t)))),
    how: 'T * floor(99 * 2^64 / T) / (100 * 2^64)',
  },
  {
    game: 'bac-bo',
    what: 'player / banker',
    declared: bacbo.declaredRtp,
    compute: () => bacbo.bacboRtp('player'),
    how: 'all 6^4 rolls',
  },
  {
    game: 'bac-bo',
    what: 'tie',
    declared: 619 / 648,
    compute: () => bacbo.bacboRtp('tie'),
    how: 'all 6^4 rolls',
  },
  ...(['banker', 'player', 'tie'] as const).map((bet) => ({
    game: 'baccarat',
    what: bet,
    declared: baccarat.BACCARAT_DECLARED[bet],
    compute: () => baccarat.ratioValue(baccarat.baccaratRtps(20, baccarat.baccaratCounts())[bet]),
    how: '8-deck enumeration',
  })),
  {
    game: 'baccarat',
    what: 'pairs',
    declared: baccarat.BACCARAT_DECLARED.pair,
    compute: () => baccarat.ratioValue(baccarat.baccaratRtps(20, baccarat.baccaratCounts()).player_pair),
    how: '8-deck enumeration',
  },
  {
    game: 'video-poker',
    what: '9/6 Jacks or Better, optimal holds',
    declared: videopoker.declaredRtp,
    compute: () => videopoker.jacksOrBetterRtp().value,
    how: 'all 2,598,960 deals x 32 holds',
  },
  ...bingo.BINGO_ROOMS.map((room) => ({
    game: room,
    what: 'share of card sales returned (85% prizes + 5% jackpot)',
    declared: bingo.declaredRtp,
    compute: () => bingo.simulatedReturn(room, fastFloats(room === 'bingo-75' ? 75 : 90), 300),
    how: 'exact by construction, checked on 300 rounds of 1-60 cards',
  })),
];
