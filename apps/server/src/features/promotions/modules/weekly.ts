import { formatCentavos } from '@casino/shared/money';
import type { LadderStep } from '@casino/shared/schemas/promotions';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { addDays, saoPauloDay, weekStart } from '../../../lib/sao-paulo.ts';
import type { ActivityModule, ActivityRun, ModuleCheck } from '../engine.ts';
import { claimEvaluated, isClaimed, playTotals } from './deposit-queries.ts';

/**
 * Weekly reward (/semana): last ISO week's (Monday to Sunday, São Paulo) valid bets, every
 * category, reach the highest step of a ladder, whose fixed reward is claimable during the current
 * week. Not deposit-linked.
 */
const stepSchema = z.object({
  min_bet_centavos: z.number().int().min(1),
  reward_centavos: z.number().int().min(1),
});
const configSchema = z.object({
  steps: z
    .array(stepSchema)
    .min(1)
    .max(20)
    .refine((steps) => steps.every((s, i) => i === 0 || s.min_bet_centavos > steps[i - 1]!.min_bet_centavos), {
      message: 'steps must be ascending',
    }),
});
export type WeeklyConfig = z.infer<typeof configSchema>;

/** The claim key: one weekly reward per member per week measured (its Monday). */
export const weeklyClaimKey = (memberId: number, measuredWeek: string) => `weekly:${memberId}:${measuredWeek}`;

/** The index of the highest step the bets reach, or -1. */
export function weeklyStepIndex(config: WeeklyConfig, betCentavos: number): number {
  let reached = -1;
  config.steps.forEach((step, index) => {
    if (betCentavos >= step.min_bet_centavos) reached = index;
  });
  return reached;
}

function toSteps(config: WeeklyConfig, betCentavos: number, claimed: boolean): LadderStep[] {
  const top = weeklyStepIndex(config, betCentavos);
  return config.steps.map((step, index) => ({
    index,
    name: null,
    min: formatCentavos(step.min_bet_centavos),
    max: config.steps[index + 1] ? formatCentavos(config.steps[index + 1]!.min_bet_centavos - 1) : null,
    ratio_from_bp: null,
    ratio_to_bp: null,
    reward: formatCentavos(step.reward_centavos),
    reached: index <= top,
    is_claimed: claimed && index === top,
  }));
}

interface Evaluation {
  check: ModuleCheck;
  claimKey: string;
}

async function evaluate(run: ActivityRun<WeeklyConfig>, db: Database): Promise<Evaluation> {
  const { config } = run.activity;
  const thisWeek = weekStart(saoPauloDay(run.now));
  const measuredWeek = addDays(thisWeek, -7);
  const claimKey = weeklyClaimKey(run.member.id, measuredWeek);
  const { betCentavos } = await playTotals(db, run.member.id, measuredWeek, thisWeek);
  const claimed = await isClaimed(db, claimKey);
  const top = weeklyStepIndex(config, betCentavos);
  const figures = { base_amount: formatCentavos(betCentavos), steps: toSteps(config, betCentavos, claimed), period: measuredWeek };
  if (claimed) return { check: { state: 'claimed', rewardCentavos: 0, ...figures }, claimKey };
  if (top < 0) return { check: { state: 'not_eligible', rewardCentavos: 0, ...figures }, claimKey };
  return { check: { state: 'eligible', rewardCentavos: config.steps[top]!.reward_centavos, ...figures }, claimKey };
}

const step = (minReais: number, rewardReais: number) => ({ min_bet_centavos: minReais * 100, reward_centavos: rewardReais * 100 });

export const weeklyModule: ActivityModule<WeeklyConfig> = {
  type: 'weekly',
  configSchema,
  defaults: {
    config: { steps: [step(1_000, 10), step(5_000, 60), step(20_000, 300), step(100_000, 1_800)] },
    wageringMultiple: 1,
    minVipLevel: 0,
    depositLinked: false,
    sort: 60,
    title: {
      pt: 'Prêmio semanal',
      en: 'Weekly reward',
      zh: '每周奖励',
      vi: 'Thưởng hằng tuần',
      id: 'Hadiah mingguan',
      ms: 'Ganjaran mingguan',
      th: 'รางวัลประจำสัปดาห์',
      tr: 'Haftalık ödül',
    },
    content: {
      pt: 'Suas apostas válidas da semana passada (segunda a domingo) valem um prêmio: a partir de R$ 1.000 ganhe R$ 10, R$ 5.000 ganhe R$ 60, R$ 20.000 ganhe R$ 300 e R$ 100.000 ganhe R$ 1.800. Resgate durante esta semana.',
      en: "Last week's valid bets (Monday to Sunday) earn a reward: from R$1,000 get R$10, R$5,000 get R$60, R$20,000 get R$300 and R$100,000 get R$1,800. Claim during this week.",
      zh: '上周（周一至周日）有效投注可获奖励：满 R$1,000 得 R$10，R$5,000 得 R$60，R$20,000 得 R$300，R$100,000 得 R$1,800。请在本周内领取。',
      vi: 'Cược hợp lệ tuần trước (thứ Hai đến Chủ nhật) được thưởng: từ R$1.000 nhận R$10, R$5.000 nhận R$60, R$20.000 nhận R$300, R$100.000 nhận R$1.800. Nhận trong tuần này.',
      id: 'Taruhan sah minggu lalu (Senin–Minggu) mendapat hadiah: mulai R$1.000 dapat R$10, R$5.000 dapat R$60, R$20.000 dapat R$300, R$100.000 dapat R$1.800. Klaim minggu ini.',
      ms: 'Pertaruhan sah minggu lepas (Isnin–Ahad) mendapat ganjaran: dari R$1,000 dapat R$10, R$5,000 dapat R$60, R$20,000 dapat R$300, R$100,000 dapat R$1,800. Tuntut dalam minggu ini.',
      th: 'ยอดเดิมพันที่ถูกต้องของสัปดาห์ที่แล้ว (จันทร์–อาทิตย์) รับรางวัล: ตั้งแต่ R$1,000 รับ R$10, R$5,000 รับ R$60, R$20,000 รับ R$300, R$100,000 รับ R$1,800 รับได้ภายในสัปดาห์นี้',
      tr: "Geçen haftanın (pazartesi–pazar) geçerli bahisleri ödül kazandırır: R$1.000'den itibaren R$10, R$5.000'de R$60, R$20.000'de R$300, R$100.000'de R$1.800. Bu hafta içinde talep edin.",
    },
  },
  check: async (run) => (await evaluate(run, run.ctx.db)).check,
  async claim(run, trx) {
    const { check, claimKey } = await evaluate(run, trx);
    return claimEvaluated(run, trx, check, { claimKey, detail: { week: check.period, bets: check.base_amount } });
  },
};
