import { formatCentavos } from '@casino/shared/money';
import type {
  AgencyCommissionRow,
  AgencyCommissionsQuery,
  AgencyRateRow,
  AgencyRatesBody,
  AgencySettlementRow,
} from '@casino/shared/schemas/agency-admin';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import { DEFAULT_AGENCY_RATES } from './agency-commissions.ts';
import { isFinishedDay, settleAgencyDay } from './agency-settlement.service.ts';
import * as repo from './agency.repository.ts';
import type { Actor } from '../../platform/audit/actor.ts';

/** The back office's agency: commission rates, settlements (and running one again), commissions paid. */

/** Inserts the default rates of the levels that have none (at start; operator edits survive). */
export async function seedAgencyRates(db: Database): Promise<void> {
  await repo.insertMissingRates(db, [...DEFAULT_AGENCY_RATES], nowIso());
}

function toRateRow(row: { depth: number; recharge_bp: number; betting_bp: number; updated_at: string }): AgencyRateRow {
  return { level: row.depth, recharge_bp: row.recharge_bp, betting_bp: row.betting_bp, updated_at: row.updated_at };
}

/** The rates by level as operators edit them. */
export async function agencyRates(ctx: AppContext): Promise<AgencyRateRow[]> {
  return (await repo.listRates(ctx.db)).map(toRateRow);
}

/** Saves the rates of every level; later settlements and today's pending figures use them. */
export async function saveAgencyRates(ctx: AppContext, actor: Actor, body: AgencyRatesBody): Promise<AgencyRateRow[]> {
  const before = await agencyRates(ctx);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    for (const rate of body.rates) {
      await repo.saveRate(trx, { depth: rate.level, recharge_bp: rate.recharge_bp, betting_bp: rate.betting_bp }, now);
    }
  });
  const after = await agencyRates(ctx);
  await writeAudit(ctx.db, {
    operatorId: actor.operatorId,
    action: 'agency.rates.update',
    targetType: 'agency_rates',
    before: before.map(({ updated_at, ...rate }) => rate),
    after: after.map(({ updated_at, ...rate }) => rate),
    ip: actor.ip,
  });
  return after;
}

function toSettlementRow(row: {
  id: number;
  day: string;
  status: string;
  agents: number;
  total_centavos: number;
  started_at: string;
  finished_at: string | null;
}): AgencySettlementRow {
  return {
    id: row.id,
    day: row.day,
    status: row.status,
    agents: row.agents,
    total: formatCentavos(row.total_centavos),
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/** One page of daily settlements, newest day first (a stuck 'running' day shows here). */
export async function agencySettlements(ctx: AppContext, page: { page: number; page_size: number }) {
  const { rows, total } = await repo.pageSettlements(ctx.db, page);
  return { list: rows.map(toSettlementRow), total, page: page.page, page_size: page.page_size };
}

/** An operator settles (or settles again) one finished day; what was paid before is not paid again. */
export async function settleDayByOperator(ctx: AppContext, actor: Actor, day: string) {
  if (!isFinishedDay(day)) throw new AppError('VALIDATION_FAILED', { fieldErrors: { day: ['agency.day_not_finished'] } });
  const result = await settleAgencyDay(ctx, day);
  const row = await repo.findSettlement(ctx.db, day);
  if (!row) throw new Error(`settlement of ${day} has no row after running`);
  await writeAudit(ctx.db, {
    operatorId: actor.operatorId,
    action: 'agency.settle',
    targetType: 'agency_settlement',
    targetId: day,
    after: { paid_now: result.paidNow, paid_now_centavos: result.paidNowCentavos, failed: result.failed, status: row.status },
    ip: actor.ip,
  });
  return { ...toSettlementRow(row), paid_now: result.paidNow };
}

/** One page of commissions paid, with the filtered total, for reconciling with the expense account. */
export async function agencyCommissions(ctx: AppContext, query: AgencyCommissionsQuery) {
  const { rows, total, totalCentavos } = await repo.pageCommissions(ctx.db, {
    agentId: query.agent_id,
    day: query.day,
    page: query.page,
    page_size: query.page_size,
  });
  const list: AgencyCommissionRow[] = rows.map((row) => ({
    id: row.id,
    agent_id: row.agent_id,
    agent_account: row.agent_account,
    subordinate_id: row.subordinate_id,
    subordinate_account: row.subordinate_account,
    day: row.day,
    source: row.source,
    level: row.depth,
    base: formatCentavos(row.base_centavos),
    rate_bp: row.rate_bp,
    amount: formatCentavos(row.amount_centavos),
    transfer_id: row.transfer_id,
    created_at: row.created_at,
  }));
  return { list, total, page: query.page, page_size: query.page_size, total_amount: formatCentavos(totalCentavos) };
}
