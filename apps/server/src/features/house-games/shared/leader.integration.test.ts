import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createLeadership } from './leader.ts';

/**
 * Leadership stops when it is closed, whenever close() comes. A close that arrived while the
 * advisory lock was being taken once left the leader running with a signal that never aborted: a
 * server stopped right after it started (a test app, a deploy that fails its health check) hung.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SHARED_ROUNDS: 'off' });
});
afterAll(async () => {
  await t.close();
});

const silent = { warn() {} };

/** close()'s promise, or 'hung' when it has not settled after `ms` (the bug this file guards against). */
async function settlesWithin(promise: Promise<void>, ms: number): Promise<'closed' | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), ms);
  });
  try {
    return await Promise.race([promise.then(() => 'closed' as const), hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** A leader's work that runs until its signal aborts, as the round schedulers do. */
function untilAborted(record: { led: number; stopped: number }) {
  return (signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      record.led += 1;
      const done = () => {
        record.stopped += 1;
        resolve();
      };
      if (signal.aborted) done();
      else signal.addEventListener('abort', done, { once: true });
    });
}

describe('leadership', () => {
  it('stops at once when closed while the lock is still being taken', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const record = { led: 0, stopped: 0 };
      const leadership = createLeadership(t.ctx.db, t.ctx.dialect, silent, `close-race-${attempt}`);
      leadership.run(untilAborted(record));
      // The lock is being taken (PostgreSQL) or the work has just started (SQLite).
      expect(await settlesWithin(leadership.close(), 5_000)).toBe('closed');
      expect(record.stopped).toBe(record.led);
    }
  });

  it('stops a leader that leads when closed, and a second leader then takes over', async () => {
    const first = { led: 0, stopped: 0 };
    const leading = createLeadership(t.ctx.db, t.ctx.dialect, silent, 'take-over');
    leading.run(untilAborted(first));
    await expect.poll(() => first.led, { timeout: 5_000 }).toBe(1);
    expect(await settlesWithin(leading.close(), 5_000)).toBe('closed');
    expect(first.stopped).toBe(1);

    const second = { led: 0, stopped: 0 };
    const next = createLeadership(t.ctx.db, t.ctx.dialect, silent, 'take-over');
    next.run(untilAborted(second));
    await expect.poll(() => second.led, { timeout: 5_000 }).toBe(1);
    expect(await settlesWithin(next.close(), 5_000)).toBe('closed');
    expect(second.stopped).toBe(1);
  });
});
