import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { LANGUAGE_CODES, type LanguageCode } from '../languages.ts';
import { parseReais } from '../money.ts';
import { idField, langField, reaisField } from './fields.ts';
import { GAME_CATEGORIES } from './games.ts';

/**
 * The back office's games: catalogue management (games and providers), per-game results and the
 * round lookup for disputes. Money goes out as reais strings ("12.50"); RTPs as percentage strings
 * ("97.00") next to their basis points.
 */

/** A yes/no filter in a query string: "1", "0", "true", "false". */
const queryFlag = z
  .enum(['1', '0', 'true', 'false'], { error: 'validation.invalid' })
  .transform((value) => value === '1' || value === 'true');

// ---- games --------------------------------------------------------------------------------------

export const adminGameQuery = pageQuerySchema.extend({
  lang: langField,
  plat_type: z.string().trim().max(32).optional(),
  category: z.enum(GAME_CATEGORIES, { error: 'validation.invalid' }).optional(),
  enabled: queryFlag.optional(),
  /** Searches the code, the default name and every language's name. */
  name: z.string().trim().max(64).optional(),
});
export type AdminGameQuery = z.infer<typeof adminGameQuery>;

export const adminGame = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Name per language; a language without one shows `name`. */
  names: z.record(z.string(), z.string()),
  category: z.enum(GAME_CATEGORIES),
  provider_id: z.number().int(),
  plat_type: z.string(),
  provider_name: z.string(),
  provider_enabled: z.boolean(),
  is_house: z.boolean(),
  thumbnail: z.string(),
  tags: z.array(z.string()),
  /** Declared RTP, "97.00" (percent). */
  rtp: z.string(),
  rtp_bp: z.number().int(),
  /** House games declare their RTP in their maths: only external games' RTP can be edited. */
  rtp_editable: z.boolean(),
  volatility: z.string(),
  min_bet: z.string(),
  max_bet: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  is_popular: z.boolean(),
  is_promotion: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminGame = z.infer<typeof adminGame>;
export const adminGamePage = pageSchema(adminGame);

/** Tags are short lower-case keys the player site filters by ("new", "hot", "jackpot"). */
export const GAME_TAG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;
export const MAX_GAME_TAGS = 12;
const gameTagField = z.string().trim().toLowerCase().regex(GAME_TAG_PATTERN, { error: 'validation.game_tag' });

/**
 * Thumbnails are served by this site (the Content-Security-Policy allows images from 'self' only):
 * an absolute path to an image file, without "..".
 */
export const THUMBNAIL_PATTERN = /^\/(?!.*\.\.)[A-Za-z0-9/_.-]{1,240}\.(svg|png|webp|jpe?g|avif)$/;
const thumbnailField = z.string().trim().max(255, { error: 'validation.thumbnail' }).regex(THUMBNAIL_PATTERN, {
  error: 'validation.thumbnail',
});

/** Brazilian rules require a theoretical RTP of at least 85% (REFERENCE.md). */
export const MIN_RTP_BP = 8500;
export const MAX_RTP_BP = 10_000;
/** A percentage with at most two decimals ("96.5", 96.5) to basis points, within the legal range. */
export const rtpPercentField = z.union([z.string().max(8), z.number()], { error: 'validation.rtp_percent' }).transform((value, ctx) => {
  const bp = parseReais(typeof value === 'string' ? value.trim() : value);
  if (bp === null || bp < MIN_RTP_BP || bp > MAX_RTP_BP) {
    ctx.addIssue({ code: 'custom', message: 'validation.rtp_percent' });
    return z.NEVER;
  }
  return bp;
});

const gameNameField = z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.too_long' });

/**
 * PATCH /api/admin/games/:id. Every field is optional; `names` sets the given languages' names
 * (an empty string removes one, languages left out keep theirs). min_bet and max_bet are reais;
 * min <= max is checked against the stored values too.
 */
