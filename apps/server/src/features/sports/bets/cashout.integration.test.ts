import { randomBytes } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember } from '../../../test/promotions-helpers.ts';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../../test/test-app.ts';
import { verifyLedger } from '../../../platform/ledger/ledger-verify.ts';
import { cashOf } from '../../withdrawals/withdrawals.test-helpers.ts';
import { enterResult } from '../settlement/settle.service.ts';
import { createFixture, selectionOf, type TestFixture, updateMarket } from './test-fixtures.ts';

/**
 * Cash out against a real database (SQLite and PostgreSQL): the offer is the bet's fair value now
 * less the 5% margin, to the centavo; a moved offer or a closed bet moves nothing; another member's
 * bet is not found; two cash-outs, or a cash-out and the settlement, racing on one bet pay once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
  await t.close();
});

async function bettor(reais = '100.00') {
  const member = await registerMember(t.app);
  await fundMember(t, member.token, reais);
  return { id: member.id, token: member.token };
}

async function call(url: string, token: string | undefined, payload: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url: `${url}?lang=en`, headers: token ? bearer(token) : {}, payload });
  return { status: response.statusCode, body: json(response) as ReturnType<typeof json> & { offer?: string } };
}

/** Places one bet and answers its number. */
async function placeBet(
  token: string,
  kind: 'single' | 'accumulator',
  stake: string,
  selections: { selection_id: number; odds: string }[],
) {
  const r = await call(API.sports.place, token, { request_id: `req-${randomBytes(8).toString('hex')}`, kind, stake, selections });
  if (r.status !== 200) throw new Error(`placement refused: ${JSON.stringify(r.body)}`);
  return r.body.data.bets[0].bet_no as string;
}

