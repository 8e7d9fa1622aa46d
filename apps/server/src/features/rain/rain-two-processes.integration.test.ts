import { API } from '@casino/shared/api-paths';
import type { ChatServerMessage } from '@casino/shared/schemas/chat';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Runtime, startRuntime } from '../../bootstrap.ts';
import { loadConfig } from '../../config.ts';
import { nowIso } from '../../db/database.ts';
import { clock } from '../../lib/clock.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { adminToken, bearer, createIsolatedDatabase, json, registerMember, TEST_ADMIN_PASSWORD } from '../../test/test-app.ts';
import { playCategory } from '../vip/vip.test-helpers.ts';
import { fund } from '../withdrawals/withdrawals.test-helpers.ts';
import { nextRainAt } from './rain-split.ts';
import { runRainPass } from './rain.service.ts';

/**
 * Issue 15's check: two server processes on one database, with Redis, both running the rain job
 * at the same instants. Each rain is announced, opened and paid once, split exactly among the
 * members who claimed (on either process), and each phase reaches the chat of both processes once.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
const servers: { runtime: Runtime; app: FastifyInstance; heard: ChatServerMessage[] }[] = [];

async function startServer(url: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    CASINO_CAPTCHA: 'disabled',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    REDIS_URL,
    SHARED_ROUNDS: 'off',
    RAIN_INTERVAL_MS: String(5 * 60_000),
    RAIN_POT: '1000',
    RAIN_MIN_WAGER: '500',
    RAIN_WAGERING_MULTIPLE: '2',
  });
  const runtime = await startRuntime(config, pino({ level: 'silent' }), { databaseUrl: url });
  const app = await buildApp(runtime.ctx, { serveSites: false });
  await app.ready();
  await runtime.ctx.chatHub.ready();
  const heard: ChatServerMessage[] = [];
  runtime.ctx.chatHub.subscribe('en', (message) => heard.push(message));
  servers.push({ runtime, app, heard });
}

beforeAll(async () => {
  database = await createIsolatedDatabase();
  await startServer(database.url);
  await startServer(database.url);
});
afterAll(async () => {
  clock.reset();
  for (const { app, runtime } of servers) {
    await app.close();
    await runtime.close();
  }
  await database.cleanup();
});

async function waitFor(probe: () => boolean, what: string, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (probe()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the rain on two processes', () => {
  it('announces, opens and pays each rain once, split exactly, whichever process runs the job', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const db = a.runtime.ctx.db;
    // Three eligible members (a CPF, R$ 5 bet, a chat message), registered on either process.
    const members = [];
    for (const [i, server] of [a, b, a].entries()) {
      const m = await registerMember(server.app);
      await fund({ app: server.app, ctx: server.runtime.ctx, close: async () => {} }, m.id, 10_000);
      await db
        .updateTable('members')
        .set({ cpf: `9${String(Date.now() % 1e9).padStart(9, '0')}${i}` })
        .where('id', '=', m.id)
        .execute();
      await playCategory({ app: server.app, ctx: server.runtime.ctx, close: async () => {} }, m.id, 'slots', 500);
      await db
        .insertInto('chat_messages')
        .values({
          room: 'en',
          member_id: m.id,
          operator_id: null,
          nick: `m${m.id}`,
          text: 'hi',
          created_at: nowIso(),
          deleted_at: null,
          deleted_by: null,
        })
        .execute();
      members.push(m);
    }

    const at = nextRainAt(Date.now() + 2 * 60_000, 5 * 60_000);
    // PostgreSQL: the two passes race for real (two pools). SQLite: both "processes" share this one
    // thread, where a synchronous lock wait would stall the other's open transaction, so one runs
    // after the other (a SQLite database belongs to one process in production).
    const both = async (ms: number) =>
      process.env.TEST_DB === 'postgres'
        ? Promise.all([runRainPass(a.runtime.ctx, new Date(ms)), runRainPass(b.runtime.ctx, new Date(ms))])
        : [await runRainPass(a.runtime.ctx, new Date(ms)), await runRainPass(b.runtime.ctx, new Date(ms))];

    const announced = await both(at - 30_000);
    expect(announced.map((r) => r.announced).sort()).toEqual([0, 1]);
    const rain = await db.selectFrom('rains').selectAll().where('at', '=', new Date(at).toISOString()).executeTakeFirstOrThrow();
    const rainId = Number(rain.id);
    expect((await both(at + 1_000)).map((r) => r.opened).sort()).toEqual([0, 1]);

    clock.advance(at + 2_000 - Date.now());
    for (const [i, m] of members.entries()) {
      const server = i === 1 ? b : a;
      const claimed = await server.app.inject({
        method: 'POST',
        url: API.rain.claim,
        payload: { rain_id: rainId },
        headers: bearer(m.token),
      });
      expect(claimed.statusCode).toBe(200);
    }
    // The same member on the other process: one share per member.
    const again = await b.app.inject({
      method: 'POST',
      url: API.rain.claim,
      payload: { rain_id: rainId },
      headers: bearer(members[0]!.token),
    });
    expect([again.statusCode, json(again).error_code]).toEqual([409, 'RAIN_ALREADY_CLAIMED']);
    clock.reset();

    const paid = await both(at + 61_000);
    expect(paid.map((r) => r.paid).sort()).toEqual([0, 1]);
    const payouts = await db.selectFrom('rain_payouts').selectAll().where('rain_id', '=', rainId).orderBy('member_id').execute();
    expect(payouts.map((p) => [p.status, Number(p.amount_centavos), Number(p.wagering_centavos)])).toEqual([
      ['paid', 334, 668],
      ['paid', 333, 666],
      ['paid', 333, 666],
    ]);
    const credits = await db.selectFrom('bonus_credits').select(['member_id', 'amount_centavos']).where('source', '=', 'rain').execute();
    expect(credits.reduce((sum, c) => sum + Number(c.amount_centavos), 0)).toBe(1_000);
    expect(await verifyLedger(db)).toEqual([]);

    // Each phase reached the chat of both processes exactly once (through Redis).
    for (const server of [a, b]) {
      await waitFor(() => server.heard.some((m) => m.type === 'rain' && m.rain_id === rainId && m.phase === 'paid'), 'the paid message');
      const phases = server.heard.filter((m) => m.type === 'rain' && m.rain_id === rainId).map((m) => (m.type === 'rain' ? m.phase : ''));
      expect(phases).toEqual(['announced', 'open', 'paid']);
    }

    // The back office on either process shows the same rain.
    const admin = await adminToken(b.app);
    const list = json(await b.app.inject({ method: 'GET', url: API.admin.rains, headers: bearer(admin) })).data;
    expect(list.list[0]).toMatchObject({ id: rainId, status: 'paid', paid_count: 3, paid: '10.00', claims: 3 });
  });
});