export const gameUpdateBody = z.strictObject({
  name: gameNameField.optional(),
  names: z
    .partialRecord(
      z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: 'validation.invalid' }),
      z.string().trim().max(100, { error: 'validation.too_long' }),
    )
    .optional(),
  tags: z
    .array(gameTagField)
    .max(MAX_GAME_TAGS, { error: 'validation.too_long' })
    .transform((tags) => [...new Set(tags)])
    .optional(),
  thumbnail: thumbnailField.optional(),
  enabled: z.boolean({ error: 'validation.wrong_type' }).optional(),
  sort: z.number().int({ error: 'validation.invalid' }).min(0).max(1_000_000).optional(),
  is_popular: z.boolean({ error: 'validation.wrong_type' }).optional(),
  is_promotion: z.boolean({ error: 'validation.wrong_type' }).optional(),
  min_bet: reaisField.optional(),
  max_bet: reaisField.optional(),
  /** External games only: the RTP their provider declares (percent, 85.00 to 100.00). */
  rtp: rtpPercentField.optional(),
  lang: langField,
});
export type GameUpdateBody = z.input<typeof gameUpdateBody>;

export const adminGameIdParams = z.object({ id: idField });

// ---- providers ----------------------------------------------------------------------------------

export const adminProvider = z.object({
  id: z.number().int(),
  plat_type: z.string(),
  name: z.string(),
  /** 'house' or 'external'. */
  kind: z.string(),
  launch_url: z.string().nullable(),
  logo_url: z.string().nullable(),
  /** Whether a wallet secret is configured; the secret itself never leaves the server. */
  has_wallet_secret: z.boolean(),
  enabled: z.boolean(),
  sort: z.number().int(),
  game_count: z.number().int(),
  enabled_game_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProvider = z.infer<typeof adminProvider>;

export const providerUpdateBody = z.strictObject({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.too_long' }).optional(),
  enabled: z.boolean({ error: 'validation.wrong_type' }).optional(),
  sort: z.number().int({ error: 'validation.invalid' }).min(0).max(1_000_000).optional(),
  lang: langField,
});
export type ProviderUpdateBody = z.input<typeof providerUpdateBody>;

// ---- per-game results ---------------------------------------------------------------------------

/** Results cover at most this many Brazilian days. */
export const MAX_RESULTS_DAYS = 366;
export const DEFAULT_RESULTS_DAYS = 7;
/** Below this many rounds a game's observed RTP says too little to flag it. */
export const RESULTS_MIN_ROUNDS_TO_FLAG = 100;
/** z for the two-sided 99% interval around the observed RTP. */
export const RESULTS_Z_99 = 2.576;

const dateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date_format' });

/** GET /api/admin/game-results: Brazilian dates (America/Sao_Paulo), both included; default the last 7 days. */
export const gameResultsQuery = z.object({
  lang: langField,
  from: dateField.optional(),
  to: dateField.optional(),
  plat_type: z.string().trim().max(32).optional(),
});

const resultFigures = {
  rounds: z.number().int(),
  players: z.number().int(),
  total_bet: z.string(),
  total_win: z.string(),
  /** Gross gaming revenue: bets minus wins (negative when players won). */
  ggr: z.string(),
  /** Wins / bets as a percentage ("96.85"); null without bets. */
  observed_rtp: z.string().nullable(),
};

export const gameResultRow = z.object({
  game_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.enum(GAME_CATEGORIES),
  plat_type: z.string(),
  provider_name: z.string(),
  ...resultFigures,
  declared_rtp: z.string(),
  /** The 99% interval of the true RTP given these rounds (percent strings); null when it cannot be estimated. */
  rtp_low: z.string().nullable(),
  rtp_high: z.string().nullable(),
  /**
   * With at least RESULTS_MIN_ROUNDS_TO_FLAG rounds, when the declared RTP lies outside that
   * interval: 'above' (players are winning more than the maths says) or 'below' (less); else null.
   */
  deviation: z.enum(['above', 'below']).nullable(),
});
export type GameResultRow = z.infer<typeof gameResultRow>;

export const gameResults = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  list: z.array(gameResultRow),
  totals: z.object(resultFigures),
});
export type GameResults = z.infer<typeof gameResults>;

// ---- round lookup -------------------------------------------------------------------------------

