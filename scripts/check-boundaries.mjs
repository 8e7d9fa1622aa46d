// Import boundaries the linter alone cannot express (STYLE.md rule 2):
// - packages/shared and packages/games are pure: no Node, DOM, React or server imports;
// - in apps/web and apps/admin, one feature never imports another feature's internals.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

const problems = [];
for (const pkg of ['packages/shared/src', 'packages/games/src']) {
  for (const file of files(join(ROOT, pkg))) {
    if (file.endsWith('.test.ts')) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (/^(node:|fs$|path$|crypto$|react|fastify|kysely|@casino\/server)/.test(spec)) {
        problems.push(`${relative(ROOT, file)}: pure package imports "${spec}"`);
      }
    }
  }
}
for (const app of ['apps/web/src', 'apps/admin/src']) {
  const featuresDir = join(ROOT, app, 'features');
  let features = [];
  try {
    features = readdirSync(featuresDir);
  } catch {
    continue;
  }
  for (const feature of features) {
    for (const file of files(join(featuresDir, feature))) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = m[1] ?? m[2];
        const other =
          /(?:^|\/)features\/([^/]+)/.exec(spec)?.[1] ??
          (/^\.\.\/([^./][^/]*)\//.exec(spec)?.[1] && join(file, '..', spec).split(sep).includes('features')
            ? join(file, '..', spec).split(`features${sep}`)[1]?.split(sep)[0]
            : undefined);
        if (other && other !== feature) problems.push(`${relative(ROOT, file)}: feature "${feature}" imports feature "${other}"`);
      }
    }
  }
}
// SQL only in repositories (docs/ARCHITECTURE.md): outside `*.repository.ts`, `db/` (migrations
// included) and tests, no server file uses the query builder. QUERY_RATCHET lists the files that
// still do; it may only shrink. A file not on it that runs a query fails, and so does a listed file
// that no longer runs one (strike it off), so the list stays exact. The money path (wallet, ledger,
// deposits, withdrawals, seamless, the house games' bet path) is not on it and may never be.
const QUERY =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(?:<[^>]*>)?`|\bsql\.(?:raw|ref|lit|id|table|join)\(/;
const QUERY_RATCHET = new Set([
  'features/admin/ledger-admin.service.ts',
  'features/admin/members-admin.service.ts',
  'features/admin/operators.service.ts',
  'features/agency/agency-settlement.service.ts',
  'features/agency/agency-tree.ts',
  'features/auth/captcha.service.ts',
  'features/games/games.seed.ts',
  'features/house-games/shared/balance-pushes.ts',
  'features/house-games/shared/leader.ts',
  'features/house-games/shared/tx-batcher.ts',
  'features/member-banks/member-banks.service.ts',
  'features/promotions/activities.service.ts',
  'features/promotions/daily-stats.ts',
  'features/promotions/deposit-bonus.ts',
  'features/promotions/engine.ts',
  'features/promotions/modules/dailywheel.ts',
  'features/promotions/modules/deposit-queries.ts',
  'features/promotions/modules/invitationactivity.ts',
  'features/promotions/modules/lotterywheel.ts',
  'features/promotions/modules/mystery.ts',
  'features/promotions/modules/rechargerebate.ts',
  'features/promotions/modules/redeemcode.ts',
  'features/promotions/modules/treasurechest.ts',
  'features/rebates/rebates-admin.service.ts',
  'features/rebates/rebates.service.ts',
  'features/security/mailer.ts',
  'features/security/security.service.ts',
  'features/sports/fixtures-job.ts',
  'features/sports/sports.seed.ts',
  'platform/members/member-lock.ts',
  'platform/realtime/realtime.ts',
]);
{
  const serverSrc = join(ROOT, 'apps/server/src');
  const found = new Set();
  for (const file of files(serverSrc)) {
    const path = relative(serverSrc, file).split(sep).join('/');
    if (/\.repository\.ts$|(?:^|\/)db\/|(?:^|\/)test\/|\.test\.ts$|\.test-helpers\.ts$|test-fixtures\.ts$/.test(path)) continue;
    if (QUERY.test(readFileSync(file, 'utf8'))) found.add(path);
  }
  for (const path of found) {
    if (!QUERY_RATCHET.has(path))
      problems.push(`apps/server/src/${path}: runs queries outside a repository (move them to a *.repository.ts)`);
  }
  for (const path of QUERY_RATCHET) {
    if (!found.has(path)) problems.push(`apps/server/src/${path}: no longer runs queries; strike it off QUERY_RATCHET`);
  }
  if (process.argv.includes('--query-count')) console.log(`files outside repositories that run queries: ${found.size}`);
}

if (problems.length > 0) {
  console.error(`Import boundaries broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('import boundaries ok');
