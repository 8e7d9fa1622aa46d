import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember, playRound } from '../../test/promotions-helpers.ts';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { addDays, saoPauloDay } from '../../lib/sao-paulo.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { creditBonus } from './engine.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof registerMember>>;

async function post(url: string, m: Member | undefined, payload: Record<string, unknown> = {}, lang = 'en') {
  const response = await t.app.inject({ method: 'POST', url: `${url}?lang=${lang}`, headers: m ? bearer(m.token) : {}, payload });
  return { status: response.statusCode, body: json(response) };
}
const claim = (type: string, m: Member) => post(API.activity(type, 'claim'), m);

/** A credit of another source (a VIP level-up or a commission is paid by its own feature, the same way). */
async function credit(memberId: number, source: string, key: string, amountCentavos: number, wageringCentavos: number) {
  await t.ctx.db.transaction().execute((trx) => creditBonus(trx, { memberId, source, claimKey: key, amountCentavos, wageringCentavos }));
}

async function backdateCredit(claimKey: string, days: number) {
  const at = new Date(Date.now() - days * 86_400_000).toISOString();
  await t.ctx.db.updateTable('bonus_credits').set({ created_at: at }).where('claim_key', '=', claimKey).execute();
}

describe('cover history (api/cover/history)', () => {
  it('lists every bonus credited, newest first, with its source, amount, wagering and status', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, '100.00');
    expect((await claim('ftd', m)).status).toBe(200);
    // One bonus per deposit: the rebate is the next deposit's.
    await fundMember(t, m.token, '100.00');
    expect((await claim('rechargerebate', m)).status).toBe(200);
    await credit(m.id, 'vip_levelup', `vip:test:${m.id}`, 500, 0);

    const answer = await post(API.coverHistory, m, { page: 1, page_size: 10 });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ total: 3, page: 1, page_size: 10, total_amount: '35.00', wagering_left: '550.00' });
    expect(answer.body.data.list.map((i: Record<string, unknown>) => [i.source, i.source_name, i.amount, i.wagering, i.status])).toEqual([
      ['vip_levelup', 'VIP level-up', '5.00', '0.00', 'completed'],
      ['rechargerebate', 'Recharge rebate', '20.00', '500.00', 'wagering'],
      ['ftd', 'First deposit', '10.00', '50.00', 'wagering'],
    ]);
    const pt = await post(API.coverHistory, m, {}, 'pt');
    expect(pt.body.data.list.map((i: { source_name: string }) => i.source_name)).toEqual([
      'Subida de nível VIP',
      'Reembolso de recarga',
      'Primeiro depósito',
    ]);
  });

  it('marks a credit completed once the bets since it cover its wagering, and every one once ml_money is 0', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, '1000.00');
    expect((await claim('ftd', m)).status).toBe(200); // 10.00, 50.00 to wager
    await fundMember(t, m.token, '1000.00'); // one bonus per deposit: the rebate takes this one
    expect((await claim('rechargerebate', m)).status).toBe(200); // 200.00, 5,000.00 to wager
    const statuses = async () =>
      (await post(API.coverHistory, m)).body.data.list.map((i: { source: string; status: string }) => `${i.source}:${i.status}`);
    expect(await statuses()).toEqual(['rechargerebate:wagering', 'ftd:wagering']);

    await playRound(t, m.token, '49.99');
    expect(await statuses()).toEqual(['rechargerebate:wagering', 'ftd:wagering']);
    await playRound(t, m.token, '0.10');
    // 50.09 bet since the first-deposit bonus: its 50.00 are covered; the rebate's 5,000.00 are not.
    expect(await statuses()).toEqual(['rechargerebate:wagering', 'ftd:completed']);
    const history = (await post(API.coverHistory, m)).body.data;
    expect(history.wagering_left).toBe('4999.91');

    // ml_money reaching 0 (bets, or an operator waiving it) completes them all.
    await t.ctx.db.updateTable('members').set({ wagering_required_centavos: 0 }).where('id', '=', m.id).execute();
    expect(await statuses()).toEqual(['rechargerebate:completed', 'ftd:completed']);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('pages, filters by days and by source, and shows a member only its own credits', async () => {
    const m = await registerMember(t.app);
    for (let i = 0; i < 5; i += 1) await credit(m.id, 'weekly', `weekly:test:${m.id}:${i}`, 100 * (i + 1), 0);
    await backdateCredit(`weekly:test:${m.id}:0`, 10);
    await backdateCredit(`weekly:test:${m.id}:1`, 4);
    // Two days before today's São Paulo midnight: inside "3 days", outside "today".
    const twoDaysAgo = `${addDays(saoPauloDay(), -2)}T15:00:00.000Z`;
    await t.ctx.db.updateTable('bonus_credits').set({ created_at: twoDaysAgo }).where('claim_key', '=', `weekly:test:${m.id}:2`).execute();
    const other = await registerMember(t.app);
    await credit(other.id, 'weekly', `weekly:test:${other.id}:x`, 999, 0);

    const first = (await post(API.coverHistory, m, { page: 1, page_size: 2 })).body.data;
    expect(first).toMatchObject({ total: 5, page: 1, page_size: 2, total_amount: '15.00' });
    expect(first.list.map((i: { amount: string }) => i.amount)).toEqual(['5.00', '4.00']);
    const third = (await post(API.coverHistory, m, { page: 3, page_size: 2 })).body.data;
    expect(third.list.map((i: { amount: string }) => i.amount)).toEqual(['1.00']);

    const today = (await post(API.coverHistory, m, { days: 1 })).body.data;
    expect(today).toMatchObject({ total: 2, total_amount: '9.00' });
    const three = (await post(API.coverHistory, m, { days: 3 })).body.data;
    expect(three).toMatchObject({ total: 3, total_amount: '12.00' });
    const seven = (await post(API.coverHistory, m, { days: 7 })).body.data;
    expect(seven).toMatchObject({ total: 4, total_amount: '14.00' });

    expect((await post(API.coverHistory, m, { source: 'ftd' })).body.data).toMatchObject({ total: 0, list: [], total_amount: '0.00' });
    expect((await post(API.coverHistory, m, { source: 'weekly' })).body.data.total).toBe(5);
    expect((await post(API.coverHistory, other)).body.data).toMatchObject({ total: 1, total_amount: '9.99' });
  });

  it('refuses visitors and bad input without a 500', async () => {
    expect((await post(API.coverHistory, undefined)).status).toBe(401);
    const m = await registerMember(t.app);
    for (const bad of [{ days: 2 }, { page: 0 }, { page_size: 101 }, { source: 'adjustment' }, { page: 'x' }, { days: '7; drop table' }]) {
      const answer = await post(API.coverHistory, m, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(422);
      expect(answer.body.errors, JSON.stringify(bad)).toBeTruthy();
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes both histories from their shared schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, { post?: unknown }> };
    expect(doc.paths[API.coverHistory]?.post).toBeTruthy();
    expect(doc.paths[API.promotionHistory]?.post).toBeTruthy();
    expect(doc.paths[API.activity('rechargerebate', 'claim')]?.post).toBeTruthy();
  });
});

