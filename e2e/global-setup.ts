import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const ROOT = join(import.meta.dirname, '..');
export const E2E_ADMIN_PASSWORD = 'e2e-admin-Secret-1';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminPassword: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}

/** Starts one server, on a fresh SQLite file, for every e2e test file; the built SPAs must exist. */
export default async function setup(project: TestProject) {
  for (const dist of ['apps/web/dist/index.html', 'apps/admin/dist/index.html']) {
    if (!existsSync(join(ROOT, dist))) throw new Error(`${dist} is missing: run "npm run build" before the e2e tests`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'casino-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dataDir, 'casino.db')}`,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      CASINO_CAPTCHA: 'disabled',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // A crash round can run for minutes at the real speed (a 20x bust takes 50 s); the e2e
      // players should not wait for it. Same curve shape, four times faster.
      CRASH_SPEED: '4',
      // The virtual league runs in the e2e server (tests turn it off by default): a 20 s betting
      // window and 150 ms match minutes (a match in 13.5 s), so a player bets and watches it settle.
      VIRTUAL_LEAGUE: 'on',
      SPORTS_CALENDAR: 'on',
      VIRTUAL_BETTING_MS: '20000',
      VIRTUAL_MINUTE_MS: '150',
      // Bingo rooms: a 12 s buying window, a ball every 150 ms, so a phone buys a card and watches the draw.
      BINGO_BUY_MS: '12000',
      BINGO_BALL_MS: '150',
      BINGO_PAUSE_MS: '3000',
      // The chat rain (e2e/rain.e2e.test.ts): a rain every 30 s, announced 10 s before, claims open
      // 15 s, R$ 1,00 of bets in the last 24 hours. Mode claim: only a member who claims is paid.
      RAIN_JOB: 'on',
      RAIN_INTERVAL_MS: '30000',
      RAIN_ANNOUNCE_MS: '10000',
      RAIN_WINDOW_MS: '15000',
      RAIN_MIN_WAGER: '100',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseURL, child, 60_000);
  project.provide('baseURL', baseURL);
  project.provide('adminPassword', E2E_ADMIN_PASSWORD);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
