import { randomBytes } from 'node:crypto';
import { type Centavos, centavos, formatBRL, formatCentavos, parseReais } from '@casino/shared/money';
import type { DepositStatus, PaymentChannel } from '@casino/shared/schemas/payments';
import type { DepositBonusChoice } from '@casino/shared/schemas/promotions';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { cash, house, type TransferLine } from '../../platform/ledger/ledger.service.ts';
import { postTransfer } from '../../platform/ledger/post-transfer.ts';
import { takeDeposit } from '../../platform/responsible/standing.ts';
import { assertDepositBonusChoice } from '../promotions/activities.service.ts';
import { pushBalance } from '../../platform/realtime/realtime.ts';
import { refreshVip } from '../vip/vip.service.ts';
import * as repo from './deposits.repository.ts';
import { type Payer, payerVerdict, refuseAndRefund } from './payer-refunds.ts';
import { insertOrderEvent, memberPayerFacts, orderEvents, recordPayer } from './payer-refunds.repository.ts';

type ChannelRow = Awaited<ReturnType<typeof repo.listChannels>>[number];
type OrderRow = NonNullable<Awaited<ReturnType<typeof repo.findOrderByNo>>>;

const MAX_OPEN_ORDERS = 5;
const QUICK_AMOUNTS_CENTAVOS = [2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

export function toChannel(row: ChannelRow): PaymentChannel {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    direction: row.direction as 'deposit' | 'withdraw',
    payment_type: row.payment_type,
    // Basis points read as a percent with two decimals, the same digits as centavos in reais.
    fee: formatCentavos(row.fee_bp),
    fee_fixed: formatCentavos(row.fee_fixed_centavos),
    min: formatCentavos(row.min_centavos),
    max: formatCentavos(row.max_centavos),
    instant_receipt: row.instant_receipt === 1,
    enabled: row.enabled === 1,
    fee_bp: row.fee_bp,
    icon: `/static/payments/${row.code}.svg`,
  };
}

/** The fee of an amount on a channel, rounded down to the centavo (the player's favour). */
export function channelFee(channel: Pick<ChannelRow, 'fee_bp' | 'fee_fixed_centavos'>, amountCentavos: number): Centavos {
  return centavos(Math.floor((amountCentavos * channel.fee_bp) / 10_000) + channel.fee_fixed_centavos);
}

export async function onlineChannels(ctx: AppContext, lang: string, expiryMinutes: number) {
  const channels = await repo.listChannels(ctx.db, 'deposit');
  const pix = channels[0];
  const t = (key: string, values?: Record<string, unknown>) => translate(lang, key, values);
  const rules = pix
    ? [
        {
          title: t('money.rule_min_deposit'),
          content: t('money.rule_min_deposit_text', { min: formatBRL(pix.min_centavos, lang), max: formatBRL(pix.max_centavos, lang) }),
        },
        { title: t('money.rule_own_cpf'), content: t('money.rule_own_cpf_text') },
        { title: t('money.rule_expiry'), content: t('money.rule_expiry_text', { minutes: expiryMinutes }) },
        { title: t('money.rule_turnover'), content: t('money.rule_turnover_text') },
      ]
    : [];
  const quick = pix ? QUICK_AMOUNTS_CENTAVOS.filter((a) => a >= pix.min_centavos && a <= pix.max_centavos) : [];
  return { list: channels.map(toChannel), quick_amounts: quick.map(formatCentavos), trading_rules: rules };
}

export function assertAmountInChannel(channel: Pick<ChannelRow, 'min_centavos' | 'max_centavos'>, amountCentavos: number) {
  if (amountCentavos < channel.min_centavos) {
    throw new AppError('AMOUNT_BELOW_MIN', {
      fieldErrors: { money: ['money.amount_below_min'] },
      messageValues: (lang) => ({
        min: formatBRL(channel.min_centavos, lang),
      }),
    });
  }
  if (amountCentavos > channel.max_centavos) {
    throw new AppError('AMOUNT_ABOVE_MAX', {
      fieldErrors: { money: ['money.amount_above_max'] },
      messageValues: (lang) => ({
        max: formatBRL(channel.max_centavos, lang),
      }),
    });
  }
}

function newOrderNo(prefix: string): string {
  const day = nowIso().slice(0, 10).replace(/-/g, '');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  let tail = '';
  for (const b of bytes) tail += alphabet[b % alphabet.length];
  return `${prefix}${day}${tail}`;
}

