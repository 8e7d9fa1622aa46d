import type { AppContext } from '../../context.ts';
import { addDays, saoPauloDay } from '../../lib/sao-paulo.ts';
import { loadVipLevels, refreshVip } from '../vip/vip.service.ts';
import { membersReadyToClimb } from '../vip/vip.repository.ts';
import { ACCRUAL_WINDOW_DAYS } from './rebate-rates.ts';
import { membersWithRebateDue } from './rebates.repository.ts';
import { accrueRebates } from './rebates.service.ts';

/**
 * The periodic job of play-driven rewards: members who played today and passed a level climb
 * (refreshVip), then members whose recent bets earned rebate accrue it into fs_money. Both steps
 * are idempotent, so two processes running the job (or a run that overlaps a member's claim) pay
 * nothing twice. Deposits and /api/auth/me refresh VIP on their own; this covers play.
 */

/** Members per query: bounded batches keep each query and the memory of a pass small. */
const BATCH = 500;
export const VIP_REBATES_INTERVAL_MS = 60_000;

export interface PassReport {
  climbed: number;
  accruedMembers: number;
  accruedCentavos: number;
}

/** Walks `next` batch by batch (ids ascending) and runs `each` on every member, one at a time. */
async function forEachMember(
  ctx: AppContext,
  next: (afterId: number) => Promise<number[]>,
  each: (memberId: number) => Promise<void>,
): Promise<number> {
  let afterId = 0;
  let count = 0;
  for (;;) {
    const batch = await next(afterId);
    for (const memberId of batch) {
      try {
        await each(memberId);
        count += 1;
      } catch (error) {
        // One member's failure (a lock timeout) must not stop everyone else's rewards.
        ctx.log.error({ err: error, memberId }, 'vip/rebates job: member failed');
      }
    }
    if (batch.length < BATCH) return count;
    afterId = batch.at(-1)!;
  }
}

/** One pass of the job at `now`: VIP climbs first, so the accrual uses the new level's rates. */
export async function runVipRebatesPass(ctx: AppContext, now = new Date()): Promise<PassReport> {
  const today = saoPauloDay(now);
  const levels = await loadVipLevels(ctx.db);
  let climbed = 0;
  await forEachMember(
    ctx,
    (afterId) => membersReadyToClimb(ctx.db, today, afterId, BATCH),
    async (memberId) => {
      if (await refreshVip(ctx, memberId, levels)) climbed += 1;
    },
  );
  let accruedCentavos = 0;
  const fromDay = addDays(today, -(ACCRUAL_WINDOW_DAYS - 1));
  const accruedMembers = await forEachMember(
    ctx,
    (afterId) => membersWithRebateDue(ctx.db, fromDay, afterId, BATCH),
    async (memberId) => {
      accruedCentavos += await accrueRebates(ctx, memberId, now);
    },
  );
  return { climbed, accruedMembers, accruedCentavos };
}

export interface VipRebatesJob {
  close(): Promise<void>;
}

/**
 * Runs a pass every `intervalMs` (the next starts only after the previous one ended). `close`
 * stops the timer and waits for a pass in flight, so the database is not closed under it.
 */
export function startVipRebatesJob(ctx: AppContext, intervalMs = VIP_REBATES_INTERVAL_MS): VipRebatesJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let closed = false;
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      running = runVipRebatesPass(ctx)
        .then((report) => {
          if (report.climbed > 0 || report.accruedMembers > 0) ctx.log.info(report, 'vip/rebates job pass');
        })
        .catch((error) => ctx.log.error({ err: error }, 'vip/rebates job pass failed'))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
