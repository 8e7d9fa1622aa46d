import { z } from 'zod';
import { idField, langField } from './fields.ts';
import { fairProofSchema, stakeField } from './house-games.ts';

/**
 * The stateful card games' contract (API.house.hilo*, API.house.videoPoker*): Hi-Lo and video
 * poker (Jacks or Better 9/6). Cards are integers 0..51 (packages/games/src/cards.ts:
 * 13 * suit + rank - 1, suits clubs, diamonds, hearts, spades); money is a string of reais;
 * multipliers are strings floored to 4 decimals. Only cards already shown are ever sent.
 */

const money = z.string();

// ---- Hi-Lo ----------------------------------------------------------------------------------

export const HILO_MOVES = ['higher', 'lower', 'same', 'skip'] as const;
export type HiloMoveName = (typeof HILO_MOVES)[number];

export const hiloStartBodySchema = z.object({ lang: langField, amount: stakeField });
export const hiloGuessBodySchema = z.object({
  lang: langField,
  round_id: idField.optional(),
  /** higher, lower or same (the next card's rank against the current one), or skip the card. */
  guess: z.enum(HILO_MOVES, { error: 'games.hilo_guess_invalid' }),
});
export const hiloCashoutBodySchema = z.object({ lang: langField, round_id: idField.optional() });

/** One guess from the current card: how many of the 13 ranks win, and what the round then pays. */
export const hiloOptionSchema = z.object({
  /** Winning ranks out of 13 (0: the guess is not allowed from this card). */
  wins: z.number().int(),
  /** The chance in percent, 2 decimals ("53.85"). */
  chance: z.string(),
  /** The round's multiplier after this guess wins ("1.8590"), null when not allowed. */
  multiplier: z.string().nullable(),
});

export const HILO_STATUSES = ['playing', 'lost', 'cashed_out'] as const;
export const hiloRoundSchema = fairProofSchema.extend({
  round_id: z.number(),
  status: z.enum(HILO_STATUSES),
  amount: money,
  /** Every card shown, in order; the last one is the current card. */
  cards: z.array(z.number().int()),
  /** The moves made (cards[i + 1] answered moves[i]). */
  moves: z.array(z.enum(HILO_MOVES)),
  /** The multiplier of the correct guesses so far, house edge included ("0.9900" before any). */
  multiplier: z.string(),
  /** What cashing out now pays (the stake times the multiplier, floored to the centavo). */
  cashout: money,
  can_cash_out: z.boolean(),
  /** The three guesses from the current card (null once the round ended). */
  options: z.object({ higher: hiloOptionSchema, lower: hiloOptionSchema, same: hiloOptionSchema }).nullable(),
  win: money,
  created_at: z.string(),
});
export type HiloRoundView = z.infer<typeof hiloRoundSchema>;
export const hiloAnswerSchema = z.object({
  round: hiloRoundSchema,
  /** Guess only: whether it was right (a skip counts as right). */
  correct: z.boolean().optional(),
  balance: money,
});
export const hiloActiveAnswerSchema = z.object({ round: hiloRoundSchema.nullable() });

// ---- video poker ----------------------------------------------------------------------------

export const videoPokerDealBodySchema = z.object({ lang: langField, amount: stakeField });
/**
 * The cards to keep: five booleans (hold[i] keeps card i) or the positions 0..4 to keep (each at
 * most once). Anything else is refused with HOLD_INVALID.
 */
export const videoPokerDrawBodySchema = z.object({
  lang: langField,
  round_id: idField.optional(),
  hold: z.array(z.union([z.boolean(), z.number()]), { error: 'games.hold_invalid' }).max(5, { error: 'games.hold_invalid' }),
});

export const VIDEO_POKER_STATUSES = ['dealt', 'drawn'] as const;
export const videoPokerRoundSchema = fairProofSchema.extend({
  round_id: z.number(),
  status: z.enum(VIDEO_POKER_STATUSES),
  amount: money,
  /** The five cards dealt. */
  hand: z.array(z.number().int()),
  /** After the draw: the positions held (booleans, card by card), the final hand, its rank and pay. */
  held: z.array(z.boolean()).nullable(),
  final: z.array(z.number().int()).nullable(),
  /** nothing, jacks_or_better, two_pair, ... royal_flush (packages/games/src/videopoker.ts). */
  hand_rank: z.string().nullable(),
  /** Pays per unit staked, stake included ("9.0000"); null before the draw. */
  multiplier: z.string().nullable(),
  win: money,
  created_at: z.string(),
});
export type VideoPokerRoundView = z.infer<typeof videoPokerRoundSchema>;
export const videoPokerAnswerSchema = z.object({ round: videoPokerRoundSchema, balance: money });
export const videoPokerActiveAnswerSchema = z.object({ round: videoPokerRoundSchema.nullable() });
