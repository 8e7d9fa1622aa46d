import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// Centralised self-exclusion, the communications log and balance returns (issue 12 items 3, 4 and
// 10; docs/RESPONSIBLE-GAMING.md):
// - central_exclusion_list: the sandbox federal register, the CPFs operators mark "Impedido" in
//   the back office (a real SIGAP client replaces the list, not the checks).
// - central_exclusion_checks: every consultation of the register (at registration, at the first
//   login of each São Paulo day, every 15 days), with its answer; member_id is null for a
//   registration that was refused before a member existed.
// - member_communications: every contact with a member about responsible gaming (channel, kind,
//   the text sent in the member's language, when). Kept at least 5 years (Portaria SPA/MF
//   1.231/2024): there is no deletion path, and no foreign key cascades into it.
// - balance_returns: the balance of a member whose exclusion closed the withdrawal window, paid by
//   PIX to the member's own key through a withdrawal (withdrawal_id) or queued for the back
//   office when there is none. return_key (member + exclusion) makes the return happen once.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .createTable('central_exclusion_list')
    .addColumn('cpf', 'varchar(11)', (c) => c.primaryKey())
    .addColumn('added_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('note', 'varchar(200)')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('central_exclusion_checks'))
    .addColumn('member_id', 'bigint', (c) => c.references('members.id'))
    .addColumn('cpf', 'varchar(11)', (c) => c.notNull())
    /** registration, daily_login or periodic. */
    .addColumn('reason', 'varchar(16)', (c) => c.notNull())
    /** impedido, nao_impedido or error (the register did not answer). */
    .addColumn('result', 'varchar(16)', (c) => c.notNull())
    .addColumn('checked_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('central_exclusion_checks_member')
    .on('central_exclusion_checks')
    .columns(['member_id', 'checked_at'])
    .execute();
  await db.schema.createIndex('central_exclusion_checks_time').on('central_exclusion_checks').columns(['checked_at']).execute();

  await id(db.schema.createTable('member_communications'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    /** notification (information centre), email or in_app. */
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    /** What the contact was about (central_exclusion, balance_returned, ...). */
    .addColumn('kind', 'varchar(48)', (c) => c.notNull())
    /** The language the text was written in, and the text itself. */
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_communications_member').on('member_communications').columns(['member_id', 'id']).execute();

  await id(db.schema.createTable('balance_returns'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    /** The member and the exclusion it follows: one return per exclusion. */
    .addColumn('return_key', 'varchar(80)', (c) => c.notNull().unique())
    /** self_exclusion or central_exclusion. */
    .addColumn('reason', 'varchar(24)', (c) => c.notNull())
    .addColumn('amount_centavos', 'bigint', (c) => c.notNull())
    /** empty (nothing to return), paying, paid (by PIX), queued (for the back office), manual (paid by an operator). */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('key_type', 'varchar(8)')
    .addColumn('pix_key', 'varchar(80)')
    .addColumn('withdrawal_id', 'bigint', (c) => c.references('withdrawals.id'))
    /** The ledger transfer key that took the money out (a withdrawal's or the manual return's). */
    .addColumn('ledger_key', 'varchar(80)')
    .addColumn('note', 'varchar(500)')
    .addColumn('operator_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('paid_at', ts)
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('balance_returns_status').on('balance_returns').columns(['status', 'id']).execute();
  await db.schema.createIndex('balance_returns_member').on('balance_returns').columns(['member_id']).execute();
}
