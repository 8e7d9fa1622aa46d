import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { idField, langField, reaisField } from './fields.ts';
import { FIXTURE_STATES, goalEvent, LEG_RESULTS, MARKET_STATES, MARKET_TYPES, teamItem } from './sports.ts';

/**
 * The back office's sportsbook (issue 6, DESIGN.md section 10): fixtures with what the book risks
 * on them, market suspension, result entry and correction, competitions and their margins, the
 * book's limits, the liability board and the GGR report. Money goes out as reais strings
 * ("12.50"), odds as decimal strings ("1.85"), margins in basis points next to percent strings.
 */

/** A yes/no filter in a query string: "1", "0", "true", "false". */
const queryFlag = z
  .enum(['1', '0', 'true', 'false'], { error: 'validation.invalid' })
  .transform((value) => value === '1' || value === 'true');

const dateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date_format' });

/** Competition margins and the book's default: 0 to 25%. */
export const MAX_MARGIN_BP = 2500;
/** The cash-out margin: 0 to 50%. */
export const MAX_CASHOUT_MARGIN_BP = 5000;
/** A bet slip holds at most 20 selections (placeBetBody), so an accumulator cannot have more legs. */
export const MAX_LEGS_LIMIT = 20;
/** A real match's score per side. */
export const MAX_SCORE = 99;
/** After kick-off plus this, a real fixture without a result is flagged as awaiting one. */
export const RESULT_DUE_MINUTES = 115;

export const marginField = z
  .number({ error: 'validation.wrong_type' })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'sports.margin_range' })
  .max(MAX_MARGIN_BP, { error: 'sports.margin_range' });

// ---- fixtures -----------------------------------------------------------------------------------

/** The fixtures list's status filter: a fixture state, or real fixtures past their end without a result. */
export const ADMIN_FIXTURE_FILTERS = [...FIXTURE_STATES, 'awaiting_result'] as const;

/**
 * GET /api/admin/sports/fixtures. `from` and `to` are São Paulo days of the kick-off (both
 * included). Scheduled and live fixtures come soonest first; every other list newest first.
 */
export const adminFixturesQuery = pageQuerySchema.extend({
  lang: langField,
  competition_id: idField.optional(),
  status: z.enum(ADMIN_FIXTURE_FILTERS, { error: 'validation.invalid' }).optional(),
  from: dateField.optional(),
  to: dateField.optional(),
  virtual: queryFlag.optional(),
});
export type AdminFixturesQuery = z.infer<typeof adminFixturesQuery>;

/** What the book holds on a fixture, a market or a selection from its open bets. */
const exposure = {
  /** Open bets with a leg here (an accumulator counts once per fixture: it has one leg per fixture). */
  open_bets: z.number().int(),
  /** Σ stakes of those bets. */
  stakes: z.string(),
};

export const adminFixture = z.object({
  id: z.number().int(),
  competition: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  home: teamItem,
  away: teamItem,
  starts_at: z.string(),
  status: z.enum(FIXTURE_STATES),
  minute: z.number().int(),
  home_score: z.number().int(),
  away_score: z.number().int(),
  is_virtual: z.boolean(),
  /** How many results have been entered (0: none; 2 and more: corrected). */
  result_version: z.number().int(),
  /** A real fixture past kick-off + RESULT_DUE_MINUTES that is neither finished nor cancelled. */
  awaiting_result: z.boolean(),
  markets_count: z.number().int(),
  ...exposure,
  /**
   * The worst case for the book on this fixture: the largest liability of its markets (see
   * adminMarket.liability); "0.00" without open bets. Negative when every outcome wins for the book.
   */
  liability: z.string(),
});
export type AdminFixture = z.infer<typeof adminFixture>;
export const adminFixturePage = pageSchema(adminFixture);

export const adminSelection = z.object({
  id: z.number().int(),
  code: z.string(),
  odds: z.string(),
  /** The fair probability (no margin) in percent, "52.31". */
  probability: z.string(),
  result: z.enum(LEG_RESULTS),
  ...exposure,
  /** Σ potential payouts of the open bets with a leg on this selection. */
  potential_payout: z.string(),
  /** If this selection wins: its potential payouts minus every stake on the market. */
  liability: z.string(),
});
export type AdminSelection = z.infer<typeof adminSelection>;

export const adminMarket = z.object({
  id: z.number().int(),
  type: z.enum(MARKET_TYPES),
  /** "2.5", "-1.5" (home side); null when the market has none. */
  line: z.string().nullable(),
  status: z.enum(MARKET_STATES),
  margin_bp: z.number().int(),
  /** Bumped at every price or state change. */
  version: z.number().int(),
  settled_version: z.number().int(),
  updated_at: z.string(),
  ...exposure,
  /** The worst selection's liability: the most the book can lose on this market. */
  liability: z.string(),
  selections: z.array(adminSelection),
});
export type AdminMarket = z.infer<typeof adminMarket>;

