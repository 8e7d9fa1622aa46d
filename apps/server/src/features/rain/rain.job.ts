import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { createLeadership } from '../house-games/shared/leader.ts';
import { runRainPass } from './rain.service.ts';

/**
 * The rain job, on the leader only (its own advisory lock 'rain' on PostgreSQL; SQLite has one
 * process): a pass every few seconds announces, opens and pays the rains that are due. Each step
 * is a conditional update of the rain's row (and the row is unique per site and instant), so a
 * second process running a pass at the same moment, or a leader change mid-pass, pays nothing twice.
 */

export const RAIN_JOB_INTERVAL_MS = 5_000;

/** RAIN_JOB, else on everywhere but in tests (which run passes by hand). */
export function rainJobEnabled(config: Config): boolean {
  return (config.RAIN_JOB ?? (config.NODE_ENV === 'test' ? 'off' : 'on')) === 'on';
}

export interface RainJob {
  close(): Promise<void>;
}

export function startRainJob(ctx: AppContext, intervalMs = RAIN_JOB_INTERVAL_MS): RainJob {
  const leadership = createLeadership(ctx.db, ctx.dialect, ctx.log, 'rain');
  leadership.run(async (signal) => {
    while (!signal.aborted) {
      try {
        const pass = await runRainPass(ctx);
        if (pass.announced + pass.opened + pass.paid + pass.cancelled > 0) ctx.log.info(pass, 'rain pass');
      } catch (error) {
        ctx.log.error({ err: error }, 'rain pass failed');
      }
      // Aborted (close) ends the wait at once, also when it came during the pass.
      await sleep(intervalMs, undefined, { signal }).catch(() => {});
    }
  });
  return { close: () => leadership.close() };
}
