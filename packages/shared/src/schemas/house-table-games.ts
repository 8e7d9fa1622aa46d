import { z } from 'zod';
import { langField } from './fields.ts';
import { hundredthsField, instantRoundBase, stakeField } from './house-games.ts';

/**
 * The instant table games of issue 14 (API.house.keno, limbo, baccarat, bacbo): one request, one
 * settled round, answered like dice (instantRoundBase: round id, stake, win, multiplier, balance
 * and the seed pair with its nonce). The rules live in packages/games (keno.ts, limbo.ts,
 * baccarat.ts, bacbo.ts); the server checks ranges there and answers 422 with the field named.
 */

const money = z.string();

// ---- keno ----------------------------------------------------------------------------------

export const KENO_RISK_LEVELS = ['classic', 'low', 'medium', 'high'] as const;
export const kenoBetBodySchema = z.object({
  lang: langField,
  amount: stakeField,
  /** 1 to 10 distinct numbers of 1..40 (range and repeats checked by the server, field `picks`). */
  picks: z
    .array(z.number({ error: 'table_games.keno_pick_invalid' }).int({ error: 'table_games.keno_pick_invalid' }), {
      error: 'table_games.keno_picks_count',
    })
    .max(40, { error: 'table_games.keno_picks_count' }),
  risk: z.enum(KENO_RISK_LEVELS, { error: 'table_games.keno_risk_invalid' }),
});
export const kenoOutcomeSchema = z.object({
  picks: z.array(z.number().int()),
  risk: z.enum(KENO_RISK_LEVELS),
  /** The 10 numbers drawn, in the order drawn. */
  drawn: z.array(z.number().int()),
  /** The picks that were drawn. */
  hits: z.array(z.number().int()),
});
export const kenoAnswerSchema = instantRoundBase.extend({ outcome: kenoOutcomeSchema });

// ---- limbo ---------------------------------------------------------------------------------

export const limboBetBodySchema = z.object({
  lang: langField,
  amount: stakeField,
  /** The target multiplier, 1.01 to 1000000 with two decimals at most ("2.50"). */
  target: hundredthsField('table_games.limbo_target_invalid'),
});
export const limboOutcomeSchema = z.object({
  /** The target and the result in hundredths (250 = 2.50x). */
  target: z.number().int(),
  result: z.number().int(),
  win: z.boolean(),
});
export const limboAnswerSchema = instantRoundBase.extend({ outcome: limboOutcomeSchema });

// ---- baccarat and bac bo -------------------------------------------------------------------

export const BACCARAT_BET_KINDS = ['player', 'banker', 'tie', 'player_pair', 'banker_pair'] as const;
export const BACBO_BET_KINDS = ['player', 'banker', 'tie'] as const;

const tableBetsField = (kinds: readonly [string, ...string[]], prefix: 'baccarat' | 'bacbo') =>
  z
    .array(
      z.object({
        type: z.enum(kinds, { error: `table_games.${prefix}_bet_invalid` }),
        amount: stakeField,
      }),
      { error: 'table_games.table_no_bets' },
    )
    .min(1, { error: 'table_games.table_no_bets' })
    .max(kinds.length, { error: 'table_games.table_bet_repeated' });

/** Several spots at once, like roulette's chips; each spot at most once. */
export const baccaratBetBodySchema = z.object({ lang: langField, bets: tableBetsField(BACCARAT_BET_KINDS, 'baccarat') });
export const bacboBetBodySchema = z.object({ lang: langField, bets: tableBetsField(BACBO_BET_KINDS, 'bacbo') });

/** Each spot as placed, with what it returned (stake included; "0.00" when it lost). */
const settledBetSchema = z.object({ type: z.string(), amount: money, win: money });

export const baccaratOutcomeSchema = z.object({
  /** Cards as two characters, rank then suit ("Ah", "Td"), in the order dealt to each side. */
  player: z.array(z.string()),
  banker: z.array(z.string()),
  player_total: z.number().int(),
  banker_total: z.number().int(),
  winner: z.enum(['player', 'banker', 'tie']),
  player_pair: z.boolean(),
  banker_pair: z.boolean(),
  bets: z.array(settledBetSchema),
});
export const baccaratAnswerSchema = instantRoundBase.extend({ outcome: baccaratOutcomeSchema });

export const bacboOutcomeSchema = z.object({
  player: z.array(z.number().int()),
  banker: z.array(z.number().int()),
  player_total: z.number().int(),
  banker_total: z.number().int(),
  winner: z.enum(['player', 'banker', 'tie']),
  bets: z.array(settledBetSchema),
});
export const bacboAnswerSchema = instantRoundBase.extend({ outcome: bacboOutcomeSchema });

export type KenoAnswer = z.infer<typeof kenoAnswerSchema>;
export type LimboAnswer = z.infer<typeof limboAnswerSchema>;
export type BaccaratAnswer = z.infer<typeof baccaratAnswerSchema>;
export type BacboAnswer = z.infer<typeof bacboAnswerSchema>;
