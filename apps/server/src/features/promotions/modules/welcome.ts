import { formatCentavos } from '@casino/shared/money';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { closureError, closureMessage, closureOfDeposit, type DepositClosure, takeDeposit } from '../deposit-bonus.ts';
import type { ActivityModule, ActivityRun, ModuleCheck } from '../engine.ts';
import { type CreditedDeposit, claimEvaluated, firstCreditedDeposit, isClaimed, percentOf, plusDays } from './deposit-queries.ts';

/**
 * Casino welcome bonus (spec section 9: "100% up to 1,500"), the /super page: `rate_bp` of the
 * member's first credited deposit, at most `max_reward_centavos`, once, claimable for
 * `claim_within_days` after that deposit. A larger wagering multiple than the other activities
 * (10 by default) because the bonus can be large.
 */
const configSchema = z.object({
  rate_bp: z.number().int().min(1).max(100_000),
  max_reward_centavos: z.number().int().min(1),
  min_recharge_centavos: z.number().int().min(1),
  claim_within_days: z.number().int().min(1).max(365),
});
export type WelcomeConfig = z.infer<typeof configSchema>;

/** The claim key: one welcome bonus per member, ever. */
export const welcomeClaimKey = (memberId: number) => `welcome:${memberId}`;

/** The welcome reward of a first deposit: rate of it, capped. */
export function welcomeReward(config: WelcomeConfig, firstDepositCentavos: number): number {
  return Math.min(percentOf(firstDepositCentavos, config.rate_bp), config.max_reward_centavos);
}

/** The member's welcome-bonus state and, when one bonus per deposit closes it, why (as in ftd.ts). */
async function evaluate(
  run: ActivityRun<WelcomeConfig>,
  db: Database,
  first: CreditedDeposit | undefined,
): Promise<{ check: ModuleCheck; closure?: DepositClosure }> {
  const { config } = run.activity;
  const figures = { min_recharge: formatCentavos(config.min_recharge_centavos), rate_bp: config.rate_bp };
  if (!first) return { check: { state: 'no_topups', rewardCentavos: 0, ...figures } };
  const withFirst = { ...figures, recharge_amount: formatCentavos(first.amountCentavos) };
  if (await isClaimed(db, welcomeClaimKey(run.member.id))) return { check: { state: 'claimed', rewardCentavos: 0, ...withFirst } };
  if (first.amountCentavos < config.min_recharge_centavos) return { check: { state: 'not_eligible', rewardCentavos: 0, ...withFirst } };
  const closure = await closureOfDeposit(db, run, 'welcome', first, first.id);
  if (closure) return { check: { state: 'not_eligible', rewardCentavos: 0, ...closureMessage(closure, run.lang), ...withFirst }, closure };
  if (Date.parse(plusDays(first.creditedAt, config.claim_within_days)) <= run.now.getTime()) {
    return { check: { state: 'not_eligible', rewardCentavos: 0, messageKey: 'promo.window_passed', ...withFirst } };
  }
  return { check: { state: 'eligible', rewardCentavos: welcomeReward(config, first.amountCentavos), ...withFirst } };
}

export const welcomeModule: ActivityModule<WelcomeConfig> = {
  type: 'welcome',
  configSchema,
  defaults: {
    config: { rate_bp: 10_000, max_reward_centavos: 150_000, min_recharge_centavos: 1_000, claim_within_days: 7 },
    wageringMultiple: 10,
    minVipLevel: 0,
    depositLinked: true,
    sort: 40,
    title: {
      pt: 'Bônus de boas-vindas do cassino',
      en: 'Casino welcome bonus',
      zh: '娱乐场迎新奖金',
      vi: 'Thưởng chào mừng sòng bạc',
      id: 'Bonus sambutan kasino',
      ms: 'Bonus alu-aluan kasino',
      th: 'โบนัสต้อนรับคาสิโน',
      tr: 'Casino hoş geldin bonusu',
    },
    content: {
      pt: 'Dobramos seu primeiro depósito: 100% de bônus até R$ 1.500. Resgate em até 7 dias e cumpra 10x o bônus em apostas.',
      en: 'We double your first deposit: a 100% bonus up to R$1,500. Claim within 7 days and wager the bonus 10 times.',
      zh: '首存翻倍：100% 奖金，最高 R$1,500。请在 7 天内领取，奖金需完成 10 倍流水。',
      vi: 'Nhân đôi lần nạp đầu: thưởng 100% tối đa R$1.500. Nhận trong 7 ngày và cược đủ 10 lần tiền thưởng.',
      id: 'Deposit pertama Anda kami gandakan: bonus 100% hingga R$1.500. Klaim dalam 7 hari dan taruhkan bonus 10 kali.',
      ms: 'Deposit pertama anda digandakan: bonus 100% sehingga R$1,500. Tuntut dalam 7 hari dan pertaruhkan bonus 10 kali.',
      th: 'ฝากครั้งแรกรับโบนัส 100% สูงสุด R$1,500 รับได้ภายใน 7 วัน และต้องทำยอดเดิมพัน 10 เท่าของโบนัส',
      tr: 'İlk yatırımınızı ikiye katlıyoruz: R$1.500’e kadar %100 bonus. 7 gün içinde talep edin ve bonusu 10 kez çevirin.',
    },
  },
  check: async (run) => (await evaluate(run, run.ctx.db, await firstCreditedDeposit(run.ctx.db, run.member.id))).check,
  async claim(run, trx) {
    const first = await firstCreditedDeposit(trx, run.member.id);
    const { check, closure } = await evaluate(run, trx, first);
    if (closure) throw closureError(closure);
    const claimKey = welcomeClaimKey(run.member.id);
    if (check.state === 'eligible' && first) await takeDeposit(trx, run, 'welcome', first, claimKey);
    return claimEvaluated(run, trx, check, { claimKey, detail: { order_no: first?.orderNo } });
  },
  /** A new deposit earns it only while the member has none credited (it would be the first). */
  async offerForNewDeposit(run) {
    if (await firstCreditedDeposit(run.ctx.db, run.member.id)) return undefined;
    const { config } = run.activity;
    return {
      minRechargeCentavos: config.min_recharge_centavos,
      rewardCentavos: null,
      rateBp: config.rate_bp,
      maxRewardCentavos: config.max_reward_centavos,
    };
  },
};
