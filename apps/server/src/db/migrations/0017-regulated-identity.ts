import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// The regulated profile's registration data and PIX only from the member's own CPF (issue 12,
// items 6 and 7):
// - members: birth date (YYYY-MM-DD), the full address (street, number, complement, district,
//   city, state as its two-letter UF, CEP as eight digits), and regulated_profile_at: when the
//   member's data became complete for the regulated profile (at registration, or later through
//   POST /api/profile/regulated); null while something is missing.
// - deposit_orders: the payer's CPF (or CNPJ) as the PSP reported it, and the refund of a payment
//   that did not come from the member's own CPF: why (refund_reason), our refund id (the PSP's
//   idempotency key for the devolução), the PSP's reference and when it was returned. Such an
//   order goes pending -> refund_pending -> refunded and is never credited.
// - deposit_order_events: the deposit's history, one row per event (credited, received from
//   another CPF, refunded, refund failed), with the reason.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  const memberColumns: Array<[string, ColumnDataType]> = [
    ['birth_date', 'varchar(10)'],
    ['address_street', 'varchar(128)'],
    ['address_number', 'varchar(16)'],
    ['address_complement', 'varchar(64)'],
    ['address_district', 'varchar(64)'],
    ['address_city', 'varchar(64)'],
    ['address_state', 'varchar(2)'],
    ['address_postal_code', 'varchar(8)'],
    ['regulated_profile_at', ts],
  ];
  for (const [name, type] of memberColumns) await db.schema.alterTable('members').addColumn(name, type).execute();

  const orderColumns: Array<[string, ColumnDataType]> = [
    ['payer_document', 'varchar(14)'],
    ['payer_name', 'varchar(128)'],
    ['refund_reason', 'varchar(32)'],
    ['refund_id', 'varchar(35)'],
    ['refund_reference', 'varchar(64)'],
    ['refunded_at', ts],
  ];
  for (const [name, type] of orderColumns) await db.schema.alterTable('deposit_orders').addColumn(name, type).execute();
  await db.schema.createIndex('deposit_orders_refund_idx').on('deposit_orders').columns(['status', 'updated_at']).execute();

  await id(db.schema.createTable('deposit_order_events'))
    .addColumn('deposit_order_id', 'bigint', (c) => c.notNull().references('deposit_orders.id'))
    /** credited, foreign_payer (received from another CPF), refunded, refund_failed. */
    .addColumn('event', 'varchar(24)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)')
    /** The PSP's reference or error text. */
    .addColumn('detail', 'varchar(200)')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deposit_order_events_order').on('deposit_order_events').columns(['deposit_order_id', 'id']).execute();
}