async function offerOf(token: string, betNo: string): Promise<string | null> {
  const r = await call(API.sports.myBets, token, { page_size: 100 });
  return r.body.data.list.find((b: any) => b.bet_no === betNo).cashout;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cashOut = (token: string | undefined, betNo: string, amount: string) => call(API.sports.cashout, token, { bet_no: betNo, amount });

async function transfersOf(betNo: string) {
  return t.ctx.db
    .selectFrom('ledger_transfers')
    .select(['idempotency_key', 'code'])
    .where('idempotency_key', 'like', `sportbet:${betNo}:%`)
    .orderBy('id')
    .execute();
}

async function betRow(betNo: string) {
  return t.ctx.db.selectFrom('sport_bets').selectAll().where('bet_no', '=', betNo).executeTakeFirstOrThrow();
}

async function memberTotals(memberId: number) {
  const member = await t.ctx.db.selectFrom('members').select('total_bet_centavos').where('id', '=', memberId).executeTakeFirstOrThrow();
  const day = await t.ctx.db
    .selectFrom('member_daily_stats')
    .select(['bet_centavos', 'win_centavos', 'rounds'])
    .where('member_id', '=', memberId)
    .where('category', '=', 'sports')
    .executeTakeFirst();
  return { totalBet: member.total_bet_centavos, day };
}

/** A fixture whose home win is priced 2.10 with a fair probability of 45%. */
function homeAt45() {
  return createFixture(t.ctx.db, {}, [
    {
      selections: [
        { code: 'home', odds: 210, probabilityPpm: 450_000 },
        { code: 'draw', odds: 340, probabilityPpm: 280_000 },
        { code: 'away', odds: 360, probabilityPpm: 270_000 },
      ],
    },
  ]);
}

describe('cash out', () => {
  it('pays the offer to the centavo, closes the bet and counts its stake once', async () => {
    const p = await bettor('100.00');
    const fixture = await homeAt45();
    const betNo = await placeBet(p.token, 'single', '10.00', [{ selection_id: selectionOf(fixture, '1x2', 'home'), odds: '2.10' }]);
    // 10.00 x 2.10 x 0.45 x (1 - 5%) = 8.9775 -> 8.97.
    expect(await offerOf(p.token, betNo)).toBe('8.97');
    const before = await memberTotals(p.id);

    const r = await cashOut(p.token, betNo, '8.97');
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Cashed out');
    expect(r.body.data.balance).toBe('98.97');
    expect(r.body.data.bet).toMatchObject({ bet_no: betNo, status: 'cashed_out', paid: '8.97', cashout: null });
    expect(r.body.data.bet.settled_at).not.toBeNull();
    expect(await cashOf(t, p.id)).toBe(9_897);

    const stored = await betRow(betNo);
    expect([stored.status, stored.paid_centavos]).toEqual(['cashed_out', 897]);
    expect(await transfersOf(betNo)).toEqual([
      { idempotency_key: `sportbet:${betNo}:stake`, code: 'sport_bet' },
      { idempotency_key: `sportbet:${betNo}:cashout`, code: 'sport_cashout' },
    ]);
    const after = await memberTotals(p.id);
    expect(after.totalBet - before.totalBet).toBe(1_000);
    expect(after.day).toEqual({ bet_centavos: 1_000, win_centavos: 897, rounds: 1 });

    // Closed: no second cash-out, and the settlement that follows leaves it alone.
    const again = await cashOut(p.token, betNo, '8.97');
    expect(again.status).toBe(422);
    expect(again.body.error_code).toBe('SPORTS_CASHOUT_UNAVAILABLE');
    await t.ctx.db
      .updateTable('fixtures')
      .set({ starts_at: new Date(Date.now() - 7_200_000).toISOString() })
      .where('id', '=', fixture.id)
      .execute();
    await enterResult(t.ctx, fixture.id, { home_score: 1, away_score: 0 }, null);
    expect((await betRow(betNo)).status).toBe('cashed_out');
    expect(await cashOf(t, p.id)).toBe(9_897);
    expect((await memberTotals(p.id)).totalBet).toBe(after.totalBet);
  });

  it('values an accumulator from its won legs at their odds and its pending legs at their probability now', async () => {
    const p = await bettor('100.00');
    const first = await createFixture(t.ctx.db, {}, [{ selections: [{ code: 'home', odds: 200, probabilityPpm: 500_000 }] }]);
    const second = await createFixture(t.ctx.db, { home: 'Bahia', away: 'Vitória' }, [
      { selections: [{ code: 'away', odds: 150, probabilityPpm: 600_000 }] },
    ]);
    const betNo = await placeBet(p.token, 'accumulator', '5.00', [
      { selection_id: selectionOf(first, '1x2', 'home'), odds: '2.00' },
      { selection_id: selectionOf(second, '1x2', 'away'), odds: '1.50' },
    ]);
    // Both pending: 5.00 x 2.00 x 0.5 x 1.50 x 0.6 x 0.95 = 4.275 -> 4.27.
    expect(await offerOf(p.token, betNo)).toBe('4.27');
    // The first leg won (as settlement leaves it): 5.00 x 2.00 x 1.50 x 0.6 x 0.95 = 8.55.
    await updateMarket(t.ctx.db, first.markets[0]!.id, { status: 'settled' });
    await t.ctx.db
      .updateTable('sport_bet_legs')
      .set({ result: 'won' })
      .where('selection_id', '=', selectionOf(first, '1x2', 'home'))
      .execute();
    expect(await offerOf(p.token, betNo)).toBe('8.55');
    const r = await cashOut(p.token, betNo, '8.55');
    expect(r.status).toBe(200);
    expect(await cashOf(t, p.id)).toBe(10_000 - 500 + 855);
  });

  it('a moved offer answers 409 with the new one and moves nothing', async () => {
    const p = await bettor('100.00');
    const fixture = await homeAt45();
    const home = selectionOf(fixture, '1x2', 'home');
    const betNo = await placeBet(p.token, 'single', '10.00', [{ selection_id: home, odds: '2.10' }]);
    // A goal for the home side: the fair probability rises to 60%.
    await updateMarket(t.ctx.db, fixture.markets[0]!.id, { odds: { [home]: 157 }, probabilityPpm: { [home]: 600_000 } });
    const stale = await cashOut(p.token, betNo, '8.97');
    expect(stale.status).toBe(409);
    expect(stale.body.error_code).toBe('SPORTS_CASHOUT_CHANGED');
    // 10.00 x 2.10 (the accepted odds) x 0.60 x 0.95 = 11.97.
    expect(stale.body.offer).toBe('11.97');
    expect(await cashOf(t, p.id)).toBe(9_000);
    expect((await betRow(betNo)).status).toBe('open');
    expect((await cashOut(p.token, betNo, '11.97')).status).toBe(200);
    expect(await cashOf(t, p.id)).toBe(9_000 + 1_197);
  });

  it('is unavailable while a market is suspended, once the match is over, or when a leg lost', async () => {
    const p = await bettor('100.00');
    const suspended = await homeAt45();
    const a = await placeBet(p.token, 'single', '5.00', [{ selection_id: selectionOf(suspended, '1x2', 'home'), odds: '2.10' }]);
    await updateMarket(t.ctx.db, suspended.markets[0]!.id, { status: 'suspended' });

    const over = await homeAt45();
    const b = await placeBet(p.token, 'single', '5.00', [{ selection_id: selectionOf(over, '1x2', 'home'), odds: '2.10' }]);
    await t.ctx.db.updateTable('fixtures').set({ status: 'finished', home_score: 2, away_score: 0 }).where('id', '=', over.id).execute();

    const lostLeg = await homeAt45();
    const other = await homeAt45();
    const c = await placeBet(p.token, 'accumulator', '5.00', [
      { selection_id: selectionOf(lostLeg, '1x2', 'home'), odds: '2.10' },
      { selection_id: selectionOf(other, '1x2', 'home'), odds: '2.10' },
    ]);
    await updateMarket(t.ctx.db, lostLeg.markets[0]!.id, { status: 'settled' });
    await t.ctx.db
      .updateTable('sport_bet_legs')
      .set({ result: 'lost' })
      .where('selection_id', '=', selectionOf(lostLeg, '1x2', 'home'))
      .execute();

    const balance = await cashOf(t, p.id);
    for (const betNo of [a, b, c]) {
      expect(await offerOf(p.token, betNo)).toBeNull();
      const r = await cashOut(p.token, betNo, '4.48');
      expect(r.status).toBe(422);
      expect(r.body.error_code).toBe('SPORTS_CASHOUT_UNAVAILABLE');
      expect(r.body.message).toBe('Cash out is not available for this bet');
    }
    expect(await cashOf(t, p.id)).toBe(balance);
  });

  it("another member's bet is not found; visitors and bad amounts are refused", async () => {
    const [owner, intruder] = await Promise.all([bettor('50.00'), bettor('50.00')]);
    const fixture = await homeAt45();
    const betNo = await placeBet(owner.token, 'single', '10.00', [{ selection_id: selectionOf(fixture, '1x2', 'home'), odds: '2.10' }]);

    for (const target of [betNo, 'SB20990101AAAAAAAA']) {
      const r = await cashOut(intruder.token, target, '8.97');
      expect(r.status).toBe(404);
      expect(r.body.error_code).toBe('SPORTS_BET_NOT_FOUND');
    }
    const visitor = await cashOut(undefined, betNo, '8.97');
    expect(visitor.status).toBe(401);
    expect(visitor.body.error_code).toBe('NOT_LOGGED_IN');
    for (const amount of ['0.00', '-8.97', '8.9', '8.970', 'abc', '']) {
      const r = await cashOut(owner.token, betNo, amount);
      expect(r.status, amount).toBe(422);
      expect(r.body.error_code).toBe('VALIDATION_FAILED');
    }
    const extra = await call(API.sports.cashout, owner.token, { bet_no: betNo, amount: '8.97', member_id: intruder.id });
    expect(extra.status).toBe(422);
    expect((await betRow(betNo)).status).toBe('open');
    expect(await cashOf(t, owner.id)).toBe(4_000);
    expect(await cashOf(t, intruder.id)).toBe(5_000);
  });
});

describe('races', () => {
  it('five cash-outs of one bet at once pay once', async () => {
    const p = await bettor('100.00');
    const fixture = await homeAt45();
    const betNo = await placeBet(p.token, 'single', '10.00', [{ selection_id: selectionOf(fixture, '1x2', 'home'), odds: '2.10' }]);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => cashOut(p.token, betNo, '8.97')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.error_code).toBe('SPORTS_CASHOUT_UNAVAILABLE');
    expect(await cashOf(t, p.id)).toBe(9_000 + 897);
    expect((await transfersOf(betNo)).filter((x) => x.code === 'sport_cashout')).toHaveLength(1);
    expect((await memberTotals(p.id)).day).toEqual({ bet_centavos: 1_000, win_centavos: 897, rounds: 1 });
  });

  /**
   * Six bets, each cashed out while its fixture's result is entered (the i-th settlement started
   * i x spacingMs after the cash-out request): each bet ends cashed out or won, never both, paid once.
   */
  async function raceRound(p: { id: number; token: string }, spacingMs: number) {
    const fixtures: TestFixture[] = [];
    const bets: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const fixture = await createFixture(
        t.ctx.db,
        { status: 'live', minute: 88, startsAt: new Date(Date.now() - 6_000_000).toISOString() },
        [
          {
            selections: [
              { code: 'home', odds: 210, probabilityPpm: 450_000 },
              { code: 'away', odds: 360, probabilityPpm: 270_000 },
            ],
          },
        ],
      );
      fixtures.push(fixture);
      bets.push(await placeBet(p.token, 'single', '10.00', [{ selection_id: selectionOf(fixture, '1x2', 'home'), odds: '2.10' }]));
    }
    const cashBefore = await cashOf(t, p.id);
    await Promise.all(
      fixtures.map((fixture, i) =>
        Promise.all([
          cashOut(p.token, bets[i]!, '8.97'),
          sleep(i * spacingMs).then(() => enterResult(t.ctx, fixture.id, { home_score: 2, away_score: 1 }, null)),
        ]),
      ),
    );
    let expected = cashBefore;
    const outcomes = new Set<string>();
    for (const betNo of bets) {
      const bet = await betRow(betNo);
      const moved = (await transfersOf(betNo)).map((x) => x.code).filter((code) => code !== 'sport_bet');
      if (bet.status === 'cashed_out') {
        expect([bet.paid_centavos, moved]).toEqual([897, ['sport_cashout']]);
      } else {
        expect([bet.status, bet.paid_centavos, moved]).toEqual(['won', 2_100, ['sport_bet_payout']]);
      }
      outcomes.add(bet.status);
      expected += bet.paid_centavos;
    }
    expect(await cashOf(t, p.id)).toBe(expected);
    return outcomes;
  }

  it('a cash-out racing the settlement of its bet: either cashed out or settled, paid once', async () => {
    const p = await bettor('500.00');
    const seen = new Set<string>();
    // The split depends on the machine: rounds run until both ways out happened (each round checks the rule).
    for (let round = 0; round < 5 && seen.size < 2; round += 1) {
      for (const status of await raceRound(p, 25 * 2 ** round)) seen.add(status);
    }
    expect([...seen].sort()).toEqual(['cashed_out', 'won']);
    const day = (await memberTotals(p.id)).day!;
    const settledBets = await t.ctx.db.selectFrom('sport_bets').select('id').where('member_id', '=', p.id).execute();
    // Every bet left 'open' once and counted its stake once, whichever way.
    expect([day.bet_centavos, day.rounds]).toEqual([settledBets.length * 1_000, settledBets.length]);
  }, 60_000);
});
