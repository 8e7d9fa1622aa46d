import { randomBytes } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../db/database.ts';
import { fundMember } from '../../../test/promotions-helpers.ts';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../../test/test-app.ts';
import { verifyLedger } from '../../../platform/ledger/ledger-verify.ts';
import { saoPauloDay } from '../../../lib/sao-paulo.ts';
import { StatementRecorder, unitOf, workOf } from '../../../test/statements.ts';
import { cashOf } from '../../withdrawals/withdrawals.test-helpers.ts';
import { requestKeyOf } from './betting.service.ts';
import { createFixture, selectionOf, setSportsbookSettings, type TestFixture, updateMarket } from './test-fixtures.ts';

/**
 * Placing sports bets against a real database (SQLite and PostgreSQL): prices re-checked at
 * placement under the player's policy, every bad input of the issue refused with nothing written,
 * limits and liability, idempotent retries, concurrent bets that never overdraw, and a market
 * suspended while 50 bets are in flight. Every stake is one ledger transfer; the ledger stays sound.
 */

let t: TestApp;
const recorder = new StatementRecorder();
beforeAll(async () => {
  t = await createTestApp({}, { onStatement: recorder.hook });
});
afterAll(async () => {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
  await t.close();
});

const requestId = () => `req-${randomBytes(8).toString('hex')}`;

async function bettor(reais = '100.00') {
  const member = await registerMember(t.app);
  if (reais !== '0.00') await fundMember(t, member.token, reais);
  return { id: member.id, token: member.token };
}

