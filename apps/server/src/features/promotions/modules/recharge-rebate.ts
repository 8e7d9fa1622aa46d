import { formatCentavos } from '@casino/shared/money';
import type { RechargeRebateItem } from '@casino/shared/schemas/promotions';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { translate } from '../../../lib/i18n.ts';
import { closureError, closureMessage, type DepositClosure, depositClosure, depositUses, takeDeposit } from '../deposit-bonus.ts';
import { type ActivityModule, type ActivityRun, creditBonus, type ModuleClaim } from '../engine.ts';
import {
  type CreditedDeposit,
  claimsByKey,
  creditedDepositsSince,
  firstCreditedDeposit,
  ownDepositOrder,
  percentOf,
  plusDays,
  toDeposit,
} from './deposit-queries.ts';

/**
 * Recharge rebate (spec sections 5 and 9): every single credited recharge of at least
 * `min_recharge_centavos` since the activity started is its own reward of `rate_bp` of it, with a
 * turnover of the activity's wagering multiple x the recharge (100.00 -> 20.00 with 500.00 to
 * wager), claimable for `claim_window_days` after the recharge was credited.
 */
const configSchema = z.object({
  min_recharge_centavos: z.number().int().min(1),
  rate_bp: z.number().int().min(1).max(100_000),
  claim_window_days: z.number().int().min(1).max(365),
});
export type RechargeRebateConfig = z.infer<typeof configSchema>;

/** Recharges listed in a check (the newest), and claimed at once by a claim without id. */
const LIST_LIMIT = 100;
const CLAIM_ALL_LIMIT = 200;

/** The claim key: one rebate per recharge. */
export const rechargeRebateClaimKey = (orderNo: string) => `rechargerebate:${orderNo}`;

interface RebateItem {
  deposit: CreditedDeposit;
  rewardCentavos: number;
  requiredCentavos: number;
  eventEndedAt: string;
  claimedAt: string | null;
  /** One bonus per deposit: the recharge funded another bonus, or the member chose another (or none). */
  closure: DepositClosure | undefined;
  claimable: boolean;
}

/** When qualifying recharges start counting: the activity's start, else when it was created. */
async function countingFrom(run: ActivityRun<RechargeRebateConfig>, db: Database): Promise<string> {
  if (run.activity.startsAt) return run.activity.startsAt;
  const row = await db.selectFrom('activities').select('created_at').where('id', '=', run.activity.id).executeTakeFirstOrThrow();
  return row.created_at;
}

async function toItems(run: ActivityRun<RechargeRebateConfig>, db: Database, deposits: CreditedDeposit[]): Promise<RebateItem[]> {
  const { config } = run.activity;
  const claims = await claimsByKey(
    db,
    deposits.map((d) => rechargeRebateClaimKey(d.orderNo)),
  );
  const uses = await depositUses(
    db,
    deposits.map((d) => d.id),
  );
  const firstId = (await firstCreditedDeposit(db, run.member.id))?.id;
  return deposits.map((deposit) => {
    const eventEndedAt = plusDays(deposit.creditedAt, config.claim_window_days);
    const claimedAt = claims.get(rechargeRebateClaimKey(deposit.orderNo)) ?? null;
    const closure = claimedAt === null ? depositClosure(run, 'rechargerebate', deposit, firstId, uses.get(deposit.id)) : undefined;
    return {
      deposit,
      rewardCentavos: percentOf(deposit.amountCentavos, config.rate_bp),
      requiredCentavos: deposit.amountCentavos * run.activity.wageringMultiple,
      eventEndedAt,
      claimedAt,
      closure,
      claimable: claimedAt === null && closure === undefined && Date.parse(eventEndedAt) > run.now.getTime(),
    };
  });
}

function closedReason(item: RebateItem, lang: string): string | null {
  if (!item.closure) return null;
  const { messageKey, messageValues } = closureMessage(item.closure, lang);
  return translate(lang, messageKey, messageValues);
}

