import { formatCentavos } from '@casino/shared/money';
import type { AdminVipLevel, VipLevelChanges } from '@casino/shared/schemas/vip-admin';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import * as repo from './vip.repository.ts';
import { toVipLevel } from './vip.service.ts';
import { ladderViolation, type VipLevel, type VipThreshold } from './vip-levels.ts';
import type { Actor } from '../../platform/audit/actor.ts';

/** Back office: the VIP table (thresholds and level-up rewards), every change audited. */

export function toAdminVipLevel(row: repo.VipLevelRow): AdminVipLevel {
  const level = toVipLevel(row);
  return {
    level: level.level,
    name: level.name,
    min_recharge: formatCentavos(level.minRechargeCentavos),
    min_betting: formatCentavos(level.minBetCentavos),
    min_slot_betting: formatCentavos(level.minSlotBetCentavos),
    min_live_betting: formatCentavos(level.minLiveBetCentavos),
    levelup_reward: formatCentavos(level.levelupRewardCentavos),
    updated_at: row.updated_at,
  };
}

/** GET /api/admin/vip-levels: the table, level 0 first. */
export async function listVipLevels(ctx: AppContext): Promise<AdminVipLevel[]> {
  return (await repo.allLevelRows(ctx.db)).map(toAdminVipLevel);
}

/** The request field of each threshold, to put a refusal under the right input. */
const FIELD_OF: Record<VipThreshold, string> = {
  minRechargeCentavos: 'min_recharge',
  minBetCentavos: 'min_betting',
  minSlotBetCentavos: 'min_slot_betting',
  minLiveBetCentavos: 'min_live_betting',
};

function applyChanges(level: VipLevel, changes: VipLevelChanges): VipLevel {
  return {
    ...level,
    name: changes.name ?? level.name,
    minRechargeCentavos: changes.min_recharge ?? level.minRechargeCentavos,
    minBetCentavos: changes.min_betting ?? level.minBetCentavos,
    minSlotBetCentavos: changes.min_slot_betting ?? level.minSlotBetCentavos,
    minLiveBetCentavos: changes.min_live_betting ?? level.minLiveBetCentavos,
    levelupRewardCentavos: changes.levelup_reward ?? level.levelupRewardCentavos,
  };
}

/**
 * PATCH /api/admin/vip-levels/:level. The table must keep climbing (each level asks at least what
 * the one below asks, level 0 asks nothing), checked against the stored neighbours. Members keep
 * levels they reached (a level never goes down); raised thresholds apply to the next climbs.
 */
export async function updateVipLevel(ctx: AppContext, actor: Actor, levelNumber: number, changes: VipLevelChanges): Promise<AdminVipLevel> {
  const rows = await repo.allLevelRows(ctx.db);
  const before = rows.find((row) => row.level === levelNumber);
  if (!before) throw new AppError('NOT_FOUND');
  const edited = applyChanges(toVipLevel(before), changes);
  const violation = ladderViolation(rows.map((row) => (row.level === levelNumber ? edited : toVipLevel(row))));
  if (violation) {
    throw fieldError(
      'VALIDATION_FAILED',
      FIELD_OF[violation.threshold],
      violation.level === 0 ? 'validation.vip_level_zero' : 'validation.vip_ladder',
    );
  }
  return ctx.db.transaction().execute(async (trx) => {
    const after = await repo.updateLevelRow(trx, levelNumber, {
      name: edited.name,
      min_recharge_centavos: edited.minRechargeCentavos,
      min_bet_centavos: edited.minBetCentavos,
      min_slot_bet_centavos: edited.minSlotBetCentavos,
      min_live_bet_centavos: edited.minLiveBetCentavos,
      levelup_reward_centavos: edited.levelupRewardCentavos,
    });
    if (!after) throw new AppError('NOT_FOUND');
    const [beforeView, afterView] = [toAdminVipLevel(before), toAdminVipLevel(after)];
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'vip_level.update',
      targetType: 'vip_level',
      targetId: levelNumber,
      before: beforeView,
      after: afterView,
      ip: actor.ip,
    });
    return afterView;
  });
}
