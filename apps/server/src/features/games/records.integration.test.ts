import { centavos } from '@casino/shared/money';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { cash, house } from '../../platform/ledger/ledger.service.ts';
import { transfer } from '../../platform/ledger/transfer.ts';
import { credit, debit, type RoundRef, rollback, runWallet } from '../wallet/wallet.service.ts';
import { zoneDayStart } from './records.service.ts';

/** Game records and recently played games, from rounds the wallet really recorded. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
const uid = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

async function funded(amount: number) {
  const m = await registerMember(t.app);
  await transfer(t.ctx.db, {
    key: uid('deposit'),
    code: 'deposit',
    lines: [
      { account: house('psp_clearing'), amountCentavos: centavos(-amount) },
      { account: cash(m.id), amountCentavos: centavos(amount) },
    ],
  });
  return m;
}

async function roundRef(memberId: number, code: string): Promise<RoundRef> {
  const game = await t.ctx.db
    .selectFrom('games')
    .innerJoin('game_providers', 'game_providers.id', 'games.provider_id')
    .select(['games.id', 'games.category', 'games.provider_id', 'game_providers.plat_type'])
    .where('games.code', '=', code)
    .executeTakeFirstOrThrow();
  return {
    providerId: game.provider_id,
    platType: game.plat_type,
    gameId: game.id,
    category: game.category,
    memberId,
    roundUid: uid(code),
  };
}

/** One round through the wallet core: a stake, then a win (or none, leaving it open), at `at`. */
async function play(memberId: number, code: string, betCentavos: number, winCentavos: number | null, at?: Date) {
  const round = await roundRef(memberId, code);
  const bet = await runWallet(t.ctx.db, memberId, (trx) => debit(trx, round, { txId: uid('bet'), amountCentavos: centavos(betCentavos) }));
  expect(bet.ok).toBe(true);
  if (winCentavos !== null) {
    const win = await runWallet(t.ctx.db, memberId, (trx) =>
      credit(trx, round, { txId: uid('win'), amountCentavos: centavos(winCentavos) }),
    );
    expect(win.ok).toBe(true);
  }
  if (at) {
    await t.ctx.db.updateTable('game_rounds').set({ created_at: at.toISOString() }).where('round_uid', '=', round.roundUid).execute();
  }
  return round;
}

const records = (token: string, body: Record<string, unknown>, lang = 'en') =>
  t.app.inject({ method: 'POST', url: `${API.gameRecord}?lang=${lang}`, payload: body, headers: bearer(token) });

const hoursAfter = (date: Date, hours: number) => new Date(date.getTime() + hours * 3_600_000);

