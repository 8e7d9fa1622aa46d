import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// Identity checks (issue 12 item 5, docs/IDENTITY.md):
// - members.kyc_status (none, pending, approved, rejected) and kyc_reason: the member's current
//   state on the member row, so deposits and bets can gate on it without a join.
// - kyc_submissions: one per set of documents sent, with what was checked (name, CPF and birth date
//   as they stood), the provider's reference, and who decided (the provider, or an operator's
//   override) and when.
// - kyc_documents: the files of a submission (front, back, selfie): where storage keeps them, their
//   type as read from the bytes, size and SHA-256.
// - kyc_webhook_events: every provider event id seen, so a replayed decision is refused.
// - cpf_registry: the sandbox CPF registry (name and birth date per CPF) that operators maintain
//   in the back office; the sandbox KYC provider and the registration check read it.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .alterTable('members')
    .addColumn('kyc_status', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema.alterTable('members').addColumn('kyc_reason', 'varchar(200)').execute();

  await id(db.schema.createTable('kyc_submissions'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    /** pending, approved or rejected. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    /** A rule's code (name_mismatch, ...) from the provider, or the operator's words. */
    .addColumn('reason', 'varchar(200)')
    .addColumn('full_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('cpf', 'varchar(11)')
    .addColumn('birth_date', 'varchar(10)')
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(64)', (c) => c.unique())
    /** provider or operator (an override); null while pending. */
    .addColumn('decided_by', 'varchar(16)')
    .addColumn('operator_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('decided_at', ts)
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kyc_submissions_member').on('kyc_submissions').columns(['member_id', 'id']).execute();
  await db.schema.createIndex('kyc_submissions_status').on('kyc_submissions').columns(['status', 'id']).execute();

  await id(db.schema.createTable('kyc_documents'))
    .addColumn('submission_id', 'bigint', (c) => c.notNull().references('kyc_submissions.id'))
    /** front, back or selfie. */
    .addColumn('side', 'varchar(8)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('kyc_documents_side', ['submission_id', 'side'])
    .execute();

  await db.schema
    .createTable('kyc_webhook_events')
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('received_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('kyc_webhook_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('cpf_registry')
    .addColumn('cpf', 'varchar(11)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('birth_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
}
