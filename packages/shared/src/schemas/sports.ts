import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { langField } from './fields.ts';

/**
 * The sportsbook's player contract (issue 6, DESIGN.md section 8). Odds travel as decimal strings
 * with two decimals ("1.85"); money as strings of reais ("10.00"); lines as strings ("2.5", "-1.5").
 */
export const MARKET_TYPES = ['1x2', 'double_chance', 'over_under', 'btts', 'correct_score', 'asian_handicap'] as const;
export type MarketType = (typeof MARKET_TYPES)[number];
export const MARKET_STATES = ['open', 'suspended', 'settled', 'void'] as const;
export const FIXTURE_STATES = ['scheduled', 'live', 'finished', 'cancelled'] as const;
export const BET_STATES = ['open', 'won', 'lost', 'void', 'cashed_out'] as const;
export const LEG_RESULTS = ['pending', 'won', 'lost', 'void'] as const;
/** What the player accepts when a price moved between the slip and the server. */
export const ODDS_CHANGE_POLICIES = ['none', 'higher', 'any'] as const;
export type OddsChangePolicy = (typeof ODDS_CHANGE_POLICIES)[number];
/** How the player reads odds (the server always speaks decimal). */
export const ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const;

export const teamItem = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  color_primary: z.string(),
  color_secondary: z.string(),
});
export type TeamItem = z.infer<typeof teamItem>;

export const selectionItem = z.object({
  id: z.number().int(),
  /** home, draw, away, home_draw, home_away, draw_away, over, under, yes, no, "2-1", other_home, other_draw, other_away. */
  code: z.string(),
  odds: z.string(),
  /** Settled markets: the selection's result. */
  result: z.enum(LEG_RESULTS),
});
export type SelectionItem = z.infer<typeof selectionItem>;

export const marketItem = z.object({
  id: z.number().int(),
  type: z.enum(MARKET_TYPES),
  /** "2.5", "-1.5" (from the home side for asian handicap); null when the market has none. */
  line: z.string().nullable(),
  status: z.enum(MARKET_STATES),
  version: z.number().int(),
  selections: z.array(selectionItem),
});
export type MarketItem = z.infer<typeof marketItem>;

export const competitionItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  kind: z.enum(['league', 'cup', 'international', 'virtual']),
  /** Fixtures still to play or playing. */
  fixture_count: z.number().int(),
});
export type CompetitionItem = z.infer<typeof competitionItem>;

export const goalEvent = z.object({ minute: z.number().int(), team: z.enum(['home', 'away']) });

export const fixtureSummary = z.object({
  id: z.number().int(),
  competition: z.object({ code: z.string(), name: z.string() }),
  home: teamItem,
  away: teamItem,
  starts_at: z.string(),
  status: z.enum(FIXTURE_STATES),
  minute: z.number().int(),
  home_score: z.number().int(),
  away_score: z.number().int(),
  is_virtual: z.boolean(),
  /** The 1X2 market, for list rows; null when it has none. */
  main_market: marketItem.nullable(),
  markets_count: z.number().int(),
});
export type FixtureSummary = z.infer<typeof fixtureSummary>;

export const fixtureDetail = fixtureSummary.extend({
  markets: z.array(marketItem),
  /** Goals so far (virtual matches; real matches once a trader entered them). */
  events: z.array(goalEvent),
  /** Virtual matches: sha256 of the seed before and during play, and the seed itself once finished. */
  server_seed_hash: z.string().nullable(),
  server_seed: z.string().nullable(),
  /** Virtual matches: when betting closes (kick-off) and when the match ends. */
  ends_at: z.string().nullable(),
});
export type FixtureDetail = z.infer<typeof fixtureDetail>;

