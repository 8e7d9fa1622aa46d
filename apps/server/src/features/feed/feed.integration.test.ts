import { createHmac, randomBytes } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import type { FeedEntry } from '@casino/shared/schemas/feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.ts';
import { adminToken, bearer, json, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, houseTestApp, player, post, roundsOf } from '../house-games/house.test-helpers.ts';
import { forgetFeedCache } from './feed.service.ts';

/**
 * The live feed and the live notifications (issue 15 items 3 and 7) on a real database (SQLite
 * and PostgreSQL): a settled house round shows in GET /api/feed/wins (visitors too) with the
 * player masked, and reaches open sockets, a visitor's included, as { type: 'win' }; a note an
 * operator sends reaches the member's socket and no one else's; a live announcement reaches all.
 */

let t: TestApp;
let server: Awaited<ReturnType<typeof buildApp>>;
let port: number;
let admin: string;

beforeAll(async () => {
  t = await houseTestApp();
  admin = await adminToken(t.app);
  server = await buildApp(t.ctx, { serveSites: false });
  await server.listen({ port: 0, host: '127.0.0.1' });
  port = (server.server.address() as { port: number }).port;
});
afterAll(async () => {
  await server?.close();
  await expectLedgerSound(t);
  await t.close();
});

type Message = { type: string; data: Record<string, unknown> };

