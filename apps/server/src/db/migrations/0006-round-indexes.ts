import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // The per-game results report (back office) reads settled rounds by settled_at: without this
  // index it scans every round ever played.
  await db.schema.createIndex('game_rounds_settled_idx').on('game_rounds').columns(['status', 'settled_at']).execute();
}
