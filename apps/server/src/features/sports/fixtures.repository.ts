import type { Database } from '../../db/database.ts';

/** Queries of fixtures for pricing and their lifecycle. Rows only: services shape the answers. */

export interface NewFixtureRow {
  competitionId: number;
  homeTeamId: number;
  awayTeamId: number;
  startsAt: string;
  isVirtual: boolean;
  serverSeed: string | null;
  serverSeedHash: string | null;
  eventsJson: string | null;
  feed: string;
  externalId: string | null;
  now: string;
}

/** Inserts a scheduled fixture and answers its id. */
export async function insertFixture(db: Database, row: NewFixtureRow): Promise<number> {
  const inserted = await db
    .insertInto('fixtures')
    .values({
      competition_id: row.competitionId,
      home_team_id: row.homeTeamId,
      away_team_id: row.awayTeamId,
      starts_at: row.startsAt,
      status: 'scheduled',
      is_virtual: row.isVirtual ? 1 : 0,
      server_seed: row.serverSeed,
      server_seed_hash: row.serverSeedHash,
      events_json: row.eventsJson,
      feed: row.feed,
      external_id: row.externalId,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** A fixture with what pricing needs: both teams' ratings and the margin that applies. */
export async function findFixtureForPricing(db: Database, fixtureId: number) {
  return db
    .selectFrom('fixtures')
    .innerJoin('competitions', 'competitions.id', 'fixtures.competition_id')
    .innerJoin('teams as home', 'home.id', 'fixtures.home_team_id')
    .innerJoin('teams as away', 'away.id', 'fixtures.away_team_id')
    .select([
      'fixtures.id',
      'fixtures.status',
      'fixtures.is_virtual',
      'fixtures.feed',
      'fixtures.external_id',
      'competitions.margin_bp as competition_margin_bp',
      'home.attack as home_attack',
      'home.defence as home_defence',
      'away.attack as away_attack',
      'away.defence as away_defence',
    ])
    .where('fixtures.id', '=', fixtureId)
    .executeTakeFirst();
}
export type PricingRow = NonNullable<Awaited<ReturnType<typeof findFixtureForPricing>>>;

/** The book's settings row (one row, id 1, written by the migration). */
export async function findBookSettings(db: Database) {
  return db.selectFrom('sportsbook_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/** Real fixtures still scheduled whose kick-off has passed (oldest first, bounded). */
export async function findKickedOffRealFixtures(db: Database, now: string, limit: number) {
  return db
    .selectFrom('fixtures')
    .select(['id'])
    .where('status', '=', 'scheduled')
    .where('is_virtual', '=', 0)
    .where('starts_at', '<=', now)
    .orderBy('starts_at')
    .limit(limit)
    .execute();
}

/** scheduled -> live, only if still scheduled (two job runs race harmlessly): answers whether it moved. */
export async function markFixtureLive(db: Database, fixtureId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('fixtures')
    .set({ status: 'live', updated_at: now })
    .where('id', '=', fixtureId)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Enabled competitions by code, with their ids (the calendar schedules these). */
export async function findEnabledCompetitions(db: Database) {
  return db.selectFrom('competitions').select(['id', 'code', 'kind']).where('enabled', '=', 1).execute();
}

/** Team ids by code. */
export async function findTeamIds(db: Database): Promise<Map<string, number>> {
  const rows = await db.selectFrom('teams').select(['id', 'code']).execute();
  return new Map(rows.map((r) => [r.code, Number(r.id)]));
}

/** The calendar keys (external_id 'cal:...') of fixtures kicking off in [from, to). */
export async function findCalendarKeys(db: Database, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('fixtures')
    .select('external_id')
    .where('starts_at', '>=', from)
    .where('starts_at', '<', to)
    .where('external_id', 'like', 'cal:%')
    .execute();
  return new Set(rows.map((r) => r.external_id!));
}

/** Real fixtures still scheduled, kicking off by `until`, that still have an open market (bounded). */
export async function findRealFixturesClosingBetting(db: Database, until: string, limit: number) {
  return db
    .selectFrom('fixtures')
    .select(['fixtures.id'])
    .where('fixtures.status', '=', 'scheduled')
    .where('fixtures.is_virtual', '=', 0)
    .where('fixtures.starts_at', '<=', until)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('markets')
          .select('markets.id')
          .whereRef('markets.fixture_id', '=', 'fixtures.id')
          .where('markets.status', '=', 'open'),
      ),
    )
    .orderBy('fixtures.starts_at')
    .limit(limit)
    .execute();
}
