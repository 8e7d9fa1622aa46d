import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Queries of a fixture's markets and selections (the prices the book offers). */

/** Every market of a fixture with its selections' ids, odds and probabilities. */
export async function findFixtureMarkets(db: Database, fixtureId: number) {
  const markets = await db
    .selectFrom('markets')
    .select(['id', 'type', 'line', 'status', 'margin_bp', 'version'])
    .where('fixture_id', '=', fixtureId)
    .execute();
  if (markets.length === 0) return [];
  const selections = await db
    .selectFrom('selections')
    .select(['id', 'market_id', 'code', 'odds', 'probability_ppm', 'result'])
    .where(
      'market_id',
      'in',
      markets.map((m) => m.id),
    )
    .execute();
  return markets.map((market) => ({ ...market, selections: selections.filter((s) => Number(s.market_id) === Number(market.id)) }));
}
export type StoredMarket = Awaited<ReturnType<typeof findFixtureMarkets>>[number];

export interface NewSelection {
  code: string;
  sort: number;
  odds: number;
  probabilityPpm: number;
}

/**
 * Inserts a market unless one with the same (fixture, type, line) exists (another process priced
 * the fixture first): answers the new id, or undefined when it already existed.
 */
export async function insertMarket(
  db: Database,
  market: { fixtureId: number; type: string; line: number; status: string; marginBp: number; now: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('markets')
    .values({
      fixture_id: market.fixtureId,
      type: market.type,
      line: market.line,
      status: market.status,
      margin_bp: market.marginBp,
      version: 1,
      updated_at: market.now,
    })
    .onConflict((oc) => oc.columns(['fixture_id', 'type', 'line']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Inserts selections of a market (missing codes only). */
export async function insertSelections(db: Database, marketId: number, selections: readonly NewSelection[]): Promise<void> {
  if (selections.length === 0) return;
  await db
    .insertInto('selections')
    .values(
      selections.map((s) => ({
        market_id: marketId,
        code: s.code,
        sort: s.sort,
        odds: s.odds,
        probability_ppm: s.probabilityPpm,
      })),
    )
    .onConflict((oc) => oc.columns(['market_id', 'code']).doNothing())
    .execute();
}

/**
 * Moves a market to a new version (new prices, and a new state when given), only while it is still open or
 * suspended: a settled or void market is never repriced. Locks the row on PostgreSQL before its
 * selections change, so a placement that locks the market first reads one consistent version.
 */
export async function bumpMarket(
  db: Database,
  marketId: number,
  change: { status?: string; marginBp: number; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('markets')
    .set((eb) => ({
      // Without a decided state the row keeps the one it has now (a trader may have just changed it).
      ...(change.status === undefined ? {} : { status: change.status }),
      margin_bp: change.marginBp,
      version: eb('version', '+', 1),
      updated_at: change.now,
    }))
    .where('id', '=', marketId)
    .where('status', 'in', ['open', 'suspended'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** New odds and probabilities for many selections in one statement (UPDATE ... FROM VALUES on both databases). */
export async function updateSelectionPrices(
  db: Database,
  prices: readonly { id: number; odds: number; probabilityPpm: number }[],
): Promise<void> {
  if (prices.length === 0) return;
  const rows = sql.join(
    prices.map((p) => sql`(cast(${p.id} as bigint), cast(${p.odds} as integer), cast(${p.probabilityPpm} as integer))`),
  );
  await sql`update selections set odds = v.column2, probability_ppm = v.column3
    from (values ${rows}) as v where selections.id = v.column1`.execute(db);
}

/** Every open (or suspended) market of a fixture to another state, each with a new version. */
export async function setMarketsStatus(db: Database, fixtureId: number, from: readonly string[], to: string, now: string): Promise<number> {
  const result = await db
    .updateTable('markets')
    .set((eb) => ({ status: to, version: eb('version', '+', 1), updated_at: now }))
    .where('fixture_id', '=', fixtureId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
