import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    // Every house bet takes a nonce: `update fair_seeds set nonce = nonce + 1 where member_id = ?
    // and active = 1`. On SQLite the partial unique index `(member_id) where active = 1` made that
    // update cost 27 µs instead of 5 (bench/bets.bench.ts; SQLite maintains a partial index on
    // every update of the row). The same rule as a unique index on an expression (NULL for a
    // retired pair, and NULLs never collide) is only touched when `active` or `member_id` change.
    // PostgreSQL keeps the partial index: its update of a column outside every index is HOT.
    await sql`drop index fair_seeds_one_active`.execute(db);
    await sql`create unique index fair_seeds_one_active on fair_seeds ((case when active = 1 then member_id end))`.execute(db);
  }
}
