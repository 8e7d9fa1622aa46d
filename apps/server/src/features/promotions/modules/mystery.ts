import { formatBRL, formatCentavos } from '@casino/shared/money';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { saoPauloDay, weekStart } from '../../../lib/sao-paulo.ts';
import { type ActivityModule, type ActivityRun, creditBonus, type ModuleCheck, type ModuleClaim } from '../engine.ts';
import {
  drawPrize,
  lowestPrizeCentavos,
  prizeTable,
  prizeTableSchema,
  toWheelPrizes,
  topPrizeCentavos,
  type WeightedPrize,
} from './wheel-draw.ts';

/**
 * Mystery bonus (/misterioso, deposit-linked): once per ISO week (Monday, São Paulo) a member
 * who had at least `min_recharge_centavos` credited in the last `window_days` days opens a
 * surprise amount drawn by the provably-fair RNG from the `amounts` table.
 */
export interface MysteryConfig {
  min_recharge_centavos: number;
  window_days: number;
  amounts: WeightedPrize[];
}

const configSchema = z.object({
  min_recharge_centavos: z.number().int().min(1).max(100_000_000_000),
  window_days: z.number().int().min(1).max(31),
  amounts: prizeTableSchema,
});

/** R$ 2.00 to R$ 50.00, mostly small (weights out of 10,000). */
const DEFAULT_AMOUNTS = prizeTable([
  [200, 3000],
  [300, 2200],
  [500, 1800],
  [800, 1200],
  [1000, 800],
  [1500, 500],
  [2000, 300],
  [3000, 150],
  [5000, 50],
]);

const DAY_MS = 86_400_000;

function claimKey(memberId: number, week: string): string {
  return `mystery:${memberId}:${week}`;
}

/** Credited recharge of the last `days` days (a rolling window ending now). */
async function recentRecharge(db: Database, memberId: number, now: Date, days: number): Promise<number> {
  const since = new Date(now.getTime() - days * DAY_MS).toISOString();
  const row = await db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_centavos'), eb.lit(0)).as('total'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'credited')
    .where('credited_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

async function openedThisWeek(db: Database, memberId: number, week: string): Promise<boolean> {
  const row = await db.selectFrom('bonus_credits').select('id').where('claim_key', '=', claimKey(memberId, week)).executeTakeFirst();
  return row !== undefined;
}

/** The week's state and the recharge it was judged on. */
async function mysteryState(db: Database, run: ActivityRun<MysteryConfig>, week: string) {
  const { config } = run.activity;
  const rechargeCentavos = await recentRecharge(db, run.member.id, run.now, config.window_days);
  if (await openedThisWeek(db, run.member.id, week)) return { state: 'claimed' as const, rechargeCentavos };
  if (rechargeCentavos < config.min_recharge_centavos) return { state: 'no_topups' as const, rechargeCentavos };
  return { state: 'eligible' as const, rechargeCentavos };
}

export const mystery: ActivityModule<MysteryConfig> = {
  type: 'mystery',
  defaults: {
    config: { min_recharge_centavos: 20000, window_days: 7, amounts: DEFAULT_AMOUNTS },
    wageringMultiple: 1,
    minVipLevel: 0,
    depositLinked: true,
    sort: 110,
    title: {
      pt: 'Bônus misterioso',
      en: 'Mystery bonus',
      zh: '神秘奖金',
      vi: 'Thưởng bí ẩn',
      id: 'Bonus misteri',
      ms: 'Bonus misteri',
      th: 'โบนัสปริศนา',
      tr: 'Gizemli bonus',
    },
    content: {
      pt: 'Recarregue R$ 200,00 ou mais em 7 dias e abra toda semana um bônus surpresa de R$ 2,00 a R$ 50,00.',
      en: 'Recharge R$ 200.00 or more within 7 days and open a surprise bonus of R$ 2.00 to R$ 50.00 every week.',
      zh: '7 天内累计充值满 R$ 200.00，每周可开启一次 R$ 2.00 至 R$ 50.00 的惊喜奖金。',
      vi: 'Nạp từ R$ 200,00 trong 7 ngày và mở thưởng bất ngờ từ R$ 2,00 đến R$ 50,00 mỗi tuần.',
      id: 'Isi ulang R$ 200,00 atau lebih dalam 7 hari dan buka bonus kejutan R$ 2,00 hingga R$ 50,00 setiap minggu.',
      ms: 'Tambah nilai R$ 200.00 atau lebih dalam 7 hari dan buka bonus kejutan R$ 2.00 hingga R$ 50.00 setiap minggu.',
      th: 'เติมเงินตั้งแต่ R$ 200.00 ภายใน 7 วัน แล้วเปิดโบนัสเซอร์ไพรส์ R$ 2.00 ถึง R$ 50.00 ได้ทุกสัปดาห์',
      tr: '7 gün içinde R$ 200,00 veya üzeri yükle, her hafta R$ 2,00 ile R$ 50,00 arası sürpriz bonus aç.',
    },
  },
  configSchema,

  async check(run): Promise<ModuleCheck> {
    const week = weekStart(saoPauloDay(run.now));
    const { state, rechargeCentavos } = await mysteryState(run.ctx.db, run, week);
    const amounts = run.activity.config.amounts;
    const range = { min: formatBRL(lowestPrizeCentavos(amounts), run.lang), max: formatBRL(topPrizeCentavos(amounts), run.lang) };
    return {
      state,
      ...(state === 'eligible' ? { messageKey: 'promo.mystery_range', messageValues: range } : {}),
      rewardCentavos: topPrizeCentavos(amounts),
      prizes: toWheelPrizes(amounts),
      recharge_amount: formatCentavos(rechargeCentavos),
      min_recharge: formatCentavos(run.activity.config.min_recharge_centavos),
      period: week,
    };
  },

  async claim(run, trx): Promise<ModuleClaim> {
    const week = weekStart(saoPauloDay(run.now));
    const { state } = await mysteryState(trx, run, week);
    if (state === 'claimed') throw new AppError('ALREADY_CLAIMED');
    if (state === 'no_topups') throw new AppError('NO_ELIGIBLE_TOPUPS');
    const amounts = run.activity.config.amounts;
    const { prize, proof } = await drawPrize(trx, run.member.id, amounts);
    const wageringCentavos = prize.reward_centavos * run.activity.wageringMultiple;
    const paid = await creditBonus(trx, {
      memberId: run.member.id,
      source: 'mystery',
      activityId: run.activity.id,
      claimKey: claimKey(run.member.id, week),
      amountCentavos: prize.reward_centavos,
      wageringCentavos,
      detail: { week, ...proof },
    });
    return {
      bonusId: paid.bonusId,
      rewardCentavos: prize.reward_centavos,
      wageringCentavos,
      balanceCentavos: paid.balanceCentavos,
      prize: toWheelPrizes(amounts)[proof.index],
    };
  },
};
