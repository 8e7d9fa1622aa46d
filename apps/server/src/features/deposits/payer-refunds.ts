import { centavos, formatCentavos } from '@casino/shared/money';
import { isValidCpf } from '@casino/shared/pix/cpf';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { house } from '../../platform/ledger/ledger.service.ts';
import { postTransfer } from '../../platform/ledger/post-transfer.ts';
import * as repo from './payer-refunds.repository.ts';

/**
 * PIX only from the member's own CPF (Lei 14.790/2023; issue 12 item 7). The PSP's webhook names
 * each payment's payer; a payment that is not from the member's CPF is never credited: it is
 * recorded (the order goes pending -> refund_pending, the money sits in deposit_refunds_payable)
 * and returned through the PSP's refund call (refund_pending -> refunded, the money leaves again),
 * both in the ledger and in the deposit's history.
 *
 * Which payments go back, on every site:
 * - a company account (CNPJ) pays: never the member's CPF (`payer_company`);
 * - the member has a CPF and the payer's differs (`foreign_payer`), or the PSP named no payer
 *   (`payer_unknown`);
 * - the member has no CPF yet: on the regulated profile it cannot be checked, so it goes back
 *   (`payer_unknown`); elsewhere the payment is credited and its payer recorded, as the product
 *   records a member's CPF with the first PIX key (features/member-banks), not from a payment.
 */

export type RefundReason = 'foreign_payer' | 'payer_unknown' | 'payer_company';

/** The payer as the webhook names it (Banco Central's `pagador`: cpf or cnpj, and nome). */
export interface Payer {
  cpf?: string | undefined;
  cnpj?: string | undefined;
  nome?: string | undefined;
}

export function payerVerdict(member: { cpf: string | null; regulated: boolean }, payer: Payer | undefined): RefundReason | null {
  if (payer?.cnpj) return 'payer_company';
  const payerCpf = payer?.cpf && isValidCpf(payer.cpf) ? payer.cpf : null;
  if (member.cpf !== null) {
    if (payerCpf === null) return 'payer_unknown';
    return payerCpf === member.cpf ? null : 'foreign_payer';
  }
  if (member.regulated) return 'payer_unknown';
  return null;
}

type Order = NonNullable<Awaited<ReturnType<typeof repo.findOrderById>>>;

/** Our refund id: Banco Central's devolução id (1 to 35 letters and digits), one per order. */
const refundIdOf = (orderNo: string) => `R${orderNo}`.slice(0, 35);

export type RefundOutcome = 'refunded' | 'refund_pending' | 'duplicate' | 'expired_order';

/**
 * Records a payment that may not be credited and returns it. Only the delivery that moves the
 * order out of pending records it and asks the PSP: a duplicate delivery (even at the same
 * instant) moves nothing and calls nothing.
 */
