import { centavos } from '@casino/shared/money';
// Crash under load, printed (not a timed test): one round with 1,000 websocket players who all bet
// in the betting window and cash out while the multiplier rises, each when a tick shows the target
// it picked (the way a player's screen reacts). The players run in a worker thread (their own
// event loop, the machine's other core); the server runs here with its real scheduler, on SQLite
// and then on PostgreSQL. Figures:
//   tick lateness   how late the scheduler fired each tick against its timetable (server side);
//   tick jitter     how far the gaps between ticks a player received strayed from 100 ms;
//   bet / cash-out  round trip of the socket message to its reply, as the player measures it.
// BENCH_CRASH_PLAYERS sets the number of players (1,000); BENCH_CRASH_BET_SPREAD_MS spreads their
// bets evenly over that many milliseconds of the window (0, the default: all sent at once; 1000:
// a thousand players betting in the same second).
// Run: npm run bench
import { cpus } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { CURRENCY } from '@casino/shared/constants';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { nowIso } from '../apps/server/src/db/database.ts';
import { openMemberAccounts } from '../apps/server/src/platform/members/members.repository.ts';
import { insertSession } from '../apps/server/src/platform/auth/sessions.repository.ts';
import { verifyLedger } from '../apps/server/src/platform/ledger/ledger-verify.ts';
import { cash, house } from '../apps/server/src/platform/ledger/ledger.service.ts';
import { transfer } from '../apps/server/src/platform/ledger/transfer.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { newToken, sha256 } from '../apps/server/src/lib/tokens.ts';
import { createTestApp } from '../apps/server/src/test/test-app.ts';

const PLAYERS = Number(process.env.BENCH_CRASH_PLAYERS ?? 1_000);
const BET_SPREAD_MS = Number(process.env.BENCH_CRASH_BET_SPREAD_MS ?? 0);
const TICK_MS = 100;
const BETTING_MS = 8_000;

type Play = { type: 'play'; roundId: number; crashPoint: number };
type Results = {
  bets: number[];
  betErrors: Record<string, number>;
  cashouts: number[];
  cashoutErrors: Record<string, number>;
  tickGaps: number[];
};

// ---- the players (worker thread) ----------------------------------------------------------------

async function players(): Promise<void> {
  const { url, tokens } = workerData as { url: string; tokens: string[] };
  const port = parentPort!;
  const sockets: WebSocket[] = [];
  const handlers: ((message: { type: string; data: any }, at: number) => void)[] = [];
  for (let i = 0; i < tokens.length; i += 50) {
    await Promise.all(
      tokens.slice(i, i + 50).map(
        (token, j) =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(`${url}/ws/crash?token=${token}`);
            const index = i + j;
            ws.on('open', () => resolve());
            ws.on('error', reject);
            ws.on('message', (raw: Buffer) => handlers[index]?.(JSON.parse(raw.toString()), performance.now()));
            sockets[index] = ws;
          }),
      ),
    );
  }
  port.postMessage({ type: 'connected' });

  const play = await new Promise<Play>((resolve) => port.once('message', resolve));
  const results: Results = { bets: [], betErrors: {}, cashouts: [], cashoutErrors: {}, tickGaps: [] };
  const top = Math.max(111, Math.min(220, Math.floor(play.crashPoint * 0.9)));
  let finished = 0;
  await new Promise<void>((done) => {
    sockets.forEach((ws, index) => {
      // Targets spread from 1.10x to the top, so cash-outs arrive on many ticks, in bursts.
      const target = 110 + Math.floor(((top - 110) * index) / sockets.length);
      let betSentAt = 0;
      let cashSentAt = 0;
      let cashed = false;
      let lastTick = 0;
      let over = false;
      handlers[index] = (message, at) => {
        if (message.type === 'reply' && message.data.ref === 'bet') {
          if (message.data.ok) results.bets.push(at - betSentAt);
          else results.betErrors[message.data.error_code] = (results.betErrors[message.data.error_code] ?? 0) + 1;
        } else if (message.type === 'reply' && message.data.ref === 'cash') {
          if (message.data.ok) results.cashouts.push(at - cashSentAt);
          else results.cashoutErrors[message.data.error_code] = (results.cashoutErrors[message.data.error_code] ?? 0) + 1;
        } else if (message.type === 'crash.tick' && message.data.round_id === play.roundId) {
          if (lastTick > 0) results.tickGaps.push(Math.abs(at - lastTick - TICK_MS));
          lastTick = at;
          const multiplier = Math.round(Number(message.data.multiplier) * 100);
          if (!cashed && multiplier >= target) {
            cashed = true;
            cashSentAt = performance.now();
            ws.send(JSON.stringify({ type: 'cashout', ref: 'cash' }));
          }
        } else if (message.type === 'crash.state' && message.data.round_id === play.roundId && message.data.phase === 'busted' && !over) {
          over = true;
          finished += 1;
          if (finished === sockets.length) done();
        }
      };
      const sendBet = () => {
        betSentAt = performance.now();
        ws.send(JSON.stringify({ type: 'bet', ref: 'bet', amount: '1.00', auto_cashout: null }));
      };
      if (BET_SPREAD_MS > 0) setTimeout(sendBet, (BET_SPREAD_MS * index) / sockets.length);
      else sendBet();
    });
  });
  for (const ws of sockets) ws.terminate();
  port.postMessage({ type: 'results', results });
}