describe('promotion history (/promotion/history)', () => {
  it('lists only activity claims, paged, with the days filter', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, '100.00');
    expect((await claim('ftd', m)).status).toBe(200);
    await credit(m.id, 'rebate', `rebate:test:${m.id}`, 300, 0);
    await credit(m.id, 'agency_commission', `agency:test:${m.id}`, 700, 0);
    await credit(m.id, 'vip_levelup', `vip:test:${m.id}`, 500, 0);
    await credit(m.id, 'dailyrescue', `dailyrescue:test:${m.id}`, 80, 80);
    await backdateCredit(`dailyrescue:test:${m.id}`, 5);

    const all = (await post(API.promotionHistory, m)).body.data;
    expect(all).toMatchObject({ total: 2, total_amount: '10.80', wagering_left: '50.80' });
    expect(all.list.map((i: { source: string; amount: string }) => `${i.source}:${i.amount}`)).toEqual(['dailyrescue:0.80', 'ftd:10.00']);
    const today = (await post(API.promotionHistory, m, { days: 1 })).body.data;
    expect(today.list.map((i: { source: string }) => i.source)).toEqual(['ftd']);
    expect((await post(API.promotionHistory, m, { source: 'rebate' })).body.data.total).toBe(0);
    expect((await post(API.coverHistory, m)).body.data.total).toBe(5);
  });
});
