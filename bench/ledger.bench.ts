import { centavos } from '@casino/shared/money';
// Ledger throughput and latency, printed (not a timed test). Durable commits: SQLite runs WAL with
// synchronous=FULL, PostgreSQL with its default synchronous_commit=on.
//   in-process: bet-sized debits (cash -> game_house) through transfer(), at several concurrencies;
//   over HTTP: the same debits through the real HTTP stack (an admin adjustment per request).
// Run: npm run bench
import { cpus } from 'node:os';
import { buildApp } from '../apps/server/src/app.ts';
import { cash, house } from '../apps/server/src/platform/ledger/ledger.service.ts';
import { transfer } from '../apps/server/src/platform/ledger/transfer.ts';
import { adminToken, createTestApp, registerMember } from '../apps/server/src/test/test-app.ts';

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function report(name: string, latencies: number[], elapsedMs: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(52)} ${String(latencies.length).padStart(6)} ops ${((latencies.length / elapsedMs) * 1000).toFixed(0).padStart(7)} /s   p50 ${percentile(sorted, 50).toFixed(2).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(2).padStart(6)} ms`,
  );
}

async function run(concurrency: number, total: number, op: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await op(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, elapsed: performance.now() - started };
}

async function benchDb(db: 'sqlite' | 'postgres') {
  process.env.TEST_DB = db;
  const t = await createTestApp();
  try {
    const members = await Promise.all(Array.from({ length: 64 }, () => registerMember(t.app)));
    for (const m of members) {
      await transfer(t.ctx.db, {
        key: `fund:${m.id}`,
        code: 'deposit',
        lines: [
          { account: house('psp_clearing'), amountCentavos: centavos(-1_000_000_000) },
          { account: cash(m.id), amountCentavos: centavos(1_000_000_000) },
        ],
      });
    }
    let seq = 0;
    const bet = async (i: number) => {
      const m = members[i % members.length]!;
      const result = await transfer(t.ctx.db, {
        key: `bench:${db}:${++seq}:${Date.now()}`,
        code: 'game_bet',
        lines: [
          { account: cash(m.id), amountCentavos: centavos(-100) },
          { account: house('game_house:bench'), amountCentavos: centavos(100) },
        ],
      });
      if (!result.ok) throw new Error('bench bet refused');
    };
    for (const concurrency of db === 'sqlite' ? [1, 16] : [1, 16, 64]) {
      const { latencies, elapsed } = await run(concurrency, 3_000, bet);
      report(`in-process transfer (${db}, ${concurrency} in flight)`, latencies, elapsed);
    }

    const server = await buildApp(t.ctx, { serveSites: false });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.server.address() as { port: number }).port;
    const admin = await adminToken(t.app);
    const { latencies, elapsed } = await run(16, 1_500, async (i) => {
      const m = members[i % members.length]!;
      const response = await fetch(`http://127.0.0.1:${port}/api/admin/members/${m.id}/adjust`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${admin}`,
          'content-type': 'application/json',
          'idempotency-key': `bench-http-${db}-${i}-${Date.now()}`,
        },
        body: JSON.stringify({ direction: 'debit', amount: '1.00', reason: 'benchmark debit' }),
      });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    });
    report(`over HTTP, debit + audit (${db}, 16 in flight)`, latencies, elapsed);
    await server.close();
  } finally {
    await t.close();
  }
}

console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}`);
await benchDb('sqlite');
await benchDb('postgres');
