import { type ColumnDataType, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  // A member has at most one active seed pair: two first bets at once cannot both create one.
  await sql`create unique index fair_seeds_one_active on fair_seeds (member_id) where active = 1`.execute(db);

  // Hash chains of the shared-round games (crash, double). The chain is generated from a secret
  // seed and played backwards, so every future result is committed by the published terminating
  // hash before the first round; the seed itself never leaves the server. Each round's result is
  // HMAC(round hash, salt), the salt published with the chain.
  await id(db.schema.createTable('shared_chains'))
    .addColumn('game', 'varchar(16)', (c) => c.notNull())
    .addColumn('seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .addColumn('length', 'integer', (c) => c.notNull())
    .addColumn('terminating_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('next_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shared_chains_game_idx').on('shared_chains').columns(['game', 'active']).execute();

  // One row per shared round: betting -> running (crash) / spinning (double) -> ended, or
  // cancelled (a restart found it unfinished: its open bets were refunded).
  await id(db.schema.createTable('shared_rounds'))
    .addColumn('game', 'varchar(16)', (c) => c.notNull())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('chain_id', 'bigint', (c) => c.notNull().references('shared_chains.id'))
    .addColumn('chain_index', 'integer', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('result', 'integer', (c) => c.notNull())
    .addColumn('betting_ends_at', ts, (c) => c.notNull())
    .addColumn('started_at', ts)
    .addColumn('ended_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('shared_rounds_chain_index', ['chain_id', 'chain_index'])
    .execute();
  await db.schema.createIndex('shared_rounds_game_idx').on('shared_rounds').columns(['game', 'id']).execute();
  await db.schema.createIndex('shared_rounds_status_idx').on('shared_rounds').columns(['status']).execute();

  // The members' bets in a shared round. Each member's stakes in one round form one game round
  // (game_rounds.round_uid = game_round_uid), so the game record shows one line per round.
  await id(db.schema.createTable('shared_bets'))
    .addColumn('round_id', 'bigint', (c) => c.notNull().references('shared_rounds.id'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('game_round_uid', 'varchar(128)', (c) => c.notNull())
    .addColumn('choice', 'varchar(16)', (c) => c.notNull())
    .addColumn('stake_centavos', 'bigint', (c) => c.notNull())
    .addColumn('auto_cashout_x100', 'integer')
    .addColumn('cashout_x100', 'integer')
    .addColumn('win_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('settled_at', ts)
    .addUniqueConstraint('shared_bets_round_member_choice', ['round_id', 'member_id', 'choice'])
    .execute();
  await db.schema.createIndex('shared_bets_round_idx').on('shared_bets').columns(['round_id', 'status']).execute();
  await db.schema.createIndex('shared_bets_member_idx').on('shared_bets').columns(['member_id', 'round_id']).execute();
}
