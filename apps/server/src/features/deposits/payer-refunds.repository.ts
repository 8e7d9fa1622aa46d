import type { Database } from '../../db/database.ts';

/** Queries of PIX payments from a payer that is not the member (issue 12 item 7) and the deposit's history. */

/** What the payer check needs of the order's member: its CPF and whether its site is regulated. */
export function memberPayerFacts(db: Database, memberId: number) {
  return db
    .selectFrom('members')
    .innerJoin('sites', 'sites.id', 'members.site_id')
    .select(['members.cpf', 'sites.regulated'])
    .where('members.id', '=', memberId)
    .executeTakeFirst();
}

/**
 * pending (or expired: the money came in all the same) -> refund_pending, recording the payment and
 * why it goes back; false when another delivery took the order first.
 */
export async function markOrderRefundPending(
  db: Database,
  orderId: number,
  payment: { endToEndId: string; payerDocument: string | null; payerName: string | null; reason: string; refundId: string },
  now: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('deposit_orders')
    .set({
      status: 'refund_pending',
      end_to_end_id: payment.endToEndId,
      payer_document: payment.payerDocument,
      payer_name: payment.payerName,
      refund_reason: payment.reason,
      refund_id: payment.refundId,
      paid_at: now,
      updated_at: now,
    })
    .where('id', '=', orderId)
    .where('status', 'in', ['pending', 'expired'])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** refund_pending -> refunded; false when another process recorded the refund first. */
export async function markOrderRefunded(db: Database, orderId: number, reference: string, now: string): Promise<boolean> {
  const updated = await db
    .updateTable('deposit_orders')
    .set({ status: 'refunded', refund_reference: reference.slice(0, 64), refunded_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'refund_pending')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Records the payer of a credited payment (the member's own CPF, or a member without one yet). */
export async function recordPayer(db: Database, orderId: number, payerDocument: string | null, payerName: string | null): Promise<void> {
  await db.updateTable('deposit_orders').set({ payer_document: payerDocument, payer_name: payerName }).where('id', '=', orderId).execute();
}

export function findOrderById(db: Database, orderId: number) {
  return db.selectFrom('deposit_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** Orders whose refund has not gone through yet, oldest first (the sweeper retries them). */
export function refundsToRetry(db: Database, updatedBefore: string, limit: number) {
  return db
    .selectFrom('deposit_orders')
    .select('id')
    .where('status', '=', 'refund_pending')
    .where('updated_at', '<=', updatedBefore)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Claims a waiting refund for one attempt: its updated_at moves to now only while it is still
 * older than `cutoff`, so two processes retrying at once make one attempt.
 */
export async function claimRefund(db: Database, orderId: number, cutoff: string, now: string): Promise<boolean> {
  const updated = await db
    .updateTable('deposit_orders')
    .set({ updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'refund_pending')
    .where('updated_at', '<=', cutoff)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function insertOrderEvent(
  db: Database,
  event: { orderId: number; event: string; reason?: string | null; detail?: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('deposit_order_events')
    .values({
      deposit_order_id: event.orderId,
      event: event.event,
      reason: event.reason ?? null,
      detail: event.detail?.slice(0, 200) ?? null,
      created_at: event.now,
    })
    .execute();
}

export function orderEvents(db: Database, orderId: number) {
  return db
    .selectFrom('deposit_order_events')
    .select(['event', 'reason', 'created_at'])
    .where('deposit_order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
