import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  // An operator's TOTP: the key being enrolled (until a first code confirms it), the key in use
  // (both sealed by lib/secret-box.ts), when it was switched on, and the time step of the last
  // code accepted, so a code is never accepted twice.
  await db.schema.alterTable('operators').addColumn('totp_pending_secret', 'varchar(255)').execute();
  await db.schema.alterTable('operators').addColumn('totp_secret', 'varchar(255)').execute();
  await db.schema.alterTable('operators').addColumn('totp_enabled_at', ts).execute();
  await db.schema.alterTable('operators').addColumn('totp_last_step', 'bigint').execute();

  // A login whose password was right but whose second factor is still to come is a short-lived
  // row of kind 'challenge'; only rows of kind 'session' open the back office.
  await db.schema
    .alterTable('operator_sessions')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('session'))
    .execute();

  // Single-use recovery codes, kept as SHA-256 (they are random, 50 bits each).
  await withId(db.schema.createTable('operator_recovery_codes'))
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.id'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema.createIndex('operator_recovery_codes_operator_idx').on('operator_recovery_codes').columns(['operator_id']).execute();
}
