import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// Responsible gaming (issue 12 items 1-3 and 8):
// - responsible_limits: one row per member, kind (deposit, loss, wager in centavos; time in
//   minutes) and period (day, week, month; time is daily only). A raise or a removal waits 24 h
//   in pending_value/pending_at (pending_clear marks a removal); a lower value applies at once.
// - responsible_settings: the reality-check interval, a pause, a self-exclusion (or a closure
//   after the centralised register answered "Impedido"), and the day the time limit ended play.
// - responsible_usage: what the limits count, per member and São Paulo day, written in the money
//   transaction that moves it (stakes, wins) and by the session clock (seconds).
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';

  await db.schema
    .createTable('responsible_limits')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('value', 'bigint')
    .addColumn('pending_value', 'bigint')
    .addColumn('pending_clear', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_at', ts)
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('responsible_limits_pk', ['member_id', 'kind', 'period'])
    .execute();

  await db.schema
    .createTable('responsible_settings')
    .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('members.id'))
    .addColumn('reality_check_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_until', ts)
    .addColumn('excluded_at', ts)
    /** Null with excluded_at set: indefinite. */
    .addColumn('excluded_until', ts)
    /** 'self' (asked on this site) or 'central' (the federal register answered Impedido). */
    .addColumn('exclusion_source', 'varchar(16)')
    /** Until when an excluded member may still withdraw (2 days after the exclusion). */
    .addColumn('withdraw_until', ts)
    .addColumn('closed_at', ts)
    /** The São Paulo day on which the daily time limit ended play. */
    .addColumn('time_blocked_day', 'varchar(10)')
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('responsible_usage')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('stake_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('win_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('limit_hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('responsible_usage_pk', ['member_id', 'day'])
    .execute();
}
