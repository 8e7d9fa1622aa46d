import { centavos } from '@casino/shared/money';
// A member's pages at scale, printed (not a timed test): one member with 100,000 game rounds over
// the last 7 São Paulo days (and their 150,000 ledger transfers), on SQLite and PostgreSQL.
// - POST /api/game/record, range 7days: the first page (with the range's totals), a deep page
//   through a cursor (the 50,000th round on), a deep page asked by number (page 2,500 of 20), and
//   'today'; each answers the totals from member_game_days (migration 0018).
// - GET /api/ordercenter/details?days=7, /fee and /association.
// - The placement's liability read on a market with BENCH_EXPOSURE_BETS open bets (default 100,000).
// Beside them, as the baseline, the same figures the way the pages read them before: the totals
// summed over every row of the range and an OFFSET page, and the exposure summed over the market's
// open bets (plain queries, no HTTP).
// Seeding is bulk inserts (the triggers of migration 0018 keep the totals as the rows go in).
// Run: node --import tsx bench/records.bench.ts (BENCH_DBS=sqlite or postgres for one database).
import { cpus } from 'node:os';
import { API } from '@casino/shared/api-paths';
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/database.ts';
import { findSlip } from '../apps/server/src/features/sports/bets/bets.repository.ts';
import { createFixture, selectionOf } from '../apps/server/src/features/sports/bets/test-fixtures.ts';
import { encodeCursor, zoneDayStart } from '../apps/server/src/features/games/records.service.ts';
import { gameHouseAccount } from '../apps/server/src/platform/ledger/ledger.codes.ts';
import { bonus, cash, house } from '../apps/server/src/platform/ledger/ledger.service.ts';
import { transfer } from '../apps/server/src/platform/ledger/transfer.ts';
import { createTestApp, registerMember, type TestApp } from '../apps/server/src/test/test-app.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100_000);
const EXPOSURE_BETS = Number(process.env.BENCH_EXPOSURE_BETS ?? 100_000);
const CHUNK = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timed(name: string, runs: number, work: () => Promise<void>) {
  for (let i = 0; i < Math.min(20, runs); i += 1) await work(); // warm-up
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await work();
    latencies.push(performance.now() - t0);
  }
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  // CPU of this process per request: the SQLite figures' cost without the machine's other load.
  const cpuMs = (used.user + used.system) / 1000 / runs;
  console.log(
    `${name.padEnd(64)} p50 ${percentile(latencies, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(latencies, 99).toFixed(2).padStart(7)} ms   cpu ${cpuMs.toFixed(2).padStart(6)} ms/req`,
  );
}

