import { randomBytes } from 'node:crypto';
import { expectedGoals, fairMarkets, formatOdds, priceMarket, scoreMatrix } from '@casino/games/football';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saoPauloDay } from '../../../lib/sao-paulo.ts';
import { fundMember } from '../../../test/promotions-helpers.ts';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../../test/test-app.ts';
import { verifyLedger } from '../../../platform/ledger/ledger-verify.ts';
import { createCompetition, createFixture, selectionOf, type TestFixture } from '../bets/test-fixtures.ts';
import { createFixture as createPricedFixture } from '../markets.service.ts';
import { cashOf } from '../../withdrawals/withdrawals.test-helpers.ts';

/**
 * The back office's sportsbook on a real database (SQLite and PostgreSQL): permissions, fixtures
 * with what the book risks, result entry that settles through the sports feature and a correction
 * that moves only the difference, market suspension with its version and audit, the book's
 * settings, a margin change that reprices, the liability board, and the GGR report to the centavo
 * against the ledger. Bets are placed through the player API and funded by real PIX deposits.
 */

let t: TestApp;
let admin: string;
const tag = randomBytes(3).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(async () => {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
  await t.close();
});

type Answer = { status: number; body: ReturnType<typeof json> };

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: unknown,
  token: string | null = admin,
): Promise<Answer> {
  const response = await t.app.inject({
    method,
    url: url.includes('?') ? `${url}&lang=en` : `${url}?lang=en`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: json(response) };
}

async function operatorToken(role: string): Promise<string> {
  const username = `${role}.${tag}`;
  const password = `${role}-Secret-${tag}`;
  const created = await call('POST', '/api/admin/operators', { username, password, role });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const login = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { username, password } });
  return json(login).data.token;
}

async function bettor(reais: string) {
  const member = await registerMember(t.app);
  await fundMember(t, member.token, reais);
  return { id: member.id, token: member.token };
}

