import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { fixtureSummaries } from './fixture-summary.repository.ts';

/** Queries of the public sportsbook pages (fixtures, markets, competitions). Rows only. */

/** Real matches stay "playing" on player pages this long after kick-off; later they await a result in the back office. */
export const PLAYING_WINDOW_MS = 3 * 3_600_000;

function fixtureRows(db: Database) {
  return fixtureSummaries(db).select(['fixtures.server_seed', 'fixtures.server_seed_hash', 'fixtures.events_json', 'fixtures.finished_at']);
}
export type FixtureRow = Awaited<ReturnType<ReturnType<typeof fixtureRows>['executeTakeFirstOrThrow']>>;

/** Fixtures a player can still follow: scheduled, or live and (virtual, or kicked off within the playing window). */
function stillOpen(now: Date) {
  const playingSince = new Date(now.getTime() - PLAYING_WINDOW_MS).toISOString();
  return (eb: ExpressionBuilder<DB, 'fixtures'>) =>
    eb.or([
      eb('fixtures.status', '=', 'scheduled'),
      eb.and([
        eb('fixtures.status', '=', 'live'),
        eb.or([eb('fixtures.is_virtual', '=', 1), eb('fixtures.starts_at', '>=', playingSince)]),
      ]),
    ]);
}

/** Matches in play now (virtual ones included), kick-off order. */
export async function findLiveFixtures(db: Database, now: Date, limit: number) {
  const playingSince = new Date(now.getTime() - PLAYING_WINDOW_MS).toISOString();
  return fixtureRows(db)
    .where('competitions.enabled', '=', 1)
    .where('fixtures.status', '=', 'live')
    .where((eb) => eb.or([eb('fixtures.is_virtual', '=', 1), eb('fixtures.starts_at', '>=', playingSince)]))
    .orderBy('fixtures.starts_at')
    .orderBy('fixtures.id')
    .limit(limit)
    .execute();
}

/** Real matches kicking off in (now, until], kick-off order. */
export async function findUpcomingFixtures(db: Database, now: Date, until: Date, limit: number) {
  return fixtureRows(db)
    .where('competitions.enabled', '=', 1)
    .where('fixtures.status', '=', 'scheduled')
    .where('fixtures.is_virtual', '=', 0)
    .where('fixtures.starts_at', '>', now.toISOString())
    .where('fixtures.starts_at', '<=', until.toISOString())
    .orderBy('fixtures.starts_at')
    .orderBy('fixtures.id')
    .limit(limit)
    .execute();
}

/** A competition's fixtures still to play or playing, kick-off order. */
export async function findCompetitionFixtures(db: Database, competitionId: number, now: Date, limit: number) {
  return fixtureRows(db)
    .where('fixtures.competition_id', '=', competitionId)
    .where(stillOpen(now))
    .orderBy('fixtures.starts_at')
    .orderBy('fixtures.id')
    .limit(limit)
    .execute();
}

export async function findFixture(db: Database, fixtureId: number) {
  return fixtureRows(db).where('fixtures.id', '=', fixtureId).executeTakeFirst();
}

/** Enabled competitions (of enabled sports) with how many fixtures are still open, by sort order. */
export async function findCompetitionsWithCounts(db: Database, now: Date) {
  const competitions = await db
    .selectFrom('competitions')
    .innerJoin('sports', 'sports.id', 'competitions.sport_id')
    .select([
      'competitions.id',
      'competitions.code',
      'competitions.names_json',
      'competitions.country',
      'competitions.kind',
      'competitions.sort',
    ])
    .where('competitions.enabled', '=', 1)
    .where('sports.enabled', '=', 1)
    .orderBy('competitions.sort')
    .orderBy('competitions.id')
    .execute();
  const counts = await db
    .selectFrom('fixtures')
    .select((eb) => ['fixtures.competition_id', eb.fn.countAll<number>().as('count')])
    .where(stillOpen(now))
    .groupBy('fixtures.competition_id')
    .execute();
  const byId = new Map(counts.map((c) => [Number(c.competition_id), Number(c.count)]));
  return competitions.map((c) => ({ ...c, fixture_count: byId.get(Number(c.id)) ?? 0 }));
}
export type CompetitionRow = Awaited<ReturnType<typeof findCompetitionsWithCounts>>[number];

export async function findCompetitionByCode(db: Database, code: string, now: Date) {
  const all = await findCompetitionsWithCounts(db, now);
  return all.find((c) => c.code === code);
}

/** Markets of fixtures (optionally of one type) with their selections in display order. */
export async function findMarkets(db: Database, fixtureIds: readonly number[], type?: string) {
  if (fixtureIds.length === 0) return [];
  let query = db
    .selectFrom('markets')
    .select(['id', 'fixture_id', 'type', 'line', 'status', 'version'])
    .where('fixture_id', 'in', [...fixtureIds]);
  if (type !== undefined) query = query.where('type', '=', type);
  const markets = await query.orderBy('id').execute();
  if (markets.length === 0) return [];
  const selections = await db
    .selectFrom('selections')
    .select(['id', 'market_id', 'code', 'odds', 'result', 'sort'])
    .where(
      'market_id',
      'in',
      markets.map((m) => m.id),
    )
    .orderBy('market_id')
    .orderBy('sort')
    .execute();
  const byMarket = new Map<number, typeof selections>();
  for (const s of selections) {
    const list = byMarket.get(Number(s.market_id)) ?? [];
    list.push(s);
    byMarket.set(Number(s.market_id), list);
  }
  return markets.map((m) => ({ ...m, selections: byMarket.get(Number(m.id)) ?? [] }));
}
export type MarketRow = Awaited<ReturnType<typeof findMarkets>>[number];

/** How many markets each fixture offers (void markets are not counted). */
export async function countMarkets(db: Database, fixtureIds: readonly number[]): Promise<Map<number, number>> {
  if (fixtureIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('markets')
    .select((eb) => ['fixture_id', eb.fn.countAll<number>().as('count')])
    .where('fixture_id', 'in', [...fixtureIds])
    .where('status', '!=', 'void')
    .groupBy('fixture_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.fixture_id), Number(r.count)]));
}