async function seedRounds(db: Database, memberId: number, now: number) {
  const games = await db
    .selectFrom('games')
    .innerJoin('game_providers', 'game_providers.id', 'games.provider_id')
    .select(['games.id', 'games.provider_id', 'game_providers.plat_type'])
    .where('game_providers.kind', '=', 'house')
    .execute();
  const platType = games[0]!.plat_type;
  // A deposit, one real bet and win make the accounts; the rest goes in bulk, balanced, with running balances.
  for (const [code, amount, from, to] of [
    ['deposit', 100_000_000, house('psp_clearing'), cash(memberId)],
    ['game_bet', 100, cash(memberId), house(gameHouseAccount(platType))],
    ['game_win', 100, house(gameHouseAccount(platType)), cash(memberId)],
  ] as const) {
    await transfer(db, {
      key: `bench:records:${code}:${memberId}`,
      code,
      lines: [
        { account: from, amountCentavos: centavos(-amount) },
        { account: to, amountCentavos: centavos(amount) },
      ],
    });
  }
  const accounts = await db.selectFrom('ledger_accounts').select(['id', 'member_id', 'kind', 'balance_centavos']).execute();
  const cashAccount = accounts.find((a) => a.member_id === memberId && a.kind === 'cash')!;
  const houseAccount = accounts.find((a) => a.member_id === null && a.kind === gameHouseAccount(platType))!;
  let balance = cashAccount.balance_centavos;
  let houseDelta = 0;

  // From just after the range's first São Paulo midnight to now: every round in '7days'.
  const start = zoneDayStart(new Date(now), 6).getTime() + 60_000;
  const step = (now - start) / ROUNDS;
  const started = performance.now();
  for (let offset = 0; offset < ROUNDS; offset += CHUNK) {
    const rounds = [];
    const transfers: { key: string; code: string; at: string; amount: number }[] = [];
    for (let i = offset; i < Math.min(ROUNDS, offset + CHUNK); i += 1) {
      const game = games[i % games.length]!;
      const at = new Date(start + i * step).toISOString();
      const bet = 100 + (i % 50) * 10;
      const win = i % 2 === 0 ? bet * 2 : 0;
      rounds.push({
        round_uid: `bench-${i}`,
        provider_id: game.provider_id,
        game_id: game.id,
        member_id: memberId,
        bet_centavos: bet,
        win_centavos: win,
        status: 'settled',
        outcome_json: null,
        seed_id: null,
        nonce: null,
        created_at: at,
        settled_at: at,
      });
      transfers.push({ key: `bench:bet:${i}`, code: 'game_bet', at, amount: -bet });
      if (win > 0) transfers.push({ key: `bench:win:${i}`, code: 'game_win', at, amount: win });
    }
    await db.insertInto('game_rounds').values(rounds).execute();
    const ids = await db
      .insertInto('ledger_transfers')
      .values(transfers.map((tr) => ({ idempotency_key: tr.key, code: tr.code, meta_json: null, created_at: tr.at })))
      .returning(['id', 'idempotency_key'])
      .execute();
    const idOf = new Map(ids.map((r) => [r.idempotency_key, r.id]));
    const entries = [];
    for (const tr of transfers) {
      balance += tr.amount;
      houseDelta -= tr.amount;
      const transferId = idOf.get(tr.key)!;
      entries.push(
        {
          transfer_id: transferId,
          account_id: cashAccount.id,
          amount_centavos: tr.amount,
          balance_after_centavos: balance,
          created_at: tr.at,
        },
        {
          transfer_id: transferId,
          account_id: houseAccount.id,
          amount_centavos: -tr.amount,
          balance_after_centavos: null,
          created_at: tr.at,
        },
      );
    }
    await db.insertInto('ledger_entries').values(entries).execute();
  }
  await db.updateTable('ledger_accounts').set({ balance_centavos: balance }).where('id', '=', cashAccount.id).execute();
  await db
    .updateTable('ledger_accounts')
    .set({ balance_centavos: sql`balance_centavos + ${houseDelta}` })
    .where('id', '=', houseAccount.id)
    .execute();
  console.log(`seeded ${ROUNDS} rounds and their ledger transfers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The page as it was read before migration 0018: the totals summed over every row, the rows by OFFSET. */
async function baselineRecords(db: Database, memberId: number, since: string, page: number, pageSize: number) {
  const base = db.selectFrom('game_rounds').where('game_rounds.member_id', '=', memberId).where('game_rounds.created_at', '>=', since);
  await Promise.all([
    base
      .innerJoin('games', 'games.id', 'game_rounds.game_id')
      .innerJoin('game_providers', 'game_providers.id', 'game_rounds.provider_id')
      .select(['game_rounds.id', 'game_rounds.bet_centavos', 'game_rounds.created_at', 'games.code', 'game_providers.name'])
      .orderBy('game_rounds.created_at', 'desc')
      .orderBy('game_rounds.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base
      .select([
        (eb) => eb.fn.countAll<number>().as('rounds'),
        sql<number>`sum(case when game_rounds.status = 'rolled_back' then 0 else game_rounds.bet_centavos end)`.as('bet'),
        sql<number>`sum(game_rounds.win_centavos)`.as('win'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
}

async function benchExposure(t: TestApp, memberId: number) {
  const db = t.ctx.db;
  const fixture = await createFixture(db);
  const home = selectionOf(fixture, '1x2', 'home');
  const draw = selectionOf(fixture, '1x2', 'draw');
  const market = fixture.markets.find((m) => m.type === '1x2')!;
  const started = performance.now();
  for (let offset = 0; offset < EXPOSURE_BETS; offset += CHUNK) {
    const count = Math.min(CHUNK, EXPOSURE_BETS - offset);
    const bets = await db
      .insertInto('sport_bets')
      .values(
        Array.from({ length: count }, (_, i) => ({
          member_id: memberId,
          bet_no: `BX${offset + i}`,
          request_id: `bx-${offset + i}`,
          kind: 'single',
          stake_centavos: 100,
          total_odds: 2100,
          potential_payout_centavos: 210,
          status: 'open',
          paid_centavos: 0,
          settlement_version: 0,
          placed_at: new Date().toISOString(),
          settled_at: null,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('sport_bet_legs')
      .values(
        bets.map((b, i) => ({
          bet_id: b.id,
          fixture_id: fixture.id,
          market_id: market.id,
          selection_id: i % 2 === 0 ? home : draw,
          odds: 2100,
          result: 'pending',
        })),
      )
      .execute();
  }
  console.log(`seeded ${EXPOSURE_BETS} open bets on one market in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await analyze(t);
  await timed(`liability read, running total, with the slip's selection (${EXPOSURE_BETS} open bets)`, RUNS, async () => {
    await findSlip(db, [home]);
  });
  await timed(`  baseline: summed over the open bets`, Math.min(RUNS, 30), async () => {
    await db
      .selectFrom('sport_bet_legs')
      .innerJoin('sport_bets', 'sport_bets.id', 'sport_bet_legs.bet_id')
      .select(['sport_bet_legs.selection_id', (eb) => eb.fn.sum<number>('sport_bets.stake_centavos').as('stakes')])
      .where('sport_bet_legs.market_id', '=', market.id)
      .where('sport_bets.status', '=', 'open')
      .groupBy('sport_bet_legs.selection_id')
      .execute();
  });
}

/** Statistics as a running database would have them (autovacuum / ANALYZE). */
async function analyze(t: TestApp) {
  if (process.env.TEST_DB === 'postgres') await sql`vacuum analyze`.execute(t.ctx.db);
  else await sql`analyze`.execute(t.ctx.db);
}

async function benchDb(db: 'sqlite' | 'postgres') {
  process.env.TEST_DB = db;
  console.log(`\n## ${db}`);
  const t = await createTestApp({ SHARED_ROUNDS: 'off', VIRTUAL_LEAGUE: 'off' });
  try {
    const member = await registerMember(t.app);
    const other = await registerMember(t.app);
    const now = Date.now();
    await seedRounds(t.ctx.db, member.id, now);
    for (let day = 0; day < 7; day += 1) {
      await transfer(t.ctx.db, {
        key: `bench:bonus:${day}`,
        code: 'bonus',
        lines: [
          { account: house('promotions_expense'), amountCentavos: centavos(-500) },
          { account: bonus(member.id), amountCentavos: centavos(500) },
        ],
      });
    }
    await analyze(t);

    const headers = { authorization: `Bearer ${member.token}` };
    const records = async (body: Record<string, unknown>) => {
      const response = await t.app.inject({ method: 'POST', url: `${API.gameRecord}?lang=en`, payload: body, headers });
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json().data;
    };
    const first = await records({ range: '7days', page_size: 20 });
    if (first.total !== ROUNDS) throw new Error(`expected ${ROUNDS} rounds in 7 days, the page says ${first.total}`);
    const since = zoneDayStart(new Date(), 6).toISOString();
    const deep = await t.ctx.db
      .selectFrom('game_rounds')
      .select(['id', 'created_at'])
      .where('member_id', '=', member.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(Math.floor(ROUNDS / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    const deepCursor = encodeCursor({ createdAt: deep.created_at, id: deep.id });
    const deepPage = Math.floor(ROUNDS / 2 / 20);

    console.log(`member with ${ROUNDS} rounds in the last 7 days; ${RUNS} requests each (app.inject: routing, session, query, JSON)`);
    await timed('records, first page, 7 days, with totals', RUNS, async () => {
      await records({ range: '7days', page_size: 20 });
    });
    await timed('records, first page, today, with totals', RUNS, async () => {
      await records({ range: 'today', page_size: 20 });
    });
    await timed(`records, deep page by cursor (round ${Math.floor(ROUNDS / 2)} on)`, RUNS, async () => {
      await records({ range: '7days', page_size: 20, cursor: deepCursor });
    });
    await timed(`records, deep page by number (page ${deepPage} of 20)`, RUNS, async () => {
      await records({ range: '7days', page_size: 20, page: deepPage });
    });
    await timed('records, another member (no rounds)', RUNS, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API.gameRecord}?lang=en`,
        payload: { range: '7days' },
        headers: { authorization: `Bearer ${other.token}` },
      });
      if (response.statusCode !== 200) throw new Error(response.body);
    });
    await timed('  baseline: totals summed over the rows + first page', Math.min(RUNS, 30), async () => {
      await baselineRecords(t.ctx.db, member.id, since, 1, 20);
    });
    await timed(`  baseline: totals summed over the rows + OFFSET page ${deepPage}`, Math.min(RUNS, 30), async () => {
      await baselineRecords(t.ctx.db, member.id, since, deepPage, 20);
    });

    for (const [name, url] of [
      ['order centre, details (7 days)', `${API.orderCenterDetails}?days=7`],
      ['order centre, fee', API.orderCenterFee],
      ['order centre, association (latest 100 entries)', API.orderCenterAssociation],
    ] as const) {
      await timed(name, RUNS, async () => {
        const response = await t.app.inject({ method: 'GET', url, headers });
        if (response.statusCode !== 200) throw new Error(response.body);
      });
    }

    if (EXPOSURE_BETS > 0) await benchExposure(t, other.id);
  } finally {
    await t.close();
  }
}

console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}`);
for (const db of (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[]) await benchDb(db);
