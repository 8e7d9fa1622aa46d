import { sql, type Updateable } from 'kysely';
import type { Database, Dialect } from '../../../db/database.ts';
import type { CompetitionsTable, SportsbookSettingsTable } from '../../../db/schema.ts';
import { saoPauloDayOf, sumToInt } from '../../../db/sql-days.ts';
import { FIXTURE_SUMMARY_COLUMNS, fixturesWithTeams } from '../fixture-summary.repository.ts';

/** Queries of the back office's sportsbook pages; rows only, the services map them to answers. */

/** The house account every stake goes into and every payout comes out of (DESIGN.md section 2). */
export const SPORTSBOOK_HOUSE = 'sportsbook_house';
/** Bound of the competitions list and of the fixtures a margin change reprices at once. */
export const MAX_COMPETITIONS = 500;
export const MAX_REPRICE_FIXTURES = 2000;
export const MAX_RESULT_ENTRIES = 100;

// ---- fixtures -----------------------------------------------------------------------------------

const FIXTURE_COLUMNS = [
  ...FIXTURE_SUMMARY_COLUMNS,
  'fixtures.competition_id',
  'fixtures.result_version',
  'fixtures.server_seed',
  'fixtures.server_seed_hash',
  'fixtures.events_json',
] as const;

export interface FixtureFilter {
  id?: number | undefined;
  competitionId?: number | undefined;
  /** A fixture state, or 'awaiting_result' (real, kicked off before `dueBefore`, neither finished nor cancelled). */
  status?: string | undefined;
  /** Half-open UTC interval [start, end) of kick-off. */
  start?: string | undefined;
  end?: string | undefined;
  virtual?: boolean | undefined;
  /** Kick-off instant before which a real fixture is due its result. */
  dueBefore?: string | undefined;
}

function filteredFixtures(db: Database, filter: FixtureFilter) {
  let query = fixturesWithTeams(db);
  if (filter.id !== undefined) query = query.where('fixtures.id', '=', filter.id);
  if (filter.competitionId !== undefined) query = query.where('fixtures.competition_id', '=', filter.competitionId);
  if (filter.status === 'awaiting_result') {
    query = query
      .where('fixtures.is_virtual', '=', 0)
      .where('fixtures.status', 'in', ['scheduled', 'live'])
      .where('fixtures.starts_at', '<=', filter.dueBefore ?? new Date(0).toISOString());
  } else if (filter.status) query = query.where('fixtures.status', '=', filter.status);
  if (filter.start) query = query.where('fixtures.starts_at', '>=', filter.start);
  if (filter.end) query = query.where('fixtures.starts_at', '<', filter.end);
  if (filter.virtual !== undefined) query = query.where('fixtures.is_virtual', '=', filter.virtual ? 1 : 0);
  return query;
}

/** The fixture columns every answer needs, with its markets count. */
function withFixtureColumns(query: ReturnType<typeof filteredFixtures>) {
  return query.select(FIXTURE_COLUMNS).select((eb) =>
    eb
      .selectFrom('markets')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('markets.fixture_id', '=', 'fixtures.id')
      .as('markets_count'),
  );
}

/**
 * One page of fixtures in a trader's order: what is still to decide first (live, then scheduled,
 * soonest kick-off first, so a real fixture overdue for its result leads), then what is over,
 * newest first.
 */
