import { z } from 'zod';
import { idField, langField } from './fields.ts';
import { fairProofSchema, stakeField } from './house-games.ts';

/**
 * Blackjack's contract (API.house.blackjack.*): one open hand per member, played move by move.
 * Cards are two-character codes, rank then suit ("As", "Td", "7h": packages/games/src/cards.ts);
 * the dealer's hole card is null until the round is over. Money is a string of reais.
 */

const money = z.string();

export const BLACKJACK_MOVES = ['hit', 'stand', 'double', 'split', 'insurance', 'no_insurance'] as const;
export const BLACKJACK_RESULTS = ['blackjack', 'win', 'push', 'lose', 'bust'] as const;
export const BLACKJACK_PHASES = ['insurance', 'player', 'done'] as const;

export const blackjackStartBodySchema = z.object({ lang: langField, amount: stakeField });
/** hit, stand, double and split: the open hand (round_id optional: the member has one at most). */
export const blackjackMoveBodySchema = z.object({ lang: langField, round_id: idField.optional() });
/** insurance: take it (accept true: half the first stake more) or decline it. */
export const blackjackInsuranceBodySchema = z.object({
  lang: langField,
  round_id: idField.optional(),
  accept: z.boolean({ error: 'blackjack.insurance_choice' }),
});

export const blackjackHandSchema = z.object({
  cards: z.array(z.string()),
  /** Best total; soft when an ace still counts 11 (shown "7/17"). */
  total: z.number().int(),
  soft: z.boolean(),
  bet: money,
  doubled: z.boolean(),
  split: z.boolean(),
  split_aces: z.boolean(),
  done: z.boolean(),
  result: z.enum(BLACKJACK_RESULTS).nullable(),
  /** What the hand returned, stake included (only once the round is over). */
  win: money.nullable(),
});

export const blackjackRoundSchema = fairProofSchema.extend({
  round_id: z.number(),
  status: z.enum(['playing', 'settled']),
  phase: z.enum(BLACKJACK_PHASES),
  /** The first stake. */
  amount: money,
  /** Everything staked: the first stake, doubles, splits and insurance. */
  total_staked: money,
  dealer: z.object({
    /** [up card, hole card (null while in play), draws...]. */
    cards: z.array(z.string().nullable()),
    /** The total of the cards shown. */
    total: z.number().int(),
    soft: z.boolean(),
    blackjack: z.boolean(),
  }),
  hands: z.array(blackjackHandSchema),
  /** The hand in play (index into hands). */
  active: z.number().int(),
  /** The moves allowed now (empty once the round is over). */
  allowed: z.array(z.enum(BLACKJACK_MOVES)),
  /** The insurance stake taken ("0.00" if none). */
  insurance: money,
  /** Everything the round returned, stakes included. */
  win: money,
  /** Ended by the 24-hour rule (every open hand stood by the house). */
  auto_stood: z.boolean(),
  created_at: z.string(),
});
export type BlackjackRoundView = z.infer<typeof blackjackRoundSchema>;

export const blackjackAnswerSchema = z.object({ round: blackjackRoundSchema, balance: money });
export const blackjackActiveAnswerSchema = z.object({ round: blackjackRoundSchema.nullable() });
