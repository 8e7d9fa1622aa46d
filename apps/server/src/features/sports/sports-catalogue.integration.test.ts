import { readFileSync } from 'node:fs';
import { competitionResponse, fixtureDetail, sportsHomeResponse } from '@casino/shared/schemas/sports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, json, type TestApp } from '../../test/test-app.ts';
import { generateCalendar } from './calendar.ts';
import { CALENDAR_DAYS, kickOffDueFixtures, topUpCalendar } from './fixtures-job.ts';
import { createFixture, priceFixture, repriceInPlay } from './markets.service.ts';
import { SEED_COMPETITIONS, SEED_TEAMS, seedSportsCatalogue, VIRTUAL_COMPETITION_CODE, VIRTUAL_TEAM_CODES } from './sports.seed.ts';

/**
 * The sportsbook's catalogue, calendar, pricing, lifecycle and public read API, on SQLite and
 * PostgreSQL. Prices are checked against a Poisson computation written here from the model's
 * definition (not the pricing package's code), to the cent.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

// ---- An independent computation of the model: xG = 1.3 x attack x other defence (x 1.2 at home). ----
type Rating = { attack: number; defence: number };

function pmf(lambda: number, k: number): number {
  let p = Math.exp(-lambda);
  for (let i = 1; i <= k; i++) p *= lambda / i;
  return p;
}

/** Fair probabilities summed over every score up to 40 goals a side (the tail is below 1e-30). */
function independentProbabilities(home: Rating, away: Rating) {
  const lh = 1.3 * (home.attack / 1000) * (away.defence / 1000) * 1.2;
  const la = 1.3 * (away.attack / 1000) * (home.defence / 1000);
  const out = { home: 0, draw: 0, away: 0, over25: 0, under25: 0, yes: 0, no: 0 };
  for (let h = 0; h <= 40; h++) {
    for (let a = 0; a <= 40; a++) {
      const p = pmf(lh, h) * pmf(la, a);
      if (h > a) out.home += p;
      else if (h === a) out.draw += p;
      else out.away += p;
      if (h + a >= 3) out.over25 += p;
      else out.under25 += p;
      if (h > 0 && a > 0) out.yes += p;
      else out.no += p;
    }
  }
  return out;
}

/** Decimal odds "x.yy": 1 / (p x (1 + margin)), rounded down to the cent, within [1.01, 1000.00]. */
function independentOdds(probability: number, marginBp: number): string {
  const hundredths = Math.min(100_000, Math.max(101, Math.floor(100 / (probability * (1 + marginBp / 10_000)) + 1e-9)));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

const toHundredths = (odds: string) => Math.round(Number(odds) * 100);

/**
 * Each market's implied probabilities sum to (1 + margin) (double chance: 2 x), plus only what
 * rounding down adds: below 1/(o-1) - 1/o per selection, or the whole 1/1000 of a price held at 1000.00.
 */
function expectMarginSum(market: { type: string; selections: { odds: string }[] }, marginBp: number) {
  const target = (market.type === 'double_chance' ? 2 : 1) * (1 + marginBp / 10_000);
  let sum = 0;
  let slack = 0;
  for (const s of market.selections) {
    const o = toHundredths(s.odds);
    sum += 100 / o;
    slack += o === 100_000 ? 100 / o : 100 / (o * (o - 1));
  }
  expect(sum, market.type).toBeGreaterThanOrEqual(target - 1e-9);
  expect(sum, market.type).toBeLessThanOrEqual(target + slack + 1e-9);
}

async function ratingsOf(db: Database, teamId: number): Promise<Rating> {
  return db.selectFrom('teams').select(['attack', 'defence']).where('id', '=', teamId).executeTakeFirstOrThrow();
}

async function idOf(db: Database, table: 'teams' | 'competitions', code: string): Promise<number> {
  const row = await db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(row.id);
}

async function marketVersions(db: Database, fixtureId: number) {
  const rows = await db
    .selectFrom('markets')
    .select(['id', 'status', 'version'])
    .where('fixture_id', '=', fixtureId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), status: r.status, version: r.version }));
}

