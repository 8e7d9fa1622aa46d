import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { addDays, SAO_PAULO_TIME_ZONE, saoPauloDay } from '../../lib/sao-paulo.ts';
import { settleAgencyDay, unsettledDays } from './agency-settlement.service.ts';

/**
 * Runs the agency settlement without an operator: once a minute it looks at the last 7 São Paulo
 * days and settles each one not yet done, yesterday only after AGENCY_SETTLE_AT local time (so
 * bets still settling at midnight land first). The first look happens at start, which catches up
 * on days a stopped server missed. Every process may run it: a settlement pays once however
 * many run it at the same time.
 */

export const SETTLEMENT_LOOKBACK_DAYS = 7;
const CHECK_EVERY_MS = 60_000;
/** A day whose run failed is tried again after this long, not every minute. */
const RETRY_AFTER_MS = 15 * 60_000;

export interface AgencyScheduler {
  /** Resolves when no check is running (tests wait for the first check this way). */
  idle(): Promise<void>;
  /** Stops the timer and waits for a run in progress (called before the database closes). */
  close(): Promise<void>;
}

/** Whether this process runs the scheduler: AGENCY_SCHEDULER, else on everywhere but in tests. */
export function agencySchedulerEnabled(config: Config): boolean {
  return (config.AGENCY_SCHEDULER ?? (config.NODE_ENV === 'test' ? 'off' : 'on')) === 'on';
}

const localTime = new Intl.DateTimeFormat('en-GB', { timeZone: SAO_PAULO_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The São Paulo wall-clock time of an instant, "HH:MM". */
export function saoPauloTime(at: Date): string {
  return localTime.format(at);
}

/** The days a check at `now` settles: unsettled days of the last week, yesterday once its hour came. */
export function daysDue(unsettled: string[], now: Date, settleAt: string): string[] {
  const yesterday = addDays(saoPauloDay(now), -1);
  return unsettled.filter((day) => day !== yesterday || saoPauloTime(now) >= settleAt);
}

/** Starts the minute check (and runs the first one now); `clock` lets tests stand at a chosen instant. */
export function startAgencyScheduler(ctx: AppContext, settleAt: string, clock: () => Date = () => new Date()): AgencyScheduler {
  const failedAt = new Map<string, number>();
  let running: Promise<void> | undefined;
  let closed = false;

  async function check(): Promise<void> {
    const now = clock();
    const unsettled = await unsettledDays(ctx, saoPauloDay(now), SETTLEMENT_LOOKBACK_DAYS);
    for (const day of daysDue(unsettled, now, settleAt)) {
      if (closed) return;
      if (now.getTime() - (failedAt.get(day) ?? 0) < RETRY_AFTER_MS) continue;
      const result = await settleAgencyDay(ctx, day);
      if (result.failed > 0) failedAt.set(day, now.getTime());
      else failedAt.delete(day);
    }
  }

  function run() {
    if (running || closed) return;
    running = check()
      .catch((error) => ctx.log.error({ err: error }, 'agency settlement check failed'))
      .finally(() => {
        running = undefined;
      });
  }

  const timer = setInterval(run, CHECK_EVERY_MS);
  timer.unref();
  run();
  return {
    async idle() {
      await running;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
