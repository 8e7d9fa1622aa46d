import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  // Providers (the spec's platType): the house (our own games) and external aggregators.
  await id(db.schema.createTable('game_providers'))
    .addColumn('plat_type', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('launch_url', 'varchar(255)')
    .addColumn('wallet_secret', 'varchar(128)')
    .addColumn('logo_url', 'varchar(255)')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('games'))
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('provider_id', 'bigint', (c) => c.notNull().references('game_providers.id'))
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('names_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('tags_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('thumbnail', 'varchar(255)', (c) => c.notNull())
    .addColumn('rtp_bp', 'integer', (c) => c.notNull())
    .addColumn('volatility', 'varchar(16)', (c) => c.notNull().defaultTo('medium'))
    .addColumn('min_bet_centavos', 'bigint', (c) => c.notNull())
    .addColumn('max_bet_centavos', 'bigint', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_popular', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_promotion', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('games_category_idx').on('games').columns(['category', 'enabled', 'sort']).execute();

  await id(db.schema.createTable('game_follows'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('games.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('game_follows_member_game', ['member_id', 'game_id'])
    .execute();

  // Launch sessions handed to a provider (only the SHA-256 of the token is kept).
  await id(db.schema.createTable('game_sessions'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('games.id'))
    .addColumn('provider_id', 'bigint', (c) => c.notNull().references('game_providers.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('last_seen_at', ts, (c) => c.notNull())
    .execute();

  // Provably-fair seed pairs per member: the active one, and the revealed history.
  await id(db.schema.createTable('fair_seeds'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('server_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('server_seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('revealed_at', ts)
    .execute();
  await db.schema.createIndex('fair_seeds_member_idx').on('fair_seeds').columns(['member_id', 'active']).execute();

  // Every round of every game (house or provider): the game record of the spec.
  await id(db.schema.createTable('game_rounds'))
    .addColumn('round_uid', 'varchar(128)', (c) => c.notNull())
    .addColumn('provider_id', 'bigint', (c) => c.notNull().references('game_providers.id'))
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('games.id'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('bet_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('win_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('outcome_json', 'text')
    .addColumn('seed_id', 'bigint')
    .addColumn('nonce', 'bigint')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('settled_at', ts)
    .addUniqueConstraint('game_rounds_provider_uid', ['provider_id', 'round_uid'])
    .execute();
  await db.schema.createIndex('game_rounds_member_idx').on('game_rounds').columns(['member_id', 'created_at']).execute();
  await db.schema.createIndex('game_rounds_game_idx').on('game_rounds').columns(['game_id', 'created_at']).execute();
  await db.schema.createIndex('game_rounds_open_idx').on('game_rounds').columns(['status', 'created_at']).execute();

  // Seamless-wallet transactions by the provider's id: each applied once, remembered for disputes.
  await id(db.schema.createTable('wallet_transactions'))
    .addColumn('provider_id', 'bigint', (c) => c.notNull().references('game_providers.id'))
    .addColumn('tx_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('round_uid', 'varchar(128)', (c) => c.notNull())
    .addColumn('ref_tx_id', 'varchar(128)')
    .addColumn('amount_centavos', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('transfer_id', 'bigint')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('wallet_transactions_provider_tx', ['provider_id', 'tx_id'])
    .execute();
  await db.schema.createIndex('wallet_transactions_round_idx').on('wallet_transactions').columns(['provider_id', 'round_uid']).execute();
}