export async function toDepositOrder(
  order: OrderRow,
  methodName: string,
  events: ReadonlyArray<{ event: string; reason: string | null; created_at: string }> = [],
) {
  return {
    order_no: order.order_no,
    amount: formatCentavos(order.amount_centavos),
    fee: formatCentavos(order.fee_centavos),
    method: methodName,
    status: order.status as DepositStatus,
    br_code: order.br_code,
    qr_image: await QRCode.toDataURL(order.br_code, { errorCorrectionLevel: 'M', margin: 1, width: 320 }),
    sandbox_pay_url: order.provider === 'sandbox' ? `/sandbox-psp/pay/${order.psp_txid}` : null,
    expires_at: order.expires_at,
    credited_at: order.credited_at,
    created_at: order.created_at,
    refund_reason: order.refund_reason,
    history: events.map((e) => ({ event: e.event, reason: e.reason, at: e.created_at })),
  };
}

/** Creates a PIX charge for a deposit; the money moves only when the PSP confirms payment. */
export async function createDeposit(
  ctx: AppContext,
  memberId: number,
  input: { money: number; payment_id: number; payment_desc?: string | undefined; bonus?: DepositBonusChoice | undefined },
) {
  const channel = await repo.findChannel(ctx.db, input.payment_id);
  if (!channel || channel.direction !== 'deposit' || channel.enabled !== 1)
    throw new AppError('CHANNEL_UNKNOWN', { fieldErrors: { payment_id: ['money.channel_unknown'] } });
  assertAmountInChannel(channel, input.money);
  // One bonus per deposit: the bonus chosen for this deposit must be one a new deposit can fund.
  await assertDepositBonusChoice(ctx, memberId, input.bonus, input.money);
  const now = new Date();
  if ((await repo.countOpenOrders(ctx.db, memberId, now.toISOString())) >= MAX_OPEN_ORDERS) throw new AppError('RATE_LIMITED');

  // Responsible gaming, asked before the PSP opens a charge and again, under the member's lock,
  // in the transaction that records it: two charges at once cannot pass one deposit limit.
  await ctx.db.transaction().execute((trx) => takeDeposit(trx, memberId, input.money));
  const orderNo = newOrderNo('D');
  const expiresAt = new Date(now.getTime() + ctx.config.DEPOSIT_EXPIRY_MINUTES * 60_000);
  const charge = await ctx.psp.createCharge({ orderNo, amountCentavos: input.money, expiresAt });
  const order = await ctx.db.transaction().execute(async (trx) => {
    await takeDeposit(trx, memberId, input.money);
    return repo.insertOrder(trx, {
      order_no: orderNo,
      member_id: memberId,
      channel_id: channel.id,
      amount_centavos: input.money,
      fee_centavos: channelFee(channel, input.money),
      status: 'pending',
      provider: ctx.psp.name,
      psp_txid: charge.txid,
      br_code: charge.brCode,
      end_to_end_id: null,
      payment_desc: input.payment_desc ?? null,
      bonus_choice: input.bonus ?? null,
      expires_at: expiresAt.toISOString(),
      paid_at: null,
      credited_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
  });
  return toDepositOrder(order, channel.name);
}

export async function memberOrder(ctx: AppContext, memberId: number, orderNo: string) {
  const order = await repo.findOrderByNo(ctx.db, orderNo);
  // Another member's order number reads as unknown: nothing about it leaks.
  if (!order || order.member_id !== memberId) throw new AppError('ORDER_NOT_FOUND');
  const channel = await repo.findChannel(ctx.db, order.channel_id);
  return toDepositOrder(order, channel?.name ?? 'PIX', await orderEvents(ctx.db, order.id));
}

export async function memberOrders(ctx: AppContext, memberId: number, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    repo.memberOrdersPage(ctx.db, memberId, page, pageSize),
    repo.countMemberOrders(ctx.db, memberId),
  ]);
  return {
    list: rows.map((r) => ({
      order_no: r.order_no,
      amount: formatCentavos(r.amount_centavos),
      method: r.method,
      status: r.status as DepositStatus,
      created_at: r.created_at,
      credited_at: r.credited_at,
    })),
    total,
    page,
    page_size: pageSize,
  };
}

