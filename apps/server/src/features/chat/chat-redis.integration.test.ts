import { API } from '@casino/shared/api-paths';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Runtime, startRuntime } from '../../bootstrap.ts';
import { loadConfig } from '../../config.ts';
import { adminToken, bearer, createIsolatedDatabase, json, registerMember, TEST_ADMIN_PASSWORD } from '../../test/test-app.ts';

/**
 * Two server processes on one database with REDIS_URL (issue 15's check): a message sent to one
 * reaches the chat sockets of the other, and so does an operator's deletion made on the other.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
const servers: { runtime: Runtime; app: FastifyInstance }[] = [];

async function startServer(url: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    CASINO_CAPTCHA: 'disabled',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    REDIS_URL,
    SHARED_ROUNDS: 'off',
  });
  const runtime = await startRuntime(config, pino({ level: 'silent' }), { databaseUrl: url });
  const app = await buildApp(runtime.ctx, { serveSites: false });
  await app.ready();
  await runtime.ctx.chatHub.ready();
  servers.push({ runtime, app });
  return app;
}

beforeAll(async () => {
  database = await createIsolatedDatabase();
  await startServer(database.url);
  await startServer(database.url);
});
afterAll(async () => {
  for (const { app, runtime } of servers) {
    await app.close();
    await runtime.close();
  }
  await database.cleanup();
});

async function waitFor<T>(probe: () => T | undefined, what: string, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('chat across two processes through Redis', () => {
  it('delivers a message sent on one process to a socket on the other, and the deletion too', async () => {
    const [one, two] = [servers[0]!.app, servers[1]!.app];
    const listener = await two.injectWS(`${API.chat.socket}?room=pt`);
    const heard: any[] = [];
    listener.on('message', (raw: Buffer) => heard.push(JSON.parse(raw.toString())));
    const sameProcess = await one.injectWS(`${API.chat.socket}?room=pt`);
    const heardOne: any[] = [];
    sameProcess.on('message', (raw: Buffer) => heardOne.push(JSON.parse(raw.toString())));

    const m = await registerMember(one);
    const text = `olá do processo um, ${Math.random().toString(36).slice(2, 8)}`;
    const sent = await one.inject({ method: 'POST', url: API.chat.send, headers: bearer(m.token), payload: { room: 'pt', text } });
    expect(sent.statusCode).toBe(200);
    const id = json(sent).data.message.id;
    const there = await waitFor(() => heard.find((h) => h.type === 'message' && h.message.id === id), 'the message on process two');
    expect(there.message.text).toBe(text);
    // Delivered once on each process, not once per process.
    await waitFor(() => heardOne.find((h) => h.type === 'message' && h.message.id === id), 'the message on process one');
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.filter((h) => h.type === 'message' && h.message.id === id)).toHaveLength(1);

    // Rains (and other every-room messages) reach every room on every process.
    servers[1]!.runtime.ctx.chatHub.broadcast('*', {
      type: 'rain',
      rain_id: 1,
      phase: 'announced',
      at: new Date().toISOString(),
      pot: '10.00',
    });
    await waitFor(() => heardOne.find((h) => h.type === 'rain'), 'the rain on process one');

    const admin = await adminToken(two);
    expect((await two.inject({ method: 'DELETE', url: API.admin.chatMessage(id), headers: bearer(admin) })).statusCode).toBe(200);
    await waitFor(() => heardOne.find((h) => h.type === 'deleted' && h.ids.includes(id)), 'the deletion on process one');
    listener.terminate();
    sameProcess.terminate();
  });
});
