// Dice over HTTP beside raw baselines of the same run, printed (not a timed test). The servers run
// in worker threads (their own event loop and core), the client here: 64 keep-alive connections,
// each sending its next bet when the answer arrives. Baselines: Fastify hello-world, and Fastify
// with one durable SQLite transaction per request (bench/baselines/http-servers.ts). Every project
// bet is a real round: nonce reserved, outcome drawn with HMAC, responsible-gaming limits checked,
// stake and win through the ledger, round stored, durable commit. Target (issue 13): >= 0.2 of
// hello-world, p99 under 25 ms; the statements per bet are counted by the database's hook.
// Run: npm run bench (BENCH_DBS=sqlite to pick a database, BENCH_BETS to change the count)
import { API } from '@casino/shared/api-paths';
import { httpLoad } from './lib/http-load.ts';
import { printMachine, printRatio } from './lib/measure.ts';
import { startBenchServer } from './lib/bench-server.ts';

const CONNECTIONS = 64;
const BETS = Number(process.env.BENCH_BETS ?? 10_000);

async function baseline(kind: 'hello' | 'durable') {
  const server = await startBenchServer(kind);
  try {
    await httpLoad({
      port: server.port,
      connections: CONNECTIONS,
      total: 2_000,
      request: () => ({ path: '/bet', body: { amount: '1.00' } }),
    });
    return await httpLoad({
      port: server.port,
      connections: CONNECTIONS,
      total: BETS,
      request: () => ({ path: '/bet', body: { amount: '1.00' } }),
    });
  } finally {
    await server.close();
  }
}

printMachine();
const hello = await baseline('hello');
const durable = await baseline('durable');
console.log(
  `baselines, ${CONNECTIONS} connections: hello-world ${Math.round(hello.perSecond)}/s, one durable commit per request ${Math.round(durable.perSecond)}/s`,
);
for (const db of (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[]) {
  const server = await startBenchServer('project', { db, members: CONNECTIONS, env: { DATABASE_POOL_SIZE: String(CONNECTIONS) } });
  try {
    const bet = (i: number) => ({
      path: API.house.dice,
      headers: { authorization: `Bearer ${server.tokens[i % server.tokens.length]}` },
      body: { amount: '1.00', target: '50.50', direction: 'over' },
    });
    await httpLoad({ port: server.port, connections: CONNECTIONS, total: 1_000, request: bet }); // warm-up
    let run = await httpLoad({ port: server.port, connections: CONNECTIONS, total: BETS, request: bet });
    const counted = await server.countStatements(async () => {
      run = await httpLoad({ port: server.port, connections: CONNECTIONS, total: BETS, request: bet });
    });
    printRatio(`dice bet over HTTP, ${db}, ${CONNECTIONS} connections`, run, hello, 0.2);
    console.log(
      `  p99 ${run.p99.toFixed(1)} ms (target < 25 ms); 5xx answers: ${run.fiveHundreds}; other refusals: ${run.failures}; statements per request: ${(counted.statements / BETS).toFixed(1)}; vs one commit per request: ${(run.perSecond / durable.perSecond).toFixed(2)}x`,
    );
  } finally {
    await server.close();
  }
}
