import { sql } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

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

export async function insertOrder(db: Database, order: Insertable<DB['deposit_orders']>) {
  return db.insertInto('deposit_orders').values(order).returningAll().executeTakeFirstOrThrow();
}

export async function memberOrdersPage(db: Database, memberId: number, page: number, pageSize: number) {
  return db
    .selectFrom('deposit_orders')
    .where('member_id', '=', memberId)
    .innerJoin('payment_channels', 'payment_channels.id', 'deposit_orders.channel_id')
    .select([
      'deposit_orders.order_no',
      'deposit_orders.amount_centavos',
      'payment_channels.name as method',
      'deposit_orders.status',
      'deposit_orders.created_at',
      'deposit_orders.credited_at',
    ])
    .orderBy('deposit_orders.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
}

export async function countMemberOrders(db: Database, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('deposit_orders')
    .where('member_id', '=', memberId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** pending -> credited, only while the order is pending and unexpired: false when another delivery or the sweeper came first. */
export async function markOrderCredited(db: Database, orderId: number, endToEndId: string, now: string): Promise<boolean> {
  const updated = await db
    .updateTable('deposit_orders')
    .set({ status: 'credited', end_to_end_id: endToEndId, paid_at: now, credited_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function orderStatus(db: Database, orderId: number): Promise<string> {
  const row = await db.selectFrom('deposit_orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  return row.status;
}

/** Lifetime recharge (VIP progress). */
export async function addLifetimeRecharge(db: Database, memberId: number, amountCentavos: number): Promise<void> {
  await db
    .updateTable('members')
    .set({ total_recharge_centavos: sql`total_recharge_centavos + ${amountCentavos}` })
    .where('id', '=', memberId)
    .execute();
}

export interface AdminOrderFilter {
  status?: string | undefined;
  member_id?: number | undefined;
  page: number;
  page_size: number;
}

function adminOrders(db: Database, filter: AdminOrderFilter) {
  let base = db.selectFrom('deposit_orders').innerJoin('members', 'members.id', 'deposit_orders.member_id');
  if (filter.status) base = base.where('deposit_orders.status', '=', filter.status);
  if (filter.member_id) base = base.where('deposit_orders.member_id', '=', filter.member_id);
  return base;
}

export async function adminOrdersPage(db: Database, filter: AdminOrderFilter) {
  return adminOrders(db, filter)
    .innerJoin('payment_channels', 'payment_channels.id', 'deposit_orders.channel_id')
    .select([
      'deposit_orders.id',
      'deposit_orders.member_id',
      'members.account as member_name',
      'deposit_orders.order_no',
      'deposit_orders.amount_centavos',
      'payment_channels.name as method',
      'deposit_orders.status',
      'deposit_orders.end_to_end_id',
      'deposit_orders.expires_at',
      'deposit_orders.created_at',
      'deposit_orders.credited_at',
    ])
    .orderBy('deposit_orders.id', 'desc')
    .limit(filter.page_size)
    .offset((filter.page - 1) * filter.page_size)
    .execute();
}

export async function countAdminOrders(db: Database, filter: AdminOrderFilter): Promise<number> {
  const row = await adminOrders(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Changes a channel and reads it back. */
export async function updateChannel(db: Database, id: number, changes: Updateable<DB['payment_channels']>) {
  await db.updateTable('payment_channels').set(changes).where('id', '=', id).execute();
  return db.selectFrom('payment_channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
