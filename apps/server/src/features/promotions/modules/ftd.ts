import { formatCentavos } from '@casino/shared/money';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { closureError, closureMessage, closureOfDeposit, type DepositClosure, takeDeposit } from '../deposit-bonus.ts';
import type { ActivityModule, ActivityRun, ModuleCheck } from '../engine.ts';
import { type CreditedDeposit, claimEvaluated, firstCreditedDeposit, isClaimed, plusDays } from './deposit-queries.ts';

/**
 * First deposit (spec section 9: "First deposit of 100 gives 10 free"): the member's first credited
 * deposit, if at least `min_recharge_centavos`, earns `reward_centavos` once, claimable for
 * `claim_within_days` after it was credited.
 */
const configSchema = z.object({
  min_recharge_centavos: z.number().int().min(1),
  reward_centavos: z.number().int().min(1),
  claim_within_days: z.number().int().min(1).max(365),
});
export type FtdConfig = z.infer<typeof configSchema>;

/** The claim key: one first-deposit reward per member, ever. */
export const ftdClaimKey = (memberId: number) => `ftd:${memberId}`;

/**
 * The member's first-deposit state, read from `db` (the pool for a check, the claim's transaction
 * for a claim), and, when one bonus per deposit closes it, why.
 */
async function evaluate(
  run: ActivityRun<FtdConfig>,
  db: Database,
  first: CreditedDeposit | undefined,
): Promise<{ check: ModuleCheck; closure?: DepositClosure }> {
  const { config } = run.activity;
  const figures = { min_recharge: formatCentavos(config.min_recharge_centavos) };
  if (!first) return { check: { state: 'no_topups', rewardCentavos: 0, ...figures } };
  const withFirst = { ...figures, recharge_amount: formatCentavos(first.amountCentavos) };
  if (await isClaimed(db, ftdClaimKey(run.member.id))) return { check: { state: 'claimed', rewardCentavos: 0, ...withFirst } };
  if (first.amountCentavos < config.min_recharge_centavos) return { check: { state: 'not_eligible', rewardCentavos: 0, ...withFirst } };
  const closure = await closureOfDeposit(db, run, 'ftd', first, first.id);
  if (closure) return { check: { state: 'not_eligible', rewardCentavos: 0, ...closureMessage(closure, run.lang), ...withFirst }, closure };
  if (Date.parse(plusDays(first.creditedAt, config.claim_within_days)) <= run.now.getTime()) {
    return { check: { state: 'not_eligible', rewardCentavos: 0, messageKey: 'promo.window_passed', ...withFirst } };
  }
  return { check: { state: 'eligible', rewardCentavos: config.reward_centavos, ...withFirst } };
}

export const ftdModule: ActivityModule<FtdConfig> = {
  type: 'ftd',
  configSchema,
  defaults: {
    config: { min_recharge_centavos: 10_000, reward_centavos: 1_000, claim_within_days: 7 },
    wageringMultiple: 5,
    minVipLevel: 0,
    depositLinked: true,
    sort: 10,
    title: {
      pt: 'Bônus de primeiro depósito',
      en: 'First deposit bonus',
      zh: '首充奖励',
      vi: 'Thưởng nạp lần đầu',
      id: 'Bonus deposit pertama',
      ms: 'Bonus deposit pertama',
      th: 'โบนัสฝากครั้งแรก',
      tr: 'İlk yatırım bonusu',
    },
    content: {
      pt: 'Faça seu primeiro depósito de R$ 100 ou mais e ganhe R$ 10 grátis. Resgate em até 7 dias.',
      en: 'Make your first deposit of R$100 or more and get R$10 free. Claim within 7 days.',
      zh: '首次充值满 R$100 即送 R$10，请在 7 天内领取。',
      vi: 'Nạp lần đầu từ R$100 trở lên để nhận miễn phí R$10. Nhận trong vòng 7 ngày.',
      id: 'Lakukan deposit pertama R$100 atau lebih dan dapatkan R$10 gratis. Klaim dalam 7 hari.',
      ms: 'Buat deposit pertama R$100 atau lebih dan dapatkan R$10 percuma. Tuntut dalam 7 hari.',
      th: 'ฝากครั้งแรกตั้งแต่ R$100 ขึ้นไป รับฟรี R$10 รับได้ภายใน 7 วัน',
      tr: 'R$100 veya üzeri ilk yatırımınızı yapın, R$10 bedava kazanın. 7 gün içinde talep edin.',
    },
  },
  check: async (run) => (await evaluate(run, run.ctx.db, await firstCreditedDeposit(run.ctx.db, run.member.id))).check,
  async claim(run, trx) {
    const first = await firstCreditedDeposit(trx, run.member.id);
    const { check, closure } = await evaluate(run, trx, first);
    if (closure) throw closureError(closure);
    const claimKey = ftdClaimKey(run.member.id);
    if (check.state === 'eligible' && first) await takeDeposit(trx, run, 'ftd', first, claimKey);
    return claimEvaluated(run, trx, check, { claimKey, detail: { order_no: first?.orderNo } });
  },
  /** A new deposit earns it only while the member has none credited (it would be the first). */
  async offerForNewDeposit(run) {
    if (await firstCreditedDeposit(run.ctx.db, run.member.id)) return undefined;
    const { config } = run.activity;
    return {
      minRechargeCentavos: config.min_recharge_centavos,
      rewardCentavos: config.reward_centavos,
      rateBp: null,
      maxRewardCentavos: null,
    };
  },
};
