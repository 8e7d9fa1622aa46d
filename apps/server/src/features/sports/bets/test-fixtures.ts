import { forgetRecentReads } from '../../../lib/recent-reads.ts';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/database.ts';
import { nowIso } from '../../../db/database.ts';

/**
 * Rows of the sportsbook written straight into the database, for tests that need a fixture with
 * markets at known prices without the catalogue seed or the pricing feed (betting, cash out,
 * settlement). Codes carry a random suffix, so tests sharing a database never collide.
 */

export interface SelectionSpec {
  code: string;
  /** Decimal odds in hundredths (1.85 -> 185). */
  odds: number;
  /** The fair probability in parts per million (defaults to 1 / odds, with no margin). */
  probabilityPpm?: number;
}

export interface MarketSpec {
  type?: string;
  /** In hundredths (2.5 -> 250); 0 when the market has none. */
  line?: number;
  status?: 'open' | 'suspended' | 'settled' | 'void';
  marginBp?: number;
  selections: SelectionSpec[];
}

export interface FixtureSpec {
  status?: 'scheduled' | 'live' | 'finished' | 'cancelled';
  startsAt?: string;
  home?: string;
  away?: string;
  homeScore?: number;
  awayScore?: number;
  minute?: number;
  isVirtual?: boolean;
}

export interface TestMarket {
  id: number;
  fixtureId: number;
  type: string;
  line: number;
  /** Selection ids by code. */
  selections: Record<string, number>;
}

export interface TestFixture {
  id: number;
  name: string;
  markets: TestMarket[];
}

const suffix = () => randomBytes(4).toString('hex');

async function footballId(db: Database): Promise<number> {
  const found = await db.selectFrom('sports').select('id').where('code', '=', 'football').executeTakeFirst();
  if (found) return found.id;
  await db
    .insertInto('sports')
    .values({ code: 'football', names_json: JSON.stringify({ pt: 'Futebol', en: 'Football' }) })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  return (await db.selectFrom('sports').select('id').where('code', '=', 'football').executeTakeFirstOrThrow()).id;
}

async function insertTeam(db: Database, sportId: number, name: string): Promise<number> {
  const row = await db
    .insertInto('teams')
    .values({
      sport_id: sportId,
      code: `test-${suffix()}`,
      name,
      short_name: name.slice(0, 3).toUpperCase(),
      country: 'BR',
      attack: 1000,
      defence: 1000,
      color_primary: '#006437',
      color_secondary: '#ffffff',
      is_virtual: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A competition of its own (kind 'league', default margin) for the fixtures of one test. */
export async function createCompetition(db: Database): Promise<number> {
  const sportId = await footballId(db);
  const row = await db
    .insertInto('competitions')
    .values({
      sport_id: sportId,
      code: `test-${suffix()}`,
      names_json: JSON.stringify({ pt: 'Copa de Teste', en: 'Test Cup' }),
      country: 'BR',
      kind: 'league',
      margin_bp: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A market with its selections on an existing fixture. */
export async function createMarket(db: Database, fixtureId: number, spec: MarketSpec): Promise<TestMarket> {
  const type = spec.type ?? '1x2';
  const line = spec.line ?? 0;
  const market = await db
    .insertInto('markets')
    .values({
      fixture_id: fixtureId,
      type,
      line,
      status: spec.status ?? 'open',
      margin_bp: spec.marginBp ?? 600,
      updated_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const selections: Record<string, number> = {};
  for (const [sort, selection] of spec.selections.entries()) {
    const row = await db
      .insertInto('selections')
      .values({
        market_id: market.id,
        code: selection.code,
        sort,
        odds: selection.odds,
        probability_ppm: selection.probabilityPpm ?? Math.round(100_000_000 / selection.odds),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    selections[selection.code] = row.id;
  }
  return { id: market.id, fixtureId, type, line, selections };
}

/**
 * A fixture of two new teams with the given markets (by default the 1X2 at 2.10 / 3.40 / 3.60 and
 * over/under 2.5 at 1.90 / 1.90), kick-off in an hour.
 */
export async function createFixture(db: Database, spec: FixtureSpec = {}, markets?: MarketSpec[]): Promise<TestFixture> {
  const sportId = await footballId(db);
  const competitionId = await createCompetition(db);
  const home = spec.home ?? 'Palmeiras';
  const away = spec.away ?? 'Flamengo';
  const now = nowIso();
  const fixture = await db
    .insertInto('fixtures')
    .values({
      competition_id: competitionId,
      home_team_id: await insertTeam(db, sportId, home),
      away_team_id: await insertTeam(db, sportId, away),
      starts_at: spec.startsAt ?? new Date(Date.now() + 3_600_000).toISOString(),
      status: spec.status ?? 'scheduled',
      minute: spec.minute ?? 0,
      home_score: spec.homeScore ?? 0,
      away_score: spec.awayScore ?? 0,
      is_virtual: spec.isVirtual ? 1 : 0,
      server_seed: null,
      server_seed_hash: null,
      events_json: null,
      external_id: null,
      finished_at: spec.status === 'finished' ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const specs = markets ?? [
    {
      type: '1x2',
      selections: [
        { code: 'home', odds: 210 },
        { code: 'draw', odds: 340 },
        { code: 'away', odds: 360 },
      ],
    },
    {
      type: 'over_under',
      line: 250,
      selections: [
        { code: 'over', odds: 190 },
        { code: 'under', odds: 190 },
      ],
    },
  ];
  const created: TestMarket[] = [];
  for (const market of specs) created.push(await createMarket(db, fixture.id, market));
  return { id: fixture.id, name: `${home} x ${away}`, markets: created };
}

/** The selection id of `code` in the fixture's market of `type` (first market of that type). */
export function selectionOf(fixture: TestFixture, type: string, code: string): number {
  const market = fixture.markets.find((m) => m.type === type);
  const id = market?.selections[code];
  if (id === undefined) throw new Error(`fixture ${fixture.id} has no ${type} selection ${code}`);
  return id;
}

/** Changes a market's state and prices the way a trader or the feed does: one update, version + 1. */
export async function updateMarket(
  db: Database,
  marketId: number,
  change: { status?: 'open' | 'suspended' | 'settled' | 'void'; odds?: Record<number, number>; probabilityPpm?: Record<number, number> },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('markets')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: nowIso(), ...(change.status ? { status: change.status } : {}) }))
      .where('id', '=', marketId)
      .execute();
    for (const [selectionId, odds] of Object.entries(change.odds ?? {})) {
      await trx.updateTable('selections').set({ odds }).where('id', '=', Number(selectionId)).execute();
    }
    for (const [selectionId, ppm] of Object.entries(change.probabilityPpm ?? {})) {
      await trx.updateTable('selections').set({ probability_ppm: ppm }).where('id', '=', Number(selectionId)).execute();
    }
  });
}

/** The book's limits for a test (the row the back office edits). */
export async function setSportsbookSettings(
  db: Database,
  change: Partial<{
    min_stake_centavos: number;
    max_stake_centavos: number;
    max_payout_centavos: number;
    max_market_liability_centavos: number;
    max_legs: number;
    cashout_margin_bp: number;
  }>,
): Promise<void> {
  await db
    .updateTable('sportsbook_settings')
    .set({ ...change, updated_at: nowIso() })
    .where('id', '=', 1)
    .execute();
  // As the back office does: placements read the settings at most once a second.
  forgetRecentReads(db);
}
