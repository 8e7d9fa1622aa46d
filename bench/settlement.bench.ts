// Settlement at scale, printed (not a timed test; issue 13, item 4):
// 1. Seeds BENCH_SETTLE_BETS (100,000) open singles on one fixture's 1X2, written straight into the
//    database with multi-row inserts: BENCH_SETTLE_MEMBERS (50,000) members with their cash
//    accounts, each with consecutive bets (one on home, one on away...), so a settlement page meets
//    members with several bets. Each stake is taken from a deposit through the ledger in bulk, so
//    the ledger balances and every member has cash a correction can take back.
// 2. The trader's result (2-1) settles them all through enterResult: home bets won, the others lost.
// 3. The same result entered again: nothing moves (a resettlement must not pay twice).
// 4. A correction (1-1) takes every home win back (the draw had no bets), then verifyLedger.
// Run: node --import tsx bench/settlement.bench.ts (BENCH_DBS=postgres or sqlite; both by default).
import { cpus } from 'node:os';
import { centavos } from '@casino/shared/money';
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/database.ts';
import { nowIso } from '../apps/server/src/db/database.ts';
import { createFixture, type TestFixture } from '../apps/server/src/features/sports/bets/test-fixtures.ts';
import { enterResult, SPORTSBOOK_HOUSE } from '../apps/server/src/features/sports/settlement/settle.service.ts';
import { postTransfers } from '../apps/server/src/platform/ledger/bulk-transfer.ts';
import { verifyLedger } from '../apps/server/src/platform/ledger/ledger-verify.ts';
import { cash, house } from '../apps/server/src/platform/ledger/ledger.service.ts';
import { createTestApp } from '../apps/server/src/test/test-app.ts';

const BETS = Number(process.env.BENCH_SETTLE_BETS ?? 100_000);
const MEMBERS = Math.min(BETS, Number(process.env.BENCH_SETTLE_MEMBERS ?? 50_000));
const STAKE = 100;
const DEPOSIT = 1_000;
const CHUNK = 2_000;
const TARGETS = { settle: 15, again: 3 };

const seconds = (fromMs: number) => (performance.now() - fromMs) / 1000;

/** Members (the columns registration requires) and their cash accounts, in chunks. */
async function seedMembers(db: Database, count: number): Promise<number[]> {
  const site = await db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = nowIso();
  const tag = Date.now().toString(36);
  const ids: number[] = [];
  for (let from = 0; from < count; from += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - from) }, (_, k) => {
      const n = from + k;
      return {
        account: `sb${tag}${n}`,
        phone: `+55${tag}${n}`.slice(0, 20),
        password_hash: 'x',
        realname: `Bench ${n}`,
        invite_code: `B${tag}${n}`.slice(0, 16),
        site_id: site.id,
        lang: 'pt',
        created_at: now,
        updated_at: now,
      };
    });
    const inserted = await db.insertInto('members').values(rows).returning('id').execute();
    await db
      .insertInto('ledger_accounts')
      .values(inserted.map((m) => ({ member_id: m.id, kind: 'cash', currency: 'BRL', created_at: now })))
      .execute();
    ids.push(...inserted.map((m) => m.id));
  }
  return ids;
}

/** Member of bet n: consecutive bets share a member (BETS / MEMBERS each). */
const memberIndex = (n: number) => Math.floor((n * MEMBERS) / BETS);

/** Deposits, then the open bets with their legs and stakes (bulk ledger postings, one page a transaction). */
async function seedBets(db: Database, memberIds: number[], fixture: TestFixture): Promise<void> {
  const market = fixture.markets[0]!;
  for (let from = 0; from < memberIds.length; from += CHUNK) {
    const members = memberIds.slice(from, from + CHUNK);
    await db.transaction().execute((trx) =>
      postTransfers(
        trx,
        members.map((id) => ({
          key: `bench:settle:deposit:${id}`,
          code: 'deposit',
          lines: [
            { account: house('psp_clearing'), amountCentavos: centavos(-DEPOSIT) },
            { account: cash(id), amountCentavos: centavos(DEPOSIT) },
          ],
        })),
      ),
    );
  }
  const placedAt = nowIso();
  const tag = Date.now().toString(36);
  for (let from = 0; from < BETS; from += CHUNK) {
    await db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: Math.min(CHUNK, BETS - from) }, (_, k) => {
        const n = from + k;
        const home = n % 2 === 0;
        return {
          member_id: memberIds[memberIndex(n)]!,
          bet_no: `SB${tag}${String(n).padStart(8, '0')}`,
          request_id: `bench-settle-${n}`,
          kind: 'single',
          stake_centavos: STAKE,
          total_odds: home ? 210 : 360,
          potential_payout_centavos: home ? 210 : 360,
          status: 'open',
          paid_centavos: 0,
          settlement_version: 0,
          placed_at: placedAt,
          settled_at: null,
        };
      });
      const bets = await trx.insertInto('sport_bets').values(rows).returning(['id', 'member_id', 'bet_no', 'total_odds']).execute();
      await trx
        .insertInto('sport_bet_legs')
        .values(
          bets.map((bet) => ({
            bet_id: bet.id,
            fixture_id: fixture.id,
            market_id: market.id,
            selection_id: bet.total_odds === 210 ? market.selections.home! : market.selections.away!,
            odds: bet.total_odds,
            result: 'pending',
          })),
        )
        .execute();
      await postTransfers(
        trx,
        bets.map((bet) => ({
          key: `sportbet:${bet.bet_no}:stake`,
          code: 'sport_bet',
          lines: [
            { account: cash(bet.member_id), amountCentavos: centavos(-STAKE) },
            { account: house(SPORTSBOOK_HOUSE), amountCentavos: centavos(STAKE) },
          ],
        })),
      );
    });
  }
}

