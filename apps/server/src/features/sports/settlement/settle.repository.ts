import { sql } from 'kysely';
import type { Database, Dialect } from '../../../db/database.ts';

/**
 * The queries of settlement: fixtures and their markets locked while a result is written, the
 * bets with a leg on a set of markets (read in pages), and the conditional updates that make a
 * settlement pay once however many settle the same bet at the same time.
 */

export type FixtureRow = Awaited<ReturnType<typeof findFixture>> & {};

/** The fixture's settlement fields; on PostgreSQL the row stays locked until the transaction ends. */
export async function lockFixture(trx: Database, dialect: Dialect, fixtureId: number) {
  const query = fixtureQuery(trx, fixtureId);
  return dialect === 'postgres' ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

export async function findFixture(db: Database, fixtureId: number) {
  return fixtureQuery(db, fixtureId).executeTakeFirst();
}

function fixtureQuery(db: Database, fixtureId: number) {
  return db
    .selectFrom('fixtures')
    .select(['id', 'status', 'starts_at', 'home_score', 'away_score', 'result_version', 'is_virtual', 'minute'])
    .where('id', '=', fixtureId);
}

/**
 * Takes the row locks of a fixture's markets in id order on PostgreSQL, the order placement and
 * cash out take them in, so a settlement or an in-play update never waits on them in a circle.
 */
export async function lockMarketsOfFixture(trx: Database, dialect: Dialect, fixtureId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('markets').select('id').where('fixture_id', '=', fixtureId).orderBy('id').forUpdate().execute();
}

export async function marketsOfFixture(db: Database, fixtureId: number) {
  return db
    .selectFrom('markets')
    .select(['id', 'type', 'line', 'status', 'settled_version'])
    .where('fixture_id', '=', fixtureId)
    .orderBy('id')
    .execute();
}

export async function selectionsOfMarkets(db: Database, marketIds: number[]) {
  if (marketIds.length === 0) return [];
  return db.selectFrom('selections').select(['id', 'market_id', 'code', 'result']).where('market_id', 'in', marketIds).execute();
}

/** Sets a market's state and the result version it was settled at; answers whether it changed. */
export async function markMarket(trx: Database, marketId: number, status: 'settled' | 'void', settledVersion: number, now: string) {
  const result = await trx
    .updateTable('markets')
    .set((eb) => ({ status, settled_version: settledVersion, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', marketId)
    .where((eb) => eb.or([eb('status', '<>', status), eb('settled_version', '<>', settledVersion)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Writes one result on the chosen selections of a market and on every bet leg that backs them. */
export async function markSelections(trx: Database, marketId: number, selectionIds: number[], result: 'won' | 'lost' | 'void') {
  if (selectionIds.length === 0) return;
  await trx
    .updateTable('selections')
    .set({ result })
    .where('market_id', '=', marketId)
    .where('id', 'in', selectionIds)
    .where('result', '<>', result)
    .execute();
  await trx
    .updateTable('sport_bet_legs')
    .set({ result })
    .where('market_id', '=', marketId)
    .where('selection_id', 'in', selectionIds)
    .where('result', '<>', result)
    .execute();
}

export type BetRow = Awaited<ReturnType<typeof lockBets>>[number];

/**
 * A page of the bets with a leg on the market (ids above `afterBetId`, ascending; the market's
 * index gives them in order, so a page costs its own rows only), read whole in one statement
 * without locks: one row per leg of each bet (its legs on other markets too), with what deciding
 * the bet needs and the result of the selection the leg backs. Cashed-out bets come too (the
 * caller leaves them out), so an empty answer means the market has no more bets.
 */
export async function betsWithLegsOnMarket(db: Database, marketId: number, afterBetId: number, limit: number) {
  return db
    .with('page', (qb) =>
      qb
        .selectFrom('sport_bet_legs')
        .select('bet_id')
        .distinct()
        .where('market_id', '=', marketId)
        .where('bet_id', '>', afterBetId)
        .orderBy('bet_id')
        .limit(limit),
    )
    .selectFrom('page')
    .innerJoin('sport_bets as b', 'b.id', 'page.bet_id')
    .innerJoin('sport_bet_legs as l', 'l.bet_id', 'b.id')
    .innerJoin('selections as s', 's.id', 'l.selection_id')
    .select([
      'b.id',
      'b.stake_centavos',
      'b.status',
      'b.paid_centavos',
      'l.id as leg_id',
      'l.odds',
      'l.result',
      's.result as selection_result',
    ])
    .orderBy('l.bet_id')
    .orderBy('l.id')
    .execute();
}

/** The bets, locked in id order on PostgreSQL (a cash-out of one of them waits, then finds it settled). */
export async function lockBets(trx: Database, dialect: Dialect, betIds: number[]) {
  const query = trx
    .selectFrom('sport_bets')
    .select(['id', 'member_id', 'bet_no', 'stake_centavos', 'status', 'paid_centavos', 'settlement_version', 'settled_at'])
    .where('id', 'in', betIds)
    .orderBy('id');
  return dialect === 'postgres' ? query.forUpdate().execute() : query.execute();
}

/** Every leg of the bets, with the result of the selection it backs (the truth a leg settles by). */
export async function legsOfBets(trx: Database, betIds: number[]) {
  return trx
    .selectFrom('sport_bet_legs')
    .innerJoin('selections', 'selections.id', 'sport_bet_legs.selection_id')
    .select([
      'sport_bet_legs.id',
      'sport_bet_legs.bet_id',
      'sport_bet_legs.odds',
      'sport_bet_legs.result',
      'selections.result as selection_result',
    ])
    .where('sport_bet_legs.bet_id', 'in', betIds)
    .orderBy('sport_bet_legs.id')
    .execute();
}

/** Writes leg results, one statement per result. */
export async function setLegResults(trx: Database, legIdsByResult: ReadonlyMap<string, readonly number[]>) {
  for (const [result, legIds] of legIdsByResult) {
    if (legIds.length > 0)
      await trx
        .updateTable('sport_bet_legs')
        .set({ result })
        .where('id', 'in', [...legIds])
        .execute();
  }
}

export interface BetMoveRow {
  id: number;
  status: string;
  paidCentavos: number;
  settledAt: string | null;
}

/**
 * Writes the new states of a page of bets, one statement per (new status, settlement version
 * read), each bet's paid amount from a list of values: each bet only if nobody moved it since it
 * was read (that version, not cashed out), its version + 1. Answers how many were written, so a
 * caller that lost a race can tell.
 */
export async function moveBets(
  trx: Database,
  moves: readonly BetMoveRow[],
  read: readonly Pick<BetRow, 'id' | 'settlement_version'>[],
): Promise<number> {
  const versionOf = new Map(read.map((b) => [b.id, b.settlement_version]));
  const groups = new Map<string, BetMoveRow[]>();
  for (const move of moves) {
    const key = `${move.status}|${move.settledAt ?? ''}`;
    const group = groups.get(key);
    if (group) group.push(move);
    else groups.set(key, [move]);
  }
  let written = 0;
  for (const group of groups.values()) {
    const first = group[0]!;
    // Each row carries the version it was read at. A constant version in the condition misled
    // PostgreSQL: with statistics from before the first settlement it took `version = 1` for
    // nearly no row, scanned the table first and compared every bet with every value, so a
    // correction of 100,000 settled bets took 400 s instead of seconds (bench/settlement.bench.ts).
    // Three values a row: well under both databases' limits on bound values per statement.
    for (let i = 0; i < group.length; i += 10_000) {
      const values = sql.join(
        group
          .slice(i, i + 10_000)
          .map((m) => sql`(cast(${m.id} as bigint), cast(${m.paidCentavos} as bigint), cast(${versionOf.get(m.id) ?? -1} as bigint))`),
      );
      const result = await sql`
        update sport_bets
        set status = ${first.status}, paid_centavos = v.column2, settlement_version = sport_bets.settlement_version + 1,
          settled_at = ${first.settledAt}
        from (values ${values}) as v
        where sport_bets.id = v.column1
          and sport_bets.settlement_version = v.column3
          and sport_bets.status <> 'cashed_out'`.execute(trx);
      written += Number(result.numAffectedRows ?? 0);
    }
  }
  return written;
}

/** The next version of a fixture's result entries (1 for the first). */
export async function insertResultEntry(
  trx: Database,
  entry: {
    fixtureId: number;
    version: number;
    kind: 'result' | 'cancelled';
    home: number | null;
    away: number | null;
    operatorId: number | null;
    now: string;
  },
) {
  await trx
    .insertInto('fixture_results')
    .values({
      fixture_id: entry.fixtureId,
      version: entry.version,
      home_score: entry.home,
      away_score: entry.away,
      kind: entry.kind,
      operator_id: entry.operatorId,
      created_at: entry.now,
    })
    .execute();
}

/** Writes the fixture's new result, conditional on the version it was read at. */
export async function writeFixtureResult(
  trx: Database,
  fixtureId: number,
  fromVersion: number,
  next: { status: 'finished' | 'cancelled'; home: number; away: number; minute: number; now: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('fixtures')
    .set({
      status: next.status,
      home_score: next.home,
      away_score: next.away,
      minute: next.minute,
      result_version: fromVersion + 1,
      finished_at: next.now,
      updated_at: next.now,
    })
    .where('id', '=', fixtureId)
    .where('result_version', '=', fromVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Fixtures over whose markets were not all settled at their current result version. */
export async function fixturesBehindTheirResult(db: Database, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('fixtures')
    .innerJoin('markets', 'markets.fixture_id', 'fixtures.id')
    .select('fixtures.id')
    .distinct()
    .where('fixtures.status', 'in', ['finished', 'cancelled'])
    .where('fixtures.result_version', '>', 0)
    .whereRef('markets.settled_version', '<', 'fixtures.result_version')
    .orderBy('fixtures.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Fixtures over with a decided leg of a bet still open (a lost leg, or no leg pending): what a
 * settlement stopped between its markets and its bets left behind. Settling them again finishes it.
 */
export async function fixturesWithDecidedOpenBets(db: Database, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('sport_bet_legs as l')
    .innerJoin('sport_bets as b', 'b.id', 'l.bet_id')
    .innerJoin('fixtures as f', 'f.id', 'l.fixture_id')
    .select('f.id')
    .distinct()
    .where('b.status', '=', 'open')
    .where('l.result', '<>', 'pending')
    .where('f.status', 'in', ['finished', 'cancelled'])
    .where((eb) =>
      eb.or([
        eb('l.result', '=', 'lost'),
        eb.not(
          eb.exists(
            eb.selectFrom('sport_bet_legs as p').select('p.id').whereRef('p.bet_id', '=', 'b.id').where('p.result', '=', 'pending'),
          ),
        ),
      ]),
    )
    .orderBy('f.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