function toResponseItem(item: RebateItem, lang: string): RechargeRebateItem {
  return {
    id: item.deposit.id,
    claimed_at: item.claimedAt,
    event_ended_at: item.eventEndedAt,
    is_claimed: item.claimedAt === null ? 0 : 1,
    required_amount: formatCentavos(item.requiredCentavos),
    reward_amount: formatCentavos(item.rewardCentavos),
    recharge_amount: formatCentavos(item.deposit.amountCentavos),
    recharged_at: item.deposit.creditedAt,
    closed_reason: closedReason(item, lang),
  };
}

/** Pays the rebate of one recharge inside the claim's transaction (taking the recharge for it first). */
async function payItem(run: ActivityRun<RechargeRebateConfig>, trx: Database, item: RebateItem) {
  await takeDeposit(trx, run, 'rechargerebate', item.deposit, rechargeRebateClaimKey(item.deposit.orderNo));
  return creditBonus(trx, {
    memberId: run.member.id,
    source: 'rechargerebate',
    activityId: run.activity.id,
    claimKey: rechargeRebateClaimKey(item.deposit.orderNo),
    amountCentavos: item.rewardCentavos,
    wageringCentavos: item.requiredCentavos,
    detail: { order_no: item.deposit.orderNo, recharge: formatCentavos(item.deposit.amountCentavos) },
  });
}

/**
 * The one recharge a claim names by id: another member's order is NOT_ELIGIBLE (it is not theirs
 * to name), a recharge that does not qualify has no eligible top-up, a paid one is claimed, a late
 * one has ended.
 */
async function namedItem(run: ActivityRun<RechargeRebateConfig>, trx: Database, orderId: number): Promise<RebateItem> {
  const order = await ownDepositOrder(trx, run.member.id, orderId);
  if (!order) throw new AppError('NOT_ELIGIBLE');
  const from = await countingFrom(run, trx);
  const qualifies =
    order.status === 'credited' &&
    order.credited_at !== null &&
    order.credited_at >= from &&
    order.amount_centavos >= run.activity.config.min_recharge_centavos;
  if (!qualifies || !order.credited_at) throw new AppError('NO_ELIGIBLE_TOPUPS');
  const [item] = await toItems(run, trx, [toDeposit(order)]);
  if (!item) throw new AppError('NO_ELIGIBLE_TOPUPS');
  if (item.claimedAt !== null) throw new AppError('ALREADY_CLAIMED');
  if (item.closure) throw closureError(item.closure);
  if (!item.claimable) throw new AppError('ACTIVITY_ENDED');
  return item;
}

/** Every recharge still claimable (credited within the claim window), oldest first. */
async function claimableItems(run: ActivityRun<RechargeRebateConfig>, trx: Database): Promise<RebateItem[]> {
  const from = await countingFrom(run, trx);
  const windowStart = plusDays(run.now.toISOString(), -run.activity.config.claim_window_days);
  const deposits = await creditedDepositsSince(trx, run.member.id, {
    from: Date.parse(from) > Date.parse(windowStart) ? from : windowStart,
    minCentavos: run.activity.config.min_recharge_centavos,
    limit: CLAIM_ALL_LIMIT,
  });
  return (await toItems(run, trx, deposits)).filter((item) => item.claimable).reverse();
}

