import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { createLeadership } from '../house-games/shared/leader.ts';
import { type ReturnsReport, runBalanceReturns } from './balance-returns.service.ts';
import { closeDueAccounts, runPeriodicChecks } from './central-exclusion.service.ts';

/**
 * The responsible-gaming job, on the leader only (its own advisory lock on PostgreSQL; SQLite has
 * one process): every few minutes it closes the accounts whose central exclusion's withdrawal
 * window ended, returns the balances of ended windows (self and central exclusions), and consults
 * the federal register for the accounts not checked in 15 days. Every step is safe to run twice
 * at once (conditional updates, the return's unique key), so a leader change mid-pass is harmless.
 */

export const CENTRAL_EXCLUSION_JOB_INTERVAL_MS = 5 * 60_000;

export interface CentralExclusionPass {
  closed: number;
  returns: ReturnsReport;
  checks: { checked: number; impedido: number; errors: number };
}

/** One pass (tests drive it directly): closures first, so a closed account's balance goes back in the same pass. */
export async function runCentralExclusionPass(ctx: AppContext): Promise<CentralExclusionPass> {
  const closed = await closeDueAccounts(ctx);
  const returns = await runBalanceReturns(ctx);
  const checks = await runPeriodicChecks(ctx);
  return { closed, returns, checks };
}

/** CENTRAL_EXCLUSION_JOB, else on everywhere but in tests (which run passes by hand). */
export function centralExclusionJobEnabled(config: Config): boolean {
  return (config.CENTRAL_EXCLUSION_JOB ?? (config.NODE_ENV === 'test' ? 'off' : 'on')) === 'on';
}

export interface CentralExclusionJob {
  close(): Promise<void>;
}

export function startCentralExclusionJob(ctx: AppContext, intervalMs = CENTRAL_EXCLUSION_JOB_INTERVAL_MS): CentralExclusionJob {
  const leadership = createLeadership(ctx.db, ctx.dialect, ctx.log, 'central-exclusion');
  leadership.run(async (signal) => {
    while (!signal.aborted) {
      try {
        const pass = await runCentralExclusionPass(ctx);
        if (pass.closed > 0 || pass.checks.checked > 0 || pass.returns.paid + pass.returns.queued > 0) {
          ctx.log.info(pass, 'central exclusion pass');
        }
      } catch (error) {
        ctx.log.error({ err: error }, 'central exclusion pass failed');
      }
      // Aborted (close) ends the wait at once, also when it came during the pass.
      await sleep(intervalMs, undefined, { signal }).catch(() => {});
    }
  });
  return { close: () => leadership.close() };
}
