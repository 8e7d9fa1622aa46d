import { GAME_CATEGORIES } from '@casino/shared/game-codes';
import type { AdminRebateRates, RebateRateCell } from '@casino/shared/schemas/vip-admin';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/http.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import * as repo from './rebates.repository.ts';
import { rateGrid } from './rebates.service.ts';
import type { Actor } from '../../platform/audit/actor.ts';
import { allRebateRateRows } from '../vip/vip.repository.ts';

/** Back office: the rebate rate grid (VIP level x category, basis points), every change audited. */

/** GET /api/admin/rebate-rates. */
export async function getRebateRates(ctx: AppContext): Promise<AdminRebateRates> {
  return { categories: [...GAME_CATEGORIES], levels: await rateGrid(ctx.db) };
}

const cellKey = (cell: { level: number; category: string }) => `${cell.level}:${cell.category}`;

/**
 * PUT /api/admin/rebate-rates: sets the given cells (a cell sent twice keeps the last), for levels
 * of the VIP table only. One audit row lists the cells that changed, before and after; new rates
 * apply to the next accrual (what is already in fs_money stays).
 */
export async function updateRebateRates(ctx: AppContext, actor: Actor, cells: RebateRateCell[]): Promise<AdminRebateRates> {
  const levels = new Set((await ctx.db.selectFrom('vip_levels').select('level').execute()).map((row) => row.level));
  if (cells.some((cell) => !levels.has(cell.level))) throw fieldError('VALIDATION_FAILED', 'rates', 'validation.vip_level_unknown');
  const current = new Map((await allRebateRateRows(ctx.db)).map((row) => [cellKey(row), row.rate_bp]));
  const wanted = new Map(cells.map((cell) => [cellKey(cell), cell]));
  const changed = [...wanted.values()].filter((cell) => current.get(cellKey(cell)) !== cell.rate_bp);
  if (changed.length > 0) {
    await ctx.db.transaction().execute(async (trx) => {
      for (const cell of changed) await repo.upsertRate(trx, cell);
      await writeAudit(trx, {
        operatorId: actor.operatorId,
        action: 'rebate_rates.update',
        targetType: 'rebate_rates',
        before: Object.fromEntries(changed.map((cell) => [cellKey(cell), current.get(cellKey(cell)) ?? null])),
        after: Object.fromEntries(changed.map((cell) => [cellKey(cell), cell.rate_bp])),
        ip: actor.ip,
      });
    });
  }
  return getRebateRates(ctx);
}
