import { formatCentavos } from '@casino/shared/money';
import type { VipHistoryItem, VipInfo } from '@casino/shared/schemas/vip';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import { afterCredit, creditBonus, lockClaimant } from '../promotions/engine.ts';
import * as repo from './vip.repository.ts';
import {
  DEFAULT_VIP_LEVELS,
  levelsPassed,
  progressTo,
  reachedLevel,
  type VipFigures,
  type VipLevel,
  type VipProgress,
  type VipTrack,
} from './vip-levels.ts';

/**
 * VIP levels (DESIGN.md section 7; spec sections 3, 6, 7): a member climbs by lifetime recharge
 * and betting, with separate slot and live levels, and is paid each level's reward once.
 */

/** Turnover a level-up reward adds to ml_money: the reward itself, once. */
export const VIP_REWARD_WAGERING_MULTIPLE = 1;

const TRACKS: readonly VipTrack[] = ['level', 'slot', 'live'];

/** Seeds levels 0..10 with the default table; levels already there (operator edits) are kept. */
export async function seedVipLevels(db: Database): Promise<void> {
  await repo.insertMissingLevels(
    db,
    DEFAULT_VIP_LEVELS.map((level) => ({
      level: level.level,
      name: level.name,
      min_recharge_centavos: level.minRechargeCentavos,
      min_bet_centavos: level.minBetCentavos,
      min_slot_bet_centavos: level.minSlotBetCentavos,
      min_live_bet_centavos: level.minLiveBetCentavos,
      levelup_reward_centavos: level.levelupRewardCentavos,
    })),
  );
}

export function toVipLevel(row: repo.VipLevelRow): VipLevel {
  return {
    level: row.level,
    name: row.name,
    minRechargeCentavos: Number(row.min_recharge_centavos),
    minBetCentavos: Number(row.min_bet_centavos),
    minSlotBetCentavos: Number(row.min_slot_bet_centavos),
    minLiveBetCentavos: Number(row.min_live_bet_centavos),
    levelupRewardCentavos: Number(row.levelup_reward_centavos),
  };
}

/** The table as it stands (eleven rows: read fresh, so an operator's edit applies at once). */
export async function loadVipLevels(db: Database): Promise<VipLevel[]> {
  return (await repo.allLevelRows(db)).map(toVipLevel);
}

function figuresOf(standing: repo.Standing): VipFigures {
  return {
    totalRechargeCentavos: Number(standing.total_recharge_centavos),
    totalBetCentavos: Number(standing.total_bet_centavos),
    totalSlotBetCentavos: Number(standing.total_slot_bet_centavos),
    totalLiveBetCentavos: Number(standing.total_live_bet_centavos),
  };
}

function currentLevel(standing: repo.Standing, track: VipTrack): number {
  return track === 'level' ? standing.level : track === 'slot' ? standing.slot_level : standing.live_level;
}

function risesOn(levels: readonly VipLevel[], standing: repo.Standing): boolean {
  const figures = figuresOf(standing);
  return TRACKS.some((track) => reachedLevel(levels, figures, track) > currentLevel(standing, track));
}

interface PaidReward {
  level: number;
  amountCentavos: number;
}

/**
 * Pays each level's reward between `from` (excluded) and `to` once. The claim key
 * `vip_levelup:<member>:<level>` makes a reward already paid (a level an operator lowered and the
 * member climbed again) pay nothing, without failing the climb.
 */
async function payLevelRewards(trx: Database, levels: readonly VipLevel[], memberId: number, from: number, to: number) {
  const paid: PaidReward[] = [];
  for (const level of levelsPassed(levels, from, to)) {
    if (level.levelupRewardCentavos <= 0) continue;
    try {
      await creditBonus(trx, {
        memberId,
        source: 'vip_levelup',
        claimKey: `vip_levelup:${memberId}:${level.level}`,
        amountCentavos: level.levelupRewardCentavos,
        wageringCentavos: level.levelupRewardCentavos * VIP_REWARD_WAGERING_MULTIPLE,
        detail: { level: level.level, name: level.name },
      });
      paid.push({ level: level.level, amountCentavos: level.levelupRewardCentavos });
    } catch (error) {
      if (!(error instanceof AppError && error.errorCode === 'ALREADY_CLAIMED')) throw error;
    }
  }
  return paid;
}

/** Raises every track the member's figures have passed, under the member's lock; answers whether one rose and the rewards paid. */
async function raiseInTransaction(
  trx: Database,
  levels: readonly VipLevel[],
  memberId: number,
): Promise<{ raised: boolean; paid: PaidReward[] }> {
  await lockClaimant(trx, memberId);
  // Read again under the lock: a concurrent refresh may have raised the levels already.
  const standing = await repo.findStanding(trx, memberId);
  if (!standing) return { raised: false, paid: [] };
  const figures = figuresOf(standing);
  const paid: PaidReward[] = [];
  let raised = false;
  for (const track of TRACKS) {
    const from = currentLevel(standing, track);
    const to = reachedLevel(levels, figures, track);
    if (to <= from || !(await repo.raiseLevel(trx, memberId, track, to))) continue;
    raised = true;
    // Only the VIP level carries rewards; slot and live levels are standings.
    const rewards = track === 'level' ? await payLevelRewards(trx, levels, memberId, from, to) : [];
    paid.push(...rewards);
    const rewardCentavos = rewards.reduce((sum, reward) => sum + reward.amountCentavos, 0);
    await repo.insertHistory(trx, { member_id: memberId, track, from_level: from, to_level: to, reward_centavos: rewardCentavos });
  }
  return { raised, paid };
}