export const fixtureResultEntry = z.object({
  version: z.number().int(),
  kind: z.enum(['result', 'cancelled']),
  home_score: z.number().int().nullable(),
  away_score: z.number().int().nullable(),
  /** null when the virtual league settled the match. */
  operator_id: z.number().int().nullable(),
  operator_username: z.string().nullable(),
  created_at: z.string(),
});
export type FixtureResultEntry = z.infer<typeof fixtureResultEntry>;

export const adminFixtureDetail = adminFixture.extend({
  markets: z.array(adminMarket),
  /** Every result entry and correction, newest first. */
  results: z.array(fixtureResultEntry),
  events: z.array(goalEvent),
  server_seed_hash: z.string().nullable(),
  /** Virtual matches: revealed once finished, like players see it (never before: no one may know a match ahead). */
  server_seed: z.string().nullable(),
  /** Whether a result can be entered now: a real fixture whose kick-off has passed (a cancellation any time). */
  result_allowed: z.boolean(),
});
export type AdminFixtureDetail = z.infer<typeof adminFixtureDetail>;

export const adminIdParams = z.object({ id: idField });

/** A score as typed: a number, or a string of digits (checked for 0..MAX_SCORE by the server). */
const scoreField = z.union([z.number(), z.string().max(8)], { error: 'sports.result_score' });

/**
 * POST /api/admin/sports/fixtures/:id/result: { home_score, away_score } or { cancelled: true }.
 * The scores' range, the fixture (real, kicked off) and the combination are checked by the server
 * and refused with 422 SPORTS_RESULT_INVALID.
 */
export const fixtureResultBody = z.strictObject({
  home_score: scoreField.optional(),
  away_score: scoreField.optional(),
  cancelled: z.boolean({ error: 'validation.wrong_type' }).optional(),
  lang: langField,
});
export type FixtureResultBody = z.input<typeof fixtureResultBody>;

/** What a result entry did: the fixture after it and the money it moved. */
export const fixtureResultResponse = z.object({
  fixture: adminFixtureDetail,
  /** The entry just recorded. */
  entry: fixtureResultEntry,
  /** Whether it replaced an earlier result (a correction). */
  correction: z.boolean(),
  /** Bets with a leg on the fixture whose status or payment changed. */
  bets_changed: z.number().int(),
  /** Paid to players by this entry (payouts and refunds), and taken back from them (a correction). */
  paid_out: z.string(),
  taken_back: z.string(),
  /** paid_out − taken_back. */
  net_paid: z.string(),
  /** What a correction could not take back because a member's cash was short (recorded, not lost from view). */
  shortfall: z.string(),
});
export type FixtureResultResponse = z.infer<typeof fixtureResultResponse>;

/** PATCH /api/admin/sports/markets/:id. A settled or void market cannot be reopened. */
export const marketStatusBody = z.strictObject({
  status: z.enum(['open', 'suspended'], { error: 'sports.market_status_invalid' }),
  lang: langField,
});

// ---- competitions -------------------------------------------------------------------------------

export const adminCompetition = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  sport: z.string(),
  country: z.string().nullable(),
  kind: z.enum(['league', 'cup', 'international', 'virtual']),
  enabled: z.boolean(),
  /** Its own margin, or null to follow the book's default. */
  margin_bp: z.number().int().nullable(),
  /** The margin its markets are priced with (its own, else the default). */
  effective_margin_bp: z.number().int(),
  /** Scheduled or live fixtures. */
  upcoming_fixtures: z.number().int(),
  ...exposure,
});
export type AdminCompetition = z.infer<typeof adminCompetition>;

/** PATCH /api/admin/sports/competitions/:id. A margin change reprices the open markets of its scheduled fixtures. */
export const competitionUpdateBody = z.strictObject({
  enabled: z.boolean({ error: 'validation.wrong_type' }).optional(),
  margin_bp: marginField.nullable().optional(),
  lang: langField,
});
export type CompetitionUpdateBody = z.input<typeof competitionUpdateBody>;

export const competitionUpdateResponse = z.object({
  competition: adminCompetition,
  /** Fixtures whose open markets were repriced because the margin changed. */
  repriced_fixtures: z.number().int(),
});

// ---- settings -----------------------------------------------------------------------------------

export const sportsSettings = z.object({
  default_margin_bp: z.number().int(),
  min_stake: z.string(),
  max_stake: z.string(),
  max_payout: z.string(),
  max_market_liability: z.string(),
  max_legs: z.number().int(),
  cashout_margin_bp: z.number().int(),
  updated_at: z.string(),
});
export type SportsSettings = z.infer<typeof sportsSettings>;

