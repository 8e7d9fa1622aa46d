// The one test command (README): lint, types, build, then every vitest project — unit, the
// server's integration tests on SQLite and on PostgreSQL, and end-to-end tests in Chromium.
// Under CI=true a missing PostgreSQL or Chromium fails the run; elsewhere it is reported and
// that part is left out, loudly.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

const CI = process.env.CI === 'true';
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    console.error(`PostgreSQL at ${POSTGRES_URL} is not reachable: ${error.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const projects = ['unit', 'server-sqlite'];
if (await postgresReachable()) projects.push('server-postgres');
else if (CI) {
  console.error('CI=true and PostgreSQL is missing: failing.');
  process.exit(1);
} else console.warn('\n!!! PostgreSQL missing: the server-postgres tests are NOT run.\n');

if (existsSync(CHROMIUM)) projects.push('e2e-chromium');
else if (CI) {
  console.error(`CI=true and Chromium is missing at ${CHROMIUM}: failing.`);
  process.exit(1);
} else console.warn(`\n!!! Chromium missing at ${CHROMIUM}: the e2e tests are NOT run (apt-get install -y chromium).\n`);

run('lint', 'npm', ['run', 'lint']);
run('typecheck', 'npm', ['run', 'typecheck']);
if (projects.includes('e2e-chromium')) run('build', 'npm', ['run', 'build']);
mkdirSync('test-results', { recursive: true });

/**
 * Two vitest runs, one after the other. The unit and server projects first, three files at a
 * time: they mostly wait on SQLite's fsync, PostgreSQL and timers, so three workers keep two
 * cores busy where vitest's default (cores - 1) would run one file at a time. Then the e2e
 * project alone, one file at a time against its one shared server, so a loaded machine does not
 * slow the browser's pages into flaky timeouts.
 */
const SERVER_WORKERS = process.env.TEST_WORKERS ?? '3';
const runs = [
  { name: 'server', projects: projects.filter((p) => p !== 'e2e-chromium'), workers: SERVER_WORKERS },
  { name: 'e2e', projects: projects.filter((p) => p === 'e2e-chromium'), workers: '1' },
].filter((r) => r.projects.length > 0);

const started = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The failed tests, named again at the very end: a CI log is often read from its tail. */
const failures = [];
let status = 0;
for (const run of runs) {
  const reportFile = `test-results/vitest-${run.name}.json`;
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, `--maxWorkers=${run.workers}`];
  console.log(`\n=== vitest (${run.projects.join(', ')}; ${run.workers} worker(s))`);
  const runStarted = Date.now();
  const result = spawnSync('npx', [...args, ...run.projects.flatMap((p) => ['--project', p])], { stdio: 'inherit' });
  console.log(`=== vitest ${run.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);
  if (existsSync(reportFile)) {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    const firstLine = (text) => (text ?? '').split('\n')[0].slice(0, 300);
    for (const file of report.testResults) {
      const path = file.name.replace(`${process.cwd()}/`, '');
      const failed = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failed) failures.push(`${path} > ${test.fullName}\n    ${firstLine(test.failureMessages[0])}`);
      if (file.status === 'failed' && failed.length === 0) failures.push(`${path} (the file failed: ${firstLine(file.message)})`);
    }
  }
  if (result.status !== 0) status = result.status ?? 1;
}
console.log(`\nprojects: ${projects.join(', ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
for (const failure of failures) console.log(`FAILED ${failure}`);
process.exit(status);
