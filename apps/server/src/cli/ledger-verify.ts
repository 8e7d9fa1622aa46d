// npm run ledger:verify — checks every ledger invariant on the configured database
// (DATABASE_URL); prints the broken rows and exits 1 when one fails.
import { loadConfig } from '../config.ts';
import { defaultDatabaseUrl } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { verifyLedger } from '../platform/ledger/ledger-verify.ts';

const config = loadConfig();
const handle = openDatabase({ url: config.DATABASE_URL ?? defaultDatabaseUrl() });
try {
  await migrateToLatest(handle.db, handle.dialect);
  const started = performance.now();
  const violations = await verifyLedger(handle.db);
  const ms = (performance.now() - started).toFixed(0);
  if (violations.length === 0) {
    console.log(`ledger ok: every invariant holds (${handle.dialect}, ${ms} ms)`);
  } else {
    for (const v of violations) {
      console.error(`BROKEN: ${v.invariant}`);
      for (const row of v.rows) console.error(`  ${JSON.stringify(row)}`);
    }
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}
