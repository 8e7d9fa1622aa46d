import { centavos } from '@casino/shared/money';
// Dice over HTTP, printed (not a timed test): how many bet round trips a second one player gets
// (each bet waits for the previous answer, as a player clicking "bet" or running auto-bet does),
// and what 16 players betting at once get together. Every bet is a real round: nonce reserved,
// outcome drawn with HMAC, stake debited, win credited, round stored, durable commit.
// Run: npm run bench
import { cpus } from 'node:os';
import { API } from '@casino/shared/api-paths';
import { buildApp } from '../apps/server/src/app.ts';
import { verifyLedger } from '../apps/server/src/platform/ledger/ledger-verify.ts';
import { cash, house } from '../apps/server/src/platform/ledger/ledger.service.ts';
import { transfer } from '../apps/server/src/platform/ledger/transfer.ts';
import { createTestApp, registerMember } from '../apps/server/src/test/test-app.ts';

const SINGLE_BETS = 2_000;
const CROWD = 16;
const CROWD_BETS = 3_000;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function report(name: string, latencies: number[], elapsedMs: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(44)} ${String(latencies.length).padStart(6)} bets ${((latencies.length / elapsedMs) * 1000).toFixed(0).padStart(6)} /s   p50 ${percentile(sorted, 50).toFixed(2).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(2).padStart(6)} ms`,
  );
}

async function benchDb(db: 'sqlite' | 'postgres') {
  process.env.TEST_DB = db;
  const t = await createTestApp({ SHARED_ROUNDS: 'off' });
  const server = await buildApp(t.ctx, { serveSites: false });
  try {
    await server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
    const players = await Promise.all(Array.from({ length: CROWD }, () => registerMember(t.app)));
    for (const p of players) {
      const funded = await transfer(t.ctx.db, {
        key: `bench:dice:${p.id}`,
        code: 'deposit',
        lines: [
          { account: house('psp_clearing'), amountCentavos: centavos(-100_000_000) },
          { account: cash(p.id), amountCentavos: centavos(100_000_000) },
        ],
      });
      if (!funded.ok) throw new Error('funding failed');
    }
    const bet = async (token: string) => {
      const t0 = performance.now();
      const response = await fetch(`${base}${API.house.dice}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '1.00', target: '50.50', direction: 'over' }),
      });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
      return performance.now() - t0;
    };

    const single: number[] = [];
    const token = players[0]!.token;
    for (let i = 0; i < 50; i += 1) await bet(token); // warm-up
    let started = performance.now();
    for (let i = 0; i < SINGLE_BETS; i += 1) single.push(await bet(token));
    report(`one player, one bet at a time (${db})`, single, performance.now() - started);

    const crowd: number[] = [];
    let next = 0;
    started = performance.now();
    await Promise.all(
      players.map(async (p) => {
        while (next < CROWD_BETS) {
          next += 1;
          crowd.push(await bet(p.token));
        }
      }),
    );
    report(`${CROWD} players at once (${db})`, crowd, performance.now() - started);
    const violations = await verifyLedger(t.ctx.db);
    console.log(
      `ledger after ${single.length + crowd.length + 50} rounds: ${violations.length === 0 ? 'every invariant holds' : JSON.stringify(violations.slice(0, 3))}`,
    );
  } finally {
    await server.close();
    await t.close();
  }
}

console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}`);
for (const db of (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[]) await benchDb(db);