describe('sportsbook catalogue, calendar, pricing and read API', () => {
  let t: TestApp;
  let db: Database;
  const now = new Date();
  const real = SEED_COMPETITIONS.filter((c) => c.kind !== 'virtual');
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: json(response) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.ctx.db;
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds the catalogue once: seeding again (twice at once) adds nothing and keeps an operator edit', async () => {
    const count = async () => ({
      sports: (await db.selectFrom('sports').selectAll().execute()).length,
      competitions: (await db.selectFrom('competitions').selectAll().execute()).length,
      teams: (await db.selectFrom('teams').selectAll().execute()).length,
    });
    const first = await count();
    expect(first).toEqual({ sports: 1, competitions: 6, teams: SEED_TEAMS.length });
    const serieA = SEED_COMPETITIONS.find((c) => c.code === 'brasileirao-serie-a')!;
    expect(serieA.teams).toHaveLength(20);
    const names = await db.selectFrom('teams').select('name').where('code', 'in', serieA.teams).execute();
    expect(names.map((n) => n.name)).toEqual(
      expect.arrayContaining(['Flamengo', 'São Paulo', 'Grêmio', 'Vasco da Gama', 'Remo', 'Chapecoense']),
    );
    const virtual = await db.selectFrom('teams').select(['code', 'is_virtual']).where('is_virtual', '=', 1).execute();
    expect(virtual.map((v) => v.code).sort()).toEqual([...VIRTUAL_TEAM_CODES].sort());
    expect(VIRTUAL_TEAM_CODES).toHaveLength(16);

    await db.updateTable('teams').set({ attack: 1111 }).where('code', '=', 'remo').execute();
    await db.updateTable('competitions').set({ enabled: 0 }).where('code', '=', 'la-liga').execute();
    await Promise.all([seedSportsCatalogue(db), seedSportsCatalogue(db)]);
    expect(await count()).toEqual(first);
    expect((await db.selectFrom('teams').select('attack').where('code', '=', 'remo').executeTakeFirstOrThrow()).attack).toBe(1111);
    expect((await db.selectFrom('competitions').select('enabled').where('code', '=', 'la-liga').executeTakeFirstOrThrow()).enabled).toBe(0);
    await db.updateTable('teams').set({ attack: 820 }).where('code', '=', 'remo').execute();
    await db.updateTable('competitions').set({ enabled: 1 }).where('code', '=', 'la-liga').execute();
  });

  it('tops up 14 days of priced fixtures once, even with two top-ups at the same instant', async () => {
    const expected = generateCalendar(real, now, CALENDAR_DAYS);
    expect(expected.length).toBeGreaterThan(40);
    const [a, b] = await Promise.all([topUpCalendar(db, t.ctx.dialect, now), topUpCalendar(db, t.ctx.dialect, now)]);
    expect(a + b).toBe(expected.length);
    expect(await topUpCalendar(db, t.ctx.dialect, now)).toBe(0);
    const fixtures = await db.selectFrom('fixtures').select(['id', 'starts_at', 'status', 'is_virtual']).execute();
    expect(fixtures).toHaveLength(expected.length);
    expect(fixtures.every((f) => f.status === 'scheduled' && f.is_virtual === 0)).toBe(true);
    // Every fixture is priced at creation: 15 markets (1X2, double chance, 5 over/under, BTTS, correct score, 6 handicaps).
    const markets = await db
      .selectFrom('markets')
      .select((eb) => ['fixture_id', eb.fn.countAll<number>().as('n')])
      .groupBy('fixture_id')
      .execute();
    expect(markets).toHaveLength(expected.length);
    expect(markets.every((m) => Number(m.n) === 15)).toBe(true);
    const selections = await db
      .selectFrom('selections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(selections.n)).toBe(expected.length * (3 + 3 + 5 * 2 + 2 + 28 + 6 * 2));
  });

  it('prices every seeded fixture as an independent Poisson computation, to the cent (1X2, over/under 2.5, BTTS)', async () => {
    const settings = await db.selectFrom('sportsbook_settings').selectAll().executeTakeFirstOrThrow();
    expect(settings.default_margin_bp).toBe(600);
    const fixtures = await db.selectFrom('fixtures').select(['id', 'home_team_id', 'away_team_id']).execute();
    for (const fixture of fixtures) {
      const p = independentProbabilities(await ratingsOf(db, fixture.home_team_id), await ratingsOf(db, fixture.away_team_id));
      const odds = async (type: string, line: number) => {
        const rows = await db
          .selectFrom('selections')
          .innerJoin('markets', 'markets.id', 'selections.market_id')
          .select(['selections.code', 'selections.odds'])
          .where('markets.fixture_id', '=', fixture.id)
          .where('markets.type', '=', type)
          .where('markets.line', '=', line)
          .execute();
        return Object.fromEntries(rows.map((r) => [r.code, `${Math.floor(r.odds / 100)}.${String(r.odds % 100).padStart(2, '0')}`]));
      };
      expect(await odds('1x2', 0)).toEqual({
        home: independentOdds(p.home, 600),
        draw: independentOdds(p.draw, 600),
        away: independentOdds(p.away, 600),
      });
      expect(await odds('over_under', 250)).toEqual({ over: independentOdds(p.over25, 600), under: independentOdds(p.under25, 600) });
      expect(await odds('btts', 0)).toEqual({ yes: independentOdds(p.yes, 600), no: independentOdds(p.no, 600) });
    }
  });

  it('shows a fixture with every market whose implied probabilities sum to 1 + margin within rounding', async () => {
    const fixture = await db.selectFrom('fixtures').select('id').orderBy('id').executeTakeFirstOrThrow();
    const { status, body } = await get(`/api/sports/fixture?id=${fixture.id}&lang=en`);
    expect(status).toBe(200);
    const detail = fixtureDetail.parse(body.data);
    expect(detail.markets.map((m) => `${m.type}${m.line === null ? '' : ` ${m.line}`}`)).toEqual([
      '1x2',
      'double_chance',
      'over_under 0.5',
      'over_under 1.5',
      'over_under 2.5',
      'over_under 3.5',
      'over_under 4.5',
      'btts',
      'correct_score',
      'asian_handicap -2.5',
      'asian_handicap -1.5',
      'asian_handicap -0.5',
      'asian_handicap +0.5',
      'asian_handicap +1.5',
      'asian_handicap +2.5',
    ]);
    for (const market of detail.markets) {
      if (market.status === 'open') expectMarginSum(market, 600);
    }
    // The main markets are offered; a market whose price would fall below 1.01 is suspended instead.
    for (const type of ['1x2', 'btts', 'double_chance']) expect(detail.markets.find((m) => m.type === type)!.status).toBe('open');
    expect(detail.markets.find((m) => m.type === 'over_under' && m.line === '2.5')!.status).toBe('open');
    const sumOf = (type: string, line: string | null) =>
      detail.markets.find((m) => m.type === type && m.line === line)!.selections.reduce((s, x) => s + 100 / toHundredths(x.odds), 0);
    for (const [type, line] of [
      ['1x2', null],
      ['over_under', '2.5'],
      ['btts', null],
    ] as const) {
      expect(sumOf(type, line)).toBeGreaterThanOrEqual(1.06 - 1e-9);
      expect(sumOf(type, line)).toBeLessThan(1.07);
    }
    expect(detail.main_market?.type).toBe('1x2');
    expect(detail.markets_count).toBe(15);
    expect(detail.events).toEqual([]);
    expect(detail.server_seed).toBeNull();
    expect(detail.ends_at).toBeNull();
  });

  it('applies a competition margin instead of the book default, with a new version only when a price moves', async () => {
    const fixture = await db
      .selectFrom('fixtures')
      .select(['id', 'competition_id', 'home_team_id', 'away_team_id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await marketVersions(db, fixture.id);
    // A trader's suspension survives repricing.
    const suspended = before[3]!;
    await db
      .updateTable('markets')
      .set({ status: 'suspended', version: suspended.version + 1 })
      .where('id', '=', suspended.id)
      .execute();
    expect(await priceFixture(db, fixture.id)).toEqual({ created: 0, changed: 0 });

    await db.updateTable('competitions').set({ margin_bp: 1000 }).where('id', '=', fixture.competition_id).execute();
    const summary = await priceFixture(db, fixture.id);
    expect(summary.created).toBe(0);
    expect(summary.changed).toBe(15);
    const after = await marketVersions(db, fixture.id);
    for (const [i, market] of after.entries()) {
      expect(market.version).toBe(before[i]!.version + (market.id === suspended.id ? 2 : 1));
    }
    expect(after.find((m) => m.id === suspended.id)!.status).toBe('suspended');
    const p = independentProbabilities(await ratingsOf(db, fixture.home_team_id), await ratingsOf(db, fixture.away_team_id));
    const detail = fixtureDetail.parse((await get(`/api/sports/fixture?id=${fixture.id}`)).body.data);
    const oneXTwo = detail.markets.find((m) => m.type === '1x2')!;
    expect(oneXTwo.selections.map((s) => s.odds)).toEqual([
      independentOdds(p.home, 1000),
      independentOdds(p.draw, 1000),
      independentOdds(p.away, 1000),
    ]);
    expectMarginSum(oneXTwo, 1000);
    const margins = await db.selectFrom('markets').select('margin_bp').where('fixture_id', '=', fixture.id).execute();
    expect(margins.every((m) => m.margin_bp === 1000)).toBe(true);
    // Another competition still prices at the book default.
    const other = await db
      .selectFrom('fixtures')
      .select('id')
      .where('competition_id', '!=', fixture.competition_id)
      .executeTakeFirstOrThrow();
    const otherMargins = await db.selectFrom('markets').select('margin_bp').where('fixture_id', '=', other.id).execute();
    expect(otherMargins.every((m) => m.margin_bp === 600)).toBe(true);

    await db.updateTable('competitions').set({ margin_bp: null }).where('id', '=', fixture.competition_id).execute();
    expect((await priceFixture(db, fixture.id)).changed).toBe(15);
    const back = fixtureDetail.parse((await get(`/api/sports/fixture?id=${fixture.id}`)).body.data);
    expect(back.markets.find((m) => m.type === '1x2')!.selections.map((s) => s.odds)).toEqual([
      independentOdds(p.home, 600),
      independentOdds(p.draw, 600),
      independentOdds(p.away, 600),
    ]);
  });

  it('at kick-off a real fixture goes live with every market suspended, once; a virtual one is left to its league', async () => {
    const competitionId = await idOf(db, 'competitions', 'brasileirao-serie-a');
    const virtualId = await idOf(db, 'competitions', VIRTUAL_COMPETITION_CODE);
    const realId = await createFixture(db, {
      competitionId,
      homeTeamId: await idOf(db, 'teams', 'flamengo'),
      awayTeamId: await idOf(db, 'teams', 'palmeiras'),
      startsAt: new Date(now.getTime() + 30 * MINUTE_MS).toISOString(),
    });
    const virtualFixture = await createFixture(db, {
      competitionId: virtualId,
      homeTeamId: await idOf(db, 'teams', VIRTUAL_TEAM_CODES[0]!),
      awayTeamId: await idOf(db, 'teams', VIRTUAL_TEAM_CODES[1]!),
      startsAt: new Date(now.getTime() - MINUTE_MS).toISOString(),
      isVirtual: true,
    });
    const before = await marketVersions(db, realId);
    expect(before.filter((m) => m.status === 'open').length).toBeGreaterThan(10);
    await kickOffDueFixtures(db, new Date(now.getTime() + 29 * MINUTE_MS));
    expect((await db.selectFrom('fixtures').select('status').where('id', '=', realId).executeTakeFirstOrThrow()).status).toBe('scheduled');
    expect(await marketVersions(db, realId)).toEqual(before);
    // 30 s before kick-off (a pass runs every 30 s) betting closes: markets suspended, the match still scheduled.
    await Promise.all([
      kickOffDueFixtures(db, new Date(now.getTime() + 29.5 * MINUTE_MS)),
      kickOffDueFixtures(db, new Date(now.getTime() + 29.5 * MINUTE_MS)),
    ]);
    expect((await db.selectFrom('fixtures').select('status').where('id', '=', realId).executeTakeFirstOrThrow()).status).toBe('scheduled');
    const closed = await marketVersions(db, realId);
    for (const [i, market] of closed.entries()) {
      expect(market.status).toBe('suspended');
      expect(market.version).toBe(before[i]!.version + (before[i]!.status === 'open' ? 1 : 0));
    }

    const kickOff = new Date(now.getTime() + 31 * MINUTE_MS);
    await Promise.all([kickOffDueFixtures(db, kickOff), kickOffDueFixtures(db, kickOff), kickOffDueFixtures(db, kickOff)]);
    expect((await db.selectFrom('fixtures').select('status').where('id', '=', realId).executeTakeFirstOrThrow()).status).toBe('live');
    // Already closed: going live moves no version again.
    expect(await marketVersions(db, realId)).toEqual(closed);

    // A fixture the job missed until after kick-off goes live and closes in the same pass.
    const late = await createFixture(db, {
      competitionId,
      homeTeamId: await idOf(db, 'teams', 'santos'),
      awayTeamId: await idOf(db, 'teams', 'gremio'),
      startsAt: new Date(now.getTime() + 40 * MINUTE_MS).toISOString(),
    });
    const lateBefore = await marketVersions(db, late);
    await kickOffDueFixtures(db, new Date(now.getTime() + 50 * MINUTE_MS));
    expect((await db.selectFrom('fixtures').select('status').where('id', '=', late).executeTakeFirstOrThrow()).status).toBe('live');
    for (const [i, market] of (await marketVersions(db, late)).entries()) {
      expect(market.status).toBe('suspended');
      expect(market.version).toBe(lateBefore[i]!.version + (lateBefore[i]!.status === 'open' ? 1 : 0));
    }
    // Pricing a live real fixture keeps its markets suspended.
    await priceFixture(db, realId);
    expect((await marketVersions(db, realId)).every((m) => m.status === 'suspended')).toBe(true);
    expect((await db.selectFrom('fixtures').select('status').where('id', '=', virtualFixture).executeTakeFirstOrThrow()).status).toBe(
      'scheduled',
    );
    expect((await marketVersions(db, virtualFixture)).every((m) => m.version === 1)).toBe(true);
  });

  it('reprices a match in play from its score: decided markets suspended, the leader shorter', async () => {
    const virtualId = await idOf(db, 'competitions', VIRTUAL_COMPETITION_CODE);
    const fixtureId = await createFixture(db, {
      competitionId: virtualId,
      homeTeamId: await idOf(db, 'teams', VIRTUAL_TEAM_CODES[7]!),
      awayTeamId: await idOf(db, 'teams', VIRTUAL_TEAM_CODES[8]!),
      startsAt: new Date(now.getTime() - 2 * MINUTE_MS).toISOString(),
      isVirtual: true,
    });
    const pre = fixtureDetail.parse((await get(`/api/sports/fixture?id=${fixtureId}`)).body.data);
    await db
      .updateTable('fixtures')
      .set({ status: 'live', minute: 60, home_score: 2, away_score: 0 })
      .where('id', '=', fixtureId)
      .execute();
    await repriceInPlay(db, fixtureId, 60, { home: 2, away: 0 }, { open: true });
    const live = fixtureDetail.parse((await get(`/api/sports/fixture?id=${fixtureId}`)).body.data);
    const market = (d: typeof live, type: string, line: string | null = null) => d.markets.find((m) => m.type === type && m.line === line)!;
    const odds = (d: typeof live, type: string, code: string, line: string | null = null) =>
      toHundredths(market(d, type, line).selections.find((s) => s.code === code)!.odds);
    expect(odds(live, '1x2', 'home')).toBeLessThan(odds(pre, '1x2', 'home'));
    expect(odds(live, '1x2', 'away')).toBeGreaterThan(odds(pre, '1x2', 'away'));
    // Two goals already: over 0.5 and 1.5 are won, so they cannot be offered at any price.
    expect(market(live, 'over_under', '0.5').status).toBe('suspended');
    expect(market(live, 'over_under', '1.5').status).toBe('suspended');
    expect(market(live, 'over_under', '3.5').status).toBe('open');
    expect(market(live, 'over_under', '3.5').version).toBe(market(pre, 'over_under', '3.5').version + 1);
    // A final score below the current one is impossible: never quoted at the longest price (1000.00);
    // the market waits suspended until settlement closes what the score decided (in-play-decided test).
    expect(market(live, 'correct_score').status).toBe('suspended');
    expect(market(live, 'correct_score').selections.find((s) => s.code === '0-0')!.odds).not.toBe('1000.00');
  });

  it('answers the home page: live now (virtual included), real kick-offs in the next 24 hours, competitions with counts', async () => {
    const virtualId = await idOf(db, 'competitions', VIRTUAL_COMPETITION_CODE);
    const soonVirtual = await createFixture(db, {
      competitionId: virtualId,
      homeTeamId: await idOf(db, 'teams', VIRTUAL_TEAM_CODES[2]!),
      awayTeamId: await idOf(db, 'teams', VIRTUAL_TEAM_CODES[3]!),
      startsAt: new Date(Date.now() + 5 * MINUTE_MS).toISOString(),
      isVirtual: true,
    });
    // A real match kicked off 4 hours ago still waiting for its result is no longer "live now".
    const stale = await createFixture(db, {
      competitionId: await idOf(db, 'competitions', 'premier-league'),
      homeTeamId: await idOf(db, 'teams', 'arsenal'),
      awayTeamId: await idOf(db, 'teams', 'chelsea'),
      startsAt: new Date(Date.now() - 4 * HOUR_MS).toISOString(),
    });
    await kickOffDueFixtures(db, new Date(Date.now() + 32 * MINUTE_MS));

    const { status, body } = await get('/api/sports/home?lang=en');
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    const home = sportsHomeResponse.parse(body.data);
    const liveIds = home.live.map((f) => f.id);
    expect(home.live.every((f) => f.status === 'live')).toBe(true);
    expect(home.live.some((f) => f.is_virtual)).toBe(true);
    expect(liveIds).not.toContain(stale);
    const nowMs = Date.now();
    expect(home.upcoming.length).toBeGreaterThan(0);
    for (const f of home.upcoming) {
      expect(f.is_virtual).toBe(false);
      expect(f.status).toBe('scheduled');
      expect(Date.parse(f.starts_at)).toBeGreaterThan(nowMs - 5_000);
      expect(Date.parse(f.starts_at)).toBeLessThanOrEqual(nowMs + 24 * HOUR_MS);
      expect(f.main_market?.type).toBe('1x2');
      expect(f.main_market?.selections.map((s) => s.code)).toEqual(['home', 'draw', 'away']);
      expect(f.markets_count).toBe(15);
    }
    expect(home.upcoming.map((f) => f.id)).not.toContain(soonVirtual);
    expect(home.upcoming.map((f) => f.starts_at)).toEqual(home.upcoming.map((f) => f.starts_at).sort());
    const expectedUpcoming = await db
      .selectFrom('fixtures')
      .select('id')
      .where('status', '=', 'scheduled')
      .where('is_virtual', '=', 0)
      .where('starts_at', '>', new Date(nowMs).toISOString())
      .where('starts_at', '<=', new Date(nowMs + 24 * HOUR_MS).toISOString())
      .execute();
    expect(home.upcoming).toHaveLength(expectedUpcoming.length);

    expect(home.competitions.map((c) => c.code)).toEqual(SEED_COMPETITIONS.map((c) => c.code));
    const champions = home.competitions.find((c) => c.code === 'champions-league')!;
    expect(champions).toMatchObject({ name: 'UEFA Champions League', kind: 'international', country: null });
    for (const competition of home.competitions) {
      const open = await db
        .selectFrom('fixtures')
        .select(['status', 'starts_at', 'is_virtual'])
        .where('competition_id', '=', competition.id)
        .where('status', 'in', ['scheduled', 'live'])
        .execute();
      const playing = open.filter((f) => f.status === 'scheduled' || f.is_virtual === 1 || Date.parse(f.starts_at) >= nowMs - 3 * HOUR_MS);
      expect(competition.fixture_count, competition.code).toBe(playing.length);
    }
  });

  it('names competitions in the reader language, Portuguese by default; team names stay Portuguese', async () => {
    const names = async (lang?: string) => {
      const data = sportsHomeResponse.parse((await get(`/api/sports/home${lang ? `?lang=${lang}` : ''}`)).body.data);
      return Object.fromEntries(data.competitions.map((c) => [c.code, c.name]));
    };
    expect((await names())['champions-league']).toBe('Liga dos Campeões da UEFA');
    expect((await names('pt'))[VIRTUAL_COMPETITION_CODE]).toBe('Liga Virtual Aurora');
    expect((await names('en'))[VIRTUAL_COMPETITION_CODE]).toBe('Aurora Virtual League');
    expect((await names('zh'))['champions-league']).toBe('欧洲冠军联赛');
    expect((await names('tr'))['premier-league']).toBe('İngiltere Premier Lig');
    expect((await names('xx'))['champions-league']).toBe('Liga dos Campeões da UEFA');
    const bayern = await db
      .selectFrom('fixtures')
      .select('fixtures.id')
      .where('home_team_id', '=', await idOf(db, 'teams', 'bayern'))
      .executeTakeFirst();
    if (bayern) {
      const detail = fixtureDetail.parse((await get(`/api/sports/fixture?id=${bayern.id}&lang=en`)).body.data);
      expect(detail.home.name).toBe('Bayern de Munique');
      expect(detail.competition.name).toBe('UEFA Champions League');
    }
  });

  it('answers a competition page with its open fixtures; an unknown or disabled code is 404, a bad one 422', async () => {
    const { status, body } = await get('/api/sports/competition?code=brasileirao-serie-a&lang=pt');
    expect(status).toBe(200);
    const page = competitionResponse.parse(body.data);
    expect(page.competition).toMatchObject({ code: 'brasileirao-serie-a', name: 'Brasileirão Série A', kind: 'league', country: 'BR' });
    expect(page.fixtures.length).toBe(page.competition.fixture_count);
    expect(page.fixtures.every((f) => f.competition.code === 'brasileirao-serie-a')).toBe(true);
    expect(page.fixtures.map((f) => f.starts_at)).toEqual(page.fixtures.map((f) => f.starts_at).sort());

    const unknown = await get('/api/sports/competition?code=serie-z');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_code).toBe('NOT_FOUND');
    await db.updateTable('competitions').set({ enabled: 0 }).where('code', '=', 'la-liga').execute();
    expect((await get('/api/sports/competition?code=la-liga')).status).toBe(404);
    const home = sportsHomeResponse.parse((await get('/api/sports/home')).body.data);
    expect(home.competitions.map((c) => c.code)).not.toContain('la-liga');
    expect(home.upcoming.every((f) => f.competition.code !== 'la-liga')).toBe(true);
    await db.updateTable('competitions').set({ enabled: 1 }).where('code', '=', 'la-liga').execute();

    for (const url of ['/api/sports/competition', `/api/sports/competition?code=${'x'.repeat(49)}`]) {
      const bad = await get(url);
      expect(bad.status, url).toBe(422);
      expect(bad.body.errors?.code).toBeDefined();
    }
  });

  it('refuses a bad fixture id with 422 and an unknown one with SPORTS_FIXTURE_NOT_FOUND (404)', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999999999999', '', '1e3x']) {
      const bad = await get(`/api/sports/fixture?id=${id}`);
      expect(bad.status, id).toBe(422);
      expect(bad.body.errors?.id, id).toBeDefined();
    }
    expect((await get('/api/sports/fixture')).status).toBe(422);
    const missing = await get('/api/sports/fixture?id=987654321&lang=en');
    expect(missing.status).toBe(404);
    expect(missing.body.error_code).toBe('SPORTS_FIXTURE_NOT_FOUND');
    expect(missing.body.message).toBe('Match not found');
  });

  it('hides a virtual match seed and its goals to come until they are played', async () => {
    const virtualId = await idOf(db, 'competitions', VIRTUAL_COMPETITION_CODE);
    const goals = [
      { minute: 12, team: 'home' },
      { minute: 50, team: 'away' },
      { minute: 81, team: 'home' },
    ];
    const fixtureId = await createFixture(db, {
      competitionId: virtualId,
      homeTeamId: await idOf(db, 'teams', VIRTUAL_TEAM_CODES[4]!),
      awayTeamId: await idOf(db, 'teams', VIRTUAL_TEAM_CODES[5]!),
      startsAt: new Date(Date.now() + MINUTE_MS).toISOString(),
      isVirtual: true,
      serverSeed: 'a'.repeat(64),
      serverSeedHash: 'b'.repeat(64),
      eventsJson: JSON.stringify(goals),
    });
    const read = async () => fixtureDetail.parse((await get(`/api/sports/fixture?id=${fixtureId}`)).body.data);
    let detail = await read();
    expect(detail).toMatchObject({
      events: [],
      server_seed: null,
      server_seed_hash: 'b'.repeat(64),
      is_virtual: true,
      status: 'scheduled',
    });
    // The league's clock: 90 minutes of VIRTUAL_MINUTE_MS after kick-off.
    expect(Date.parse(detail.ends_at!) - Date.parse(detail.starts_at)).toBe(90 * t.ctx.config.VIRTUAL_MINUTE_MS);
    await db
      .updateTable('fixtures')
      .set({ status: 'live', minute: 55, home_score: 1, away_score: 1 })
      .where('id', '=', fixtureId)
      .execute();
    detail = await read();
    expect(detail.events).toEqual(goals.slice(0, 2));
    expect(detail.server_seed).toBeNull();
    const finishedAt = new Date().toISOString();
    await db
      .updateTable('fixtures')
      .set({ status: 'finished', minute: 90, home_score: 2, away_score: 1, finished_at: finishedAt })
      .where('id', '=', fixtureId)
      .execute();
    detail = await read();
    expect(detail).toMatchObject({ events: goals, server_seed: 'a'.repeat(64), status: 'finished', ends_at: finishedAt });
  });

  it('opens the sportsbook from the lobby: two house games in category sports, with drawn artwork', async () => {
    const list = json(await t.app.inject({ method: 'GET', url: '/api/games/listsv2?category=sports&page_size=100' })).data.list as {
      code: string;
      category: string;
      plat_type: string;
      thumbnail: string;
      name: string;
    }[];
    const codes = list.map((g) => g.code);
    expect(codes).toEqual(expect.arrayContaining(['sportsbook', 'virtual-football']));
    for (const game of list.filter((g) => g.code === 'sportsbook' || g.code === 'virtual-football')) {
      expect(game).toMatchObject({ category: 'sports', plat_type: 'house', thumbnail: `/static/games/${game.code}.svg` });
      const svg = readFileSync(new URL(`../../../assets/games/${game.code}.svg`, import.meta.url), 'utf8');
      expect(svg.length).toBeLessThan(8 * 1024);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"')).toBe(true);
      expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|<image|<text/);
    }
    expect(list.find((g) => g.code === 'sportsbook')!.name).toBe('Aurora Esportes');
  });

  it('lists the read paths in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    for (const path of ['/api/sports/home', '/api/sports/competition', '/api/sports/fixture']) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
  });
});
