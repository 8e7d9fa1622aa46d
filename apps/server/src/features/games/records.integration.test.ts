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

interface RecordItem {
  id: number;
  bet_amount: string;
}

/** The record's rows and totals recomputed from game_rounds, as the page summed them before migration 0018. */
async function fromRows(memberId: number, since: string) {
  const rows = await t.ctx.db
    .selectFrom('game_rounds')
    .select(['id', 'created_at', 'status', 'bet_centavos', 'win_centavos'])
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const bet = rows.reduce((sum, r) => sum + (r.status === 'rolled_back' ? 0 : r.bet_centavos), 0);
  const win = rows.reduce((sum, r) => sum + r.win_centavos, 0);
  return { ids: rows.map((r) => r.id), bet, win };
}

const reais = (value: number) => (value / 100).toFixed(2);

describe('game record totals and pages at scale (issue 13, item 4)', () => {
  it('keeps the totals as the rounds are written: they equal the sums over the rows after bets, wins, rollbacks and moves', async () => {
    const m = await funded(1_000_000);
    const now = new Date();
    await play(m.id, 'dice', 1000, 2500);
    await play(m.id, 'mines', 700, 0);
    await play(m.id, 'mines', 300, null); // open
    await play(m.id, 'plinko', 400, 100, hoursAfter(zoneDayStart(now, 2), 5));
    await play(m.id, 'dice', 900, 0, hoursAfter(zoneDayStart(now, 6), 23.9));
    await play(m.id, 'dice', 123, 0, hoursAfter(zoneDayStart(now, 8), 1)); // out of every range
    const refunded = await roundRef(m.id, 'sandbox-tigre-sortudo');
    const betId = uid('bet');
    await runWallet(t.ctx.db, m.id, (trx) => debit(trx, refunded, { txId: betId, amountCentavos: centavos(250) }));
    await runWallet(t.ctx.db, m.id, (trx) => debit(trx, refunded, { txId: uid('bet'), amountCentavos: centavos(50) })); // same round: added
    await runWallet(t.ctx.db, m.id, (trx) =>
      rollback(trx, { providerId: refunded.providerId, platType: refunded.platType, memberId: m.id, txId: uid('rb'), refTxId: betId }),
    );

    for (const [range, back] of [
      ['today', 0],
      ['3days', 2],
      ['7days', 6],
    ] as const) {
      const expected = await fromRows(m.id, zoneDayStart(now, back).toISOString());
      const answer = json(await records(m.token, { range, page_size: 100 })).data;
      expect(answer.summary).toEqual({
        bet_amount: reais(expected.bet),
        win_amount: reais(expected.win),
        net_amount: reais(expected.win - expected.bet),
        rounds: expected.ids.length,
      });
      expect(answer.total).toBe(expected.ids.length);
      expect(answer.list.map((r: RecordItem) => r.id)).toEqual(expected.ids);
    }
    // The summary table itself, day by day and game by game, equals the rows grouped the same way.
    const kept = await t.ctx.db
      .selectFrom('member_game_days')
      .select(['day', 'game_id', 'rounds', 'bet_centavos', 'win_centavos'])
      .where('member_id', '=', m.id)
      .where('rounds', '<>', 0)
      .orderBy('day')
      .orderBy('game_id')
      .execute();
    const rows = await t.ctx.db.selectFrom('game_rounds').selectAll().where('member_id', '=', m.id).execute();
    const grouped = new Map<string, { day: string; game_id: number; rounds: number; bet_centavos: number; win_centavos: number }>();
    for (const r of rows) {
      const day = new Date(Date.parse(r.created_at) - 3 * 3_600_000).toISOString().slice(0, 10);
      const key = `${day}|${r.game_id}`;
      const g = grouped.get(key) ?? { day, game_id: r.game_id, rounds: 0, bet_centavos: 0, win_centavos: 0 };
      g.rounds += 1;
      g.bet_centavos += r.status === 'rolled_back' ? 0 : r.bet_centavos;
      g.win_centavos += r.win_centavos;
      grouped.set(key, g);
    }
    const expectedDays = [...grouped.values()].sort((a, b) => a.day.localeCompare(b.day) || a.game_id - b.game_id);
    expect(kept.map((k) => ({ ...k, game_id: Number(k.game_id), rounds: Number(k.rounds) }))).toEqual(expectedDays);
  });

  it('walks the pages by cursor and by number without repeating or skipping a round, ties included', async () => {
    const m = await funded(1_000_000);
    const now = new Date();
    const codes = ['dice', 'mines', 'plinko', 'roulette'];
    const when = [
      ...Array.from({ length: 9 }, (_, i) => hoursAfter(zoneDayStart(now, 0), i / 100)), // today
      ...Array.from({ length: 11 }, (_, i) => hoursAfter(zoneDayStart(now, 1), 2 + i)), // yesterday
      ...Array.from({ length: 4 }, () => hoursAfter(zoneDayStart(now, 3), 7)), // one instant: ties
      ...Array.from({ length: 5 }, (_, i) => hoursAfter(zoneDayStart(now, 6), 23 + i / 10)), // the range's first day
    ];
    for (const [i, at] of when.entries()) await play(m.id, codes[i % codes.length]!, 100 + i, i % 3 === 0 ? 50 : 0, at);
    const expected = await fromRows(m.id, zoneDayStart(now, 6).toISOString());
    expect(expected.ids).toHaveLength(when.length);

    for (const size of [1, 4, 7, 10]) {
      // By cursor, from the first page.
      const byCursor: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const body: Record<string, unknown> = { range: '7days', page_size: size, ...(cursor ? { cursor } : {}) };
        const answer = json(await records(m.token, body)).data;
        expect(answer.total).toBe(when.length);
        byCursor.push(...answer.list.map((r: RecordItem) => r.id));
        cursor = answer.next_cursor;
        pages += 1;
      } while (cursor !== null && pages < 100);
      expect(byCursor).toEqual(expected.ids);

      // By page number, in any order (a deep page starts in the right day, and may run into the next).
      const byPage: number[] = [];
      const count = Math.ceil(when.length / size);
      for (let page = count; page >= 1; page -= 1) {
        const answer = json(await records(m.token, { range: '7days', page, page_size: size })).data;
        expect(answer.next_cursor === null).toBe(page === count);
        byPage.unshift(...answer.list.map((r: RecordItem) => r.id));
      }
      expect(byPage).toEqual(expected.ids);
      expect(json(await records(m.token, { range: '7days', page: count + 1, page_size: size })).data.list).toEqual([]);
    }
  });

  it('refuses a cursor it did not write', async () => {
    const m = await funded(10_000);
    for (const cursor of ['bm90LWEtY3Vyc29y', 'x', Buffer.from('2026-01-01T00:00:00.000Z|-1').toString('base64url')]) {
      expect((await records(m.token, { range: 'today', cursor })).statusCode).toBe(422);
    }
    expect((await records(m.token, { range: 'today', cursor: 'a+b/c' })).statusCode).toBe(422);
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
