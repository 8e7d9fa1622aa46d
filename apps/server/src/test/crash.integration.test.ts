import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { verifyLedger } from '../platform/ledger/ledger-verify.ts';
import { newEndToEndId, signWebhook } from '../features/payments/psp.ts';
import { createIsolatedDatabase, registration } from './test-app.ts';

/**
 * Kills the server with SIGKILL in the middle of a burst of deposits, confirmations and
 * adjustments, restarts it on the same database, and checks that nothing was lost or half
 * written: every ledger invariant holds, and every order the server accepted is either credited
 * (exactly once) or still pending.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const SECRET = randomBytes(32).toString('hex');
const ADMIN_PASSWORD = 'crash-admin-Secret-1';

let databaseUrl: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const database = await createIsolatedDatabase();
  databaseUrl = database.url;
  cleanup = database.cleanup;
});
afterAll(async () => {
  await cleanup();
});

/** Answers are our envelope; the test reads them loosely. */
const read = async (response: Response): Promise<any> => response.json();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD,
      CASINO_CAPTCHA: 'disabled',
      PIX_WEBHOOK_SECRET: SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('server did not start');
}

describe('crash safety', () => {
  it('loses nothing and writes nothing half when killed mid-burst', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startServer(port);
    const post = (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

    const members: { id: number; token: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const data = (await read(await post('/api/auth/register2', registration()))).data;
      members.push({ id: data.user.id, token: data.token });
    }
    const admin = (await read(await post('/api/admin/auth/login', { username: 'admin', password: ADMIN_PASSWORD }))).data.token;
    const channels = await read(
      await fetch(`${base}/api/payment/online/list`, { headers: { authorization: `Bearer ${members[0]!.token}` } }),
    );
    const channel = channels.data.list[0].id;

    const accepted: { orderNo: string; txid?: string }[] = [];
    const creditedSeen = new Set<string>();
    let stop = false;
    let ops = 0;
    const worker = async (w: number) => {
      while (!stop) {
        const m = members[(w + ops) % members.length]!;
        ops += 1;
        try {
          const created = await post('/api/recharge/online', { money: '10.00', payment_id: channel }, m.token);
          if (created.status !== 200) continue;
          const order = (await read(created)).data;
          const entry: { orderNo: string; txid?: string } = { orderNo: order.order_no };
          accepted.push(entry);
          const txid = /\/sandbox-psp\/pay\/([A-Za-z0-9]+)/.exec(order.sandbox_pay_url)?.[1];
          if (!txid) continue;
          entry.txid = txid;
          const body = JSON.stringify({ pix: [{ endToEndId: newEndToEndId(), txid, valor: '10.00' }] });
          const ts = Date.now();
          const hook = await post('/api/webhooks/pix/sandbox', body, undefined, {
            'x-sandbox-timestamp': String(ts),
            'x-sandbox-signature': signWebhook(SECRET, ts, body),
          });
          if (hook.status === 200 && (await read(hook)).data.outcomes[0] === 'credited') creditedSeen.add(order.order_no);
          await post(`/api/admin/members/${m.id}/adjust`, { direction: 'debit', amount: '1.00', reason: 'crash test' }, admin, {
            'idempotency-key': `crash-${w}-${ops}-${Date.now()}`,
          });
        } catch {
          // The server died under us: expected.
        }
      }
    };
    const workers = Array.from({ length: 12 }, (_, w) => worker(w));
    // Kill once the burst is well under way (or after 8 s on a very slow machine).
    const killBy = Date.now() + 8_000;
    while (accepted.length < 20 && Date.now() < killBy) await new Promise((r) => setTimeout(r, 50));
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    stop = true;
    await Promise.all(workers);
    expect(accepted.length).toBeGreaterThan(3);

    server = await startServer(port);
    try {
      const handle = openDatabase({ url: databaseUrl });
      try {
        expect(await verifyLedger(handle.db)).toEqual([]);
        const orders = await handle.db.selectFrom('deposit_orders').select(['order_no', 'status']).execute();
        const byNo = new Map(orders.map((o) => [o.order_no, o.status]));
        for (const a of accepted) expect(['pending', 'credited'], a.orderNo).toContain(byNo.get(a.orderNo));
        for (const no of creditedSeen) expect(byNo.get(no)).toBe('credited');
        const transfers = await handle.db.selectFrom('ledger_transfers').select('idempotency_key').where('code', '=', 'deposit').execute();
        const credited = orders
          .filter((o) => o.status === 'credited')
          .map((o) => `deposit:${o.order_no}`)
          .sort();
        expect(transfers.map((x) => x.idempotency_key).sort()).toEqual(credited);
      } finally {
        await handle.close();
      }
      // The restarted server still credits a pending order that was accepted before the crash.
      const pending = accepted.find((a) => a.txid && !creditedSeen.has(a.orderNo));
      if (pending?.txid) {
        const body = JSON.stringify({ pix: [{ endToEndId: newEndToEndId(), txid: pending.txid, valor: '10.00' }] });
        const ts = Date.now();
        const hook = await post('/api/webhooks/pix/sandbox', body, undefined, {
          'x-sandbox-timestamp': String(ts),
          'x-sandbox-signature': signWebhook(SECRET, ts, body),
        });
        expect(['credited', 'duplicate']).toContain((await read(hook)).data.outcomes[0]);
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }, 120_000);
});
