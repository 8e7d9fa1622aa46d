import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { addDays, dayRange, saoPauloDay } from '../../lib/sao-paulo.ts';
import { afterCredit, creditBonus } from '../promotions/engine.ts';
import { AGENCY_WAGERING_MULTIPLE, type Commission, computeDayCommissions, loadRates } from './agency-commissions.ts';
import * as repo from './agency.repository.ts';

/**
 * The daily settlement of agency commissions: every commission a finished São Paulo day earned is
 * recorded and paid into the agent's cash, one transaction per commission. The commission's unique
 * row (agent, subordinate, day, source) and the bonus claim key both make a second run, or two
 * runs at the same instant on two processes, pay each commission once.
 */

/** Subordinates whose commissions are computed and paid together (bounds a run's memory). */
const SETTLEMENT_BATCH = 500;

export interface SettlementResult {
  day: string;
  /** Commissions this run paid (an earlier run's are not counted again). */
  paidNow: number;
  paidNowCentavos: number;
  /** Commissions that could not be paid this run (the day stays 'running'). */
  failed: number;
}

/** The idempotency of one commission: also its bonus claim key (ledger key `bonus:agency:...`). */
export function commissionKey(c: Pick<Commission, 'agent_id' | 'subordinate_id' | 'day' | 'source'>): string {
  return `agency:${c.agent_id}:${c.subordinate_id}:${c.day}:${c.source}`;
}

/** Records and pays one commission; false when it was already recorded (by this or another run). */
async function payCommission(ctx: AppContext, commission: Commission): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const commissionId = await repo.insertCommission(trx, commission, nowIso());
    if (commissionId === undefined) return false;
    const credited = await creditBonus(trx, {
      memberId: commission.agent_id,
      source: 'agency_commission',
      claimKey: commissionKey(commission),
      amountCentavos: commission.amount_centavos,
      wageringCentavos: commission.amount_centavos * AGENCY_WAGERING_MULTIPLE,
      from: 'agency_commission_expense',
      detail: {
        subordinate_id: commission.subordinate_id,
        day: commission.day,
        source: commission.source,
        level: commission.depth,
        base_centavos: commission.base_centavos,
        rate_bp: commission.rate_bp,
      },
    });
    const transfer = await trx
      .selectFrom('bonus_credits')
      .select('transfer_id')
      .where('id', '=', credited.bonusId)
      .executeTakeFirstOrThrow();
    if (transfer.transfer_id !== null) await repo.setCommissionTransfer(trx, commissionId, transfer.transfer_id);
    return true;
  });
}

/**
 * One notification and one balance push per agent for what this run paid it (an agent with many
 * subordinates would otherwise get two notifications per subordinate every day).
 */
async function notifyAgents(ctx: AppContext, paidByAgent: Map<number, number>): Promise<void> {
  for (const [agentId, amountCentavos] of paidByAgent) {
    try {
      await afterCredit(ctx, agentId, 'agency_commission', amountCentavos);
    } catch (error) {
      ctx.log.warn({ err: error, agentId }, 'agency commission notification failed');
    }
  }
}

/**
 * Settles São Paulo day `day`: marks it running, pays every commission not yet paid, and marks it
 * done with the day's totals (all runs together). Safe to run twice or concurrently. A commission
 * that fails is logged and left unpaid, and the day stays 'running' so the next run pays it.
 */
export async function settleAgencyDay(ctx: AppContext, day: string): Promise<SettlementResult> {
  await repo.startSettlement(ctx.db, day, nowIso());
  // One rate table for the whole run; subordinates in batches, so memory stays bounded on big days.
  const rates = await loadRates(ctx.db);
  const active = await repo.activeMemberIds(ctx.db, day, dayRange(day));
  const result: SettlementResult = { day, paidNow: 0, paidNowCentavos: 0, failed: 0 };
  const paidByAgent = new Map<number, number>();
  for (let i = 0; i < active.length; i += SETTLEMENT_BATCH) {
    const commissions = await computeDayCommissions(ctx.db, day, { subordinateIds: active.slice(i, i + SETTLEMENT_BATCH) }, rates);
    await payAll(ctx, commissions, result, paidByAgent);
  }
  await notifyAgents(ctx, paidByAgent);
  if (result.failed === 0) await repo.finishSettlement(ctx.db, day, await repo.dayTotals(ctx.db, day), nowIso());
  if (result.paidNow > 0) ctx.log.info(result, 'agency commissions settled');
  return result;
}

/** Pays a batch of commissions one transaction each, counting what this run paid and what failed. */
async function payAll(ctx: AppContext, commissions: Commission[], result: SettlementResult, paidByAgent: Map<number, number>) {
  for (const commission of commissions) {
    try {
      if (await payCommission(ctx, commission)) {
        result.paidNow += 1;
        result.paidNowCentavos += commission.amount_centavos;
        paidByAgent.set(commission.agent_id, (paidByAgent.get(commission.agent_id) ?? 0) + commission.amount_centavos);
      }
    } catch (error) {
      result.failed += 1;
      ctx.log.error({ err: error, key: commissionKey(commission) }, 'agency commission not paid');
    }
  }
}

/** Days among the `lookbackDays` before `today` whose settlement has not finished, oldest first. */
export async function unsettledDays(ctx: AppContext, today: string, lookbackDays: number): Promise<string[]> {
  const days = Array.from({ length: lookbackDays }, (_, i) => addDays(today, -(lookbackDays - i)));
  const done = await repo.doneDays(ctx.db, days);
  return days.filter((day) => !done.has(day));
}

/** Whether a São Paulo day is over (only finished days are settled). */
export function isFinishedDay(day: string, now: Date = new Date()): boolean {
  return day < saoPauloDay(now);
}
