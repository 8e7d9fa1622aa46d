import { z } from 'zod';
import { centavos } from '../money.ts';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { idField, langField } from './fields.ts';

import { GAME_CATEGORIES } from '../game-codes.ts';

// The vocabularies live in a zod-free module (the player site's first route reads them).
export {
  GAME_CATEGORIES,
  type GameCategory,
  HOUSE_GAME_CODES,
  HOUSE_PLAT_TYPE,
  type HouseGameCode,
  SANDBOX_PLAT_TYPE,
} from '../game-codes.ts';

/** One tile of the catalogue, as every list answers it. Money is a string of reais ("0.10"). */
export const gameItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  category: z.enum(GAME_CATEGORIES),
  plat_type: z.string(),
  provider_name: z.string(),
  thumbnail: z.string(),
  tags: z.array(z.string()),
  /** Declared RTP as a percentage string ("97.00"). */
  rtp: z.string(),
  volatility: z.string(),
  min_bet: z.string(),
  max_bet: z.string(),
  is_house: z.boolean(),
  is_popular: z.boolean(),
  is_promotion: z.boolean(),
  /** Whether the calling member follows it (false for visitors). */
  is_followed: z.boolean(),
});
export type GameItem = z.infer<typeof gameItemSchema>;

/** GET /api/games/apisv2: the providers (platType) with their enabled game counts. */
export const providerItemSchema = z.object({
  plat_type: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  game_count: z.number(),
});
export type ProviderItem = z.infer<typeof providerItemSchema>;

/** GET /api/games/listsv2 query. `name` searches names in every language (case and accent blind). */
export const gameListQuerySchema = pageQuerySchema.extend({
  lang: langField,
  category: z.enum(GAME_CATEGORIES, { error: 'validation.wrong_type' }).optional(),
  tag: z.string().max(32).optional(),
  plat_type: z.string().max(32).optional(),
  name: z.string().max(64).optional(),
});

/** POST /api/games/follow (query member_id, name): the member's favourites. */
export const followListQuerySchema = z.object({
  lang: langField,
  member_id: idField.optional(),
  name: z.string().max(64).optional(),
});
/** A game id in a JSON body: a number or a string of digits (never a boolean coerced to 1). */
const gameIdField = z.union(
  [
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z
      .string()
      .regex(/^[1-9]\d{0,14}$/)
      .transform(Number),
  ],
  {
    error: 'validation.invalid',
  },
);
export const followBodySchema = z.object({ game_id: gameIdField });

/** POST /api/day7/day7LoginV2: the hand-off into a game. */
export const day7LoginBodySchema = z.object({
  game_code: z.string().min(1).max(64).optional(),
  game_id: gameIdField.optional(),
  platType: z.string().max(32).optional(),
});
export const day7LoginAnswerSchema = z.object({
  /** 'house': open the in-app game at `url` (a player-site path); 'iframe': open `url` in a frame. */
  mode: z.enum(['house', 'iframe']),
  url: z.string(),
  game: gameItemSchema,
});
export type Day7LoginAnswer = z.infer<typeof day7LoginAnswerSchema>;

export const day7BalanceQuerySchema = z.object({
  lang: langField,
  currency: z.literal('BRL', { error: 'errors.bad_parameters' }).optional(),
  platType: z.string().max(32).optional(),
});
export const day7BalanceItemSchema = z.object({ platType: z.string(), balance: z.string() });

/** POST /api/game/record: the member's rounds, newest first. */
export const GAME_RECORD_RANGES = ['today', '3days', '7days'] as const;
export const gameRecordBodySchema = pageQuerySchema.extend({
  range: z.enum(GAME_RECORD_RANGES, { error: 'errors.bad_parameters' }).default('today'),
  /** Sent by the spec's client; the records are always the caller's, whatever id it names. */
  member_id: idField.optional(),
  /**
   * The previous answer's next_cursor: the page after it, read from where it ended (page is then
   * only echoed). Without it, page and page_size choose the page as before.
   */
  cursor: z
    .string()
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'errors.bad_parameters' })
    .optional(),
});
export const gameRecordItemSchema = z.object({
  id: z.number(),
  /** The provider (brand) name. */
  brand: z.string(),
  /** The game's name in the request's language. */
  name: z.string(),
  game_code: z.string(),
  bet_time: z.string(),
  bet_amount: z.string(),
  win_amount: z.string(),
  /** Win minus bet: positive is a win, negative a loss. */
  net_amount: z.string(),
  status: z.enum(['open', 'settled', 'rolled_back']),
});
export type GameRecordItem = z.infer<typeof gameRecordItemSchema>;

// ---- answers of the catalogue, favourites and records (the server's side of the contract) ------

/** GET /api/games/listsv2: one page of tiles. */
export const gameListAnswerSchema = pageSchema(gameItemSchema);
export type GameListAnswer = z.infer<typeof gameListAnswerSchema>;

/** GET /api/games/popular?name= and /api/games/promotion?name=: `name` is the member's account (informative only). */
export const gameRowQuerySchema = z.object({ lang: langField, name: z.string().max(64).optional() });
/** Rows of the home page (popular, promotion, recent) and the favourites list answer at most this many tiles. */
export const GAME_ROW_LIMIT = 50;
/** A member follows at most this many games. */
export const MAX_FOLLOWS = 200;