async function benchDb(dbName: 'sqlite' | 'postgres') {
  process.env.TEST_DB = dbName;
  const t = await createTestApp({ SHARED_ROUNDS: 'off', VIRTUAL_LEAGUE: 'off' });
  try {
    const db = t.ctx.db;
    let started = performance.now();
    const memberIds = await seedMembers(db, MEMBERS);
    const fixture = await createFixture(db, { status: 'live', minute: 90, startsAt: new Date(Date.now() - 6_000_000).toISOString() }, [
      {
        selections: [
          { code: 'home', odds: 210 },
          { code: 'draw', odds: 340 },
          { code: 'away', odds: 360 },
        ],
      },
    ]);
    await seedBets(db, memberIds, fixture);
    // Fresh statistics, as autovacuum would gather after a bulk load (the planner reads a market's
    // bets in index order only when it knows the tables are large).
    await sql`analyze`.execute(db);
    console.log(
      `[${dbName}] seeded ${MEMBERS} members and ${BETS} open bets (stakes through the ledger) in ${seconds(started).toFixed(1)} s`,
    );

    started = performance.now();
    const settled = await enterResult(t.ctx, fixture.id, { home_score: 2, away_score: 1 }, null);
    const settleS = seconds(started);
    console.log(
      `[${dbName}] settled ${settled.betsSeen} open bets: ${settleS.toFixed(2)} s (target < ${TARGETS.settle} s, ${(settled.betsSeen / settleS).toFixed(0)} bets/s), ${settled.betsMoved} moved, R$ ${(settled.paidCentavos / 100).toFixed(2)} paid`,
    );

    started = performance.now();
    const again = await enterResult(t.ctx, fixture.id, { home_score: 2, away_score: 1 }, null);
    const againS = seconds(started);
    console.log(
      `[${dbName}] the same result again: ${againS.toFixed(2)} s (target < ${TARGETS.again} s), ${again.betsSeen} bets read, ${again.betsMoved} moved, R$ ${(again.paidCentavos / 100).toFixed(2)} paid`,
    );

    started = performance.now();
    const corrected = await enterResult(t.ctx, fixture.id, { home_score: 1, away_score: 1 }, null);
    console.log(
      `[${dbName}] corrected to 1-1: ${seconds(started).toFixed(2)} s, ${corrected.betsMoved} moved, R$ ${(corrected.takenBackCentavos / 100).toFixed(2)} taken back, R$ ${(corrected.shortfallCentavos / 100).toFixed(2)} short`,
    );

    started = performance.now();
    const violations = await verifyLedger(db);
    console.log(
      `[${dbName}] verifyLedger in ${seconds(started).toFixed(1)} s: ${violations.length === 0 ? 'every invariant holds' : JSON.stringify(violations.slice(0, 3))}`,
    );
    const met = settleS < TARGETS.settle && againS < TARGETS.again && again.betsMoved === 0 && violations.length === 0;
    console.log(
      `[${dbName}] issue 13 item 4 (settle < ${TARGETS.settle} s, again < ${TARGETS.again} s, nothing moved twice, ledger sound): ${met ? 'met' : 'NOT met'}`,
    );
  } finally {
    await t.close();
  }
}

console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}`);
for (const db of (process.env.BENCH_DBS ?? 'postgres,sqlite').split(',') as ('sqlite' | 'postgres')[]) await benchDb(db);
