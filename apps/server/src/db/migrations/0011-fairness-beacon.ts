import { type ColumnDataType, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// Salts of the crash and double chains from a public randomness beacon (issue 10, item 9). A
// chain is first committed (its terminating hash published, with the beacon round that will
// salt it: the first one after the commitment), then salted with that round's value, then
// active, then retired when used up. Chains made before this migration had a salt chosen by the
// operator when they were made: they stay (their rounds remain verifiable) with no beacon, and
// are retired so that no further round draws from them.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  // 'committed' | 'active' | 'retired'; the default only fills the rows made before.
  await db.schema
    .alterTable('shared_chains')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('retired'))
    .execute();
  // 'drand-quicknet' or 'sandbox'; null: a legacy chain whose salt the operator chose.
  await db.schema.alterTable('shared_chains').addColumn('beacon', 'varchar(32)').execute();
  await db.schema.alterTable('shared_chains').addColumn('beacon_round', 'bigint').execute();
  // When the salt became known (null while the chain waits for its beacon round).
  await db.schema.alterTable('shared_chains').addColumn('salted_at', ts).execute();
  await db.updateTable('shared_chains').set({ status: 'retired', salted_at: sql`created_at` }).execute();
  await db.schema.dropIndex('shared_chains_game_idx').execute();
  await db.schema.alterTable('shared_chains').dropColumn('active').execute();
  await db.schema.createIndex('shared_chains_game_status_idx').on('shared_chains').columns(['game', 'status', 'id']).execute();
}