/** GET /api/games/detail?code= */
export const gameDetailQuerySchema = z.object({ lang: langField, code: z.string().min(1).max(64) });

/** POST /api/game/record answer: a page of rounds and the range's totals. */
export const gameRecordAnswerSchema = pageSchema(gameRecordItemSchema).extend({
  /** Send it back as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  summary: z.object({ bet_amount: z.string(), win_amount: z.string(), net_amount: z.string(), rounds: z.number() }),
});
export type GameRecordAnswer = z.infer<typeof gameRecordAnswerSchema>;

// ---- the seamless wallet external providers call (docs/SEAMLESS-WALLET.md) ---------------------

/** The callbacks of `API.seamless(platType, action)`. */
export const SEAMLESS_ACTIONS = ['balance', 'bet', 'win', 'rollback', 'betwin'] as const;
export type SeamlessAction = (typeof SEAMLESS_ACTIONS)[number];

/** Status strings of an answer, in the aggregator style. */
export const SEAMLESS_STATUSES = [
  'OK',
  'INSUFFICIENT_FUNDS',
  'DUPLICATE_TRANSACTION',
  'UNKNOWN_TRANSACTION',
  'BET_ALREADY_SETTLED',
  'BET_ROLLED_BACK',
  'INVALID_SIGNATURE',
  'SESSION_EXPIRED',
  'INVALID_REQUEST',
  /** Responsible gaming (HTTP 403): the stake would pass the player's loss or wager limit, or the daily time limit ended play. */
  'LOSS_LIMIT_REACHED',
  'WAGER_LIMIT_REACHED',
  'SESSION_TIME_LIMIT_REACHED',
  /** Responsible gaming (HTTP 403): the player paused or excluded themselves, or must verify identity first. */
  'PLAYER_BLOCKED',
] as const;
export type SeamlessStatus = (typeof SEAMLESS_STATUSES)[number];

/** Signature headers: hex HMAC-SHA256(secret, `${timestamp}.${nonce}.${rawBody}`). */
export const SEAMLESS_HEADERS = { signature: 'x-signature', timestamp: 'x-timestamp', nonce: 'x-nonce' } as const;
/** Accepted clock skew of X-Timestamp (unix seconds). */
export const SEAMLESS_MAX_SKEW_SECONDS = 300;

const txIdField = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/);
/** Minor units (centavos), as aggregators send them. */
const minorUnitsField = z
  .number()
  .int()
  .min(0)
  .max(Number.MAX_SAFE_INTEGER)
  .transform((value) => centavos(value));
const playerField = z.union([z.string().regex(/^\d{1,15}$/), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)]);

export const seamlessBalanceBodySchema = z.object({ token: z.string().min(1).max(128), game_code: z.string().max(64).optional() });
export const seamlessBetBodySchema = z.object({
  token: z.string().min(1).max(128),
  tx_id: txIdField,
  round_id: txIdField,
  game_code: z.string().min(1).max(64),
  amount: minorUnitsField,
});
/** Wins and rollbacks may arrive after the session ended: the player comes from `token`, else `member_id` / `player_id`. */
const afterSessionPlayer = {
  token: z.string().min(1).max(128).optional(),
  member_id: playerField.optional(),
  player_id: playerField.optional(),
};
export const seamlessWinBodySchema = z.object({
  ...afterSessionPlayer,
  tx_id: txIdField,
  round_id: txIdField,
  game_code: z.string().min(1).max(64),
  amount: minorUnitsField,
  /** false: more wins follow in this round (default true: the win closes the round). */
  round_closed: z.boolean().optional(),
});
export const seamlessRollbackBodySchema = z.object({
  ...afterSessionPlayer,
  /** The rollback's own id; `rollback:<ref_tx_id>` when absent. */
  tx_id: txIdField.optional(),
  ref_tx_id: txIdField,
  round_id: txIdField.optional(),
  game_code: z.string().max(64).optional(),
});
export const seamlessBetWinBodySchema = z.object({
  token: z.string().min(1).max(128),
  round_id: txIdField,
  game_code: z.string().min(1).max(64),
  bet_tx_id: txIdField,
  bet_amount: minorUnitsField,
  win_tx_id: txIdField,
  win_amount: minorUnitsField,
});

/** Every answer of the seamless wallet (HTTP 200 only for OK). */
export const seamlessAnswerSchema = z.object({
  status: z.enum(SEAMLESS_STATUSES),
  /** The player's balance in centavos after the call (unchanged on a refusal); absent when the player is unknown. */
  balance: z.number().int().optional(),
  currency: z.literal('BRL'),
  /** The provider's transaction id the answer is about. */
  tx_id: z.string().optional(),
  /** Our reference of the transaction (for reconciliations). */
  reference: z.string().optional(),
  player_id: z.string().optional(),
  /** Set when the call was a retry of one already applied. */
  replayed: z.boolean().optional(),
  message: z.string().optional(),
});
export type SeamlessAnswer = z.infer<typeof seamlessAnswerSchema>;
