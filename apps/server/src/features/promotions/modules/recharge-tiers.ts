import { formatCentavos } from '@casino/shared/money';
import type { LadderStep } from '@casino/shared/schemas/promotions';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { addDays, dayRange, saoPauloDay } from '../../../lib/sao-paulo.ts';
import type { ActivityModule, ActivityRun, ModuleCheck } from '../engine.ts';
import { claimedTotal, claimEvaluated, creditedTotal, percentOf, plusDays } from './deposit-queries.ts';

/**
 * Recharge promotion tiers (spec section 9, /promotion/activity/recharge): the period's total
 * credited recharge places the member in a tier (bronze to diamond); the gift ratio rises linearly
 * inside the tier, in basis points, and the reward is that ratio of the total (capped at
 * `cap_centavos`) minus what the member already claimed this period. The member can claim again
 * as the total grows; each claim pays only the difference.
 */
const tierSchema = z.object({
  name: z.string().min(1).max(32),
  min_centavos: z.number().int().min(1),
  max_centavos: z.number().int().min(1),
  from_bp: z.number().int().min(0).max(100_000),
  to_bp: z.number().int().min(0).max(100_000),
});
export type RechargeTier = z.infer<typeof tierSchema>;

const configSchema = z
  .object({
    tiers: z.array(tierSchema).min(1).max(20),
    /** Recharge above this counts as this (100,000.00 by default: the top of diamond). */
    cap_centavos: z.number().int().min(1),
  })
  .refine((c) => c.tiers.every((t, i) => t.max_centavos >= t.min_centavos && (i === 0 || t.min_centavos > c.tiers[i - 1]!.max_centavos)), {
    message: 'tiers must be ascending and must not overlap',
  });
export type RechargeTiersConfig = z.infer<typeof configSchema>;

/** The highest tier whose floor the total reaches (undefined below the first tier). */
export function tierOf(tiers: readonly RechargeTier[], totalCentavos: number): RechargeTier | undefined {
  let reached: RechargeTier | undefined;
  for (const tier of tiers) if (totalCentavos >= tier.min_centavos) reached = tier;
  return reached;
}

/**
 * The gift ratio in basis points for a total: linear from the tier's `from_bp` at its floor to its
 * `to_bp` at its ceiling, floored; a total between two tiers keeps the lower tier's top ratio.
 */
export function tierRatioBp(tiers: readonly RechargeTier[], totalCentavos: number): number {
  const tier = tierOf(tiers, totalCentavos);
  if (!tier) return 0;
  const span = tier.max_centavos - tier.min_centavos;
  if (span === 0 || totalCentavos >= tier.max_centavos) return tier.to_bp;
  return tier.from_bp + Math.floor(((tier.to_bp - tier.from_bp) * (totalCentavos - tier.min_centavos)) / span);
}

/** The whole reward a period's total earns: ⌊min(total, cap) × ratio⌋. */
export function tierReward(config: RechargeTiersConfig, totalCentavos: number): number {
  const base = Math.min(totalCentavos, config.cap_centavos);
  return percentOf(base, tierRatioBp(config.tiers, base));
}

/** The period the totals are for: the activity's own dates when set, else the São Paulo month. */
export function tiersPeriod(startsAt: string | null, endsAt: string | null, now: Date): { label: string; from: string; to: string } {
  if (startsAt) return { label: saoPauloDay(startsAt), from: startsAt, to: endsAt ?? plusDays(now.toISOString(), 1) };
  const month = saoPauloDay(now).slice(0, 7);
  const firstDay = `${month}-01`;
  const nextMonth = addDays(firstDay, 32).slice(0, 7);
  return { label: month, from: dayRange(firstDay).start, to: dayRange(`${nextMonth}-01`).start };
}

const claimPrefix = (memberId: number, period: string) => `rechargetiers:${memberId}:${period}:`;

function toSteps(config: RechargeTiersConfig, totalCentavos: number, claimedCentavos: number): LadderStep[] {
  return config.tiers.map((tier, index) => ({
    index,
    name: tier.name,
    min: formatCentavos(tier.min_centavos),
    max: formatCentavos(tier.max_centavos),
    ratio_from_bp: tier.from_bp,
    ratio_to_bp: tier.to_bp,
    reward: null,
    reached: totalCentavos >= tier.min_centavos,
    is_claimed: claimedCentavos > 0 && claimedCentavos >= tierReward(config, tier.min_centavos),
  }));
}

interface Evaluation {
  check: ModuleCheck;
  claimKey: string;
}

async function evaluate(run: ActivityRun<RechargeTiersConfig>, db: Database): Promise<Evaluation> {
  const { config } = run.activity;
  const period = tiersPeriod(run.activity.startsAt, run.activity.endsAt, run.now);
  const prefix = claimPrefix(run.member.id, period.label);
  const total = await creditedTotal(db, run.member.id, period.from, period.to);
  const claimed = await claimedTotal(db, run.member.id, 'rechargetiers', prefix);
  const remaining = Math.max(0, tierReward(config, total) - claimed);
  const figures = {
    recharge_amount: formatCentavos(total),
    rate_bp: tierRatioBp(config.tiers, Math.min(total, config.cap_centavos)),
    steps: toSteps(config, total, claimed),
    period: period.label,
  };
  const claimKey = `${prefix}${claimed + remaining}`;
  if (!tierOf(config.tiers, total)) return { check: { state: 'no_topups', rewardCentavos: 0, ...figures }, claimKey };
  if (remaining > 0) return { check: { state: 'eligible', rewardCentavos: remaining, ...figures }, claimKey };
  return { check: { state: claimed > 0 ? 'claimed' : 'not_eligible', rewardCentavos: 0, ...figures }, claimKey };
}