/**
 * Brings a member's VIP, slot and live levels up to what its lifetime figures reach (never down),
 * records each climb in vip_history and pays the reward of every level passed, once, even when
 * many refreshes run at the same instant. Called after a deposit is credited, on /api/auth/me, on
 * the VIP page and by the periodic job. Answers whether this call raised a level. Cheap when
 * nothing changed: two reads, no transaction.
 */
export async function refreshVip(ctx: AppContext, memberId: number, table?: readonly VipLevel[]): Promise<boolean> {
  const levels = table ?? (await loadVipLevels(ctx.db));
  const standing = await repo.findStanding(ctx.db, memberId);
  if (!standing || !risesOn(levels, standing)) return false;
  const { raised, paid } = await ctx.db.transaction().execute((trx) => raiseInTransaction(trx, levels, memberId));
  for (const reward of paid) await afterCredit(ctx, memberId, 'vip_levelup', reward.amountCentavos);
  return raised;
}

function toProgress(progress: VipProgress) {
  return {
    next_level: progress.nextLevel,
    recharge_needed: formatCentavos(progress.rechargeNeededCentavos),
    betting_needed: formatCentavos(progress.bettingNeededCentavos),
    recharge_percent: progress.rechargePercent,
    betting_percent: progress.bettingPercent,
  };
}

/** Rebate rates by level, category to basis points. */
async function rebateTable(db: Database): Promise<Map<number, Record<string, number>>> {
  const byLevel = new Map<number, Record<string, number>>();
  for (const row of await repo.allRebateRateRows(db)) {
    const rates = byLevel.get(row.level) ?? {};
    rates[row.category] = row.rate_bp;
    byLevel.set(row.level, rates);
  }
  return byLevel;
}

/**
 * POST api/member/vip/info: the member's levels (refreshed first, so the page never shows a level
 * the figures have passed), lifetime figures, the way to the next level on each track, and the
 * whole table with each level's rebate rates.
 */
export async function vipInfo(ctx: AppContext, memberId: number): Promise<VipInfo> {
  const levels = await loadVipLevels(ctx.db);
  await refreshVip(ctx, memberId, levels);
  const standing = await repo.findStanding(ctx.db, memberId);
  if (!standing) throw new AppError('UNAUTHENTICATED');
  const figures = figuresOf(standing);
  const rates = await rebateTable(ctx.db);
  const nameOf = (level: number) => levels.find((row) => row.level === level)?.name ?? `VIP${level}`;
  return {
    uservip: {
      userviplvl: standing.level,
      level_name: nameOf(standing.level),
      totalrecharge: formatCentavos(figures.totalRechargeCentavos),
      totalbetting: formatCentavos(figures.totalBetCentavos),
      slot_level: standing.slot_level,
      live_level: standing.live_level,
      total_slot_betting: formatCentavos(figures.totalSlotBetCentavos),
      total_live_betting: formatCentavos(figures.totalLiveBetCentavos),
      progress: toProgress(progressTo(levels, figures, 'level', standing.level)),
      slot_progress: toProgress(progressTo(levels, figures, 'slot', standing.slot_level)),
      live_progress: toProgress(progressTo(levels, figures, 'live', standing.live_level)),
    },
    data: levels.map((level) => ({
      level: level.level,
      name: level.name,
      min_recharge: formatCentavos(level.minRechargeCentavos),
      min_betting: formatCentavos(level.minBetCentavos),
      min_slot_betting: formatCentavos(level.minSlotBetCentavos),
      min_live_betting: formatCentavos(level.minLiveBetCentavos),
      levelup_reward: formatCentavos(level.levelupRewardCentavos),
      rebate_bp: rates.get(level.level) ?? {},
    })),
  };
}

/** POST api/member/vip/history: the member's climbs, newest first. */
export async function vipHistory(ctx: AppContext, memberId: number, page: number, pageSize: number) {
  const { rows, total } = await repo.pageHistory(ctx.db, memberId, page, pageSize);
  const list: VipHistoryItem[] = rows.map((row) => ({
    id: row.id,
    track: row.track as VipHistoryItem['track'],
    from_level: row.from_level,
    to_level: row.to_level,
    reward: formatCentavos(Number(row.reward_centavos)),
    created_at: row.created_at,
  }));
  return { list, total, page, page_size: pageSize };
}
