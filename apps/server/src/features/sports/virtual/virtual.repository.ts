import type { Database } from '../../../db/database.ts';
import { fixtureSummaries } from '../fixture-summary.repository.ts';

/** Queries of the virtual football league: its competition, teams, rounds and match progress. */

export async function findCompetitionByCode(db: Database, code: string) {
  return db.selectFrom('competitions').select(['id', 'code', 'names_json', 'country', 'kind']).where('code', '=', code).executeTakeFirst();
}

/** The league's teams with their ratings (the seed marks them is_virtual). */
export async function virtualTeams(db: Database) {
  return db.selectFrom('teams').select(['id', 'attack', 'defence']).where('is_virtual', '=', 1).orderBy('id').execute();
}

/** A virtual fixture with what playing it needs: its seed and both teams' ratings. */
const MATCH_COLUMNS = [
  'fixtures.id',
  'fixtures.starts_at',
  'fixtures.status',
  'fixtures.minute',
  'fixtures.server_seed',
  'fixtures.events_json',
  'home.attack as home_attack',
  'home.defence as home_defence',
  'away.attack as away_attack',
  'away.defence as away_defence',
] as const;

function matches(db: Database) {
  return db
    .selectFrom('fixtures')
    .innerJoin('teams as home', 'home.id', 'fixtures.home_team_id')
    .innerJoin('teams as away', 'away.id', 'fixtures.away_team_id')
    .select(MATCH_COLUMNS)
    .where('fixtures.is_virtual', '=', 1);
}

export type MatchRow = Awaited<ReturnType<typeof matchesOfRound>>[number];

/** The matches of a round: the competition's virtual fixtures kicking off at one instant. */
export async function matchesOfRound(db: Database, competitionId: number, startsAt: string) {
  return matches(db)
    .where('fixtures.competition_id', '=', competitionId)
    .where('fixtures.starts_at', '=', startsAt)
    .orderBy('fixtures.id')
    .execute();
}

/** The kick-off of the earliest round still scheduled, if any. */
export async function nextScheduledKickoff(db: Database, competitionId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('fixtures')
    .select('starts_at')
    .where('competition_id', '=', competitionId)
    .where('is_virtual', '=', 1)
    .where('status', '=', 'scheduled')
    .orderBy('starts_at')
    .limit(1)
    .executeTakeFirst();
  return row?.starts_at;
}

/** Virtual matches a stopped leader left behind: live ones, and scheduled ones past kick-off. */
export async function abandonedMatches(db: Database, now: string) {
  return matches(db)
    .where((eb) =>
      eb.or([eb('fixtures.status', '=', 'live'), eb.and([eb('fixtures.status', '=', 'scheduled'), eb('fixtures.starts_at', '<=', now)])]),
    )
    .orderBy('fixtures.id')
    .execute();
}

export async function fixtureStatus(db: Database, fixtureId: number): Promise<string | undefined> {
  const row = await db.selectFrom('fixtures').select('status').where('id', '=', fixtureId).executeTakeFirst();
  return row?.status;
}

/** Kick-off: scheduled -> live at minute 0 with the goals drawn from the seed (kept server-side). */
export async function kickOff(db: Database, fixtureId: number, eventsJson: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('fixtures')
    .set({ status: 'live', minute: 0, home_score: 0, away_score: 0, events_json: eventsJson, updated_at: now })
    .where('id', '=', fixtureId)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores the goals of a match that a stopped leader never kicked off (or kicked off without them). */
export async function storeEvents(db: Database, fixtureId: number, eventsJson: string, now: string): Promise<void> {
  await db
    .updateTable('fixtures')
    .set({ events_json: eventsJson, updated_at: now })
    .where('id', '=', fixtureId)
    .where('status', 'in', ['scheduled', 'live'])
    .execute();
}

/** The clock of a match in play: its minute and score (only while live). */
export async function setMinute(db: Database, fixtureId: number, minute: number, score: { home: number; away: number }, now: string) {
  await db
    .updateTable('fixtures')
    .set({ minute, home_score: score.home, away_score: score.away, updated_at: now })
    .where('id', '=', fixtureId)
    .where('status', '=', 'live')
    .execute();
}

/** Fixture rows as the league page shows them: teams, competition, clock and score. */
export async function summaryRows(db: Database, fixtureIds: readonly number[]) {
  if (fixtureIds.length === 0) return [];
  return fixtureSummaries(db)
    .where('fixtures.id', 'in', [...fixtureIds])
    .orderBy('fixtures.id')
    .execute();
}
export type SummaryRow = Awaited<ReturnType<typeof summaryRows>>[number];

/** The 1X2 markets of fixtures with their selections (sort order). */
export async function mainMarkets(db: Database, fixtureIds: readonly number[]) {
  if (fixtureIds.length === 0) return [];
  const markets = await db
    .selectFrom('markets')
    .select(['id', 'fixture_id', 'type', 'line', 'status', 'version'])
    .where('fixture_id', 'in', [...fixtureIds])
    .where('type', '=', '1x2')
    .execute();
  if (markets.length === 0) return [];
  const selections = await db
    .selectFrom('selections')
    .select(['id', 'market_id', 'code', 'odds', 'result'])
    .where(
      'market_id',
      'in',
      markets.map((m) => m.id),
    )
    .orderBy('sort')
    .execute();
  return markets.map((m) => ({ ...m, selections: selections.filter((s) => s.market_id === m.id) }));
}
export type MainMarketRow = Awaited<ReturnType<typeof mainMarkets>>[number];

/** Markets per fixture, void ones left out (what a player can look at). */
export async function marketCounts(db: Database, fixtureIds: readonly number[]): Promise<Map<number, number>> {
  if (fixtureIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('markets')
    .select((eb) => ['fixture_id', eb.fn.countAll<number>().as('count')])
    .where('fixture_id', 'in', [...fixtureIds])
    .where('status', '<>', 'void')
    .groupBy('fixture_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.fixture_id), Number(r.count)]));
}

/** How many of the competition's fixtures are still to play or playing. */
export async function openFixtureCount(db: Database, competitionId: number): Promise<number> {
  const row = await db
    .selectFrom('fixtures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('competition_id', '=', competitionId)
    .where('status', 'in', ['scheduled', 'live'])
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The kick-offs of the competition's rounds in a state (optionally kicked off by an instant), newest or oldest first. */
export async function roundKickoffs(
  db: Database,
  competitionId: number,
  states: readonly string[],
  order: 'asc' | 'desc',
  limit: number,
  kickedOffBy?: string,
): Promise<string[]> {
  let query = db
    .selectFrom('fixtures')
    .select('starts_at')
    .distinct()
    .where('competition_id', '=', competitionId)
    .where('is_virtual', '=', 1)
    .where('status', 'in', states);
  if (kickedOffBy !== undefined) query = query.where('starts_at', '<=', kickedOffBy);
  const rows = await query.orderBy('starts_at', order).limit(limit).execute();
  return rows.map((r) => r.starts_at);
}

/** Ids of the competition's fixtures kicking off at any of the instants. */
export async function fixtureIdsAt(db: Database, competitionId: number, kickoffs: readonly string[]): Promise<number[]> {
  if (kickoffs.length === 0) return [];
  const rows = await db
    .selectFrom('fixtures')
    .select('id')
    .where('competition_id', '=', competitionId)
    .where('starts_at', 'in', [...kickoffs])
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