const BASIS = 100;
const tier = (name: string, minReais: number, maxReais: number, fromPercent: number, toPercent: number): RechargeTier => ({
  name,
  min_centavos: minReais * BASIS,
  max_centavos: maxReais * BASIS,
  from_bp: fromPercent * 100,
  to_bp: toPercent * 100,
});

export const rechargeTiersModule: ActivityModule<RechargeTiersConfig> = {
  type: 'rechargetiers',
  configSchema,
  defaults: {
    config: {
      tiers: [
        tier('bronze', 1_000, 5_000, 5, 10),
        tier('silver', 5_001, 15_000, 10, 15),
        tier('gold', 15_001, 30_000, 15, 18),
        tier('platinum', 30_001, 60_000, 18, 20),
        tier('diamond', 60_001, 100_000, 20, 20),
      ],
      cap_centavos: 100_000 * BASIS,
    },
    wageringMultiple: 5,
    minVipLevel: 0,
    depositLinked: true,
    sort: 30,
    title: {
      pt: 'Promoção de recarga: do Bronze ao Diamante',
      en: 'Recharge promotion: Bronze to Diamond',
      zh: '充值晋级礼：青铜至钻石',
      vi: 'Khuyến mãi nạp: từ Đồng đến Kim cương',
      id: 'Promo isi ulang: Perunggu hingga Berlian',
      ms: 'Promosi tambah nilai: Gangsa hingga Berlian',
      th: 'โปรโมชันเติมเงิน: บรอนซ์ถึงไดมอนด์',
      tr: 'Yükleme promosyonu: Bronzdan Elmasa',
    },
    content: {
      pt: 'Quanto mais você recarrega no mês, maior o presente: Bronze de R$ 1.000 a R$ 5.000 (5% a 10%), Prata até R$ 15.000 (10% a 15%), Ouro até R$ 30.000 (15% a 18%), Platina até R$ 60.000 (18% a 20%) e Diamante até R$ 100.000 (20%).',
      en: 'The more you recharge in the month, the bigger the gift: Bronze R$1,000 to R$5,000 (5% to 10%), Silver up to R$15,000 (10% to 15%), Gold up to R$30,000 (15% to 18%), Platinum up to R$60,000 (18% to 20%) and Diamond up to R$100,000 (20%).',
      zh: '当月充值越多，礼金越高：青铜 R$1,000–5,000（5%–10%），白银至 R$15,000（10%–15%），黄金至 R$30,000（15%–18%），铂金至 R$60,000（18%–20%），钻石至 R$100,000（20%）。',
      vi: 'Nạp càng nhiều trong tháng, quà càng lớn: Đồng R$1.000–5.000 (5%–10%), Bạc đến R$15.000 (10%–15%), Vàng đến R$30.000 (15%–18%), Bạch kim đến R$60.000 (18%–20%), Kim cương đến R$100.000 (20%).',
      id: 'Semakin banyak isi ulang bulan ini, semakin besar hadiahnya: Perunggu R$1.000–5.000 (5%–10%), Perak hingga R$15.000 (10%–15%), Emas hingga R$30.000 (15%–18%), Platinum hingga R$60.000 (18%–20%), Berlian hingga R$100.000 (20%).',
      ms: 'Lebih banyak tambah nilai bulan ini, lebih besar hadiah: Gangsa R$1,000–5,000 (5%–10%), Perak hingga R$15,000 (10%–15%), Emas hingga R$30,000 (15%–18%), Platinum hingga R$60,000 (18%–20%), Berlian hingga R$100,000 (20%).',
      th: 'ยิ่งเติมมากในเดือนนี้ ยิ่งได้ของขวัญมาก: บรอนซ์ R$1,000–5,000 (5%–10%) ซิลเวอร์ถึง R$15,000 (10%–15%) โกลด์ถึง R$30,000 (15%–18%) แพลทินัมถึง R$60,000 (18%–20%) ไดมอนด์ถึง R$100,000 (20%)',
      tr: 'Ay içinde ne kadar çok yüklerseniz hediye o kadar büyük: Bronz R$1.000–5.000 (%5–%10), Gümüş R$15.000’e kadar (%10–%15), Altın R$30.000’e kadar (%15–%18), Platin R$60.000’e kadar (%18–%20), Elmas R$100.000’e kadar (%20).',
    },
  },
  check: async (run) => (await evaluate(run, run.ctx.db)).check,
  async claim(run, trx) {
    const { check, claimKey } = await evaluate(run, trx);
    return claimEvaluated(run, trx, check, { claimKey, detail: { recharge: check.recharge_amount, rate_bp: check.rate_bp } });
  },
};