export const rechargeRebateModule: ActivityModule<RechargeRebateConfig> = {
  type: 'rechargerebate',
  configSchema,
  defaults: {
    config: { min_recharge_centavos: 10_000, rate_bp: 2_000, claim_window_days: 7 },
    wageringMultiple: 5,
    minVipLevel: 0,
    depositLinked: true,
    sort: 20,
    title: {
      pt: 'Reembolso de recarga de 20%',
      en: '20% recharge rebate',
      zh: '充值返利 20%',
      vi: 'Hoàn tiền nạp 20%',
      id: 'Rabat isi ulang 20%',
      ms: 'Rebat tambah nilai 20%',
      th: 'คืนเงินเติมเงิน 20%',
      tr: '%20 yükleme iadesi',
    },
    content: {
      pt: 'Cada recarga única de R$ 100 ou mais devolve 20%, contada separadamente. É preciso apostar 5 vezes o valor da recarga. Resgate em até 7 dias.',
      en: 'Every single recharge of R$100 or more returns 20%, each counted separately. A turnover of 5 times the recharge is required. Claim within 7 days.',
      zh: '单笔充值满 R$100 返还 20%，每笔单独计算。需完成充值金额 5 倍的流水，请在 7 天内领取。',
      vi: 'Mỗi lần nạp từ R$100 trở lên được hoàn 20%, tính riêng từng lần. Cần cược đủ 5 lần số tiền nạp. Nhận trong 7 ngày.',
      id: 'Setiap isi ulang tunggal R$100 atau lebih mendapat 20% kembali, dihitung terpisah. Wajib taruhan 5 kali jumlah isi ulang. Klaim dalam 7 hari.',
      ms: 'Setiap tambah nilai tunggal R$100 atau lebih mendapat 20% kembali, dikira berasingan. Pusing ganti 5 kali jumlah tambah nilai diperlukan. Tuntut dalam 7 hari.',
      th: 'เติมเงินครั้งละ R$100 ขึ้นไปรับคืน 20% นับแยกแต่ละครั้ง ต้องทำยอดเดิมพัน 5 เท่าของยอดเติม รับได้ภายใน 7 วัน',
      tr: 'R$100 veya üzeri her tek yüklemede %20 iade, her biri ayrı sayılır. Yükleme tutarının 5 katı çevrim gerekir. 7 gün içinde talep edin.',
    },
  },

  async check(run) {
    const db = run.ctx.db;
    const { config } = run.activity;
    const deposits = await creditedDepositsSince(db, run.member.id, {
      from: await countingFrom(run, db),
      minCentavos: config.min_recharge_centavos,
      limit: LIST_LIMIT,
    });
    const items = await toItems(run, db, deposits);
    const claimable = items.filter((item) => item.claimable);
    // Nothing to claim only because one bonus per deposit closed the recharges still in time: say so.
    const closed = items.find((item) => item.closure && Date.parse(item.eventEndedAt) > run.now.getTime())?.closure;
    const nothing = closed ? { state: 'not_eligible' as const, ...closureMessage(closed, run.lang) } : { state: 'no_topups' as const };
    return {
      ...(claimable.length > 0 ? { state: 'eligible' as const } : nothing),
      rewardCentavos: claimable.reduce((sum, item) => sum + item.rewardCentavos, 0),
      wageringCentavos: claimable.reduce((sum, item) => sum + item.requiredCentavos, 0),
      items: items.map((item) => toResponseItem(item, run.lang)),
      rate_bp: config.rate_bp,
      min_recharge: formatCentavos(config.min_recharge_centavos),
    };
  },

  /** Every new deposit of at least the minimum earns it. */
  async offerForNewDeposit(run) {
    const { config } = run.activity;
    return { minRechargeCentavos: config.min_recharge_centavos, rewardCentavos: null, rateBp: config.rate_bp, maxRewardCentavos: null };
  },

  /** `{ id }` claims that recharge; no id claims every claimable one (one bonus row each, summed). */
  async claim(run, trx, body): Promise<ModuleClaim> {
    // The route validated the body: an id is a positive integer by then.
    const orderId = body?.id === undefined ? undefined : Number(body.id);
    const items = orderId !== undefined ? [await namedItem(run, trx, orderId)] : await claimableItems(run, trx);
    if (items.length === 0) throw new AppError('NO_ELIGIBLE_TOPUPS');
    const paid = [];
    for (const item of items) paid.push(await payItem(run, trx, item));
    return {
      bonusId: paid[0]!.bonusId,
      rewardCentavos: items.reduce((sum, item) => sum + item.rewardCentavos, 0),
      wageringCentavos: items.reduce((sum, item) => sum + item.requiredCentavos, 0),
      balanceCentavos: paid.at(-1)!.balanceCentavos,
    };
  },
};