/** A round by its id (game record id) or, failing that, by the provider's round uid. */
export const roundLookupParams = z.object({
  id: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(128, { error: 'validation.too_long' })
    // Path parameters skip the app's NUL check on bodies and queries; PostgreSQL text cannot hold one.
    .regex(/^[^\p{Cc}]+$/u, { error: 'validation.invalid' }),
});
export const roundLookupQuery = z.object({ lang: langField, plat_type: z.string().trim().max(32).optional() });

export const roundTransaction = z.object({
  id: z.number().int(),
  tx_id: z.string(),
  kind: z.string(),
  ref_tx_id: z.string().nullable(),
  amount: z.string(),
  status: z.string(),
  transfer_id: z.number().int().nullable(),
  transfer_key: z.string().nullable(),
  created_at: z.string(),
});

export const roundSeed = z.object({
  seed_id: z.number().int(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int().nullable(),
  /** Revealed once the member rotated the pair; until then only the hash is shown. */
  revealed: z.boolean(),
  server_seed: z.string().nullable(),
  revealed_at: z.string().nullable(),
});

/** A member's stake in a shared round (double takes one per colour; crash one per round). */
export const roundSharedBet = z.object({
  /** Crash: 'crash'; double: 'red', 'black' or 'white'. */
  choice: z.string(),
  amount: z.string(),
  /** Crash: the auto cash-out target ("2.00"), null without one. */
  auto_cashout: z.string().nullable(),
  /** Crash: the multiplier the bet was cashed out at, null unless it won. */
  cashout: z.string().nullable(),
  win: z.string(),
  /** open, won, lost or refunded. */
  status: z.string(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});

/**
 * The shared round (crash, double) a member's game round belonged to. Its hash (and so its
 * result) is the future of the chain until the round is over: both are null before that, except
 * a double roll, which players see while the wheel spins. The chain's seed is never shown.
 */
export const roundSharedRound = z.object({
  /** The round number players see (round_id of the game's state). */
  id: z.number().int(),
  game: z.enum(['crash', 'double']),
  uid: z.string(),
  /** betting, running (crash), spinning (double), ended or cancelled (open bets refunded). */
  status: z.string(),
  /** Crash: the crash point, "2.35" (times the stake). */
  crash_point: z.string().nullable(),
  /** Double: the roll, 0..14, and its colour. */
  roll: z.number().int().nullable(),
  color: z.enum(['red', 'black', 'white']).nullable(),
  hash: z.string().nullable(),
  chain_id: z.number().int(),
  /** 0 = the chain's first round. */
  chain_index: z.number().int(),
  /** Public from the chain's start: the result is HMAC(hash, salt). */
  salt: z.string().nullable(),
  /** Published before the chain's first round: sha256 walked from any revealed hash reaches it. */
  terminating_hash: z.string().nullable(),
  created_at: z.string(),
  betting_ends_at: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** The member's stakes in it. */
  bets: z.array(roundSharedBet),
});
export type RoundSharedRound = z.infer<typeof roundSharedRound>;

export const roundDetail = z.object({
  id: z.number().int(),
  round_uid: z.string(),
  status: z.string(),
  member_id: z.number().int(),
  member_account: z.string(),
  game_id: z.number().int(),
  game_code: z.string(),
  /** In the reader's language. */
  game_name: z.string(),
  category: z.string(),
  provider_id: z.number().int(),
  plat_type: z.string(),
  provider_name: z.string(),
  is_house: z.boolean(),
  bet: z.string(),
  win: z.string(),
  /** Win minus bet, from the player's side. */
  net: z.string(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  outcome: z.unknown().nullable(),
  transactions: z.array(roundTransaction),
  seed: roundSeed.nullable(),
  /** Crash and double only: the shared round the bet was placed in. */
  shared_round: roundSharedRound.optional(),
  /** Other rounds with the same provider round uid (the uid is unique per provider only). */
  other_matches: z.array(z.object({ id: z.number().int(), plat_type: z.string() })),
});
export type RoundDetail = z.infer<typeof roundDetail>;
