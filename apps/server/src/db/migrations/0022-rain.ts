import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// The chat rain (issue 15 item 2, features/rain):
// - rain_settings: one row per site once an operator saved them (until then the RAIN_* defaults).
// - rains: one row per site and rain instant (`at`), unique, so two processes announcing the same
//   rain create one row; its status moves by conditional updates (announced -> open -> paid, or
//   cancelled), so each phase happens once whoever runs the job. The settings that applied are
//   copied onto the row (pot, mode, minimum, wagering), so a later change does not rewrite history.
// - rain_payouts: one row per member claiming or paid, unique per (rain, member) and per (rain, CPF):
//   one share per person. The money itself is a bonus_credits row (claim key rain:<rain>:<member>)
//   and its ledger transfer, written by the promotions engine's creditBonus.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .createTable('rain_settings')
    .addColumn('site_id', 'bigint', (c) => c.primaryKey().references('sites.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('off_when_regulated', 'integer', (c) => c.notNull())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('interval_minutes', 'integer', (c) => c.notNull())
    .addColumn('pot_centavos', 'bigint', (c) => c.notNull())
    .addColumn('min_wager_centavos', 'bigint', (c) => c.notNull())
    .addColumn('chat_active_minutes', 'integer', (c) => c.notNull())
    .addColumn('window_seconds', 'integer', (c) => c.notNull())
    .addColumn('announce_seconds', 'integer', (c) => c.notNull())
    .addColumn('wagering_multiple', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'bigint')
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('rains'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    /** The rain's instant: announced before it, claims open from it (or paid at it, mode auto). */
    .addColumn('at', ts, (c) => c.notNull())
    .addColumn('closes_at', ts, (c) => c.notNull())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('pot_centavos', 'bigint', (c) => c.notNull())
    .addColumn('min_wager_centavos', 'bigint', (c) => c.notNull())
    .addColumn('chat_active_minutes', 'integer', (c) => c.notNull())
    .addColumn('wagering_multiple', 'integer', (c) => c.notNull())
    /** announced | open | paid | cancelled */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('paid_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('announced_at', ts, (c) => c.notNull())
    .addColumn('opened_at', ts)
    .addColumn('paid_at', ts)
    .addUniqueConstraint('rains_site_at_uq', ['site_id', 'at'])
    .execute();
  await db.schema.createIndex('rains_status_idx').on('rains').columns(['status', 'at']).execute();

  await id(db.schema.createTable('rain_payouts'))
    .addColumn('rain_id', 'bigint', (c) => c.notNull().references('rains.id'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('cpf', 'varchar(11)', (c) => c.notNull())
    /** claimed (waiting for the window to close) | paid | skipped (no longer eligible when paid) */
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('wagering_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_id', 'bigint')
    .addColumn('claimed_at', ts)
    .addColumn('paid_at', ts)
    .addUniqueConstraint('rain_payouts_member_uq', ['rain_id', 'member_id'])
    .addUniqueConstraint('rain_payouts_cpf_uq', ['rain_id', 'cpf'])
    .execute();
  await db.schema.createIndex('rain_payouts_member_idx').on('rain_payouts').columns(['member_id', 'rain_id']).execute();
}
