import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// Idempotent withdrawals (issue 10 item 6): the key the client chose for a withdrawal request
// (Idempotency-Key header or request_id), unique per member, so a retry after a lost answer finds
// the first request instead of making a second one. Older rows have none (NULLs never collide).
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('withdrawals').addColumn('request_key', 'varchar(128)').execute();
  await db.schema.createIndex('withdrawals_request_key_idx').on('withdrawals').columns(['member_id', 'request_key']).unique().execute();
}
