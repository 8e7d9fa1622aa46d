import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseBrCode } from '@casino/shared/pix/br-code';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedDatabase, registration } from './test-app.ts';

/**
 * The real server process on a port the system chooses (PORT=0) with no PUBLIC_URL, driven over
 * HTTP as a player would: its start banner, BR Codes and invite links name the port it really
 * listens on, and a deposit paid through the sandbox bank page is credited, because the bank's
 * webhook goes to the address the server listens on, not to a guessed public address.
 */
const ROOT = join(import.meta.dirname, '../../../..');

let database: { url: string; cleanup(): Promise<void> };
let server: ChildProcess;
let port = 0;
let banner = '';
let base = '';

/** Starts main.ts and reads its pino lines until the start banner says where the site is. */
function startServer(): Promise<{ child: ChildProcess; banner: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    DATABASE_URL: database.url,
    ADMIN_PASSWORD: 'random-port-Secret-1',
    CASINO_CAPTCHA: 'disabled',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
  };
  delete env.PUBLIC_URL;
  delete env.HOST;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no start banner within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`server exited with code ${code}`)));
    // Every line is read (a full pipe would stall the server); the banner is the one we want.
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const message = /"msg":"(player site [^"]*)"/.exec(line)?.[1];
      if (!message) return;
      clearTimeout(timer);
      resolve({ child, banner: message });
    });
  });
}

const read = async (response: Response): Promise<any> => response.json();
const call = (path: string, init: { token?: string; body?: unknown } = {}) =>
  fetch(`${base}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

beforeAll(async () => {
  database = await createIsolatedDatabase();
  const started = await startServer();
  server = started.child;
  banner = started.banner;
  port = Number(/^player site http:\/\/localhost:(\d+)\//.exec(banner)?.[1]);
  base = `http://127.0.0.1:${port}`;
}, 90_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await database?.cleanup();
}, 30_000);

describe('a server on a random port with no PUBLIC_URL', () => {
  it('names the port it listens on in its start banner', async () => {
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(3000);
    expect(banner).toBe(
      `player site http://localhost:${port}/  back office http://localhost:${port}/admin  API docs http://localhost:${port}/api/docs`,
    );
    expect((await fetch(`${base}/api/health`)).ok).toBe(true);
  });

  it('credits a deposit paid in the sandbox bank page, with the BR Code and links on the real port', async () => {
    const registered = await read(await call('/api/auth/register2', { body: registration() }));
    expect(registered.status, registered.message).toBe('success');
    const token: string = registered.data.token;

    const invite = await read(await call('/api/agency/overview', { token }));
    expect(invite.data.invite_link).toMatch(new RegExp(`^http://localhost:${port}/\\?invite_code=`));

    const channels = await read(await call('/api/payment/online/list', { token }));
    const created = await read(
      await call('/api/recharge/online', { token, body: { money: '37.50', payment_id: channels.data.list[0].id } }),
    );
    expect(created.status, created.message).toBe('success');
    const order = await read(await call(`/api/recharge/order?order_no=${created.data.order_no}`, { token }));

    // The BR Code's location is this server at its real port, and answers there.
    const brCode = parseBrCode(order.data.br_code);
    const txid = /^\/sandbox-psp\/pay\/([A-Za-z0-9]+)$/.exec(order.data.sandbox_pay_url)?.[1];
    expect(txid).toBeDefined();
    expect(brCode?.merchantAccount['25']).toBe(`localhost:${port}/sandbox-psp/cob/${txid}`);
    expect(await read(await fetch(`${base}/sandbox-psp/cob/${txid}`))).toMatchObject({ txid, status: 'ATIVA' });
    // The pay page's address is a path: it opens on whichever address the player reached.
    expect(created.pay_url).toBe(`/recharge-payment?order_no=${created.data.order_no}`);

    // The bank page, then its form, posted as a browser posts it.
    const page = await fetch(`${base}${order.data.sandbox_pay_url}?lang=pt`);
    expect(page.status).toBe(200);
    const action = /<form method="post" action="([^"]+)">/.exec(await page.text())?.[1]?.replaceAll('&#38;', '&');
    expect(action).toBe(`/sandbox-psp/pay/${txid}?lang=pt`);
    const paid = await fetch(`${base}${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(paid.status, await paid.clone().text()).toBe(303);
    expect(await (await fetch(`${base}${paid.headers.get('location')}`)).text()).toContain('Pago. Você pode fechar esta página.');

    const me = await read(await call('/api/auth/me', { token, body: {} }));
    expect(me.data.money).toBe('37.50');
    const credited = await read(await call(`/api/recharge/order?order_no=${created.data.order_no}`, { token }));
    expect(credited.data.status).toBe('credited');
  });
});
