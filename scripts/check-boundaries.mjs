// Import boundaries the linter alone cannot express (STYLE.md rule 2):
// - packages/shared and packages/games are pure: no Node, DOM, React or server imports;
// - in apps/web and apps/admin, one feature never imports another feature's internals;
// - on the server, floors import only the floors below them (see "Server floors" below).
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
// Server floors (docs/ARCHITECTURE.md): each imports only the floors below it.
//   ground    lib/, db/, config.ts: nothing above them;
//   platform  platform/ and context.ts: the ground and each other (what every feature stands on);
//   features  features/<name>/: the ground, the platform, its own folder, and another feature only
//             through FEATURE_ALLOW_LIST, each entry with the reason it exists;
//   top       app.ts, bootstrap.ts, main.ts, demo-data.ts, cli/ and test/: anything (they wire or drive the rest).
// Tests and test helpers beside a feature may set up data through any feature; they are not counted.
// The list may not grow without a reason; an entry no import uses any more is reported.
const FEATURE_ALLOW_LIST = {
  'house-games -> wallet': 'the wallet is the game money port: every stake, win and refund of a house round',
  'seamless -> wallet': "the signed provider callbacks are the wallet's HTTP face",
  'games -> wallet': "the game hand-off shows the player's wallet balance",
  'sports -> wallet': 'sportsbook stakes count as valid bets through the wallet, like game rounds',
  'house-games -> fair': "house rounds draw from the player's committed seed pair (nonces)",
  'promotions -> fair': 'wheel prizes are drawn by the provably-fair RNG',
  'fair -> house-games': 'the fairness page publishes the shared rounds’ hash chains and beacon',
  'sports -> house-games': 'the virtual league and settlement reuse the shared-round leader, clock and balance pushes',
  'games -> house-games': "the back office's shared-round settings show multipliers as the feed formats them",
  'wallet -> promotions': "every valid bet is recorded in the member's daily stats (turnover, loss relief)",
  'sports -> promotions': "sportsbook stakes and results are recorded in the member's daily stats",
  'deposits -> promotions': 'a deposit carries the deposit bonus the member chose, checked by the activity engine',
  'vip -> promotions': 'level-up rewards are paid by the activity engine (claim lock, credit, wagering)',
  'rebates -> promotions': 'rebate claims are paid by the activity engine (claim lock, credit, wagering)',
  'agency -> promotions': "agency commissions are paid by the activity engine's credit",
  'rebates -> vip': 'rebate rates and climbs follow the VIP levels',
  'deposits -> vip': "a credited deposit raises the member's VIP level at once",
  'deposits -> payments': 'deposits sign and check PSP webhooks with the payment adapter’s helpers',
  'withdrawals -> member-banks': "a withdrawal pays to one of the member's PIX keys",
  'agency -> auth': 'an agent registers a subordinate by the registration rules (createMember, captcha, client address)',
  'games -> sandbox-provider': "the catalogue seeds the built-in provider's games",
  'auth -> central-exclusion': 'registration and the first login of each day consult the federal self-exclusion register',
  'central-exclusion -> withdrawals': "an excluded member's balance goes back through the withdrawal path (row, ledger codes, PSP payout)",
  'central-exclusion -> member-banks': "a balance is returned to one of the member's own PIX keys",
  'central-exclusion -> house-games': 'the closures, returns and 15-day checks run on one process, under the shared leader election',
  'responsible-admin -> central-exclusion': 'the back office keeps the sandbox federal list and marks queued balance returns paid',
  'rain -> promotions': "rain shares are paid by the activity engine's credit (promotions_expense, wagering, claim key)",
  'rain -> house-games': 'the rain job runs on one process, under the shared leader election',
  'dashboard -> games': "the dashboard's casino and house GGR is the game results report's own query",
  'dashboard -> sports': "the dashboard's sportsbook GGR and liability alert are the sportsbook report's and board's own queries",
  'dashboard -> promotions': "the dashboard's bonus cost is the promotions cost report's own query",
};
{
  const serverSrc = join(ROOT, 'apps/server/src');
  const floorOf = (path) => {
    if (/^(lib|db)\//.test(path) || path === 'config.ts') return 'ground';
    if (path.startsWith('platform/') || path === 'context.ts') return 'platform';
    if (path.startsWith('features/')) return 'features';
    return 'top';
  };
  const used = new Set();
  let crossFeature = 0;
  for (const file of files(serverSrc)) {
    const path = relative(serverSrc, file).split(sep).join('/');
    if (/\.test\.ts$|\.test-helpers\.ts$|(?:^|\/)test\//.test(path)) continue;
    const floor = floorOf(path);
    if (floor === 'top') continue;
    const feature = path.split('/')[1];
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.')) continue;
      const target = relative(serverSrc, join(file, '..', spec))
        .split(sep)
        .join('/');
      const to = floorOf(target);
      const where = `apps/server/src/${path}`;
      if (floor === 'ground' && to !== 'ground') problems.push(`${where}: the ground (lib, db, config) imports "${target}"`);
      if (floor === 'platform' && (to === 'features' || to === 'top')) problems.push(`${where}: the platform imports "${target}"`);
      if (floor === 'features' && to === 'top') problems.push(`${where}: a feature imports "${target}"`);
      if (floor === 'features' && to === 'features') {
        const other = target.split('/')[1];
        if (other === feature) continue;
        crossFeature++;
        const pair = `${feature} -> ${other}`;
        if (pair in FEATURE_ALLOW_LIST) used.add(pair);
        else problems.push(`${where}: feature "${feature}" imports feature "${other}" (not on FEATURE_ALLOW_LIST)`);
      }
    }
  }
  const unused = Object.keys(FEATURE_ALLOW_LIST).filter((pair) => !used.has(pair));
  console.log(
    `server: ${crossFeature} cross-feature imports over ${used.size} allowed pairs${unused.length ? ` (unused entries: ${unused.join(', ')})` : ''}`,
  );
}
// SQL only in repositories (docs/ARCHITECTURE.md): outside `*.repository.ts`, `db/` (migrations
// included) and tests, no server file uses the query builder. QUERY_RATCHET lists the files that
// still do; it may only shrink. A file not on it that runs a query fails, and so does a listed file
// that no longer runs one (strike it off), so the list stays exact. The money path (wallet, ledger,
// deposits, withdrawals, seamless, the house games' bet path) is not on it and may never be.
const QUERY =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(?:<[^>]*>)?`|\bsql\.(?:raw|ref|lit|id|table|join)\(/;
const QUERY_RATCHET = new Set([
  'features/agency/agency-settlement.service.ts',
  'features/agency/agency-tree.ts',
  'features/auth/captcha.service.ts',
  'features/games/games.seed.ts',
  'features/member-banks/member-banks.service.ts',
  'features/promotions/activities.service.ts',
  'features/promotions/daily-stats.ts',
  'features/promotions/deposit-bonus.ts',
  'features/promotions/engine.ts',
  'features/promotions/modules/daily-wheel.ts',
  'features/promotions/modules/deposit-queries.ts',
  'features/promotions/modules/invitation-activity.ts',
  'features/promotions/modules/lottery-wheel.ts',
  'features/promotions/modules/mystery.ts',
  'features/promotions/modules/recharge-rebate.ts',
  'features/promotions/modules/redeem-code.ts',
  'features/promotions/modules/treasure-chest.ts',
  'features/rebates/rebates-admin.service.ts',
  'features/rebates/rebates.service.ts',
  'features/security/mailer.ts',
  'features/security/security.service.ts',
  'features/sports/fixtures-job.ts',
  'features/sports/sports.seed.ts',
  'platform/members/member-lock.ts',
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