describe('POST /api/game/record', () => {
  it('answers today, the last 3 and the last 7 days of Brazil’s calendar, newest first, with totals', async () => {
    const m = await funded(100_000);
    const now = new Date();
    const today = zoneDayStart(now, 0);
    await play(m.id, 'dice', 1000, 2500, hoursAfter(zoneDayStart(now, 9), 12)); // 9 days ago: in no range
    await play(m.id, 'mines', 700, 0, hoursAfter(zoneDayStart(now, 5), 12)); // 5 days ago: 7 days only
    await play(m.id, 'plinko', 400, 100, hoursAfter(zoneDayStart(now, 2), 1)); // 2 days ago: 3 and 7 days
    await play(m.id, 'roulette', 300, 0, hoursAfter(today, -0.5)); // 23:30 yesterday in Brazil
    await play(m.id, 'crash', 200, 500); // now

    const day = json(await records(m.token, { range: 'today' })).data;
    expect(day.list.map((r: { game_code: string }) => r.game_code)).toEqual(['crash']);
    expect(day.list[0]).toMatchObject({
      brand: 'Aurora Originais',
      name: 'Crash',
      bet_amount: '2.00',
      win_amount: '5.00',
      net_amount: '3.00',
      status: 'settled',
    });
    expect(day.summary).toEqual({ bet_amount: '2.00', win_amount: '5.00', net_amount: '3.00', rounds: 1 });

    const three = json(await records(m.token, { range: '3days' })).data;
    expect(three.list.map((r: { game_code: string }) => r.game_code)).toEqual(['crash', 'roulette', 'plinko']);
    expect(three.summary).toEqual({ bet_amount: '9.00', win_amount: '6.00', net_amount: '-3.00', rounds: 3 });

    const seven = json(await records(m.token, { range: '7days' })).data;
    expect(seven.list.map((r: { game_code: string }) => r.game_code)).toEqual(['crash', 'roulette', 'plinko', 'mines']);
    expect(seven.total).toBe(4);
    expect(seven.list[3]).toMatchObject({ bet_amount: '7.00', win_amount: '0.00', net_amount: '-7.00' });

    // The default range is today; paging splits the same list.
    expect(json(await records(m.token, {})).data.total).toBe(1);
    const page2 = json(await records(m.token, { range: '7days', page: 2, page_size: 3 })).data;
    expect(page2.list.map((r: { game_code: string }) => r.game_code)).toEqual(['mines']);
    expect(page2).toMatchObject({ total: 4, page: 2, page_size: 3 });
  });

  it('names games in the request’s language (the spec calls it with lang=zh)', async () => {
    const m = await funded(10_000);
    await play(m.id, 'roulette', 100, 0);
    expect(json(await records(m.token, { range: 'today' }, 'zh')).data.list[0].name).toBe('欧式轮盘');
    expect(json(await records(m.token, { range: 'today' }, 'pt')).data.list[0].name).toBe('Roleta Europeia');
  });

  it('shows open and rolled-back rounds for what they are', async () => {
    const m = await funded(10_000);
    await play(m.id, 'mines', 500, null);
    const refunded = await roundRef(m.id, 'sandbox-tigre-sortudo');
    const betId = uid('bet');
    await runWallet(t.ctx.db, m.id, (trx) => debit(trx, refunded, { txId: betId, amountCentavos: centavos(200) }));
    await runWallet(t.ctx.db, m.id, (trx) =>
      rollback(trx, { providerId: refunded.providerId, platType: refunded.platType, memberId: m.id, txId: uid('rb'), refTxId: betId }),
    );
    const list = json(await records(m.token, { range: 'today' })).data;
    const byCode = Object.fromEntries(list.list.map((r: { game_code: string }) => [r.game_code, r]));
    expect(byCode.mines).toMatchObject({ status: 'open', bet_amount: '5.00', win_amount: '0.00', net_amount: '-5.00' });
    expect(byCode['sandbox-tigre-sortudo']).toMatchObject({
      status: 'rolled_back',
      bet_amount: '0.00',
      net_amount: '0.00',
      brand: 'Sandbox Studio',
    });
    expect(list.summary.bet_amount).toBe('5.00');
  });

  it('shows each member only its own rounds', async () => {
    const a = await funded(10_000);
    const b = await funded(10_000);
    await play(a.id, 'dice', 100, 0);
    const forB = json(await records(b.token, { range: '7days', member_id: a.id })).data;
    expect(forB.list).toEqual([]);
    expect(forB.summary.rounds).toBe(0);
  });

  it('asks visitors to log in and refuses a bad range', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: `${API.gameRecord}?lang=en`, payload: { range: 'today' } });
    expect(visitor.statusCode).toBe(401);
    expect(json(visitor).message).toBe('Currently not logged in, please log in first');
    const m = await registerMember(t.app);
    const bad = await records(m.token, { range: 'yesterday' });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).errors?.range).toEqual(['Please enter the correct parameters']);
    expect((await records(m.token, { range: 'today', page_size: 1000 })).statusCode).toBe(422);
  });
});

describe('GET /api/games/recent', () => {
  it('answers the member’s played games once each, the last played first, and asks visitors to log in', async () => {
    const m = await funded(10_000);
    const earlier = new Date(Date.now() - 3_600_000);
    await play(m.id, 'dice', 100, 0, earlier);
    await play(m.id, 'mines', 100, 0, new Date(earlier.getTime() + 60_000));
    await play(m.id, 'dice', 100, 0); // dice again, now
    const recent = json(await t.app.inject({ method: 'GET', url: API.games.recent, headers: bearer(m.token) })).data;
    expect(recent.map((g: { code: string }) => g.code)).toEqual(['dice', 'mines']);

    const other = await registerMember(t.app);
    expect(json(await t.app.inject({ method: 'GET', url: API.games.recent, headers: bearer(other.token) })).data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: API.games.recent })).statusCode).toBe(401);
  });
});
