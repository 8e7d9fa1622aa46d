import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// The community chat (issue 15 item 1):
// - chat_messages: one row per message in a language room, its author (a member, or an operator
//   writing from the back office), the nick shown (kept as it was when written), the text and the
//   @mentions found in it (JSON array). An operator's deletion keeps the row (deleted_at/by) so the
//   audit can show what was removed; the retention sweep (CHAT_RETENTION_DAYS) deletes old rows.
//   The rain (features/rain) reads member_id and created_at for "active in chat in the last hour".
// - chat_sanctions: mutes (until a time) and bans (until null: until lifted) of members, with the
//   reason and the operator; lifting one keeps the row (lifted_at/by).
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await id(db.schema.createTable('chat_messages'))
    .addColumn('room', 'varchar(8)', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.references('members.id'))
    .addColumn('operator_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('nick', 'varchar(64)', (c) => c.notNull())
    .addColumn('text', 'varchar(1000)', (c) => c.notNull())
    .addColumn('mentions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('deleted_at', ts)
    .addColumn('deleted_by', 'bigint', (c) => c.references('operators.id'))
    .execute();
  await db.schema.createIndex('chat_messages_room_idx').on('chat_messages').columns(['room', 'id']).execute();
  await db.schema.createIndex('chat_messages_member_idx').on('chat_messages').columns(['member_id', 'created_at']).execute();
  await db.schema.createIndex('chat_messages_created_idx').on('chat_messages').column('created_at').execute();

  await id(db.schema.createTable('chat_sanctions'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('until', ts)
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('lifted_at', ts)
    .addColumn('lifted_by', 'bigint', (c) => c.references('operators.id'))
    .execute();
  await db.schema.createIndex('chat_sanctions_member_idx').on('chat_sanctions').columns(['member_id', 'lifted_at']).execute();
}