/**
 * PUT /api/admin/sports/settings: the whole row. Amounts are reais; the server also checks
 * min_stake ≤ max_stake ≤ max_payout ≤ max_market_liability.
 */
export const sportsSettingsBody = z.strictObject({
  default_margin_bp: marginField,
  min_stake: reaisField,
  max_stake: reaisField,
  max_payout: reaisField,
  max_market_liability: reaisField,
  max_legs: z
    .number({ error: 'validation.wrong_type' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'sports.max_legs_range' })
    .max(MAX_LEGS_LIMIT, { error: 'sports.max_legs_range' }),
  cashout_margin_bp: z
    .number({ error: 'validation.wrong_type' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'sports.cashout_margin_range' })
    .max(MAX_CASHOUT_MARGIN_BP, { error: 'sports.cashout_margin_range' }),
  lang: langField,
});
export type SportsSettingsBody = z.input<typeof sportsSettingsBody>;

export const sportsSettingsResponse = z.object({
  settings: sportsSettings,
  /** Fixtures repriced because the default margin changed (competitions without their own). */
  repriced_fixtures: z.number().int(),
});

// ---- liability board ----------------------------------------------------------------------------

export const DEFAULT_LIABILITY_ROWS = 25;
export const liabilityQuery = z.object({
  lang: langField,
  limit: z.coerce.number().int().min(1).max(100).default(DEFAULT_LIABILITY_ROWS),
  virtual: queryFlag.optional(),
});

export const liabilityRow = z.object({
  fixture_id: z.number().int(),
  fixture_name: z.string(),
  competition: z.string(),
  starts_at: z.string(),
  fixture_status: z.enum(FIXTURE_STATES),
  is_virtual: z.boolean(),
  market_id: z.number().int(),
  market_type: z.enum(MARKET_TYPES),
  line: z.string().nullable(),
  market_status: z.enum(MARKET_STATES),
  /** The selection the book loses most on. */
  worst_selection: z.string(),
  worst_odds: z.string(),
  ...exposure,
  /** Σ potential payouts of the worst selection. */
  potential_payout: z.string(),
  liability: z.string(),
  /** liability / the book's max market liability, in percent ("42.10"). */
  limit_used: z.string(),
});
export type LiabilityRow = z.infer<typeof liabilityRow>;

export const liabilityBoard = z.object({
  list: z.array(liabilityRow),
  max_market_liability: z.string(),
});
export type LiabilityBoard = z.infer<typeof liabilityBoard>;

// ---- GGR report ---------------------------------------------------------------------------------

export const DEFAULT_REPORT_DAYS = 30;
export const MAX_REPORT_DAYS = 366;

/** GET /api/admin/sports/report: São Paulo days of settlement, both included; default the last 30. */
export const sportsReportQuery = z.object({
  from: dateField.optional(),
  to: dateField.optional(),
  lang: langField,
});

const ggrFigures = {
  /** Bets settled in the period (won, lost, void, cashed out). */
  bets: z.number().int(),
  stakes: z.string(),
  /** What those bets paid: winnings, refunds and cash-outs. */
  payouts: z.string(),
  /** stakes − payouts. */
  ggr: z.string(),
  /** ggr / stakes in percent ("5.21"); null without stakes. */
  margin: z.string().nullable(),
};

export const sportsReportRow = z.object({
  day: z.string(),
  /** null: accumulators whose legs span several competitions. */
  competition_id: z.number().int().nullable(),
  competition: z.string(),
  ...ggrFigures,
});
export const sportsReportDay = z.object({ day: z.string(), ...ggrFigures, ledger: z.string() });
export const sportsReportCompetition = z.object({
  competition_id: z.number().int().nullable(),
  competition: z.string(),
  ...ggrFigures,
});

export const sportsReport = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  /** One row per day and competition with bets settled. */
  rows: z.array(sportsReportRow),
  /** Every day of the period, with the ledger's figure for the day. */
  days: z.array(sportsReportDay),
  competitions: z.array(sportsReportCompetition),
  totals: z.object(ggrFigures),
  /**
   * The check figure: Σ of the entries of the house account 'sportsbook_house' in the period
   * (stakes received minus payouts sent, when the money moved), by transfer code. It equals the
   * GGR when every bet of the period was placed and settled inside it.
   */
  ledger: z.object({
    house_net: z.string(),
    by_code: z.array(z.object({ code: z.string(), amount: z.string() })),
    /** house_net − ggr: stakes of bets still open or settled outside the period, corrections of older bets. */
    difference: z.string(),
    /** Stakes of bets placed in the period that were not settled by its end. */
    open_stakes: z.string(),
  }),
});
export type SportsReport = z.infer<typeof sportsReport>;
export type SportsReportRow = z.infer<typeof sportsReportRow>;
export type SportsReportDay = z.infer<typeof sportsReportDay>;