/** Places a slip through the player API at the prices it names ("2.10"). */
async function place(token: string, kind: 'single' | 'accumulator', stake: string, legs: [number, string][]) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API.sports.place}?lang=en`,
    headers: bearer(token),
    payload: {
      request_id: `req-${randomBytes(8).toString('hex')}`,
      kind,
      stake,
      accept_odds: 'none',
      selections: legs.map(([selection_id, odds]) => ({ selection_id, odds })),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data.bets as { bet_no: string; potential_payout: string }[];
}

/** The kick-off moves into the past, as time would. */
async function kickOffPassed(fixtureId: number, hoursAgo = 2) {
  await t.ctx.db
    .updateTable('fixtures')
    .set({ starts_at: new Date(Date.now() - hoursAgo * 3_600_000).toISOString() })
    .where('id', '=', fixtureId)
    .execute();
}

async function auditOf(action: string, targetId: number) {
  return t.ctx.db
    .selectFrom('audit_log')
    .select(['operator_id', 'before_json', 'after_json'])
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}

const marketOf = (fixture: TestFixture, type: string) => fixture.markets.find((m) => m.type === type)!;

describe('permissions', () => {
  it('refuses operators without the sportsbook permissions, and visitors', async () => {
    const support = await operatorToken('support');
    const fixture = await createFixture(t.ctx.db);
    const market = marketOf(fixture, '1x2');
    const attempts: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', API.admin.sportsFixtures],
      ['GET', API.admin.sportsFixture(fixture.id)],
      ['POST', API.admin.sportsFixtureResult(fixture.id), { home_score: 1, away_score: 0 }],
      ['PATCH', API.admin.sportsMarket(market.id), { status: 'suspended' }],
      ['GET', API.admin.sportsCompetitions],
      ['PATCH', API.admin.sportsCompetition(1), { margin_bp: 800 }],
      ['GET', API.admin.sportsSettings],
      [
        'PUT',
        API.admin.sportsSettings,
        {
          default_margin_bp: 600,
          min_stake: '1.00',
          max_stake: '5000.00',
          max_payout: '100000.00',
          max_market_liability: '500000.00',
          max_legs: 12,
          cashout_margin_bp: 500,
        },
      ],
      ['GET', API.admin.sportsLiability],
      ['GET', API.admin.sportsReport],
    ];
    for (const [method, url, payload] of attempts) {
      const refused = await call(method, url, payload, support);
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body.error_code).toBe('FORBIDDEN');
      const anonymous = await call(method, url, payload, null);
      expect(anonymous.status, `${method} ${url}`).toBe(401);
    }
    // Nothing moved: the market is still open at its first version.
    const row = await t.ctx.db.selectFrom('markets').select(['status', 'version']).where('id', '=', market.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'open', version: 1 });
  });

  it('lets the risk role read and trade', async () => {
    const risk = await operatorToken('risk');
    const fixture = await createFixture(t.ctx.db);
    expect((await call('GET', API.admin.sportsFixture(fixture.id), undefined, risk)).status).toBe(200);
    const suspended = await call('PATCH', API.admin.sportsMarket(marketOf(fixture, '1x2').id), { status: 'suspended' }, risk);
    expect(suspended.status).toBe(200);
    expect(suspended.body.data.status).toBe('suspended');
  });
});

describe('API document', () => {
  it('lists every back-office sportsbook endpoint with its methods', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = (response.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    const methods = (path: string) => Object.keys(paths[path] ?? {}).sort();
    expect(methods(API.admin.sportsFixtures)).toEqual(['get']);
    expect(methods('/api/admin/sports/fixtures/{id}')).toEqual(['get']);
    expect(methods('/api/admin/sports/fixtures/{id}/result')).toEqual(['post']);
    expect(methods('/api/admin/sports/markets/{id}')).toEqual(['patch']);
    expect(methods(API.admin.sportsCompetitions)).toEqual(['get']);
    expect(methods('/api/admin/sports/competitions/{id}')).toEqual(['patch']);
    expect(methods(API.admin.sportsSettings)).toEqual(['get', 'put']);
    expect(methods(API.admin.sportsLiability)).toEqual(['get']);
    expect(methods(API.admin.sportsReport)).toEqual(['get']);
  });
});

describe('fixtures and results', () => {
  it('shows a fixture with its open bets, stakes and the liability of every selection', async () => {
    const [a, b] = await Promise.all([bettor('100.00'), bettor('100.00')]);
    const fixture = await createFixture(t.ctx.db, { home: 'Grêmio', away: 'Internacional' });
    await place(a.token, 'single', '10.00', [[selectionOf(fixture, '1x2', 'home'), '2.10']]);
    await place(b.token, 'single', '5.00', [[selectionOf(fixture, '1x2', 'draw'), '3.40']]);

    const detail = await call('GET', API.admin.sportsFixture(fixture.id));
    expect(detail.status).toBe(200);
    const data = detail.body.data;
    expect(data).toMatchObject({
      id: fixture.id,
      home: { name: 'Grêmio' },
      away: { name: 'Internacional' },
      status: 'scheduled',
      is_virtual: false,
      result_version: 0,
      awaiting_result: false,
      markets_count: 2,
      open_bets: 2,
      stakes: '15.00',
      // Home wins: 21.00 paid out of 15.00 staked on the market.
      liability: '6.00',
      results: [],
      result_allowed: false,
      server_seed: null,
    });
    const oneXTwo = data.markets.find((m: any) => m.type === '1x2');
    expect(oneXTwo).toMatchObject({
      status: 'open',
      version: 1,
      margin_bp: 600,
      open_bets: 2,
      stakes: '15.00',
      liability: '6.00',
      line: null,
    });
    expect(oneXTwo.selections.map((s: any) => [s.code, s.odds, s.open_bets, s.stakes, s.potential_payout, s.liability, s.result])).toEqual([
      ['home', '2.10', 1, '10.00', '21.00', '6.00', 'pending'],
      ['draw', '3.40', 1, '5.00', '17.00', '2.00', 'pending'],
      ['away', '3.60', 0, '0.00', '0.00', '-15.00', 'pending'],
    ]);
    const overUnder = data.markets.find((m: any) => m.type === 'over_under');
    expect(overUnder).toMatchObject({ line: '2.5', open_bets: 0, stakes: '0.00', liability: '0.00' });
    expect(overUnder.selections.map((s: any) => s.liability)).toEqual(['0.00', '0.00']);

    const list = await call('GET', `${API.admin.sportsFixtures}?competition_id=${data.competition.id}`);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ id: fixture.id, open_bets: 2, stakes: '15.00', liability: '6.00' });
  });

  it('filters fixtures by status, kick-off day and virtual, and flags real fixtures awaiting their result', async () => {
    const late = await createFixture(t.ctx.db, { startsAt: new Date(Date.now() - 3 * 3_600_000).toISOString() });
    const virtual = await createFixture(t.ctx.db, { isVirtual: true });
    const awaiting = await call('GET', `${API.admin.sportsFixtures}?status=awaiting_result&page_size=100`);
    expect(awaiting.status).toBe(200);
    const ids = awaiting.body.data.list.map((f: any) => f.id);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(virtual.id);
    expect(awaiting.body.data.list.find((f: any) => f.id === late.id).awaiting_result).toBe(true);

    const virtualOnly = await call('GET', `${API.admin.sportsFixtures}?virtual=1&page_size=100`);
    expect(virtualOnly.body.data.list.every((f: any) => f.is_virtual)).toBe(true);
    expect(virtualOnly.body.data.list.map((f: any) => f.id)).toContain(virtual.id);

    const today = saoPauloDay();
    const byDay = await call('GET', `${API.admin.sportsFixtures}?from=${today}&to=${today}&virtual=0&page_size=100`);
    expect(byDay.status).toBe(200);
    expect(byDay.body.data.list.every((f: any) => saoPauloDay(f.starts_at) === today && !f.is_virtual)).toBe(true);

    for (const bad of [
      'status=playing',
      'from=2025-13-01',
      'to=2025-02-30',
      'virtual=maybe',
      'page_size=101',
      'competition_id=abc',
      'from=2025-02-02&to=2025-02-01',
    ]) {
      const refused = await call('GET', `${API.admin.sportsFixtures}?${bad}`);
      expect(refused.status, bad).toBe(422);
    }
    expect((await call('GET', API.admin.sportsFixture(999_999_999))).body.error_code).toBe('SPORTS_FIXTURE_NOT_FOUND');
  });

  it("lists a competition's fixtures in a trader's order: live, then scheduled soonest first, then the rest newest first", async () => {
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const specs = [
      { status: 'finished' as const, startsAt: hours(-30) },
      { status: 'scheduled' as const, startsAt: hours(5) },
      { status: 'live' as const, startsAt: hours(-1) },
      { status: 'cancelled' as const, startsAt: hours(-2) },
      { status: 'scheduled' as const, startsAt: hours(2) },
    ];
    const fixtures: TestFixture[] = [];
    for (const spec of specs) fixtures.push(await createFixture(t.ctx.db, spec));
    const competitionId = Number(
      (await t.ctx.db.selectFrom('fixtures').select('competition_id').where('id', '=', fixtures[0]!.id).executeTakeFirstOrThrow())
        .competition_id,
    );
    await t.ctx.db
      .updateTable('fixtures')
      .set({ competition_id: competitionId })
      .where(
        'id',
        'in',
        fixtures.map((f) => f.id),
      )
      .execute();
    const list = await call('GET', `${API.admin.sportsFixtures}?competition_id=${competitionId}`);
    expect(list.body.data.list.map((f: any) => f.status)).toEqual(['live', 'scheduled', 'scheduled', 'cancelled', 'finished']);
    expect(list.body.data.list.map((f: any) => f.id)).toEqual([2, 4, 1, 3, 0].map((i) => fixtures[i]!.id));
    const page = await call('GET', `${API.admin.sportsFixtures}?competition_id=${competitionId}&page=2&page_size=2`);
    expect(page.body.data).toMatchObject({ total: 5, page: 2, page_size: 2 });
    expect(page.body.data.list.map((f: any) => f.id)).toEqual([fixtures[1]!.id, fixtures[3]!.id]);
  });

  it('refuses bad results clearly: scores out of range, before kick-off, a virtual match, both a score and a cancellation', async () => {
    const fixture = await createFixture(t.ctx.db);
    const url = API.admin.sportsFixtureResult(fixture.id);
    const bodies: [unknown, string[]][] = [
      [{ home_score: 2, away_score: 1 }, ['fixture']],
      [{ home_score: -1, away_score: 0 }, ['home_score']],
      [{ home_score: 1, away_score: 100 }, ['away_score']],
      [{ home_score: 1.5, away_score: 0 }, ['home_score']],
      [{ home_score: 'dois', away_score: 0 }, ['home_score']],
      [{ home_score: 1 }, ['away_score']],
      [{}, ['home_score', 'away_score']],
      [{ cancelled: false }, ['home_score', 'away_score']],
      [{ cancelled: true, home_score: 1, away_score: 0 }, ['cancelled']],
    ];
    for (const [body, fields] of bodies) {
      const refused = await call('POST', url, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.error_code, JSON.stringify(body)).toBe('SPORTS_RESULT_INVALID');
      expect(Object.keys(refused.body.errors ?? {}), JSON.stringify(body)).toEqual(fields);
    }
    expect((await call('POST', url, { home_score: 1, away_score: 0 })).body.message).toBe(
      'The match has not started: a result can only be entered after kick-off',
    );
    for (const body of [{ home_score: [1], away_score: 0 }, { home_score: 1, away_score: 0, extra: 1 }, { cancelled: 'yes' }]) {
      const refused = await call('POST', url, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    const virtual = await createFixture(t.ctx.db, { isVirtual: true, startsAt: new Date(Date.now() - 3_600_000).toISOString() });
    const onVirtual = await call('POST', API.admin.sportsFixtureResult(virtual.id), { home_score: 1, away_score: 0 });
    expect([onVirtual.status, onVirtual.body.error_code, onVirtual.body.message]).toEqual([
      422,
      'SPORTS_RESULT_INVALID',
      'Virtual matches are settled by the virtual league itself',
    ]);
    expect((await call('POST', API.admin.sportsFixtureResult(999_999_999), { home_score: 1, away_score: 0 })).status).toBe(404);
    const untouched = await t.ctx.db
      .selectFrom('fixture_results')
      .select('id')
      .where('fixture_id', 'in', [fixture.id, virtual.id])
      .execute();
    expect(untouched).toEqual([]);
  });

  it('enters a result that settles every bet, then a correction that moves only the difference', async () => {
    const [a, b, c] = await Promise.all([bettor('100.00'), bettor('100.00'), bettor('100.00')]);
    const fixture = await createFixture(t.ctx.db, { home: 'Bahia', away: 'Vitória' });
    const other = await createFixture(t.ctx.db, { home: 'Santos', away: 'São Paulo' });
    const [homeBet] = await place(a.token, 'single', '10.00', [[selectionOf(fixture, '1x2', 'home'), '2.10']]);
    const [drawBet] = await place(b.token, 'single', '5.00', [[selectionOf(fixture, '1x2', 'draw'), '3.40']]);
    // An accumulator: this fixture's over 2.5 and another fixture still to play (stays open).
    await place(c.token, 'accumulator', '4.00', [
      [selectionOf(fixture, 'over_under', 'over'), '1.90'],
      [selectionOf(other, '1x2', 'away'), '3.60'],
    ]);
    expect(homeBet?.potential_payout).toBe('21.00');
    await kickOffPassed(fixture.id);

    const entered = await call('POST', API.admin.sportsFixtureResult(fixture.id), { home_score: 2, away_score: 1 });
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    expect(entered.body.message).toBe('Result entered and bets settled');
    expect(entered.body.data).toMatchObject({
      correction: false,
      // A won, B lost; C's accumulator won its leg here and stays open on the other fixture.
      bets_changed: 2,
      paid_out: '21.00',
      taken_back: '0.00',
      net_paid: '21.00',
      shortfall: '0.00',
      entry: { version: 1, kind: 'result', home_score: 2, away_score: 1, operator_username: 'admin' },
      fixture: { status: 'finished', home_score: 2, away_score: 1, result_version: 1, open_bets: 1, stakes: '4.00' },
    });
    const settledMarkets = entered.body.data.fixture.markets;
    expect(settledMarkets.map((m: any) => m.status)).toEqual(['settled', 'settled']);
    expect(settledMarkets[0].selections.map((s: any) => [s.code, s.result])).toEqual([
      ['home', 'won'],
      ['draw', 'lost'],
      ['away', 'lost'],
    ]);
    expect([await cashOf(t, a.id), await cashOf(t, b.id), await cashOf(t, c.id)]).toEqual([11_100, 9_500, 9_600]);

    const corrected = await call('POST', API.admin.sportsFixtureResult(fixture.id), { home_score: 1, away_score: 1 });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.message).toBe('Result corrected and bets resettled');
    expect(corrected.body.data).toMatchObject({
      correction: true,
      // A's 21.00 comes back, B is paid 17.00; C's leg (over 2.5) now lost: the accumulator closes lost.
      bets_changed: 3,
      paid_out: '17.00',
      taken_back: '21.00',
      net_paid: '-4.00',
      entry: { version: 2, kind: 'result', home_score: 1, away_score: 1 },
      fixture: { status: 'finished', home_score: 1, away_score: 1, result_version: 2, open_bets: 0, stakes: '0.00' },
    });
    expect(corrected.body.data.fixture.results.map((r: any) => [r.version, r.home_score, r.away_score])).toEqual([
      [2, 1, 1],
      [1, 2, 1],
    ]);
    expect([await cashOf(t, a.id), await cashOf(t, b.id), await cashOf(t, c.id)]).toEqual([9_000, 11_200, 9_600]);
    const bets = await t.ctx.db
      .selectFrom('sport_bets')
      .select(['bet_no', 'status', 'paid_centavos'])
      .where('bet_no', 'in', [homeBet!.bet_no, drawBet!.bet_no])
      .orderBy('id')
      .execute();
    expect(bets.map((bet) => [bet.status, bet.paid_centavos])).toEqual([
      ['lost', 0],
      ['won', 1_700],
    ]);

    // The same result again: nothing moves and nothing more is audited.
    const again = await call('POST', API.admin.sportsFixtureResult(fixture.id), { home_score: 1, away_score: 1 });
    expect(again.body.data).toMatchObject({
      correction: false,
      bets_changed: 0,
      paid_out: '0.00',
      taken_back: '0.00',
      entry: { version: 2 },
    });
    expect([await cashOf(t, a.id), await cashOf(t, b.id)]).toEqual([9_000, 11_200]);

    const audit = await auditOf('sports.result_enter', fixture.id);
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[1]!.before_json!)).toMatchObject({ status: 'finished', home_score: 2, away_score: 1, result_version: 1 });
    expect(JSON.parse(audit[1]!.after_json!)).toMatchObject({
      status: 'finished',
      home_score: 1,
      away_score: 1,
      result_version: 2,
      paid_out: '17.00',
      taken_back: '21.00',
    });
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('cancels a fixture (even before kick-off): every stake on it comes back', async () => {
    const a = await bettor('50.00');
    const fixture = await createFixture(t.ctx.db);
    await place(a.token, 'single', '7.50', [[selectionOf(fixture, '1x2', 'away'), '3.60']]);
    expect(await cashOf(t, a.id)).toBe(4_250);
    const cancelled = await call('POST', API.admin.sportsFixtureResult(fixture.id), { cancelled: true });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      bets_changed: 1,
      paid_out: '7.50',
      entry: { kind: 'cancelled', home_score: null, away_score: null },
      fixture: { status: 'cancelled' },
    });
    expect(cancelled.body.data.fixture.markets.map((m: any) => m.status)).toEqual(['void', 'void']);
    expect(await cashOf(t, a.id)).toBe(5_000);
  });
});

describe('markets', () => {
  it('suspends and reopens a market with a new version each time, audited; bets are refused while suspended', async () => {
    const a = await bettor('20.00');
    const fixture = await createFixture(t.ctx.db);
    const market = marketOf(fixture, '1x2');
    const url = API.admin.sportsMarket(market.id);

    const suspended = await call('PATCH', url, { status: 'suspended' });
    expect(suspended.status).toBe(200);
    expect(suspended.body.message).toBe('Market suspended');
    expect(suspended.body.data).toMatchObject({ id: market.id, status: 'suspended', version: 2 });
    const refusedBet = await t.app.inject({
      method: 'POST',
      url: `${API.sports.place}?lang=en`,
      headers: bearer(a.token),
      payload: {
        request_id: `req-${randomBytes(8).toString('hex')}`,
        kind: 'single',
        stake: '1.00',
        selections: [{ selection_id: selectionOf(fixture, '1x2', 'home'), odds: '2.10' }],
      },
    });
    expect(json(refusedBet).error_code).toBe('SPORTS_MARKET_SUSPENDED');

    // Asking again for the state it has changes nothing.
    expect((await call('PATCH', url, { status: 'suspended' })).body.data.version).toBe(2);
    const reopened = await call('PATCH', url, { status: 'open' });
    expect(reopened.body.message).toBe('Market opened');
    expect(reopened.body.data).toMatchObject({ status: 'open', version: 3 });
    await place(a.token, 'single', '1.00', [[selectionOf(fixture, '1x2', 'home'), '2.10']]);

    const audit = await auditOf('sports.market_status', market.id);
    expect(audit.map((row) => [JSON.parse(row.before_json!).status, JSON.parse(row.after_json!).status])).toEqual([
      ['open', 'suspended'],
      ['suspended', 'open'],
    ]);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ fixture_id: fixture.id, type: '1x2', version: 2 });
  });

  it('five traders suspending one market at once: one new version, one audit row, every answer suspended', async () => {
    const fixture = await createFixture(t.ctx.db);
    const market = marketOf(fixture, '1x2');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('PATCH', API.admin.sportsMarket(market.id), { status: 'suspended' })),
    );
    expect(answers.map((a) => [a.status, a.body.data?.status])).toEqual(Array.from({ length: 5 }, () => [200, 'suspended']));
    const row = await t.ctx.db.selectFrom('markets').select(['status', 'version']).where('id', '=', market.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'suspended', version: 2 });
    expect(await auditOf('sports.market_status', market.id)).toHaveLength(1);
  });

  it('the same result entered twice at once pays once and records one version', async () => {
    const a = await bettor('30.00');
    const fixture = await createFixture(t.ctx.db);
    await place(a.token, 'single', '10.00', [[selectionOf(fixture, '1x2', 'home'), '2.10']]);
    await kickOffPassed(fixture.id);
    const answers = await Promise.all(
      [1, 2].map(() => call('POST', API.admin.sportsFixtureResult(fixture.id), { home_score: 1, away_score: 0 })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.data.paid_out).sort()).toEqual(['0.00', '21.00']);
    expect(await cashOf(t, a.id)).toBe(4_100);
    const entries = await t.ctx.db.selectFrom('fixture_results').select('version').where('fixture_id', '=', fixture.id).execute();
    expect(entries).toEqual([{ version: 1 }]);
    expect(await auditOf('sports.result_enter', fixture.id)).toHaveLength(1);
  });

  it('never reopens a settled or void market, nor one of a finished fixture; refuses bad input', async () => {
    const fixture = await createFixture(t.ctx.db, {}, [
      {
        type: '1x2',
        status: 'settled',
        selections: [
          { code: 'home', odds: 200 },
          { code: 'draw', odds: 300 },
          { code: 'away', odds: 400 },
        ],
      },
      {
        type: 'btts',
        status: 'void',
        selections: [
          { code: 'yes', odds: 180 },
          { code: 'no', odds: 190 },
        ],
      },
    ]);
    for (const market of fixture.markets) {
      const refused = await call('PATCH', API.admin.sportsMarket(market.id), { status: 'open' });
      expect([refused.status, refused.body.error_code, refused.body.message]).toEqual([
        422,
        'SPORTS_MARKET_CLOSED',
        'This market has been settled or voided and can no longer change',
      ]);
    }
    const over = await createFixture(t.ctx.db, { status: 'finished', startsAt: new Date(Date.now() - 7_200_000).toISOString() }, [
      {
        type: '1x2',
        status: 'suspended',
        selections: [
          { code: 'home', odds: 200 },
          { code: 'draw', odds: 300 },
          { code: 'away', odds: 400 },
        ],
      },
    ]);
    const reopen = await call('PATCH', API.admin.sportsMarket(over.markets[0]!.id), { status: 'open' });
    expect([reopen.status, reopen.body.error_code]).toEqual([422, 'SPORTS_MARKET_CLOSED']);

    const open = await createFixture(t.ctx.db);
    const url = API.admin.sportsMarket(marketOf(open, '1x2').id);
    for (const body of [{ status: 'settled' }, { status: 'void' }, {}, { status: 'open', version: 1 }, { status: 1 }]) {
      const refused = await call('PATCH', url, body);
      expect([refused.status, refused.body.error_code], JSON.stringify(body)).toEqual([422, 'VALIDATION_FAILED']);
    }
    expect((await call('PATCH', API.admin.sportsMarket(999_999_999), { status: 'open' })).status).toBe(404);
    expect((await call('PATCH', API.admin.sportsMarket('0'), { status: 'open' })).status).toBe(422);
    const rows = await t.ctx.db
      .selectFrom('markets')
      .select(['status', 'version'])
      .where('fixture_id', 'in', [fixture.id, over.id, open.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { status: 'settled', version: 1 },
      { status: 'void', version: 1 },
      { status: 'suspended', version: 1 },
      { status: 'open', version: 1 },
      { status: 'open', version: 1 },
    ]);
  });
});

describe('settings', () => {
  const valid = {
    default_margin_bp: 600,
    min_stake: '2.00',
    max_stake: '2500.00',
    max_payout: '80000.00',
    max_market_liability: '400000.00',
    max_legs: 10,
    cashout_margin_bp: 400,
  };

  it('shows the book settings and saves valid ones, audited', async () => {
    const shown = await call('GET', API.admin.sportsSettings);
    expect(shown.body.data).toMatchObject({
      default_margin_bp: 600,
      min_stake: '1.00',
      max_stake: '5000.00',
      max_payout: '100000.00',
      max_market_liability: '500000.00',
      max_legs: 12,
      cashout_margin_bp: 500,
    });
    const saved = await call('PUT', API.admin.sportsSettings, valid);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Sportsbook settings saved');
    expect(saved.body.data).toMatchObject({ settings: { ...valid }, repriced_fixtures: 0 });
    const row = await t.ctx.db.selectFrom('sportsbook_settings').selectAll().executeTakeFirstOrThrow();
    expect([row.min_stake_centavos, row.max_stake_centavos, row.max_payout_centavos, row.max_market_liability_centavos]).toEqual([
      200, 250_000, 8_000_000, 40_000_000,
    ]);
    const audit = await auditOf('sports.settings_update', 1);
    expect(JSON.parse(audit.at(-1)!.before_json!)).toMatchObject({ min_stake: '1.00', max_legs: 12 });
    expect(JSON.parse(audit.at(-1)!.after_json!)).toMatchObject({ min_stake: '2.00', max_legs: 10 });
    // Back to the defaults, for the other tests.
    const restored = await call('PUT', API.admin.sportsSettings, {
      ...valid,
      min_stake: '1.00',
      max_stake: '5000.00',
      max_payout: '100000.00',
      max_market_liability: '500000.00',
      max_legs: 12,
      cashout_margin_bp: 500,
    });
    expect(restored.status).toBe(200);
  });

  it('refuses settings that do not nest or are out of range, with the field named, and saves nothing', async () => {
    const before = await t.ctx.db.selectFrom('sportsbook_settings').selectAll().executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string][] = [
      [{ min_stake: '3000.00' }, 'min_stake'],
      [{ max_stake: '90000.00' }, 'max_stake'],
      [{ max_payout: '500000.01' }, 'max_payout'],
      [{ default_margin_bp: 2501 }, 'default_margin_bp'],
      [{ default_margin_bp: -1 }, 'default_margin_bp'],
      [{ default_margin_bp: 6.5 }, 'default_margin_bp'],
      [{ max_legs: 0 }, 'max_legs'],
      [{ max_legs: 21 }, 'max_legs'],
      [{ cashout_margin_bp: 5001 }, 'cashout_margin_bp'],
      [{ min_stake: '0' }, 'min_stake'],
      [{ min_stake: '1.001' }, 'min_stake'],
      [{ max_stake: '-5' }, 'max_stake'],
      [{ max_payout: 'muito' }, 'max_payout'],
      [{ max_market_liability: '1e9' }, 'max_market_liability'],
      [{ max_legs: undefined }, 'max_legs'],
      [{ extra: true }, 'extra'],
    ];
    for (const [change, field] of cases) {
      const refused = await call('PUT', API.admin.sportsSettings, { ...valid, ...change });
      expect(refused.status, JSON.stringify(change)).toBe(422);
      expect(refused.body.error_code).toBe('VALIDATION_FAILED');
      expect(Object.keys(refused.body.errors ?? {}), JSON.stringify(change)).toContain(field);
    }
    expect((await call('PUT', API.admin.sportsSettings, { ...valid, min_stake: '3000.00' })).body.errors).toEqual({
      min_stake: ['The minimum stake cannot exceed the maximum stake'],
    });
    expect(await t.ctx.db.selectFrom('sportsbook_settings').selectAll().executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe('competitions', () => {
  async function pricedFixture() {
    const competitionId = await createCompetition(t.ctx.db);
    const sport = await t.ctx.db.selectFrom('sports').select('id').where('code', '=', 'football').executeTakeFirstOrThrow();
    const team = async (name: string, attack: number, defence: number) =>
      (
        await t.ctx.db
          .insertInto('teams')
          .values({
            sport_id: sport.id,
            code: `adm-${randomBytes(4).toString('hex')}`,
            name,
            short_name: name.slice(0, 3).toUpperCase(),
            country: 'BR',
            attack,
            defence,
            color_primary: '#000000',
            color_secondary: '#ffffff',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const home = { attack: 1300, defence: 740 };
    const away = { attack: 1050, defence: 950 };
    const fixtureId = await createPricedFixture(t.ctx.db, {
      competitionId,
      homeTeamId: await team('Palmeiras', home.attack, home.defence),
      awayTeamId: await team('Fortaleza', away.attack, away.defence),
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    return { competitionId, fixtureId, ratings: { home, away } };
  }

  async function oneXTwo(fixtureId: number) {
    const market = await t.ctx.db
      .selectFrom('markets')
      .select(['id', 'margin_bp', 'version'])
      .where('fixture_id', '=', fixtureId)
      .where('type', '=', '1x2')
      .executeTakeFirstOrThrow();
    const selections = await t.ctx.db
      .selectFrom('selections')
      .select(['code', 'odds'])
      .where('market_id', '=', market.id)
      .orderBy('sort')
      .execute();
    return { ...market, odds: selections.map((s) => formatOdds(s.odds)) };
  }

  it('lists competitions with their effective margin', async () => {
    const { competitionId } = await pricedFixture();
    const list = await call('GET', API.admin.sportsCompetitions);
    expect(list.status).toBe(200);
    expect(list.body.data.find((c: any) => c.id === competitionId)).toMatchObject({
      name: 'Test Cup',
      sport: 'football',
      kind: 'league',
      enabled: true,
      margin_bp: null,
      effective_margin_bp: 600,
      upcoming_fixtures: 1,
      open_bets: 0,
      stakes: '0.00',
    });
  });

  it("a margin change reprices the competition's scheduled fixtures at the new margin, audited", async () => {
    const { competitionId, fixtureId, ratings } = await pricedFixture();
    const before = await oneXTwo(fixtureId);
    const fair = fairMarkets(scoreMatrix(expectedGoals(ratings.home, ratings.away))).find((m) => m.type === '1x2')!;
    expect(before.odds).toEqual(priceMarket(fair, 600).map((s) => formatOdds(s.odds)));

    const changed = await call('PATCH', API.admin.sportsCompetition(competitionId), { margin_bp: 1000 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.message).toBe('Competition saved');
    expect(changed.body.data).toMatchObject({ competition: { margin_bp: 1000, effective_margin_bp: 1000 }, repriced_fixtures: 1 });
    const after = await oneXTwo(fixtureId);
    expect(after.margin_bp).toBe(1000);
    expect(after.version).toBe(before.version + 1);
    expect(after.odds).toEqual(priceMarket(fair, 1000).map((s) => formatOdds(s.odds)));
    const implied = priceMarket(fair, 1000).reduce((sum, s) => sum + 100 / s.odds, 0);
    expect(implied).toBeGreaterThanOrEqual(1.1);
    expect(implied).toBeLessThan(1.11);
    const markets = await t.ctx.db.selectFrom('markets').select('margin_bp').where('fixture_id', '=', fixtureId).execute();
    expect(markets.every((m) => m.margin_bp === 1000)).toBe(true);

    // Back to the book's default, and hidden: one audit row per change.
    const reset = await call('PATCH', API.admin.sportsCompetition(competitionId), { margin_bp: null, enabled: false });
    expect(reset.body.data).toMatchObject({
      competition: { margin_bp: null, effective_margin_bp: 600, enabled: false },
      repriced_fixtures: 1,
    });
    expect((await oneXTwo(fixtureId)).odds).toEqual(before.odds);
    // Unchanged values change nothing.
    expect((await call('PATCH', API.admin.sportsCompetition(competitionId), { enabled: false })).body.data.repriced_fixtures).toBe(0);
    const audit = await auditOf('sports.competition_update', competitionId);
    expect(audit.map((row) => [JSON.parse(row.before_json!), JSON.parse(row.after_json!)])).toEqual([
      [expect.objectContaining({ margin_bp: null, enabled: true }), expect.objectContaining({ margin_bp: 1000, enabled: true })],
      [expect.objectContaining({ margin_bp: 1000, enabled: true }), expect.objectContaining({ margin_bp: null, enabled: false })],
    ]);
  });

  it('refuses margins out of range and unknown competitions', async () => {
    const competitionId = await createCompetition(t.ctx.db);
    for (const body of [{ margin_bp: 2501 }, { margin_bp: -5 }, { margin_bp: '600' }, { enabled: 'yes' }, { name: 'x' }]) {
      const refused = await call('PATCH', API.admin.sportsCompetition(competitionId), body);
      expect([refused.status, refused.body.error_code], JSON.stringify(body)).toEqual([422, 'VALIDATION_FAILED']);
    }
    expect((await call('PATCH', API.admin.sportsCompetition(999_999_999), { enabled: false })).status).toBe(404);
  });
});

describe('liability board', () => {
  it('ranks the markets of undecided fixtures by their worst case', async () => {
    const a = await bettor('500.00');
    const fixture = await createFixture(t.ctx.db, { home: 'Ceará', away: 'Sport' });
    await place(a.token, 'single', '300.00', [[selectionOf(fixture, '1x2', 'away'), '3.60']]);
    await place(a.token, 'single', '50.00', [[selectionOf(fixture, '1x2', 'home'), '2.10']]);
    const board = await call('GET', `${API.admin.sportsLiability}?limit=100`);
    expect(board.status).toBe(200);
    expect(board.body.data.max_market_liability).toBe('500000.00');
    const row = board.body.data.list.find((r: any) => r.fixture_id === fixture.id);
    // Away pays 1080.00 out of 350.00 staked.
    expect(row).toMatchObject({
      fixture_name: 'Ceará x Sport',
      market_type: '1x2',
      worst_selection: 'away',
      worst_odds: '3.60',
      open_bets: 2,
      stakes: '350.00',
      potential_payout: '1080.00',
      liability: '730.00',
      limit_used: '0.15',
    });
    const liabilities = board.body.data.list.map((r: any) => Number(r.liability));
    expect(liabilities).toEqual([...liabilities].sort((x, y) => y - x));
    expect((await call('GET', `${API.admin.sportsLiability}?limit=0`)).status).toBe(422);
  });
});

describe('GGR report', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp();
  });
  afterAll(async () => {
    expect(await verifyLedger(r.ctx.db)).toEqual([]);
    await r.close();
  });

  it('sums stakes, payouts (wins, refunds, cash-outs) and GGR to the centavo, by day and competition, against the ledger', async () => {
    const rAdmin = await adminToken(r.app);
    const request = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
      const response = await r.app.inject({
        method,
        url: `${url}${url.includes('?') ? '&' : '?'}lang=en`,
        headers: bearer(token),
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return json(response).data;
    };
    const player = async (reais: string) => {
      const member = await registerMember(r.app);
      await fundMember(r, member.token, reais);
      return member.token;
    };
    const bet = (token: string, kind: 'single' | 'accumulator', stake: string, legs: [number, string][]) =>
      request('POST', API.sports.place, token, {
        request_id: `req-${randomBytes(8).toString('hex')}`,
        kind,
        stake,
        accept_odds: 'none',
        selections: legs.map(([selection_id, odds]) => ({ selection_id, odds })),
      });

    const [p1, p2, p3, p4] = await Promise.all([player('200.00'), player('200.00'), player('200.00'), player('200.00')]);
    const first = await createFixture(r.ctx.db, { home: 'Corinthians', away: 'Cruzeiro' });
    const second = await createFixture(r.ctx.db, { home: 'Botafogo', away: 'Vasco da Gama' });
    const third = await createFixture(r.ctx.db, { home: 'Atlético Mineiro', away: 'Bragantino' });
    await bet(p1, 'single', '10.00', [[selectionOf(first, '1x2', 'home'), '2.10']]); // wins 21.00
    await bet(p2, 'single', '5.00', [[selectionOf(first, '1x2', 'draw'), '3.40']]); // loses
    await bet(p3, 'single', '20.00', [[selectionOf(second, 'over_under', 'over'), '1.90']]); // void: 20.00 back
    await bet(p4, 'accumulator', '10.00', [
      [selectionOf(first, '1x2', 'home'), '2.10'],
      [selectionOf(second, '1x2', 'home'), '2.10'],
    ]); // first leg won, second void: wins at 2.10 -> 21.00
    const [cashedOut] = (await bet(p4, 'single', '8.00', [[selectionOf(third, '1x2', 'away'), '3.60']])).bets;
    await bet(p1, 'single', '7.00', [[selectionOf(third, '1x2', 'home'), '2.10']]); // stays open
    const offer = (await request('POST', API.sports.myBets, p4, { status: 'open' })).list.find(
      (b: any) => b.bet_no === cashedOut.bet_no,
    ).cashout;
    expect(offer).toMatch(/^\d+\.\d{2}$/);
    await request('POST', API.sports.cashout, p4, { bet_no: cashedOut.bet_no, amount: offer });
    const cashOutCentavos = Math.round(Number(offer) * 100);

    await r.ctx.db
      .updateTable('fixtures')
      .set({ starts_at: new Date(Date.now() - 7_200_000).toISOString() })
      .where('id', '=', first.id)
      .execute();
    await request('POST', API.admin.sportsFixtureResult(first.id), rAdmin, { home_score: 2, away_score: 0 });
    await request('POST', API.admin.sportsFixtureResult(second.id), rAdmin, { cancelled: true });

    const today = saoPauloDay();
    const report = await request('GET', `${API.admin.sportsReport}?from=${today}&to=${today}`, rAdmin);
    const names = await r.ctx.db
      .selectFrom('competitions')
      .innerJoin('fixtures', 'fixtures.competition_id', 'competitions.id')
      .select(['fixtures.id', 'competitions.id as competition_id'])
      .where('fixtures.id', 'in', [first.id, second.id, third.id])
      .execute();
    const competitionOf = (fixtureId: number) => names.find((n) => n.id === fixtureId)!.competition_id;

    const money = (centavos: number) =>
      `${centavos < 0 ? '-' : ''}${Math.floor(Math.abs(centavos) / 100)}.${String(Math.abs(centavos) % 100).padStart(2, '0')}`;
    const stakes = 1_000 + 500 + 2_000 + 1_000 + 800;
    const payouts = 2_100 + 0 + 2_000 + 2_100 + cashOutCentavos;
    expect(report.totals).toEqual({
      bets: 5,
      stakes: money(stakes),
      payouts: money(payouts),
      ggr: money(stakes - payouts),
      margin: expect.any(String),
    });
    expect(report.days).toEqual([{ day: today, ...report.totals, ledger: money(stakes + 700 - payouts) }]);
    expect(report.competitions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          competition_id: competitionOf(first.id),
          bets: 2,
          stakes: '15.00',
          payouts: '21.00',
          ggr: '-6.00',
          margin: '-40.00',
        }),
        expect.objectContaining({
          competition_id: competitionOf(second.id),
          bets: 1,
          stakes: '20.00',
          payouts: '20.00',
          ggr: '0.00',
          margin: '0.00',
        }),
        expect.objectContaining({ competition_id: null, competition: '', bets: 1, stakes: '10.00', payouts: '21.00', ggr: '-11.00' }),
        expect.objectContaining({ competition_id: competitionOf(third.id), bets: 1, stakes: '8.00', payouts: money(cashOutCentavos) }),
      ]),
    );
    expect(report.competitions).toHaveLength(4);
    expect(report.rows).toHaveLength(4);
    // The ledger: every stake taken (the open 7.00 too) less every payout, on the house account.
    const houseEntries = await r.ctx.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .where('ledger_accounts.kind', '=', 'sportsbook_house')
      .where('ledger_accounts.member_id', 'is', null)
      .select((eb) => eb.fn.sum<number>('ledger_entries.amount_centavos').as('sum'))
      .executeTakeFirstOrThrow();
    expect(Number(houseEntries.sum)).toBe(stakes + 700 - payouts);
    expect(report.ledger).toMatchObject({
      house_net: money(stakes + 700 - payouts),
      open_stakes: '7.00',
      difference: '7.00',
    });
    const byCode = Object.fromEntries(report.ledger.by_code.map((c: any) => [c.code, c.amount]));
    expect(Object.values(byCode).reduce((sum: number, amount) => sum + Math.round(Number(amount) * 100), 0)).toBe(stakes + 700 - payouts);
    expect(byCode.sport_bet).toBe(money(stakes + 700));

    // Other periods: nothing settled; bad ranges refused.
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const empty = await request('GET', `${API.admin.sportsReport}?from=${yesterday}&to=${yesterday}`, rAdmin);
    expect(empty.totals).toEqual({ bets: 0, stakes: '0.00', payouts: '0.00', ggr: '0.00', margin: null });
    for (const bad of [`from=${today}&to=${yesterday}`, 'from=2024-02-30', 'to=hoje', 'from=2020-01-01&to=2022-01-01']) {
      const refused = await r.app.inject({ method: 'GET', url: `${API.admin.sportsReport}?${bad}`, headers: bearer(rAdmin) });
      expect(refused.statusCode, bad).toBe(422);
    }
  }, 60_000);
});