async function place(token: string | undefined, body: Record<string, unknown>, lang = 'en') {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API.sports.place}?lang=${lang}`,
    headers: token ? bearer(token) : {},
    payload: { request_id: requestId(), accept_odds: 'none', ...body },
  });
  return { status: response.statusCode, body: json(response) as ReturnType<typeof json> & { changes?: unknown[] } };
}

async function myBets(token: string, body: Record<string, unknown> = {}) {
  const response = await t.app.inject({ method: 'POST', url: `${API.sports.myBets}?lang=en`, headers: bearer(token), payload: body });
  return { status: response.statusCode, body: json(response) };
}

async function betsOf(memberId: number) {
  return t.ctx.db.selectFrom('sport_bets').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
}

async function stakeTransfers(betNo: string) {
  return t.ctx.db
    .selectFrom('ledger_transfers')
    .innerJoin('ledger_entries', 'ledger_entries.transfer_id', 'ledger_transfers.id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(['ledger_transfers.code', 'ledger_entries.amount_centavos', 'ledger_accounts.kind', 'ledger_accounts.member_id'])
    .where('ledger_transfers.idempotency_key', '=', `sportbet:${betNo}:stake`)
    .orderBy('ledger_entries.amount_centavos')
    .execute();
}

const leg = (selectionId: number, odds: string) => ({ selection_id: selectionId, odds });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('placing bets', () => {
  it('asks a visitor to log in', async () => {
    const fixture = await createFixture(t.ctx.db);
    const r = await place(undefined, { kind: 'single', stake: '5.00', selections: [leg(selectionOf(fixture, '1x2', 'home'), '2.10')] });
    expect(r.status).toBe(401);
    expect(r.body.error_code).toBe('NOT_LOGGED_IN');
    expect(r.body.message).toBe('Currently not logged in, please log in first');
  });

  it('places singles at the current prices: one bet and one stake transfer per selection', async () => {
    const p = await bettor('100.00');
    const fixture = await createFixture(t.ctx.db);
    const home = selectionOf(fixture, '1x2', 'home');
    const over = selectionOf(fixture, 'over_under', 'over');
    const r = await place(p.token, { kind: 'single', stake: '10.00', selections: [leg(home, '2.10'), leg(over, '1.90')] });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Bet placed');
    const bets = r.body.data.bets;
    expect(bets).toHaveLength(2);
    expect(bets.map((b: any) => [b.kind, b.stake, b.total_odds, b.potential_payout, b.status, b.paid])).toEqual([
      ['single', '10.00', '2.10', '21.00', 'open', '0.00'],
      ['single', '10.00', '1.90', '19.00', 'open', '0.00'],
    ]);
    expect(bets[0].legs).toEqual([
      expect.objectContaining({
        fixture_id: fixture.id,
        fixture_name: 'Palmeiras x Flamengo',
        fixture_status: 'scheduled',
        market_type: '1x2',
        line: null,
        selection_id: home,
        selection_code: 'home',
        odds: '2.10',
        result: 'pending',
      }),
    ]);
    expect(bets[1].legs[0]).toMatchObject({ market_type: 'over_under', line: '2.5', selection_code: 'over', odds: '1.90' });
    for (const bet of bets) expect(bet.bet_no).toMatch(/^SB\d{8}[A-Z0-9]{8}$/);
    expect(r.body.data.balance).toBe('80.00');
    expect(await cashOf(t, p.id)).toBe(8_000);

    const stored = await betsOf(p.id);
    expect(stored.map((b) => [b.stake_centavos, b.total_odds, b.potential_payout_centavos])).toEqual([
      [1_000, 210, 2_100],
      [1_000, 190, 1_900],
    ]);
    expect(await stakeTransfers(bets[0].bet_no)).toEqual([
      { code: 'sport_bet', amount_centavos: -1_000, kind: 'cash', member_id: p.id },
      { code: 'sport_bet', amount_centavos: 1_000, kind: 'sportsbook_house', member_id: null },
    ]);
  });

  it('prices a three-leg accumulator exactly (the product of the odds and the payout, each rounded down once)', async () => {
    const p = await bettor('100.00');
    const a = await createFixture(t.ctx.db, {}, [{ selections: [{ code: 'home', odds: 210 }] }]);
    const b = await createFixture(t.ctx.db, { home: 'Corinthians', away: 'São Paulo' }, [{ selections: [{ code: 'draw', odds: 187 }] }]);
    const c = await createFixture(t.ctx.db, { home: 'Grêmio', away: 'Internacional' }, [{ selections: [{ code: 'away', odds: 333 }] }]);
    const slip = {
      request_id: requestId(),
      kind: 'accumulator',
      stake: '7.77',
      selections: [
        leg(selectionOf(a, '1x2', 'home'), '2.10'),
        leg(selectionOf(b, '1x2', 'draw'), '1.87'),
        leg(selectionOf(c, '1x2', 'away'), '3.33'),
      ],
    };
    const r = await place(p.token, slip);
    expect(r.status).toBe(200);
    // A retry reads the stored bet and its legs back: the same answer, leg for leg.
    expect((await place(p.token, slip)).body.data.bets).toEqual(r.body.data.bets);
    // 2.10 x 1.87 x 3.33 = 13.076910 -> 13.07 (rounded down once); 7.77 x 13.07 = 101.5539 -> 101.55.
    expect(r.body.data.bets).toHaveLength(1);
    const bet = r.body.data.bets[0];
    expect([bet.kind, bet.stake, bet.total_odds, bet.potential_payout]).toEqual(['accumulator', '7.77', '13.07', '101.55']);
    expect(bet.legs.map((l: any) => [l.fixture_name, l.selection_code, l.odds])).toEqual([
      ['Palmeiras x Flamengo', 'home', '2.10'],
      ['Corinthians x São Paulo', 'draw', '1.87'],
      ['Grêmio x Internacional', 'away', '3.33'],
    ]);
    expect(await cashOf(t, p.id)).toBe(10_000 - 777);
    const legs = await t.ctx.db
      .selectFrom('sport_bet_legs')
      .selectAll()
      .where('bet_id', '=', (await betsOf(p.id))[0]!.id)
      .execute();
    expect(legs.map((l) => l.odds)).toEqual([210, 187, 333]);
  });
});

describe('responsible gaming on a placement', () => {
  const today = () => saoPauloDay(new Date().toISOString());
  async function usageOf(memberId: number) {
    const row = await t.ctx.db
      .selectFrom('responsible_usage')
      .select('stake_centavos')
      .where('member_id', '=', memberId)
      .where('day', '=', today())
      .executeTakeFirst();
    return row?.stake_centavos ?? 0;
  }

  it('places a single in at most 8 statements of its own, the ledger included; each bet counts its stake on the day', async () => {
    const p = await bettor('100.00');
    const fixture = await createFixture(t.ctx.db);
    const home = selectionOf(fixture, '1x2', 'home');
    const over = selectionOf(fixture, 'over_under', 'over');
    expect((await place(p.token, { kind: 'single', stake: '1.00', selections: [leg(home, '2.10')] })).status).toBe(200);
    const { result, statements } = await recorder.during(() =>
      place(p.token, { kind: 'single', stake: '2.00', selections: [leg(home, '2.10')] }),
    );
    expect(result.status).toBe(200);
    const work = workOf(unitOf(t.ctx.db, statements));
    expect(work.length).toBeLessThanOrEqual(8);
    expect(work.filter((s) => /responsible_usage/.test(s))).toEqual([]);
    expect(await usageOf(p.id)).toBe(300);

    // Two singles in one slip: both stakes counted, each on its own bet.
    expect((await place(p.token, { kind: 'single', stake: '5.00', selections: [leg(home, '2.10'), leg(over, '1.90')] })).status).toBe(200);
    expect(await usageOf(p.id)).toBe(1_300);
    const stored = await betsOf(p.id);
    expect(stored.map((b) => [b.stake_centavos, b.usage_day])).toEqual([
      [100, today()],
      [200, today()],
      [500, today()],
      [500, today()],
    ]);
  });

  it('checks a slip of singles against a wager limit with all its stakes together, and counts nothing refused', async () => {
    const p = await bettor('100.00');
    const limit = await t.app.inject({
      method: 'POST',
      url: API.responsible.limits,
      headers: bearer(p.token),
      payload: { kind: 'wager', period: 'day', value: 1_500 },
    });
    expect(limit.statusCode).toBe(200);
    const fixture = await createFixture(t.ctx.db);
    const home = selectionOf(fixture, '1x2', 'home');
    const over = selectionOf(fixture, 'over_under', 'over');
    // Each single of R$ 10,00 is under the limit; the two together are not.
    const both = await place(p.token, { kind: 'single', stake: '10.00', selections: [leg(home, '2.10'), leg(over, '1.90')] });
    expect([both.status, both.body.error_code]).toEqual([403, 'WAGER_LIMIT_REACHED']);
    expect(await betsOf(p.id)).toEqual([]);
    expect(await usageOf(p.id)).toBe(0);
    expect(await cashOf(t, p.id)).toBe(10_000);
    expect((await place(p.token, { kind: 'single', stake: '10.00', selections: [leg(home, '2.10')] })).status).toBe(200);
    expect(await usageOf(p.id)).toBe(1_000);
  });
});

describe('odds changes', () => {
  async function moved() {
    const p = await bettor('100.00');
    const fixture = await createFixture(t.ctx.db);
    const home = selectionOf(fixture, '1x2', 'home');
    return { p, fixture, home };
  }

  it("'none' refuses any difference with every moved price in the body, and places nothing", async () => {
    const { p, fixture, home } = await moved();
    const draw = selectionOf(fixture, '1x2', 'draw');
    for (const clientOdds of ['2.50', '2.00']) {
      const r = await place(p.token, { kind: 'single', stake: '5.00', selections: [leg(home, clientOdds), leg(draw, '3.40')] });
      expect(r.status).toBe(409);
      expect(r.body.error_code).toBe('SPORTS_ODDS_CHANGED');
      expect(r.body.changes).toEqual([{ selection_id: home, odds: '2.10', status: 'open' }]);
    }
    expect(await betsOf(p.id)).toEqual([]);
    expect(await cashOf(t, p.id)).toBe(10_000);
  });

  it("'higher' takes a better price at the current odds and refuses a worse one", async () => {
    const { p, home } = await moved();
    const worse = await place(p.token, { kind: 'single', stake: '5.00', accept_odds: 'higher', selections: [leg(home, '2.50')] });
    expect(worse.status).toBe(409);
    expect(worse.body.error_code).toBe('SPORTS_ODDS_CHANGED');
    const better = await place(p.token, { kind: 'single', stake: '5.00', accept_odds: 'higher', selections: [leg(home, '2.00')] });
    expect(better.status).toBe(200);
    expect(better.body.data.bets[0].total_odds).toBe('2.10');
    expect(better.body.data.bets[0].potential_payout).toBe('10.50');
  });

  it("'any' places at the current price, whatever the slip showed (a tampered price gains nothing)", async () => {
    const { p, home } = await moved();
    const r = await place(p.token, { kind: 'single', stake: '5.00', accept_odds: 'any', selections: [leg(home, '99.00')] });
    expect(r.status).toBe(200);
    expect(r.body.data.bets[0].total_odds).toBe('2.10');
    expect((await betsOf(p.id))[0]!.potential_payout_centavos).toBe(1_050);
  });

  it('a price moved by the feed after the slip was built is caught at placement', async () => {
    const { p, fixture, home } = await moved();
    await updateMarket(t.ctx.db, fixture.markets[0]!.id, { odds: { [home]: 195 } });
    const r = await place(p.token, { kind: 'single', stake: '5.00', selections: [leg(home, '2.10')] });
    expect(r.status).toBe(409);
    expect(r.body.changes).toEqual([{ selection_id: home, odds: '1.95', status: 'open' }]);
    const again = await place(p.token, { kind: 'single', stake: '5.00', selections: [leg(home, '1.95')] });
    expect(again.status).toBe(200);
    expect(again.body.data.bets[0].potential_payout).toBe('9.75');
  });
});

describe('bad input is refused clearly and moves nothing', () => {
  let p: { id: number; token: string };
  let fixture: TestFixture;
  let home: number;
  beforeAll(async () => {
    p = await bettor('100.00');
    fixture = await createFixture(t.ctx.db);
    home = selectionOf(fixture, '1x2', 'home');
  });

  async function refused(body: Record<string, unknown>, status: number, code: string, lang = 'en') {
    const r = await place(p.token, body, lang);
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.body.error_code).toBe(code);
    expect(await betsOf(p.id)).toEqual([]);
    expect(await cashOf(t, p.id)).toBe(10_000);
    return r.body;
  }

  it('a stake of zero, negative, with fractions of a centavo or not a number', async () => {
    for (const stake of ['0', '0.00', 0, '-1.00', -5, '1.001', 1.005, 'abc', '', '1e3']) {
      const body = await refused({ kind: 'single', stake, selections: [leg(home, '2.10')] }, 422, 'VALIDATION_FAILED');
      expect(body.errors?.stake).toBeDefined();
    }
  });

  it('a stake under the minimum or above the maximum, with the limit in the message', async () => {
    const low = await refused({ kind: 'single', stake: '0.99', selections: [leg(home, '2.10')] }, 422, 'SPORTS_STAKE_BELOW_MIN', 'pt');
    expect(low.message).toBe('A aposta mínima é R$ 1,00');
    const high = await refused({ kind: 'single', stake: '5000.01', selections: [leg(home, '2.10')] }, 422, 'SPORTS_STAKE_ABOVE_MAX', 'pt');
    expect(high.message).toBe('A aposta máxima é R$ 5.000,00');
    const en = await refused({ kind: 'single', stake: '5000.01', selections: [leg(home, '2.10')] }, 422, 'SPORTS_STAKE_ABOVE_MAX');
    expect(en.message).toBe('The maximum stake is R$5,000.00');
  });

  it('a selection that does not exist', async () => {
    const body = await refused(
      { kind: 'single', stake: '5.00', selections: [leg(home, '2.10'), leg(999_999_999, '2.00')] },
      422,
      'SPORTS_SELECTION_UNKNOWN',
    );
    expect(body.errors).toEqual({ 'selections.1.selection_id': ['This selection is not available'] });
  });

  it('a selection of a finished, cancelled or kicked-off fixture, or of a settled or void market', async () => {
    for (const status of ['finished', 'cancelled'] as const) {
      const over = await createFixture(t.ctx.db, { status, homeScore: 2, awayScore: 1 });
      const body = await refused(
        { kind: 'single', stake: '5.00', selections: [leg(selectionOf(over, '1x2', 'home'), '2.10')] },
        422,
        'SPORTS_MARKET_CLOSED',
      );
      expect(body.message).toBe('Betting on this market is closed');
    }
    // Still 'scheduled' a second after its kick-off: the pre-match price is no longer taken.
    const kickedOff = await createFixture(t.ctx.db, { startsAt: new Date(Date.now() - 1_000).toISOString() });
    await refused(
      { kind: 'single', stake: '5.00', selections: [leg(selectionOf(kickedOff, '1x2', 'home'), '2.10')] },
      422,
      'SPORTS_MARKET_CLOSED',
    );
    for (const status of ['settled', 'void'] as const) {
      const closed = await createFixture(t.ctx.db, { status: 'live' }, [{ status, selections: [{ code: 'home', odds: 210 }] }]);
      await refused(
        { kind: 'single', stake: '5.00', selections: [leg(selectionOf(closed, '1x2', 'home'), '2.10')] },
        422,
        'SPORTS_MARKET_CLOSED',
      );
    }
  });

  it('a selection of a competition the trader switched off', async () => {
    const fixture = await createFixture(t.ctx.db);
    const row = await t.ctx.db.selectFrom('fixtures').select('competition_id').where('id', '=', fixture.id).executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('competitions').set({ enabled: 0 }).where('id', '=', row.competition_id).execute();
    try {
      await refused(
        { kind: 'single', stake: '5.00', selections: [leg(selectionOf(fixture, '1x2', 'home'), '2.10')] },
        422,
        'SPORTS_MARKET_CLOSED',
      );
    } finally {
      await t.ctx.db.updateTable('competitions').set({ enabled: 1 }).where('id', '=', row.competition_id).execute();
    }
  });

  it('a suspended market', async () => {
    const live = await createFixture(t.ctx.db, { status: 'live', minute: 30 });
    await updateMarket(t.ctx.db, live.markets[0]!.id, { status: 'suspended' });
    const body = await refused(
      { kind: 'single', stake: '5.00', selections: [leg(selectionOf(live, '1x2', 'home'), '2.10')] },
      422,
      'SPORTS_MARKET_SUSPENDED',
    );
    expect(body.message).toBe('This market is suspended. Try again in a moment');
  });

  it('two legs of the same fixture in one accumulator', async () => {
    const body = await refused(
      { kind: 'accumulator', stake: '5.00', selections: [leg(home, '2.10'), leg(selectionOf(fixture, 'over_under', 'over'), '1.90')] },
      422,
      'SPORTS_SAME_FIXTURE',
    );
    expect(body.message).toBe('An accumulator cannot have two selections from the same match');
  });

  it('an accumulator of one selection, too many legs, the same selection twice', async () => {
    await refused({ kind: 'accumulator', stake: '5.00', selections: [leg(home, '2.10')] }, 422, 'VALIDATION_FAILED');
    await refused({ kind: 'single', stake: '5.00', selections: [leg(home, '2.10'), leg(home, '2.10')] }, 422, 'VALIDATION_FAILED');
    const others = await Promise.all([1, 2, 3].map(() => createFixture(t.ctx.db)));
    await setSportsbookSettings(t.ctx.db, { max_legs: 2 });
    try {
      await refused(
        { kind: 'accumulator', stake: '5.00', selections: others.map((f) => leg(selectionOf(f, '1x2', 'home'), '2.10')) },
        422,
        'SPORTS_TOO_MANY_LEGS',
      );
    } finally {
      await setSportsbookSettings(t.ctx.db, { max_legs: 12 });
    }
  });

  it('malformed slips: no selections, odds not a price, an unknown kind or policy, extra fields, a huge id', async () => {
    const bodies: Record<string, unknown>[] = [
      { kind: 'single', stake: '5.00', selections: [] },
      { kind: 'single', stake: '5.00', selections: [leg(home, '2.1')] },
      { kind: 'single', stake: '5.00', selections: [leg(home, '0.50')] },
      { kind: 'single', stake: '5.00', selections: [{ selection_id: home, odds: 2.1 }] },
      { kind: 'system', stake: '5.00', selections: [leg(home, '2.10')] },
      { kind: 'single', stake: '5.00', accept_odds: 'lower', selections: [leg(home, '2.10')] },
      { kind: 'single', stake: '5.00', selections: [leg(home, '2.10')], member_id: 1 },
      { kind: 'single', stake: '5.00', selections: [{ selection_id: 2 ** 60, odds: '2.10' }] },
      { kind: 'single', stake: '5.00', selections: [leg(home, '2.10')], request_id: 'short' },
      { kind: 'single', stake: { reais: 5 }, selections: [leg(home, '2.10')] },
    ];
    for (const body of bodies) await refused(body, 422, 'VALIDATION_FAILED');
  });

  it('a payout above the maximum', async () => {
    const longshot = await createFixture(t.ctx.db, {}, [{ type: 'correct_score', selections: [{ code: '4-4', odds: 100_000 }] }]);
    const body = await refused(
      { kind: 'single', stake: '100.01', selections: [leg(selectionOf(longshot, 'correct_score', '4-4'), '1000.00')] },
      422,
      'SPORTS_PAYOUT_ABOVE_MAX',
      'pt',
    );
    expect(body.message).toBe('O prêmio máximo é R$ 100.000,00');
  });

  it('a stake above the balance: INSUFFICIENT_FUNDS and nothing written', async () => {
    await refused({ kind: 'single', stake: '100.01', selections: [leg(home, '2.10')] }, 422, 'INSUFFICIENT_FUNDS');
    // Singles take every stake or none: two of 60.00 cannot both be paid from 100.00.
    await refused(
      { kind: 'single', stake: '60.00', selections: [leg(home, '2.10'), leg(selectionOf(fixture, '1x2', 'away'), '3.60')] },
      422,
      'INSUFFICIENT_FUNDS',
    );
  });
});

describe('liability per market', () => {
  it("refuses a bet that would take the book's worst case on a market above the limit, and takes bets that balance it", async () => {
    const p = await bettor('500.00');
    const fixture = await createFixture(t.ctx.db, {}, [
      {
        selections: [
          { code: 'home', odds: 300 },
          { code: 'draw', odds: 340 },
          { code: 'away', odds: 200 },
        ],
      },
    ]);
    const home = selectionOf(fixture, '1x2', 'home');
    const away = selectionOf(fixture, '1x2', 'away');
    await setSportsbookSettings(t.ctx.db, { max_market_liability_centavos: 10_000 });
    try {
      // Home wins: pays 120.00 against 40.00 staked -> the book's worst case is 80.00.
      expect((await place(p.token, { kind: 'single', stake: '40.00', selections: [leg(home, '3.00')] })).status).toBe(200);
      // Another 20.00 on home: pays 180.00 against 60.00 -> 120.00 > 100.00.
      const over = await place(p.token, { kind: 'single', stake: '20.00', selections: [leg(home, '3.00')] });
      expect(over.status).toBe(422);
      expect(over.body.error_code).toBe('SPORTS_LIABILITY_EXCEEDED');
      // 30.00 on away (pays 60.00 against 70.00 staked): fine, and it makes room on home.
      expect((await place(p.token, { kind: 'single', stake: '30.00', selections: [leg(away, '2.00')] })).status).toBe(200);
      // Home now: 180.00 against 90.00 -> 90.00.
      expect((await place(p.token, { kind: 'single', stake: '20.00', selections: [leg(home, '3.00')] })).status).toBe(200);
      const last = await place(p.token, { kind: 'single', stake: '10.00', selections: [leg(home, '3.00')] });
      expect(last.body.error_code).toBe('SPORTS_LIABILITY_EXCEEDED');
      expect(await cashOf(t, p.id)).toBe(50_000 - 4_000 - 3_000 - 2_000);
    } finally {
      await setSportsbookSettings(t.ctx.db, { max_market_liability_centavos: 50_000_000 });
    }
  });

  it('concurrent bets on one market cannot both take its last room', async () => {
    const players = await Promise.all([1, 2, 3, 4, 5, 6].map(() => bettor('100.00')));
    const fixture = await createFixture(t.ctx.db, {}, [
      {
        selections: [
          { code: 'home', odds: 300 },
          { code: 'away', odds: 150 },
        ],
      },
    ]);
    const home = selectionOf(fixture, '1x2', 'home');
    await setSportsbookSettings(t.ctx.db, { max_market_liability_centavos: 10_000 });
    try {
      // Each 25.00 on home adds 50.00 to the worst case: two fit (100.00), a third does not.
      const answers = await Promise.all(
        players.map((p) => place(p.token, { kind: 'single', stake: '25.00', selections: [leg(home, '3.00')] })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
      expect(answers.filter((a) => a.body.error_code === 'SPORTS_LIABILITY_EXCEEDED')).toHaveLength(4);
    } finally {
      await setSportsbookSettings(t.ctx.db, { max_market_liability_centavos: 50_000_000 });
    }
  });
});

describe('idempotency', () => {
  it('a retry with the same request_id answers the first placement and moves nothing', async () => {
    const p = await bettor('100.00');
    const fixture = await createFixture(t.ctx.db);
    const body = {
      request_id: requestId(),
      kind: 'single',
      stake: '10.00',
      selections: [leg(selectionOf(fixture, '1x2', 'home'), '2.10'), leg(selectionOf(fixture, '1x2', 'draw'), '3.40')],
    };
    const first = await place(p.token, body);
    expect(first.status).toBe(200);
    const again = await place(p.token, body);
    expect(again.status).toBe(200);
    expect(again.body.data.bets.map((b: any) => b.bet_no)).toEqual(first.body.data.bets.map((b: any) => b.bet_no));
    // The placement's answer (built from the rows the slip was checked on) is what the stored bets read back as.
    expect(again.body.data.bets).toEqual(first.body.data.bets);
    expect(again.body.data.balance).toBe('80.00');
    expect(await betsOf(p.id)).toHaveLength(2);
    expect((await betsOf(p.id)).map((b) => b.request_id)).toEqual([body.request_id, requestKeyOf(body.request_id, 1)]);
    expect(await cashOf(t, p.id)).toBe(8_000);

    // The same id with another slip is a conflict, not a second placement.
    const other = await place(p.token, { ...body, stake: '11.00' });
    expect(other.status).toBe(409);
    expect(other.body.error_code).toBe('CONFLICT');
    const fewer = await place(p.token, { ...body, selections: body.selections.slice(0, 1) });
    expect(fewer.body.error_code).toBe('CONFLICT');
    expect(await cashOf(t, p.id)).toBe(8_000);
  });

  it('the same request sent five times at once places one slip', async () => {
    const p = await bettor('100.00');
    const fixture = await createFixture(t.ctx.db);
    const body = {
      request_id: requestId(),
      kind: 'single',
      stake: '10.00',
      selections: [leg(selectionOf(fixture, '1x2', 'home'), '2.10')],
    };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => place(p.token, body)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(new Set(answers.map((a) => a.body.data.bets[0].bet_no)).size).toBe(1);
    expect(await betsOf(p.id)).toHaveLength(1);
    expect(await cashOf(t, p.id)).toBe(9_000);
  });

  it('request ids are per member: another member may use the same one', async () => {
    const [a, b] = await Promise.all([bettor('20.00'), bettor('20.00')]);
    const fixture = await createFixture(t.ctx.db);
    const body = { request_id: requestId(), kind: 'single', stake: '5.00', selections: [leg(selectionOf(fixture, '1x2', 'home'), '2.10')] };
    const first = await place(a.token, body);
    const second = await place(b.token, body);
    expect(second.status).toBe(200);
    expect(second.body.data.bets[0].bet_no).not.toBe(first.body.data.bets[0].bet_no);
    expect(await cashOf(t, a.id)).toBe(1_500);
    expect(await cashOf(t, b.id)).toBe(1_500);
  });
});

describe('concurrency', () => {
  it('two tabs betting the whole balance at once: one bet, never below zero', async () => {
    const p = await bettor('20.00');
    const fixture = await createFixture(t.ctx.db);
    const home = selectionOf(fixture, '1x2', 'home');
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => place(p.token, { kind: 'single', stake: '20.00', selections: [leg(home, '2.10')] })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.error_code === 'INSUFFICIENT_FUNDS')).toHaveLength(3);
    expect(await cashOf(t, p.id)).toBe(0);
    expect(await betsOf(p.id)).toHaveLength(1);
  });

  /**
   * One run of the race: 50 placements of 1.00 in flight, the market suspended (and repriced, as a
   * goal would) `delayMs` after the first. Every accepted bet was placed before the suspension
   * committed and at the old price; every other one is refused as suspended.
   */
  async function suspendDuring(p: { id: number; token: string }, delayMs: number) {
    const fixture = await createFixture(t.ctx.db, { status: 'live', minute: 60 });
    const market = fixture.markets[0]!;
    const home = selectionOf(fixture, '1x2', 'home');
    const before = await t.ctx.db.selectFrom('markets').select('version').where('id', '=', market.id).executeTakeFirstOrThrow();
    const cashBefore = await cashOf(t, p.id);

    // Bets arrive one a millisecond, as a crowd's do; the suspension lands among them.
    const placements = Array.from({ length: 50 }, (_, i) =>
      sleep(i).then(() => place(p.token, { kind: 'single', stake: '1.00', accept_odds: 'any', selections: [leg(home, '2.10')] })),
    );
    await sleep(delayMs);
    await updateMarket(t.ctx.db, market.id, { status: 'suspended', odds: { [home]: 150 } });
    const suspendedAt = nowIso();
    const answers = await Promise.all(placements);

    const accepted = answers.filter((a) => a.status === 200);
    for (const r of answers.filter((a) => a.status !== 200)) expect(r.body.error_code).toBe('SPORTS_MARKET_SUSPENDED');
    const legs = await t.ctx.db
      .selectFrom('sport_bet_legs')
      .innerJoin('sport_bets', 'sport_bets.id', 'sport_bet_legs.bet_id')
      .select(['sport_bet_legs.odds', 'sport_bets.placed_at', 'sport_bets.total_odds'])
      .where('sport_bet_legs.market_id', '=', market.id)
      .execute();
    expect(legs).toHaveLength(accepted.length);
    for (const leg of legs) {
      expect(leg.placed_at <= suspendedAt).toBe(true);
      expect([leg.odds, leg.total_odds]).toEqual([210, 210]);
    }
    const after = await t.ctx.db.selectFrom('markets').select(['version', 'status']).where('id', '=', market.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ version: before.version + 1, status: 'suspended' });
    expect(await cashOf(t, p.id)).toBe(cashBefore - accepted.length * 100);
    return { accepted: accepted.length, refused: answers.length - accepted.length };
  }

  it('50 bets placed while the market suspends: each accepted at the old state or refused, never after', async () => {
    const p = await bettor('500.00');
    // The instant that splits the 50 depends on the machine: runs move it until one run shows both
    // outcomes (every run checks the rule).
    let delayMs = 25;
    const runs = [];
    for (let run = 0; run < 8; run += 1) {
      const outcome = await suspendDuring(p, delayMs);
      runs.push({ delayMs, ...outcome });
      if (outcome.accepted > 0 && outcome.refused > 0) break;
      delayMs = outcome.accepted === 0 ? delayMs * 2 : Math.max(0, Math.floor(delayMs / 2));
    }
    const last = runs[runs.length - 1]!;
    expect(last.accepted > 0 && last.refused > 0, JSON.stringify(runs)).toBe(true);
  }, 60_000);
});

describe('contract', () => {
  it('documents the three betting calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    for (const path of [API.sports.place, API.sports.myBets, API.sports.cashout]) expect(doc.paths).toHaveProperty([path]);
  });
});

describe('my bets', () => {
  it("lists the member's own bets, newest first, open or settled, with legs and the cash-out offer", async () => {
    const [p, other] = await Promise.all([bettor('100.00'), bettor('100.00')]);
    const fixture = await createFixture(t.ctx.db, {}, [
      {
        selections: [
          { code: 'home', odds: 210, probabilityPpm: 450_000 },
          { code: 'draw', odds: 340 },
          { code: 'away', odds: 360 },
        ],
      },
    ]);
    const home = selectionOf(fixture, '1x2', 'home');
    await place(p.token, { kind: 'single', stake: '10.00', selections: [leg(home, '2.10')] });
    await place(p.token, { kind: 'single', stake: '2.00', selections: [leg(selectionOf(fixture, '1x2', 'draw'), '3.40')] });
    await place(other.token, { kind: 'single', stake: '3.00', selections: [leg(home, '2.10')] });
    // A settled bet (as settlement leaves it) for the filter.
    await t.ctx.db
      .updateTable('sport_bets')
      .set({ status: 'lost', settled_at: nowIso(), settlement_version: 1 })
      .where('member_id', '=', p.id)
      .where('stake_centavos', '=', 200)
      .execute();

    const all = await myBets(p.token);
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.list.map((b: any) => [b.stake, b.status])).toEqual([
      ['2.00', 'lost'],
      ['10.00', 'open'],
    ]);
    const open = await myBets(p.token, { status: 'open' });
    expect(open.body.data.total).toBe(1);
    // 10.00 x 2.10 x 0.45 x (1 - 5%) = 8.9775 -> 8.97.
    expect(open.body.data.list[0].cashout).toBe('8.97');
    expect(open.body.data.list[0].legs[0]).toMatchObject({
      fixture_name: 'Palmeiras x Flamengo',
      selection_code: 'home',
      home_score: 0,
      away_score: 0,
    });
    const settled = await myBets(p.token, { status: 'settled' });
    expect(settled.body.data.list.map((b: any) => [b.status, b.cashout])).toEqual([['lost', null]]);

    const paged = await myBets(p.token, { page: 2, page_size: 1 });
    expect(paged.body.data).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(paged.body.data.list.map((b: any) => b.stake)).toEqual(['10.00']);

    const theirs = await myBets(other.token);
    expect(theirs.body.data.list.map((b: any) => b.stake)).toEqual(['3.00']);
  });

  it('refuses visitors and bad filters', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: `${API.sports.myBets}?lang=en`, payload: {} });
    expect(visitor.statusCode).toBe(401);
    expect(json(visitor).error_code).toBe('NOT_LOGGED_IN');
    const p = await bettor('0.00');
    for (const body of [{ status: 'won' }, { page: 0 }, { page_size: 101 }, { page: 'x' }]) {
      expect((await myBets(p.token, body)).status).toBe(422);
    }
  });
});
