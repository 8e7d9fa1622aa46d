import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// Bingo rooms (issue 14 item 5): rounds are shared rounds (shared_rounds, game 'bingo-75' or
// 'bingo-90'), a member's purchase of n cards is a shared bet (choice 'cards', stake n x price) and
// its cards are derived from the round's seed and the purchase id (packages/games bingo.ts), so
// they need no rows of their own. What bingo adds:
// - bingo_rounds: one row per drawn round, written once by the settlement before any payment: the
//   sales, the balls called, the jackpot paid and the room's pool after, and the whole result
//   (prizes, winning cards, amounts) as JSON. A second settlement (another process, a retry)
//   finds the row and pays the same amounts, with the same wallet keys.
// - bingo_jackpots: each room's progressive jackpot pool (5% of sales, paid to a full house within
//   K balls), with the last round that moved it so a round moves it once.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('bingo_rounds')
    .addColumn('round_id', 'bigint', (c) => c.primaryKey().references('shared_rounds.id'))
    .addColumn('room', 'varchar(16)', (c) => c.notNull())
    .addColumn('cards', 'integer', (c) => c.notNull())
    .addColumn('sales_centavos', 'bigint', (c) => c.notNull())
    .addColumn('balls_called', 'integer', (c) => c.notNull())
    .addColumn('jackpot_centavos', 'bigint', (c) => c.notNull())
    .addColumn('pool_after_centavos', 'bigint', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bingo_rounds_room_idx').on('bingo_rounds').columns(['room', 'round_id']).execute();

  await db.schema
    .createTable('bingo_jackpots')
    .addColumn('room', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('pool_centavos', 'bigint', (c) => c.notNull())
    .addColumn('last_round_id', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
}
