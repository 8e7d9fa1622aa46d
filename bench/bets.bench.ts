// Bets over HTTP beside raw baselines of the same run, printed (not a timed test). The servers run
// in processes of their own (their own event loop and core), the client here: 64 keep-alive
// connections, each sending its next bet when the answer arrives. Baselines: Fastify hello-world,
// and Fastify with one durable SQLite transaction per request (bench/baselines/http-servers.ts).
// Every bet is real, on the path a player's takes, durable commit included:
// - dice: nonce reserved, outcome drawn with HMAC, responsible-gaming limits, stake and win through
//   the ledger, round stored;
// - seamless: a provider's signed `bet` callback (a debit of the seamless wallet: signature,
//   launch session, idempotent transaction, ledger);
// - sportsbook: a single on an open fixture (market locked, price and limits checked, liability,
//   bet and leg stored, stake through the ledger).
// Target (issue 13): >= 0.2 of hello-world, p99 under 25 ms; statements per bet counted by the
// database's hook. Run: npm run bench (BENCH_DBS=sqlite, BENCH_KINDS=dice,seamless,sportsbook,
// BENCH_BETS to change the count).
import { createHmac } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import { type BenchServer, startBenchServer } from './lib/bench-server.ts';
import { httpLoad } from './lib/http-load.ts';
import { printMachine, printRatio } from './lib/measure.ts';

const CONNECTIONS = 64;
const BETS = Number(process.env.BENCH_BETS ?? 10_000);
const FIXTURES = 32;

type Request = { path: string; headers?: Record<string, string>; body: unknown };
type Kind = 'dice' | 'seamless' | 'sportsbook';

async function baseline(kind: 'hello' | 'durable') {
  const server = await startBenchServer(kind);
  try {
    const request = () => ({ path: '/bet', body: { amount: '1.00' } });
    await httpLoad({ port: server.port, connections: CONNECTIONS, total: 2_000, request });
    return await httpLoad({ port: server.port, connections: CONNECTIONS, total: BETS, request });
  } finally {
    await server.close();
  }
}

/** The provider's launch token of each member for the sandbox slot (what the provider got in the game URL). */
async function launchTokens(server: BenchServer): Promise<string[]> {
  return Promise.all(
    server.tokens.map(async (token) => {
      const response = await fetch(`http://127.0.0.1:${server.port}${API.day7Login}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ game_code: 'sandbox-tigre-sortudo' }),
      });
      const answer = (await response.json()) as { data: { url: string } };
      const launch = new URL(answer.data.url, 'http://x').searchParams.get('token');
      if (!launch) throw new Error('the sandbox launch gave no token');
      return launch;
    }),
  );
}

/** Request `i` of a kind: each bet new (its own round, transaction id or request id). */
async function betsOf(kind: Kind, server: BenchServer): Promise<(i: number) => Request> {
  const member = (i: number) => server.tokens[i % server.tokens.length]!;
  const run = `${process.pid}-${Date.now().toString(36)}`;
  switch (kind) {
    case 'dice':
      return (i) => ({
        path: API.house.dice,
        headers: { authorization: `Bearer ${member(i)}` },
        body: { amount: '1.00', target: '50.50', direction: 'over' },
      });
    case 'seamless': {
      const launches = await launchTokens(server);
      return (i) => {
        const body = {
          token: launches[i % launches.length],
          tx_id: `bench-${run}-${i}`,
          round_id: `bench-${run}-${i}`,
          game_code: 'sandbox-tigre-sortudo',
          amount: 100,
        };
        const timestamp = String(Math.floor(Date.now() / 1000));
        const nonce = `${run}-${i}`;
        const signature = createHmac('sha256', server.walletSecret)
          .update(`${timestamp}.${nonce}.${JSON.stringify(body)}`)
          .digest('hex');
        return {
          path: API.seamless('sandbox', 'bet'),
          headers: { 'x-signature': signature, 'x-timestamp': timestamp, 'x-nonce': nonce },
          body,
        };
      };
    }
    case 'sportsbook':
      return (i) => ({
        path: API.sports.place,
        headers: { authorization: `Bearer ${member(i)}` },
        body: {
          request_id: `bench-${run}-${i}`,
          kind: 'single',
          stake: '1.00',
          accept_odds: 'any',
          selections: [{ selection_id: server.selections[i % server.selections.length], odds: '2.10' }],
        },
      });
  }
}

printMachine();
const hello = await baseline('hello');
const durable = await baseline('durable');
console.log(
  `baselines, ${CONNECTIONS} connections: hello-world ${Math.round(hello.perSecond)}/s, one durable commit per request ${Math.round(durable.perSecond)}/s`,
);
const kinds = (process.env.BENCH_KINDS ?? 'dice,seamless,sportsbook').split(',') as Kind[];
for (const db of (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[]) {
  for (const kind of kinds) {
    const server = await startBenchServer('project', {
      db,
      members: CONNECTIONS,
      fixtures: kind === 'sportsbook' ? FIXTURES : 0,
      env: { DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? String(CONNECTIONS) },
    });
    try {
      const bet = await betsOf(kind, server);
      await httpLoad({ port: server.port, connections: CONNECTIONS, total: 1_000, request: (i) => bet(BETS * 2 + i) }); // warm-up
      let run = await httpLoad({ port: server.port, connections: CONNECTIONS, total: BETS, request: bet });
      const counted = await server.countStatements(async () => {
        run = await httpLoad({ port: server.port, connections: CONNECTIONS, total: BETS, request: (i) => bet(BETS + i) });
      });
      printRatio(`${kind} bet over HTTP, ${db}, ${CONNECTIONS} connections`, run, hello, 0.2);
      console.log(
        `  p99 ${run.p99.toFixed(1)} ms (target < 25 ms); 5xx answers: ${run.fiveHundreds}; other refusals: ${run.failures}; statements per bet: ${(counted.statements / BETS).toFixed(1)} (the bet's own reads and writes, the ledger's included: ${(counted.kinds.work / BETS).toFixed(1)}, target <= 8; its transaction control: savepoint and release ${(counted.kinds.control / BETS).toFixed(1)}, begin and commit ${(counted.kinds.shared / BETS).toFixed(2)}, shared by a batch on SQLite; the session lookup ${(counted.kinds.session / BETS).toFixed(1)}); vs one commit per request: ${(run.perSecond / durable.perSecond).toFixed(2)}x`,
      );
    } finally {
      await server.close();
    }
  }
}