// ---- the server (main thread) -------------------------------------------------------------------

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function line(name: string, values: number[]) {
  console.log(
    `${name.padEnd(40)} ${String(values.length).padStart(6)}   p50 ${percentile(values, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(values, 99).toFixed(2).padStart(7)} ms   max ${values
      .reduce((m, v) => Math.max(m, v), 0)
      .toFixed(2)
      .padStart(7)} ms`,
  );
}

async function benchDb(db: 'sqlite' | 'postgres') {
  process.env.TEST_DB = db;
  const t = await createTestApp({
    SHARED_ROUNDS: 'on',
    CRASH_BETTING_MS: String(BETTING_MS),
    CRASH_TICK_MS: String(TICK_MS),
    CRASH_PAUSE_MS: '500',
    DOUBLE_BETTING_MS: '60000',
    SHARED_CHAIN_LENGTH: '1000',
  });
  const server = await buildApp(t.ctx, { serveSites: false });
  try {
    await server.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.server.address() as { port: number }).port;

    // Players are written straight into the database: 1,000 argon2 registrations would take minutes.
    const passwordHash = await hashPassword('bench-password');
    const site = await t.ctx.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
    const tokens: string[] = [];
    const now = nowIso();
    for (let i = 0; i < PLAYERS; i += 1) {
      const member = await t.ctx.db
        .insertInto('members')
        .values({
          account: `bench${db}${i}`,
          phone: `+55119${String(10_000_000 + i)}`,
          password_hash: passwordHash,
          qk_pwd_hash: null,
          realname: 'Bench Player',
          nickname: null,
          email: null,
          qq: null,
          invite_code: `B${String(i).padStart(7, '0')}`,
          agent_id: null,
          top_id: null,
          site_id: site.id,
          lang: 'pt',
          register_ip: null,
          register_area: null,
          profile_url: null,
          frozen_reason: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await openMemberAccounts(t.ctx.db, member.id, CURRENCY, now);
      const token = newToken();
      await insertSession(t.ctx.db, {
        member_id: member.id,
        token_hash: sha256(token),
        ip: null,
        user_agent: 'bench',
        now,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      });
      const funded = await transfer(t.ctx.db, {
        key: `bench:fund:${member.id}`,
        code: 'deposit',
        lines: [
          { account: house('psp_clearing'), amountCentavos: centavos(-100_000) },
          { account: cash(member.id), amountCentavos: centavos(100_000) },
        ],
      });
      if (!funded.ok) throw new Error('funding failed');
      tokens.push(token);
    }

    // A worker does not inherit tsx's loader: it registers it, then loads this file again.
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: { url: `ws://127.0.0.1:${port}`, tokens } });
    const messages: { type: string; results?: Results }[] = [];
    const next = (type: string) =>
      new Promise<{ type: string; results?: Results }>((resolve, reject) => {
        const found = messages.find((m) => m.type === type);
        if (found) return resolve(found);
        const onMessage = (m: { type: string }) => {
          if (m.type === type) {
            worker.off('message', onMessage);
            resolve(m);
          }
        };
        worker.on('message', onMessage);
        worker.once('error', reject);
      });
    worker.on('message', (m) => messages.push(m));
    await next('connected');

    // A round worth measuring: its crash point lets the curve run to ~2x, and most of its window is left.
    let roundId = 0;
    let crashPoint = 0;
    for (;;) {
      const state = await t.ctx.houseRounds.crash.state();
      if (state.phase === 'betting' && state.betting_ends_at - Date.now() > BETTING_MS - 1_500) {
        const row = await t.ctx.db.selectFrom('shared_rounds').select('result').where('id', '=', state.round_id).executeTakeFirstOrThrow();
        if (row.result >= 250) {
          roundId = state.round_id;
          crashPoint = row.result;
          break;
        }
        await new Promise((r) => setTimeout(r, BETTING_MS));
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const latenessFrom = t.ctx.houseRounds.crash.tickLatenessMs.length;
    worker.postMessage({ type: 'play', roundId, crashPoint } satisfies Play);
    const { results } = (await next('results')) as { results: Results };
    const lateness = t.ctx.houseRounds.crash.tickLatenessMs.slice(latenessFrom);
    await worker.terminate();

    console.log(
      `\n${db}: ${PLAYERS} players on /ws/crash, bets ${BET_SPREAD_MS > 0 ? `spread over ${BET_SPREAD_MS} ms` : 'sent at once'}, one round crashing at ${(crashPoint / 100).toFixed(2)}x, ticks every ${TICK_MS} ms`,
    );
    line('bet round trip (socket)', results.bets);
    line('cash-out round trip (socket)', results.cashouts);
    line('tick lateness (scheduler)', lateness);
    line('tick jitter (players, |gap - 100 ms|)', results.tickGaps);
    const refused = { ...results.betErrors, ...results.cashoutErrors };
    if (Object.keys(refused).length > 0) console.log(`refusals: ${JSON.stringify(refused)}`);
    const violations = await verifyLedger(t.ctx.db);
    console.log(`ledger after the round: ${violations.length === 0 ? 'every invariant holds' : JSON.stringify(violations.slice(0, 3))}`);
  } finally {
    await server.close();
    await t.close();
  }
}

if (isMainThread) {
  console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}`);
  for (const db of (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[]) await benchDb(db);
} else {
  await players();
}