async function listen(token?: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${API.websocket}${token ? `?token=${token}` : ''}`);
  const messages: Message[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Message));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, messages };
}

async function feed() {
  forgetFeedCache(t.ctx);
  const response = await t.app.inject({ method: 'GET', url: API.feed.wins });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as { day: string; latest: FeedEntry[]; top: FeedEntry[] };
}

const PROVIDER_GAME = 'sandbox-tigre-sortudo';

/** One signed seamless-wallet callback of the sandbox provider, as an aggregator sends it. */
async function signedCallback(action: string, body: Record<string, unknown>) {
  const provider = await t.ctx.db
    .selectFrom('game_providers')
    .select('wallet_secret')
    .where('plat_type', '=', 'sandbox')
    .executeTakeFirstOrThrow();
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(12).toString('hex');
  const signature = createHmac('sha256', provider.wallet_secret ?? '')
    .update(`${timestamp}.${nonce}.${raw}`)
    .digest('hex');
  const response = await t.app.inject({
    method: 'POST',
    url: API.seamless('sandbox', action),
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-timestamp': timestamp, 'x-nonce': nonce },
  });
  return response.json() as { status: string };
}

/** Dice rounds until one wins (over 50.00 pays about 1.98x, half the time): its id. */
async function winningDiceRound(token: string, memberId: number, amount: string): Promise<number> {
  for (let i = 0; i < 20; i += 1) {
    const r = await post(t, API.house.dice, { amount, target: '50.00', direction: 'over' }, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [round] = await roundsOf(t, memberId, 'dice');
    if (round && Number(round.win_centavos) > Number(round.bet_centavos)) return Number(round.id);
  }
  throw new Error('no winning dice round in 20 (one chance in a million)');
}

describe('GET /api/feed/wins', () => {
  it('answers visitors with the latest settled rounds and the day top, the player masked', async () => {
    const p = await player(t, 10_000);
    const roundId = await winningDiceRound(p.token, p.id, '1.37');
    const data = await feed();
    expect(data.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const line = data.latest.find((entry) => entry.id === roundId);
    expect(line).toMatchObject({ game_code: 'dice', game_kind: 'house', bet: '1.37', game_names: { pt: 'Dados', en: 'Dice' } });
    expect(line?.player).toBe(`${p.account.slice(0, 2)}***${p.account.slice(-2)}`);
    expect(JSON.stringify(data)).not.toContain(p.account);
    expect(Number(line?.multiplier)).toBeGreaterThan(1);
    expect(Number(line?.win)).toBeCloseTo(Number(line?.multiplier) * 1.37, 1);
    // Won more than it staked today: in the day's top list, biggest multiplier first.
    expect(data.top.some((entry) => entry.id === roundId)).toBe(true);
    const multipliers = data.top.map((entry) => Number(entry.multiplier));
    expect(multipliers).toEqual([...multipliers].sort((a, b) => b - a));
    expect(data.latest.length).toBeLessThanOrEqual(12);
  });

  it("shows a provider's round settled through the seamless wallet", async () => {
    const p = await player(t, 10_000);
    const launch = await t.app.inject({
      method: 'POST',
      url: API.day7Login,
      payload: { game_code: PROVIDER_GAME },
      headers: bearer(p.token),
    });
    expect(launch.statusCode, launch.body).toBe(200);
    const session = new URL(json(launch).data.url, 'http://x').searchParams.get('token');
    const roundUid = `feed-${randomBytes(6).toString('hex')}`;
    const bet = await signedCallback('bet', {
      token: session,
      tx_id: `${roundUid}:b`,
      round_id: roundUid,
      game_code: PROVIDER_GAME,
      amount: 250,
    });
    expect(bet.status, JSON.stringify(bet)).toBe('OK');
    // Open rounds are not shown: only what settled.
    expect((await feed()).latest.some((entry) => entry.game_code === PROVIDER_GAME && entry.bet === '2.50')).toBe(false);
    const win = await signedCallback('win', {
      player_id: String(p.id),
      tx_id: `${roundUid}:w`,
      round_id: roundUid,
      game_code: PROVIDER_GAME,
      amount: 1000,
    });
    expect(win.status, JSON.stringify(win)).toBe('OK');
    const line = (await feed()).latest.find((entry) => entry.game_code === PROVIDER_GAME && entry.bet === '2.50');
    expect(line).toMatchObject({
      game_kind: 'external',
      win: '10.00',
      multiplier: '4.00',
      player: `${p.account.slice(0, 2)}***${p.account.slice(-2)}`,
    });
  });

  it('shows only settled rounds with a stake', async () => {
    const data = await feed();
    const ids = [...data.latest, ...data.top].map((entry) => entry.id);
    const rows = await t.ctx.db.selectFrom('game_rounds').select(['id', 'status', 'bet_centavos']).where('id', 'in', ids).execute();
    expect(rows.length).toBe(new Set(ids).size);
    for (const row of rows) {
      expect(row.status).toBe('settled');
      expect(Number(row.bet_centavos)).toBeGreaterThan(0);
    }
  });
});

describe('/ws pushes', () => {
  it('pushes a settled round to a visitor socket and a member socket as { type: win }', async () => {
    const visitor = await listen();
    const watcher = await player(t, 0);
    const member = await listen(watcher.token);
    try {
      const p = await player(t, 10_000);
      const roundId = await winningDiceRound(p.token, p.id, '2.11');
      for (const { messages } of [visitor, member]) {
        await expect.poll(() => messages.some((m) => m.type === 'win' && m.data.id === roundId), { timeout: 8_000 }).toBe(true);
        const win = messages.find((m) => m.type === 'win' && m.data.id === roundId);
        expect(win?.data).toMatchObject({ game_code: 'dice', bet: '2.11', player: `${p.account.slice(0, 2)}***${p.account.slice(-2)}` });
        expect(JSON.stringify(messages)).not.toContain(p.account);
        // Each round once, though two apps share this context.
        expect(messages.filter((m) => m.type === 'win' && m.data.id === roundId)).toHaveLength(1);
      }
      // A visitor hears nothing of any member.
      expect(visitor.messages.every((m) => m.type === 'win')).toBe(true);
    } finally {
      visitor.socket.close();
      member.socket.close();
    }
  });

  it("pushes an operator's note to the member's socket only, and a live announcement to every socket", async () => {
    const target = await player(t, 0);
    const other = await player(t, 0);
    const mine = await listen(target.token);
    const theirs = await listen(other.token);
    const visitor = await listen();
    try {
      const sent = await t.app.inject({
        method: 'POST',
        url: API.admin.notifications,
        headers: bearer(admin),
        payload: { member_id: target.id, title: 'Olá', body: 'Sua conta foi verificada.' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await expect.poll(() => mine.messages.some((m) => m.type === 'notification')).toBe(true);
      expect(mine.messages.find((m) => m.type === 'notification')).toEqual({ type: 'notification', data: { kind: 'operator' } });
      // The badge it refreshes counts the new note.
      const unread = json(await t.app.inject({ method: 'GET', url: API.info.unread, headers: bearer(target.token) })).data;
      expect(unread.notifications).toBe(1);

      const created = await t.app.inject({
        method: 'POST',
        url: API.admin.announcements,
        headers: bearer(admin),
        payload: { titles: { pt: 'Manutenção', en: 'Maintenance' }, contents: { pt: 'Às 3h.', en: 'At 3 am.' } },
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = json(created).data.id as number;
      for (const { messages } of [mine, theirs, visitor]) {
        await expect.poll(() => messages.some((m) => m.type === 'announcement' && m.data.id === id)).toBe(true);
      }
      expect(theirs.messages.some((m) => m.type === 'notification')).toBe(false);
      expect(visitor.messages.some((m) => m.type === 'notification' || m.type === 'balance')).toBe(false);
    } finally {
      for (const { socket } of [mine, theirs, visitor]) socket.close();
    }
  });
});
