import { type ColumnDataType, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// Agency binding by consent (issue 10 item 8): an agent's bind call only asks; the member accepts
// or declines in the information centre, and only an acceptance links it into the agency tree.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('agency_bind_requests'))
    // The member asked to join; the agent who asked.
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('agent_id', 'bigint', (c) => c.notNull().references('members.id'))
    // 'pending', 'accepted', 'declined', 'expired' or 'cancelled' (the member joined a team otherwise).
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('decided_at', ts)
    .execute();
  await db.schema.createIndex('agency_bind_requests_member_idx').on('agency_bind_requests').columns(['member_id', 'id']).execute();
  await db.schema.createIndex('agency_bind_requests_agent_idx').on('agency_bind_requests').columns(['agent_id', 'id']).execute();
  // One open request per member: a second agent's request waits until the first is answered or expires.
  await db.schema
    .createIndex('agency_bind_requests_one_pending')
    .on('agency_bind_requests')
    .column('member_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}