export async function pageFixtures(db: Database, filter: FixtureFilter, page: number, pageSize: number) {
  const undecided = sql<number>`case when fixtures.status = 'live' then 0 when fixtures.status = 'scheduled' then 1 else 2 end`;
  const soonestFirst = sql`case when fixtures.status in ('live', 'scheduled') then fixtures.starts_at end`;
  const [rows, total] = await Promise.all([
    withFixtureColumns(filteredFixtures(db, filter))
      .orderBy(undecided)
      .orderBy(soonestFirst, 'asc')
      .orderBy('fixtures.starts_at', 'desc')
      .orderBy('fixtures.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filteredFixtures(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: sumToInt(total.n) };
}

export async function findFixture(db: Database, id: number) {
  return withFixtureColumns(filteredFixtures(db, { id })).executeTakeFirst();
}
export type FixtureRow = NonNullable<Awaited<ReturnType<typeof findFixture>>>;

/** The open bets on some fixtures, per selection: how many, Σ stakes, Σ potential payouts (running totals, migration 0018). */
export async function openExposureOfFixtures(db: Database, fixtureIds: readonly number[]) {
  if (fixtureIds.length === 0) return [];
  const rows = await db
    .selectFrom('sport_selection_exposure')
    .select(['fixture_id', 'market_id', 'selection_id', 'open_bets', 'stakes_centavos', 'payouts_centavos'])
    .where('fixture_id', 'in', [...fixtureIds])
    .where('open_bets', '>', 0)
    .execute();
  return rows.map((row) => ({
    fixtureId: Number(row.fixture_id),
    marketId: Number(row.market_id),
    selectionId: Number(row.selection_id),
    bets: sumToInt(row.open_bets),
    stakesCentavos: sumToInt(row.stakes_centavos),
    payoutsCentavos: sumToInt(row.payouts_centavos),
  }));
}
export type SelectionExposure = Awaited<ReturnType<typeof openExposureOfFixtures>>[number];

/** A fixture's markets in display order, with their selections in the feed's order. */
export async function marketsOfFixture(db: Database, fixtureId: number) {
  const markets = await db
    .selectFrom('markets')
    .select(['id', 'type', 'line', 'status', 'margin_bp', 'version', 'settled_version', 'updated_at'])
    .where('fixture_id', '=', fixtureId)
    .orderBy('id')
    .execute();
  if (markets.length === 0) return [];
  const selections = await db
    .selectFrom('selections')
    .select(['id', 'market_id', 'code', 'sort', 'odds', 'probability_ppm', 'result'])
    .where(
      'market_id',
      'in',
      markets.map((market) => market.id),
    )
    .orderBy('market_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return markets.map((market) => ({ ...market, selections: selections.filter((s) => Number(s.market_id) === Number(market.id)) }));
}
export type MarketRow = Awaited<ReturnType<typeof marketsOfFixture>>[number];

/** Every result entry and correction of a fixture, newest first, with the operator's name. */
export async function resultEntriesOf(db: Database, fixtureId: number) {
  return db
    .selectFrom('fixture_results')
    .leftJoin('operators', 'operators.id', 'fixture_results.operator_id')
    .select([
      'fixture_results.version',
      'fixture_results.kind',
      'fixture_results.home_score',
      'fixture_results.away_score',
      'fixture_results.operator_id',
      'operators.username as operator_username',
      'fixture_results.created_at',
    ])
    .where('fixture_results.fixture_id', '=', fixtureId)
    .orderBy('fixture_results.version', 'desc')
    .limit(MAX_RESULT_ENTRIES)
    .execute();
}
export type ResultEntryRow = Awaited<ReturnType<typeof resultEntriesOf>>[number];

/** What each bet with a leg on the fixture has paid so far, to measure what a result entry moves. */
export async function paymentsOfFixtureBets(db: Database, fixtureId: number) {
  const rows = await db
    .selectFrom('sport_bets')
    .select(['id', 'status', 'paid_centavos'])
    .where('id', 'in', db.selectFrom('sport_bet_legs').select('bet_id').where('fixture_id', '=', fixtureId))
    .execute();
  return new Map(rows.map((row) => [Number(row.id), { status: row.status, paidCentavos: sumToInt(row.paid_centavos) }]));
}

/**
 * Takes a fixture's row for the rest of the transaction (a write that changes nothing), so two
 * traders' audits of one result entry queue instead of both writing.
 */
export async function lockFixtureRow(trx: Database, fixtureId: number) {
  await trx
    .updateTable('fixtures')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', fixtureId)
    .execute();
}

/** Result entries operators made on a fixture, and the audit rows written for them. */
export async function resultEntryAuditCounts(trx: Database, fixtureId: number, action: string) {
  const [entries, audits] = await Promise.all([
    trx
      .selectFrom('fixture_results')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('fixture_id', '=', fixtureId)
      .where('operator_id', 'is not', null)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', action)
      .where('target_id', '=', String(fixtureId))
      .executeTakeFirstOrThrow(),
  ]);
  return { entries: sumToInt(entries.n), audits: sumToInt(audits.n) };
}

// ---- markets ------------------------------------------------------------------------------------

export async function findMarket(db: Database, id: number) {
  return db
    .selectFrom('markets')
    .innerJoin('fixtures', 'fixtures.id', 'markets.fixture_id')
    .select([
      'markets.id',
      'markets.fixture_id',
      'markets.type',
      'markets.line',
      'markets.status',
      'markets.version',
      'fixtures.status as fixture_status',
      'fixtures.is_virtual',
    ])
    .where('markets.id', '=', id)
    .executeTakeFirst();
}
export type MarketStateRow = NonNullable<Awaited<ReturnType<typeof findMarket>>>;

/**
 * Opens or suspends a market with a new version, only from `from` (open or suspended): one
 * conditional statement, so it waits for a placement holding the market's row and a settlement
 * that got there first wins. Answers the new version, or undefined when the market was not in `from`.
 */
export async function setMarketStatus(trx: Database, id: number, from: string, to: string, now: string) {
  const row = await trx
    .updateTable('markets')
    .set((eb) => ({ status: to, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where('status', '=', from)
    .returning(['version'])
    .executeTakeFirst();
  return row?.version;
}

// ---- competitions -------------------------------------------------------------------------------

/** Competitions in menu order with their sport, upcoming fixtures and the open bets on them. */
export async function listCompetitions(db: Database, where: { id?: number } = {}) {
  let query = db
    .selectFrom('competitions')
    .innerJoin('sports', 'sports.id', 'competitions.sport_id')
    .selectAll('competitions')
    .select((eb) => [
      'sports.code as sport_code',
      eb
        .selectFrom('fixtures')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('fixtures.competition_id', '=', 'competitions.id')
        .where('fixtures.status', 'in', ['scheduled', 'live'])
        .as('upcoming_fixtures'),
    ]);
  if (where.id !== undefined) query = query.where('competitions.id', '=', where.id);
  const rows = await query.orderBy('competitions.sort').orderBy('competitions.id').limit(MAX_COMPETITIONS).execute();
  return rows.map((row) => ({ ...row, upcoming_fixtures: sumToInt(row.upcoming_fixtures) }));
}
export type CompetitionRow = Awaited<ReturnType<typeof listCompetitions>>[number];

/** Per competition: the open bets with a leg in it and their Σ stakes. */
export async function openBetsByCompetition(db: Database) {
  const rows = await db
    .selectFrom('sport_bet_legs')
    .innerJoin('sport_bets', 'sport_bets.id', 'sport_bet_legs.bet_id')
    .innerJoin('fixtures', 'fixtures.id', 'sport_bet_legs.fixture_id')
    .where('sport_bets.status', '=', 'open')
    .select((eb) => [
      'fixtures.competition_id',
      eb.fn.count<number>('sport_bets.id').distinct().as('bets'),
      eb.fn.sum<number>('sport_bets.stake_centavos').as('stakes'),
    ])
    .groupBy('fixtures.competition_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.competition_id), { bets: sumToInt(row.bets), stakesCentavos: sumToInt(row.stakes) }]));
}

export async function updateCompetition(trx: Database, id: number, changes: Updateable<CompetitionsTable>) {
  await trx.updateTable('competitions').set(changes).where('id', '=', id).execute();
}

/** Scheduled fixtures whose markets follow this margin: one competition's, or every competition without its own. */
export async function scheduledFixturesFollowing(db: Database, which: { competitionId: number } | { defaultMargin: true }) {
  let query = db
    .selectFrom('fixtures')
    .innerJoin('competitions', 'competitions.id', 'fixtures.competition_id')
    .select('fixtures.id')
    .where('fixtures.status', '=', 'scheduled');
  query =
    'competitionId' in which
      ? query.where('fixtures.competition_id', '=', which.competitionId)
      : query.where('competitions.margin_bp', 'is', null);
  const rows = await query.orderBy('fixtures.starts_at').limit(MAX_REPRICE_FIXTURES).execute();
  return rows.map((row) => Number(row.id));
}

// ---- settings -----------------------------------------------------------------------------------

export async function findSettings(db: Database) {
  return db.selectFrom('sportsbook_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}
export type SettingsRow = Awaited<ReturnType<typeof findSettings>>;

export async function updateSettings(trx: Database, changes: Updateable<SportsbookSettingsTable>) {
  await trx.updateTable('sportsbook_settings').set(changes).where('id', '=', 1).execute();
}

// ---- liability board ----------------------------------------------------------------------------

/**
 * The markets of fixtures still to be decided (scheduled or live), with open bets, ranked by their
 * worst case for the book: the largest Σ potential payouts on one selection minus Σ stakes on the
 * market. Per-selection sums come first; the market figures are taken over them.
 */
export async function worstMarkets(db: Database, limit: number, virtual: boolean | undefined) {
  // Per-selection running totals (migration 0018) of the selections with open bets.
  let legs = db
    .selectFrom('sport_selection_exposure')
    .innerJoin('fixtures', 'fixtures.id', 'sport_selection_exposure.fixture_id')
    .where('sport_selection_exposure.open_bets', '>', 0)
    .where('fixtures.status', 'in', ['scheduled', 'live']);
  if (virtual !== undefined) legs = legs.where('fixtures.is_virtual', '=', virtual ? 1 : 0);
  const perSelection = legs
    .select([
      'sport_selection_exposure.market_id',
      'sport_selection_exposure.selection_id',
      'sport_selection_exposure.open_bets as bets',
      'sport_selection_exposure.stakes_centavos as stakes',
      'sport_selection_exposure.payouts_centavos as payouts',
    ])
    .as('per_selection');
  const rows = await db
    .selectFrom(perSelection)
    .select((eb) => [
      'per_selection.market_id',
      eb.fn.sum<number>('per_selection.bets').as('bets'),
      eb.fn.sum<number>('per_selection.stakes').as('stakes'),
      eb.fn.max<number>('per_selection.payouts').as('worst_payout'),
    ])
    .groupBy('per_selection.market_id')
    .orderBy(sql`max(per_selection.payouts) - sum(per_selection.stakes)`, 'desc')
    .orderBy('per_selection.market_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    marketId: Number(row.market_id),
    bets: sumToInt(row.bets),
    stakesCentavos: sumToInt(row.stakes),
    worstPayoutCentavos: sumToInt(row.worst_payout),
  }));
}

/** The context of the board's markets: fixture, teams, competition, and each selection's open payouts. */
export async function marketsContext(db: Database, marketIds: readonly number[]) {
  if (marketIds.length === 0) return { markets: [], selections: [] };
  const [markets, selections] = await Promise.all([
    db
      .selectFrom('markets')
      .innerJoin('fixtures', 'fixtures.id', 'markets.fixture_id')
      .innerJoin('competitions', 'competitions.id', 'fixtures.competition_id')
      .innerJoin('teams as home', 'home.id', 'fixtures.home_team_id')
      .innerJoin('teams as away', 'away.id', 'fixtures.away_team_id')
      .select([
        'markets.id',
        'markets.type',
        'markets.line',
        'markets.status',
        'fixtures.id as fixture_id',
        'fixtures.starts_at',
        'fixtures.status as fixture_status',
        'fixtures.is_virtual',
        'competitions.code as competition_code',
        'competitions.names_json as competition_names_json',
        'home.name as home_name',
        'away.name as away_name',
      ])
      .where('markets.id', 'in', [...marketIds])
      .execute(),
    db
      .selectFrom('selections')
      .leftJoin('sport_selection_exposure as exposure', 'exposure.selection_id', 'selections.id')
      .select(['selections.id', 'selections.market_id', 'selections.code', 'selections.odds', 'exposure.payouts_centavos as payouts'])
      .where('selections.market_id', 'in', [...marketIds])
      .execute(),
  ]);
  return {
    markets,
    selections: selections.map((row) => ({ ...row, payoutsCentavos: sumToInt(row.payouts) })),
  };
}

// ---- GGR report ---------------------------------------------------------------------------------

export interface Period {
  /** Half-open UTC interval [start, end). */
  start: string;
  end: string;
}

/**
 * Bets settled in the period per São Paulo day of settlement and competition. An accumulator
 * whose legs span several competitions has none (competition null).
 */
export async function settledBetsByDay(db: Database, dialect: Dialect, period: Period) {
  const competitionOfBet = db
    .selectFrom('sport_bet_legs')
    .innerJoin('fixtures', 'fixtures.id', 'sport_bet_legs.fixture_id')
    .select((eb) => [
      'sport_bet_legs.bet_id',
      eb.fn.min<number>('fixtures.competition_id').as('low'),
      eb.fn.max<number>('fixtures.competition_id').as('high'),
    ])
    .groupBy('sport_bet_legs.bet_id')
    .as('bet_competition');
  const day = saoPauloDayOf(dialect, sql.ref('sport_bets.settled_at'));
  const competition = sql<number | null>`case when bet_competition.low = bet_competition.high then bet_competition.low end`;
  const rows = await db
    .selectFrom('sport_bets')
    .innerJoin(competitionOfBet, 'bet_competition.bet_id', 'sport_bets.id')
    .where('sport_bets.status', 'in', ['won', 'lost', 'void', 'cashed_out'])
    .where('sport_bets.settled_at', '>=', period.start)
    .where('sport_bets.settled_at', '<', period.end)
    .select((eb) => [
      day.as('day'),
      competition.as('competition_id'),
      eb.fn.countAll<number>().as('bets'),
      eb.fn.sum<number>('sport_bets.stake_centavos').as('stakes'),
      eb.fn.sum<number>('sport_bets.paid_centavos').as('payouts'),
    ])
    .groupBy([day, competition])
    .execute();
  return rows.map((row) => ({
    day: row.day,
    competitionId: row.competition_id === null ? null : Number(row.competition_id),
    bets: sumToInt(row.bets),
    stakesCentavos: sumToInt(row.stakes),
    payoutsCentavos: sumToInt(row.payouts),
  }));
}

/** The ledger's side: Σ entries of the sportsbook's house account per São Paulo day and transfer code. */
export async function houseEntriesByDay(db: Database, dialect: Dialect, period: Period) {
  const day = saoPauloDayOf(dialect, sql.ref('ledger_entries.created_at'));
  const rows = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
    .where('ledger_accounts.member_id', 'is', null)
    .where('ledger_accounts.kind', '=', SPORTSBOOK_HOUSE)
    .where('ledger_entries.created_at', '>=', period.start)
    .where('ledger_entries.created_at', '<', period.end)
    .select((eb) => [day.as('day'), 'ledger_transfers.code', eb.fn.sum<number>('ledger_entries.amount_centavos').as('amount')])
    .groupBy([day, 'ledger_transfers.code'])
    .execute();
  return rows.map((row) => ({ day: row.day, code: row.code, amountCentavos: sumToInt(row.amount) }));
}

/** Stakes of bets placed in the period and not settled by its end (the ledger holds them, the GGR not yet). */
export async function openStakesOfPeriod(db: Database, period: Period) {
  const row = await db
    .selectFrom('sport_bets')
    .where('placed_at', '>=', period.start)
    .where('placed_at', '<', period.end)
    .where((eb) => eb.or([eb('settled_at', 'is', null), eb('settled_at', '>=', period.end)]))
    .select((eb) => eb.fn.sum<number>('stake_centavos').as('stakes'))
    .executeTakeFirstOrThrow();
  return sumToInt(row.stakes);
}

/** Names of the competitions a report mentions. */
export async function competitionNames(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('competitions')
    .select(['id', 'code', 'names_json'])
    .where('id', 'in', [...ids])
    .execute();
}
