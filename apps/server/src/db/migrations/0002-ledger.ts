import type { ColumnDataType, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';

/** The house accounts every installation has; others (one per game provider) open on first use. */
export const SEEDED_HOUSE_ACCOUNTS = [
  'psp_clearing',
  'withdrawals_payable',
  'fees',
  'promotions_expense',
  'sportsbook_house',
  'agency_commission_expense',
  'adjustments',
] as const;

// Frozen in time: later changes are new migrations, never edits of this one.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  // A house account has no member; NULLs are distinct in a unique constraint, so house accounts
  // get their own unique index.
  await db.schema
    .createIndex('ledger_house_account_unique')
    .on('ledger_accounts')
    .columns(['kind', 'currency'])
    .unique()
    .where(sql.ref('member_id'), 'is', null)
    .execute();

  await id(db.schema.createTable('ledger_transfers'))
    .addColumn('idempotency_key', 'varchar(191)', (c) => c.notNull().unique())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('meta_json', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('ledger_entries'))
    .addColumn('transfer_id', 'bigint', (c) => c.notNull().references('ledger_transfers.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount_centavos', 'bigint', (c) => c.notNull())
    .addColumn('balance_after_centavos', 'bigint')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('ledger_entry_not_zero', sql`amount_centavos <> 0`)
    .execute();
  await db.schema.createIndex('ledger_entries_account_idx').on('ledger_entries').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('ledger_entries_transfer_idx').on('ledger_entries').column('transfer_id').execute();

  const now = new Date().toISOString();
  await db
    .insertInto('ledger_accounts')
    .values(
      SEEDED_HOUSE_ACCOUNTS.map((kind) => ({ member_id: null, kind, currency: 'BRL', balance_centavos: 0, version: 0, created_at: now })),
    )
    .execute();
}
