#!/usr/bin/env node
/**
 * Lighthouse mobile (performance category) on the player site's production build: `/`, `/sports`
 * and a house game (`/gameInfo?code=dice`), in Debian's Chromium (issue 13, item 6). A report, not
 * a test: it prints the scores and LCP / TBT / CLS (with FCP, Speed Index and the unused JavaScript
 * on the page) and exits 0 whatever they are; it fails only when it cannot measure.
 *
 * It builds the web app when apps/web/dist is missing (or with --build), starts the server as
 * `npm start` does (tsx apps/server/src/main.ts) on a free port with a fresh SQLite file and the
 * demo data, and runs Lighthouse through its node API against a Chromium it launches.
 *
 * Usage: npm run lighthouse [-- --build] [-- --runs 3] [-- --json out.json] [-- /path ...]
 *   --runs N   runs each page N times and reports the median run (by score); default 1
 *   --json F   also writes the figures as JSON to F
 *   --reports D  also writes each page's full Lighthouse report (JSON) into the folder D
 *   /path      pages to measure instead of the three defaults
 * Chromium: /usr/bin/chromium (`apt-get install -y chromium`), or CHROME_PATH.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_PAGES = ['/', '/sports', '/gameInfo?code=dice'];
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const runs = Math.max(1, Number(option('--runs', '1')) || 1);
const jsonOut = option('--json', undefined);
const reportsDir = option('--reports', undefined);
const optionValues = new Set([option('--runs'), option('--json'), reportsDir]);
const pages = args.filter((arg) => arg.startsWith('/') && !optionValues.has(arg));

function fail(message) {
  console.error(`lighthouse: ${message}`);
  process.exit(1);
}

if (!existsSync(CHROME)) fail(`${CHROME} is missing: apt-get install -y chromium (or set CHROME_PATH)`);

if (flag('--build') || !existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
  console.log('lighthouse: building the web app (npm --workspace @casino/web run build)');
  const build = spawnSync('npm', ['--workspace', '@casino/web', 'run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) fail('the web build failed');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(origin, child, log) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`the server exited (${child.exitCode}):\n${log.join('')}`);
    try {
      const response = await fetch(`${origin}/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  fail(`the server did not answer within 120 s:\n${log.join('')}`);
}

const workDir = mkdtempSync(join(tmpdir(), 'casino-lighthouse-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const serverLog = [];
const server = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(workDir, 'casino.sqlite')}`,
    CASINO_CAPTCHA: 'disabled',
    KYC_STORAGE_DIR: join(workDir, 'kyc'),
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk) => serverLog.push(String(chunk)));
server.stderr.on('data', (chunk) => serverLog.push(String(chunk)));

let chrome;
const cleanUp = async () => {
  try {
    await chrome?.kill();
  } catch {
    // already gone
  }
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      const force = setTimeout(() => {
        server.kill('SIGKILL');
        resolve();
      }, 10_000);
      server.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
    });
  }
  rmSync(workDir, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The figures of one Lighthouse result. */
function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id];
  const unused = audit('unused-javascript')?.details?.overallSavingsBytes ?? 0;
  const lcpElement = audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint').numericValue,
    lcpMs: audit('largest-contentful-paint').numericValue,
    tbtMs: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    speedIndexMs: audit('speed-index').numericValue,
    unusedJsKb: unused / 1024,
    lcpElement: lcpElement ?? '',
    warnings: lhr.runWarnings ?? [],
    version: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? 0,
  };
}

const results = [];
try {
  await waitForServer(origin, server, serverLog);
  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  for (const path of pages.length > 0 ? pages : DEFAULT_PAGES) {
    const attempts = [];
    for (let run = 0; run < runs; run += 1) {
      const answer = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!answer?.lhr) fail(`no result for ${path}`);
      if (answer.lhr.runtimeError) fail(`${path}: ${answer.lhr.runtimeError.code} ${answer.lhr.runtimeError.message}`);
      attempts.push(figuresOf(answer.lhr));
      if (reportsDir) {
        mkdirSync(reportsDir, { recursive: true });
        const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        writeFileSync(join(reportsDir, `${name}-${run + 1}.json`), answer.report);
      }
    }
    attempts.sort((a, b) => a.score - b.score);
    results.push({ path, runs, ...attempts[Math.floor(attempts.length / 2)] });
  }
} finally {
  await cleanUp();
}

const width = Math.max(...results.map((row) => row.path.length), 4);
console.log(`\nLighthouse ${results[0]?.version ?? ''} mobile, performance (simulated throttling), ${runs} run(s) per page, median\n`);
console.log(
  `${'page'.padEnd(width)}  score  ${'FCP'.padStart(6)}  ${'LCP'.padStart(6)}  ${'TBT'.padStart(7)}  ${'CLS'.padStart(5)}  ${'SI'.padStart(6)}  unused JS  CPU index`,
);
for (const row of results) {
  console.log(
    `${row.path.padEnd(width)}  ${String(row.score).padStart(5)}  ${seconds(row.fcpMs).padStart(6)}  ${seconds(row.lcpMs).padStart(6)}  ${`${Math.round(row.tbtMs)} ms`.padStart(7)}  ${row.cls.toFixed(3).padStart(5)}  ${seconds(row.speedIndexMs).padStart(6)}  ${`${row.unusedJsKb.toFixed(1)} KiB`.padStart(9)}  ${Math.round(row.benchmarkIndex)}`,
  );
}
console.log(
  "\nCPU index: Lighthouse's benchmark of this machine during the run. TBT and LCP scale with it: a busy machine\n" +
    '(an index far below 1,000) shows a slower page than a quiet one would.\n',
);
for (const row of results) {
  if (row.lcpElement) console.log(`LCP element on ${row.path}: ${row.lcpElement}`);
  for (const warning of row.warnings) console.log(`warning on ${row.path}: ${warning}`);
}
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(results, null, 2)}\n`);
