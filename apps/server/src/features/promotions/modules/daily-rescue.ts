import { formatCentavos } from '@casino/shared/money';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { addDays, saoPauloDay } from '../../../lib/sao-paulo.ts';
import type { ActivityModule, ActivityRun, ModuleCheck } from '../engine.ts';
import { claimEvaluated, isClaimed, percentOf, playTotals } from './deposit-queries.ts';

/**
 * Daily loss relief (spec section 9: "Daily-loss cashback: 8% daily refund"), also the /cashback
 * page: yesterday's (São Paulo) net loss, Σ(bet − win) over every game category, if at least
 * `min_loss_centavos`, returns `rate_bp` of it (at most `max_reward_centavos` when set). Claimable
 * during today only: tomorrow, "yesterday" is another day. Not deposit-linked.
 */
const configSchema = z.object({
  min_loss_centavos: z.number().int().min(1),
  rate_bp: z.number().int().min(1).max(10_000),
  max_reward_centavos: z.number().int().min(1).nullable(),
});
export type DailyRescueConfig = z.infer<typeof configSchema>;

/** The claim key: one relief per member per day of loss. */
export const dailyRescueClaimKey = (memberId: number, lossDay: string) => `dailyrescue:${memberId}:${lossDay}`;

/** The relief of a net loss: the rate of it, capped when a cap is set; 0 below the minimum. */
export function reliefOf(config: DailyRescueConfig, netLossCentavos: number): number {
  if (netLossCentavos < config.min_loss_centavos) return 0;
  const relief = percentOf(netLossCentavos, config.rate_bp);
  return config.max_reward_centavos === null ? relief : Math.min(relief, config.max_reward_centavos);
}

interface Evaluation {
  check: ModuleCheck;
  claimKey: string;
  netLossCentavos: number;
}

async function evaluate(run: ActivityRun<DailyRescueConfig>, db: Database): Promise<Evaluation> {
  const { config } = run.activity;
  const today = saoPauloDay(run.now);
  const lossDay = addDays(today, -1);
  const claimKey = dailyRescueClaimKey(run.member.id, lossDay);
  const play = await playTotals(db, run.member.id, lossDay, today);
  const netLossCentavos = play.betCentavos - play.winCentavos;
  const figures = { base_amount: formatCentavos(Math.max(0, netLossCentavos)), rate_bp: config.rate_bp, period: lossDay };
  const relief = reliefOf(config, netLossCentavos);
  if (await isClaimed(db, claimKey)) return { check: { state: 'claimed', rewardCentavos: 0, ...figures }, claimKey, netLossCentavos };
  if (relief <= 0) return { check: { state: 'not_eligible', rewardCentavos: 0, ...figures }, claimKey, netLossCentavos };
  return { check: { state: 'eligible', rewardCentavos: relief, ...figures }, claimKey, netLossCentavos };
}

export const dailyRescueModule: ActivityModule<DailyRescueConfig> = {
  type: 'dailyrescue',
  configSchema,
  defaults: {
    config: { min_loss_centavos: 1_000, rate_bp: 800, max_reward_centavos: null },
    wageringMultiple: 1,
    minVipLevel: 0,
    depositLinked: false,
    sort: 50,
    title: {
      pt: 'Fundo de alívio de perdas diárias',
      en: 'Daily loss relief fund',
      zh: '每日亏损救援金',
      vi: 'Quỹ hỗ trợ thua lỗ hằng ngày',
      id: 'Dana bantuan kekalahan harian',
      ms: 'Dana bantuan kerugian harian',
      th: 'กองทุนช่วยเหลือยอดเสียรายวัน',
      tr: 'Günlük kayıp destek fonu',
    },
    content: {
      pt: 'Receba de volta 8% da sua perda líquida de ontem (a partir de R$ 10). Resgate hoje, até a meia-noite de Brasília.',
      en: "Get back 8% of yesterday's net loss (from R$10). Claim today, before midnight Brasília time.",
      zh: '返还昨日净亏损的 8%（满 R$10 起）。请于今天巴西利亚时间午夜前领取。',
      vi: 'Nhận lại 8% số tiền thua ròng hôm qua (từ R$10). Nhận trong hôm nay, trước nửa đêm giờ Brasília.',
      id: 'Dapatkan kembali 8% dari kekalahan bersih kemarin (mulai R$10). Klaim hari ini sebelum tengah malam waktu Brasília.',
      ms: 'Dapatkan semula 8% kerugian bersih semalam (dari R$10). Tuntut hari ini sebelum tengah malam waktu Brasília.',
      th: 'รับคืน 8% ของยอดเสียสุทธิเมื่อวาน (ตั้งแต่ R$10) รับได้ภายในวันนี้ก่อนเที่ยงคืนเวลาบราซิเลีย',
      tr: "Dünkü net kaybınızın %8'ini geri alın (R$10'dan itibaren). Bugün, Brasília saatiyle gece yarısından önce talep edin.",
    },
  },
  check: async (run) => (await evaluate(run, run.ctx.db)).check,
  async claim(run, trx) {
    const { check, claimKey, netLossCentavos } = await evaluate(run, trx);
    return claimEvaluated(run, trx, check, { claimKey, detail: { day: check.period, net_loss: formatCentavos(netLossCentavos) } });
  },
};
