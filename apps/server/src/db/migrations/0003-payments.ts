import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  // The member's CPF, recorded with the first PIX key; one account per CPF.
  await db.schema.alterTable('members').addColumn('cpf', 'varchar(11)').execute();
  await db.schema.createIndex('members_cpf_unique').on('members').column('cpf').unique().execute();

  await id(db.schema.createTable('payment_channels'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('direction', 'varchar(16)', (c) => c.notNull())
    .addColumn('payment_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('fee_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_fixed_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('min_centavos', 'bigint', (c) => c.notNull())
    .addColumn('max_centavos', 'bigint', (c) => c.notNull())
    .addColumn('instant_receipt', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('payment_channels_code_direction', ['code', 'direction'])
    .execute();

  await id(db.schema.createTable('deposit_orders'))
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('payment_channels.id'))
    .addColumn('amount_centavos', 'bigint', (c) => c.notNull())
    .addColumn('fee_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('psp_txid', 'varchar(35)', (c) => c.notNull().unique())
    .addColumn('br_code', 'text', (c) => c.notNull())
    .addColumn('end_to_end_id', 'varchar(32)', (c) => c.unique())
    .addColumn('payment_desc', 'varchar(255)')
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('paid_at', ts)
    .addColumn('credited_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deposit_orders_member_idx').on('deposit_orders').columns(['member_id', 'id']).execute();
  await db.schema.createIndex('deposit_orders_status_idx').on('deposit_orders').columns(['status', 'expires_at']).execute();

  await id(db.schema.createTable('webhook_events'))
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('outcome', 'varchar(32)', (c) => c.notNull())
    .addColumn('received_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_events_event_idx').on('webhook_events').columns(['provider', 'event_id']).execute();

  await id(db.schema.createTable('member_banks'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('key_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('pix_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('holder_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(100)')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('deleted_at', ts)
    .addUniqueConstraint('member_banks_member_key', ['member_id', 'key_type', 'pix_key'])
    .execute();

  await id(db.schema.createTable('withdrawals'))
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('member_bank_id', 'bigint', (c) => c.notNull().references('member_banks.id'))
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('payment_channels.id'))
    .addColumn('amount_centavos', 'bigint', (c) => c.notNull())
    .addColumn('fee_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('member_remark', 'varchar(255)')
    .addColumn('reject_reason', 'varchar(500)')
    .addColumn('reviewed_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('reviewed_at', ts)
    .addColumn('psp_reference', 'varchar(64)')
    .addColumn('paid_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('withdrawals_member_idx').on('withdrawals').columns(['member_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_status_idx').on('withdrawals').columns(['status', 'id']).execute();

  const now = new Date().toISOString();
  await db
    .insertInto('payment_channels')
    .values([
      {
        code: 'pix',
        name: 'PIX',
        direction: 'deposit',
        payment_type: 'pix',
        provider: 'sandbox',
        min_centavos: 1_000,
        max_centavos: 5_000_000,
        sort: 1,
        created_at: now,
        updated_at: now,
      },
      {
        code: 'pix',
        name: 'PIX',
        direction: 'withdraw',
        payment_type: 'pix',
        provider: 'sandbox',
        min_centavos: 2_000,
        max_centavos: 5_000_000,
        sort: 1,
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
}
