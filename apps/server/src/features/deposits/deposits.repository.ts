import type { Database } from '../../db/database.ts';

export async function listChannels(db: Database, direction?: 'deposit' | 'withdraw', includeDisabled = false) {
  let query = db.selectFrom('payment_channels').selectAll();
  if (direction) query = query.where('direction', '=', direction);
  if (!includeDisabled) query = query.where('enabled', '=', 1);
  return query.orderBy('sort').orderBy('id').execute();
}

export async function findChannel(db: Database, id: number) {
  return db.selectFrom('payment_channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByNo(db: Database, orderNo: string) {
  return db.selectFrom('deposit_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export async function findOrderByTxid(db: Database, txid: string) {
  return db.selectFrom('deposit_orders').selectAll().where('psp_txid', '=', txid).executeTakeFirst();
}

export async function countOpenOrders(db: Database, memberId: number, nowIso: string) {
  const row = await db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', nowIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordWebhookEvent(
  db: Database,
  event: { provider: string; eventId: string; payload: string; outcome: string; now: string },
) {
  await db
    .insertInto('webhook_events')
    .values({
      provider: event.provider,
      event_id: event.eventId.slice(0, 64),
      payload: event.payload.slice(0, 10_000),
      outcome: event.outcome,
      received_at: event.now,
    })
    .execute();
}

/** Marks every pending order past its expiry as expired; answers how many. */
export async function expireOrders(db: Database, nowIso: string): Promise<number> {
  const result = await db
    .updateTable('deposit_orders')
    .set({ status: 'expired', updated_at: nowIso })
    .where('status', '=', 'pending')
    .where('expires_at', '<=', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