export async function refuseAndRefund(
  ctx: AppContext,
  order: Order,
  payment: { endToEndId: string; payer: Payer | undefined },
  reason: RefundReason,
): Promise<RefundOutcome> {
  const now = nowIso();
  const refundId = refundIdOf(order.order_no);
  const recorded = await ctx.db.transaction().execute(async (trx) => {
    const payerDocument = (payer: Payer | undefined) => (payer?.cnpj ?? payer?.cpf ?? '').replace(/\D/g, '').slice(0, 14) || null;
    const taken = await repo.markOrderRefundPending(
      trx,
      order.id,
      {
        endToEndId: payment.endToEndId,
        payerDocument: payerDocument(payment.payer),
        payerName: payment.payer?.nome?.slice(0, 128) ?? null,
        reason,
        refundId,
      },
      now,
    );
    if (!taken) return false;
    await repo.insertOrderEvent(trx, { orderId: order.id, event: 'foreign_payer', reason, detail: payment.endToEndId, now });
    // The money is at the PSP but not the member's: it waits in deposit_refunds_payable.
    await postTransfer(trx, {
      key: `deposit_foreign_payer:${order.order_no}`,
      code: 'deposit_foreign_payer',
      lines: [
        { account: house('psp_clearing'), amountCentavos: centavos(-order.amount_centavos) },
        { account: house('deposit_refunds_payable'), amountCentavos: centavos(order.amount_centavos) },
      ],
      meta: { order_no: order.order_no, end_to_end_id: payment.endToEndId, reason },
    });
    return true;
  });
  if (!recorded) {
    const current = await repo.findOrderById(ctx.db, order.id);
    return current?.status === 'credited' || current?.status === 'refund_pending' || current?.status === 'refunded'
      ? 'duplicate'
      : 'expired_order';
  }
  ctx.log.warn({ orderNo: order.order_no, reason }, 'pix payment not from the member’s CPF: returning it');
  const outcome = await sendRefund(ctx, order.id);
  ctx.realtime.publish(order.member_id, {
    type: 'deposit',
    data: {
      order_no: order.order_no,
      status: outcome === 'refunded' ? 'refunded' : 'refund_pending',
      amount: formatCentavos(order.amount_centavos),
    },
  });
  return outcome;
}

/**
 * Asks the PSP to return a refund_pending order's payment and records the answer: refunded with
 * the ledger's return, or the failure in the history (the sweeper tries again; the PSP's refund id
 * makes a repeated call return the money once).
 */
export async function sendRefund(ctx: AppContext, orderId: number): Promise<'refunded' | 'refund_pending'> {
  const order = await repo.findOrderById(ctx.db, orderId);
  if (!order || order.status !== 'refund_pending' || !order.end_to_end_id || !order.refund_id) {
    return order?.status === 'refunded' ? 'refunded' : 'refund_pending';
  }
  let answer: Awaited<ReturnType<AppContext['psp']['refund']>>;
  try {
    answer = await ctx.psp.refund({
      endToEndId: order.end_to_end_id,
      refundId: order.refund_id,
      amountCentavos: order.amount_centavos,
      reason: order.refund_reason ?? 'foreign_payer',
    });
  } catch (error) {
    answer = { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const now = nowIso();
  if (!answer.ok) {
    ctx.log.error({ orderNo: order.order_no, reason: answer.reason }, 'pix refund failed; it will be retried');
    await repo.insertOrderEvent(ctx.db, { orderId, event: 'refund_failed', reason: order.refund_reason, detail: answer.reason, now });
    return 'refund_pending';
  }
  const reference = answer.reference;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.markOrderRefunded(trx, orderId, reference, now))) return;
    await repo.insertOrderEvent(trx, { orderId, event: 'refunded', reason: order.refund_reason, detail: reference, now });
    await postTransfer(trx, {
      key: `deposit_refund:${order.order_no}`,
      code: 'deposit_refund',
      lines: [
        { account: house('deposit_refunds_payable'), amountCentavos: centavos(-order.amount_centavos) },
        { account: house('psp_clearing'), amountCentavos: centavos(order.amount_centavos) },
      ],
      meta: { order_no: order.order_no, end_to_end_id: order.end_to_end_id, refund_reference: reference },
    });
  });
  return 'refunded';
}

/** A refund that failed is tried again after this long. */
const RETRY_AFTER_MS = 60_000;

/** The sweeper's pass: retries refunds still waiting (each claimed by one process). Answers how many went through. */
export async function retryRefunds(ctx: AppContext, nowMs = Date.now()): Promise<number> {
  const cutoff = new Date(nowMs - RETRY_AFTER_MS).toISOString();
  let done = 0;
  for (const { id } of await repo.refundsToRetry(ctx.db, cutoff, 50)) {
    if (!(await repo.claimRefund(ctx.db, id, cutoff, new Date(nowMs).toISOString()))) continue;
    if ((await sendRefund(ctx, id)) === 'refunded') done += 1;
  }
  return done;
}