/** One payment of the PSP's webhook; `pagador` names its payer (PIX only from the member's own CPF). */
export type PixPayment = { endToEndId: string; txid: string; valor: string; horario?: string | undefined; pagador?: Payer | undefined };
export type CreditOutcome =
  | 'credited'
  | 'duplicate'
  | 'unknown_order'
  | 'expired_order'
  | 'amount_mismatch'
  /** Not from the member's CPF: recorded and returned to its payer (payer-refunds.ts). */
  | 'refunded'
  /** Not from the member's CPF: recorded; the PSP's refund failed and is retried. */
  | 'refund_pending';

/**
 * Credits one confirmed PIX payment at most once: the order moves pending -> credited with a
 * conditional update and the ledger transfer carries the order's key, in one transaction; a
 * second delivery finds the order credited and moves nothing.
 */
export async function creditPayment(ctx: AppContext, payment: PixPayment): Promise<CreditOutcome> {
  const order = await repo.findOrderByTxid(ctx.db, payment.txid);
  if (!order) return 'unknown_order';
  // The PSP sends "valor" with exactly two decimals.
  const paidCentavos = /^\d{1,12}\.\d{2}$/.test(payment.valor) ? parseReais(payment.valor) : null;
  if (paidCentavos !== order.amount_centavos) return 'amount_mismatch';
  // PIX only from the member's own CPF: any other payer's money goes back, never to the balance.
  const member = await memberPayerFacts(ctx.db, order.member_id);
  const refusal = payerVerdict({ cpf: member?.cpf ?? null, regulated: member?.regulated === 1 }, payment.pagador);
  if (refusal) return refuseAndRefund(ctx, order, { endToEndId: payment.endToEndId, payer: payment.pagador }, refusal);
  const now = nowIso();
  const outcome = await ctx.db.transaction().execute(async (trx) => creditInTransaction(trx, order, payment, now));
  if (outcome === 'credited') {
    // After the commit: the recharge may lift the member's VIP level (and pay its reward).
    await refreshVip(ctx, order.member_id);
    await pushBalance(ctx.db, ctx.realtime, order.member_id);
    ctx.realtime.publish(order.member_id, {
      type: 'deposit',
      data: { order_no: order.order_no, status: 'credited', amount: formatCentavos(order.amount_centavos) },
    });
  }
  return outcome;
}

async function creditInTransaction(trx: Database, order: OrderRow, payment: PixPayment, now: string): Promise<CreditOutcome> {
  const { endToEndId } = payment;
  if (!(await repo.markOrderCredited(trx, order.id, endToEndId, now))) {
    const current = await repo.orderStatus(trx, order.id);
    return current === 'credited' ? 'duplicate' : 'expired_order';
  }
  const net = centavos(order.amount_centavos - order.fee_centavos);
  const lines: TransferLine[] = [
    { account: house('psp_clearing'), amountCentavos: centavos(-order.amount_centavos) },
    { account: cash(order.member_id), amountCentavos: net },
    ...(order.fee_centavos > 0 ? [{ account: house('fees'), amountCentavos: centavos(order.fee_centavos) }] : []),
  ];
  await postTransfer(trx, {
    key: `deposit:${order.order_no}`,
    code: 'deposit',
    lines,
    meta: { order_no: order.order_no, end_to_end_id: endToEndId },
  });
  // The deposit's history and its payer (the member's own CPF, or a member with none recorded yet).
  await recordPayer(trx, order.id, payment.pagador?.cpf ?? null, payment.pagador?.nome?.slice(0, 128) ?? null);
  await insertOrderEvent(trx, { orderId: order.id, event: 'credited', now });
  // Lifetime recharge (VIP progress) moves with the credit, after the cash account (lock order:
  // accounts, then the member row; see lockMember).
  await repo.addLifetimeRecharge(trx, order.member_id, order.amount_centavos);
  return 'credited';
}

export async function adminDeposits(
  ctx: AppContext,
  filter: { status?: string | undefined; member_id?: number | undefined; page: number; page_size: number },
) {
  const [rows, total] = await Promise.all([repo.adminOrdersPage(ctx.db, filter), repo.countAdminOrders(ctx.db, filter)]);
  return {
    list: rows.map(({ amount_centavos, status, ...r }) => ({
      ...r,
      amount: formatCentavos(amount_centavos),
      status: status as DepositStatus,
    })),
    total,
    page: filter.page,
    page_size: filter.page_size,
  };
}
