import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { saoPauloDay } from '../../../lib/sao-paulo.ts';
import { type ActivityModule, type ActivityRun, creditBonus, type ModuleCheck, type ModuleClaim } from '../engine.ts';
import { drawPrize, prizeTable, prizeTableSchema, toWheelPrizes, topPrizeCentavos, type WeightedPrize } from './wheel-draw.ts';

/**
 * Daily wheel (/promotion/activity/lottery-wheel): one spin per São Paulo day for members who
 * have recharged at least once, the prize drawn by the provably-fair RNG.
 */
export interface DailyWheelConfig {
  /** Lifetime credited recharge a member needs to spin (1 centavo = any deposit). */
  min_total_recharge_centavos: number;
  prizes: WeightedPrize[];
}

const configSchema = z.object({
  min_total_recharge_centavos: z.number().int().min(0).max(100_000_000_000),
  prizes: prizeTableSchema,
});

/** R$ 0.50 to R$ 100.00; small prizes come up far more often (weights out of 10,000). */
const DEFAULT_PRIZES = prizeTable([
  [50, 4000],
  [100, 2800],
  [200, 1500],
  [500, 900],
  [1000, 500],
  [2000, 200],
  [5000, 80],
  [10000, 20],
]);

function claimKey(memberId: number, day: string): string {
  return `dailywheel:${memberId}:${day}`;
}

async function spunToday(db: Database, memberId: number, day: string): Promise<boolean> {
  const row = await db.selectFrom('bonus_credits').select('id').where('claim_key', '=', claimKey(memberId, day)).executeTakeFirst();
  return row !== undefined;
}

/** The member's state today: no deposit yet, already spun, or one spin left. */
async function wheelState(db: Database, run: ActivityRun<DailyWheelConfig>, day: string): Promise<'no_topups' | 'no_spins' | 'eligible'> {
  if (run.member.total_recharge_centavos < run.activity.config.min_total_recharge_centavos) return 'no_topups';
  return (await spunToday(db, run.member.id, day)) ? 'no_spins' : 'eligible';
}

export const dailyWheel: ActivityModule<DailyWheelConfig> = {
  type: 'dailywheel',
  defaults: {
    config: { min_total_recharge_centavos: 1, prizes: DEFAULT_PRIZES },
    wageringMultiple: 1,
    minVipLevel: 0,
    depositLinked: false,
    sort: 70,
    title: {
      pt: 'Roda diária',
      en: 'Daily wheel',
      zh: '每日转盘',
      vi: 'Vòng quay hằng ngày',
      id: 'Roda harian',
      ms: 'Roda harian',
      th: 'วงล้อรายวัน',
      tr: 'Günlük çark',
    },
    content: {
      pt: 'Gire a roda uma vez por dia e ganhe até R$ 100,00. Basta ter feito um depósito.',
      en: 'Spin the wheel once a day and win up to R$ 100.00. One deposit is all it takes.',
      zh: '每天可转动一次转盘，最高赢取 R$ 100.00。只需完成过一次充值。',
      vi: 'Quay vòng quay mỗi ngày một lần và nhận tới R$ 100,00. Chỉ cần đã nạp tiền một lần.',
      id: 'Putar roda sekali sehari dan menangkan hingga R$ 100,00. Cukup pernah deposit satu kali.',
      ms: 'Putar roda sekali sehari dan menang sehingga R$ 100.00. Hanya perlu pernah membuat satu deposit.',
      th: 'หมุนวงล้อวันละครั้ง ลุ้นรับสูงสุด R$ 100.00 เพียงเคยฝากเงินอย่างน้อยหนึ่งครั้ง',
      tr: "Çarkı günde bir kez çevir, R$ 100,00'a kadar kazan. Bir kez para yatırmış olman yeterli.",
    },
  },
  configSchema,

  async check(run): Promise<ModuleCheck> {
    const day = saoPauloDay(run.now);
    const state = await wheelState(run.ctx.db, run, day);
    const prizes = run.activity.config.prizes;
    return {
      state,
      rewardCentavos: topPrizeCentavos(prizes),
      prizes: toWheelPrizes(prizes),
      remainingspins: state === 'eligible' ? 1 : 0,
      // One spin a day once the member has recharged (the lottery wheel's `quantity`, for the same page).
      quantity: state === 'no_topups' ? 0 : 1,
      period: day,
    };
  },

  async claim(run, trx): Promise<ModuleClaim> {
    const day = saoPauloDay(run.now);
    const state = await wheelState(trx, run, day);
    if (state === 'no_topups') throw new AppError('NO_ELIGIBLE_TOPUPS');
    if (state === 'no_spins') throw new AppError('NO_SPINS_LEFT');
    const prizes = run.activity.config.prizes;
    const { prize, proof } = await drawPrize(trx, run.member.id, prizes);
    const wageringCentavos = prize.reward_centavos * run.activity.wageringMultiple;
    const paid = await creditBonus(trx, {
      memberId: run.member.id,
      source: 'dailywheel',
      activityId: run.activity.id,
      claimKey: claimKey(run.member.id, day),
      amountCentavos: prize.reward_centavos,
      wageringCentavos,
      detail: { day, ...proof },
    });
    return {
      bonusId: paid.bonusId,
      rewardCentavos: prize.reward_centavos,
      wageringCentavos,
      balanceCentavos: paid.balanceCentavos,
      prize: toWheelPrizes(prizes)[proof.index],
      remainingspins: 0,
      quantity: 1,
    };
  },
};
