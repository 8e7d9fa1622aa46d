import { centavos } from '@casino/shared/money';
// Ledger transfers beside their raw baseline (bench/baselines), printed (not a timed test).
// Durable commits on both sides: SQLite runs WAL with synchronous=FULL, PostgreSQL its default
// synchronous_commit=on. The project posts bet-sized debits (cash -> game_house) through
// transfer(), with 16 and 64 in flight (PostgreSQL: as many pool connections, DATABASE_POOL_SIZE);
// the baseline writes the same rows with the bare driver. Target (issue 13): ratio >= 0.6, and on
// PostgreSQL flat from 16 to 64 (within 10%). Also printed: statements per transfer.
// Run: npm run bench (or node --import tsx bench/ledger.bench.ts; BENCH_DBS=sqlite to pick one)
import { cash, house } from '../apps/server/src/platform/ledger/ledger.service.ts';
import { transfer } from '../apps/server/src/platform/ledger/transfer.ts';
import { createTestApp, registerMember } from '../apps/server/src/test/test-app.ts';
import { rawPostgresLedger } from './baselines/ledger-postgres.ts';
import { rawSqliteLedger } from './baselines/ledger-sqlite.ts';
import { load, type Measured, printMachine, printRatio, StatementCounter } from './lib/measure.ts';

const TOTAL = Number(process.env.BENCH_TRANSFERS ?? 6_000);

async function project(
  db: 'sqlite' | 'postgres',
  inFlight: number,
  counter: StatementCounter,
): Promise<{ measured: Measured; statements: number }> {
  process.env.TEST_DB = db;
  // The round schedulers (crash, double, the live tables, bingo: ticks, chains hashed) would share
  // this process's one thread with the transfers measured; the bets bench turns them off too.
  const t = await createTestApp({ DATABASE_POOL_SIZE: String(inFlight), SHARED_ROUNDS: 'off' }, { onStatement: counter.hook });
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
    const bet = async (i: number) => {
      const m = members[i % members.length]!;
      const result = await transfer(t.ctx.db, {
        key: `bench:${i}`,
        code: 'game_bet',
        lines: [
          { account: cash(m.id), amountCentavos: centavos(-100) },
          { account: house('game_house:bench'), amountCentavos: centavos(100) },
        ],
      });
      if (!result.ok) throw new Error('bench bet refused');
    };
    await load(inFlight, 500, (i) => bet(TOTAL + i)); // warm-up
    counter.start();
    const measured = await load(inFlight, TOTAL, bet);
    return { measured, statements: counter.stop() / TOTAL };
  } finally {
    await t.close();
  }
}

printMachine();
for (const db of (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[]) {
  const counter = new StatementCounter();
  const figures: number[] = [];
  for (const inFlight of [16, 64]) {
    const { measured, statements } = await project(db, inFlight, counter);
    const baseline = db === 'sqlite' ? await rawSqliteLedger(inFlight, TOTAL) : await rawPostgresLedger(inFlight, TOTAL);
    printRatio(`ledger transfer, ${db}, ${inFlight} in flight`, measured, baseline, 0.6);
    console.log(
      `  statements per transfer: ${statements.toFixed(2)}${db === 'sqlite' ? ' (savepoint and release included; begin/commit shared)' : ''}`,
    );
    figures.push(measured.perSecond);
  }
  if (db === 'postgres') {
    const change = figures[1]! / figures[0]! - 1;
    console.log(`  16 -> 64 in flight: ${(change * 100).toFixed(1)}% (target: within 10%)`);
  }
}