/** GET /api/sports/home. */
export const sportsHomeResponse = z.object({
  live: z.array(fixtureSummary),
  /** Kick-offs in the next 24 hours. */
  upcoming: z.array(fixtureSummary),
  competitions: z.array(competitionItem),
});
export const competitionQuery = z.object({ lang: langField, code: z.string().max(48) });
export const competitionResponse = z.object({ competition: competitionItem, fixtures: z.array(fixtureSummary) });
export const fixtureQuery = z.object({ lang: langField, id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** GET /api/sports/virtual: the round being played or open for bets, the next one, recent results. */
export const virtualResponse = z.object({
  competition: competitionItem,
  /** Matches of the current round (betting open until kick-off, then live). */
  current: z.array(fixtureSummary),
  next: z.array(fixtureSummary),
  results: z.array(fixtureSummary),
  /** Kick-off of the current round and the full-time instant. */
  kickoff_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  server_time: z.string(),
});
export type VirtualLeague = z.infer<typeof virtualResponse>;

/** POST /api/sports/bets/place. Singles: one bet per selection, each with `stake`. */
export const placeBetBody = z.strictObject({
  lang: langField,
  /** The client's idempotency key: a retry answers the first placement. */
  request_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'errors.bad_parameters' }),
  kind: z.enum(['single', 'accumulator'], { error: 'sports.kind_invalid' }),
  stake: z.union([z.string().max(20), z.number()], { error: 'validation.amount_invalid' }),
  selections: z
    .array(
      z.strictObject({
        selection_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        /** The odds the slip showed ("1.85"); compared with the current price. */
        odds: z.string().regex(/^\d{1,5}\.\d{2}$/, { error: 'sports.odds_invalid' }),
      }),
    )
    .min(1, { error: 'sports.slip_empty' })
    .max(20, { error: 'sports.too_many_legs' }),
  accept_odds: z.enum(ODDS_CHANGE_POLICIES).default('none'),
});
export type PlaceBetBody = z.input<typeof placeBetBody>;

export const betLeg = z.object({
  fixture_id: z.number().int(),
  fixture_name: z.string(),
  starts_at: z.string(),
  fixture_status: z.enum(FIXTURE_STATES),
  home_score: z.number().int(),
  away_score: z.number().int(),
  market_type: z.enum(MARKET_TYPES),
  line: z.string().nullable(),
  selection_id: z.number().int(),
  selection_code: z.string(),
  odds: z.string(),
  result: z.enum(LEG_RESULTS),
});
export const sportBet = z.object({
  bet_no: z.string(),
  kind: z.enum(['single', 'accumulator']),
  stake: z.string(),
  total_odds: z.string(),
  potential_payout: z.string(),
  status: z.enum(BET_STATES),
  /** What the bet paid (payout, refund or cash-out). */
  paid: z.string(),
  placed_at: z.string(),
  settled_at: z.string().nullable(),
  /** The cash-out offer now, or null when none (settled, a leg lost, a market suspended). */
  cashout: z.string().nullable(),
  legs: z.array(betLeg),
});
export type SportBet = z.infer<typeof sportBet>;
export const placeBetResponse = z.object({ bets: z.array(sportBet), balance: z.string() });
/** A refused placement because prices moved: 409 SPORTS_ODDS_CHANGED with these in the body. */
export const oddsChange = z.object({ selection_id: z.number().int(), odds: z.string(), status: z.enum(MARKET_STATES) });

export const myBetsBody = pageQuerySchema
  .extend({ lang: langField, status: z.enum(['open', 'settled']).optional() })
  .default({ page: 1, page_size: 20 });
export const myBetsResponse = pageSchema(sportBet);

export const cashoutBody = z.strictObject({
  lang: langField,
  bet_no: z.string().max(32),
  /** The offer the player accepted ("12.34"); a moved offer answers 409 SPORTS_CASHOUT_CHANGED with the new one. */
  amount: z.string().regex(/^\d{1,12}\.\d{2}$/, { error: 'validation.amount_invalid' }),
});
export const cashoutResponse = z.object({ bet: sportBet, balance: z.string() });
