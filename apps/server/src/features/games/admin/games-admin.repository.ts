import { type Selectable, sql, type Updateable } from 'kysely';
import type { Database, Dialect } from '../../../db/database.ts';
import type { GameProvidersTable, GamesTable } from '../../../db/schema.ts';
import { saoPauloDayOf } from '../../../db/sql-days.ts';

/** Queries of the back office's games pages; rows only, the service maps them to answers. */

export const MAX_NAME_SEARCH_ROWS = 5000;
export const MAX_RESULT_ROWS = 2000;
export const MAX_ROUND_TRANSACTIONS = 500;

const GAME_COLUMNS = [
  'games.id',
  'games.code',
  'games.provider_id',
  'games.category',
  'games.name',
  'games.names_json',
  'games.tags_json',
  'games.thumbnail',
  'games.rtp_bp',
  'games.volatility',
  'games.min_bet_centavos',
  'games.max_bet_centavos',
  'games.enabled',
  'games.sort',
  'games.is_popular',
  'games.is_promotion',
  'games.created_at',
  'games.updated_at',
  'game_providers.plat_type',
  'game_providers.name as provider_name',
  'game_providers.kind as provider_kind',
  'game_providers.enabled as provider_enabled',
] as const;

export type GameRow = Selectable<GamesTable> & {
  plat_type: string;
  provider_name: string;
  provider_kind: string;
  provider_enabled: number;
};

function gamesWithProvider(db: Database) {
  return db.selectFrom('games').innerJoin('game_providers', 'game_providers.id', 'games.provider_id');
}

export interface GameFilter {
  platType?: string | undefined;
  category?: string | undefined;
  enabled?: boolean | undefined;
}

function filteredGames(db: Database, filter: GameFilter) {
  let query = gamesWithProvider(db);
  if (filter.platType) query = query.where('game_providers.plat_type', '=', filter.platType);
  if (filter.category) query = query.where('games.category', '=', filter.category);
  if (filter.enabled !== undefined) query = query.where('games.enabled', '=', filter.enabled ? 1 : 0);
  return query;
}

/** One page of games in catalogue order (sort, then id). */
export async function pageGames(db: Database, filter: GameFilter, page: number, pageSize: number) {
  const query = filteredGames(db, filter);
  const [rows, total] = await Promise.all([
    query
      .select(GAME_COLUMNS)
      .orderBy('games.sort')
      .orderBy('games.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as GameRow[], total: Number(total.n) };
}

/**
 * Every game matching the filter, in catalogue order, for a name search done by the service
 * (accent and case blind over the names of every language). Bounded by MAX_NAME_SEARCH_ROWS.
 */
export async function allGames(db: Database, filter: GameFilter) {
  const rows = await filteredGames(db, filter)
    .select(GAME_COLUMNS)
    .orderBy('games.sort')
    .orderBy('games.id')
    .limit(MAX_NAME_SEARCH_ROWS)
    .execute();
  return rows as GameRow[];
}

export async function findGame(db: Database, id: number) {
  const row = await gamesWithProvider(db).select(GAME_COLUMNS).where('games.id', '=', id).executeTakeFirst();
  return row as GameRow | undefined;
}

export async function updateGame(trx: Database, id: number, changes: Updateable<GamesTable>) {
  await trx.updateTable('games').set(changes).where('id', '=', id).execute();
}

// ---- providers ----------------------------------------------------------------------------------

export type ProviderRow = Selectable<GameProvidersTable> & { game_count: number; enabled_game_count: number };

function providersWithCounts(db: Database) {
  return db
    .selectFrom('game_providers')
    .leftJoin('games', 'games.provider_id', 'game_providers.id')
    .selectAll('game_providers')
    .select((eb) => [
      eb.fn.count<number>('games.id').as('game_count'),
      eb.fn.coalesce(eb.fn.sum<number>('games.enabled'), eb.lit(0)).as('enabled_game_count'),
    ])
    .groupBy([
      'game_providers.id',
      'game_providers.plat_type',
      'game_providers.name',
      'game_providers.kind',
      'game_providers.launch_url',
      'game_providers.wallet_secret',
      'game_providers.logo_url',
      'game_providers.enabled',
      'game_providers.sort',
      'game_providers.created_at',
      'game_providers.updated_at',
    ]);
}

const withNumbers = (row: Selectable<GameProvidersTable> & { game_count: unknown; enabled_game_count: unknown }): ProviderRow => ({
  ...row,
  game_count: Number(row.game_count),
  enabled_game_count: Number(row.enabled_game_count),
});

export async function listProviders(db: Database) {
  const rows = await providersWithCounts(db).orderBy('game_providers.sort').orderBy('game_providers.id').limit(500).execute();
  return rows.map(withNumbers);
}

export async function findProvider(db: Database, id: number) {
  const row = await providersWithCounts(db).where('game_providers.id', '=', id).executeTakeFirst();
  return row ? withNumbers(row) : undefined;
}

export async function updateProvider(trx: Database, id: number, changes: Updateable<GameProvidersTable>) {
  await trx.updateTable('game_providers').set(changes).where('id', '=', id).execute();
}

// ---- results ------------------------------------------------------------------------------------

export interface ResultsFilter {
  /** Half-open range [start, end) of settled_at, ISO strings. */
  start: string;
  end: string;
  platType?: string | undefined;
}

function settledRounds(db: Database, filter: ResultsFilter) {
  let query = db
    .selectFrom('game_rounds')
    .innerJoin('games', 'games.id', 'game_rounds.game_id')
    .innerJoin('game_providers', 'game_providers.id', 'game_rounds.provider_id')
    .where('game_rounds.status', '=', 'settled')
    .where('game_rounds.settled_at', '>=', filter.start)
    .where('game_rounds.settled_at', '<', filter.end);
  if (filter.platType) query = query.where('game_providers.plat_type', '=', filter.platType);
  return query;
}

/** Sums come back as numbers (SQLite) or decimal strings (PostgreSQL's numeric). */
const toNumber = (value: unknown) => Number(value ?? 0);

/**
 * Per game: rounds, distinct players, bets, wins, and the second moments (as floats: statistics,
 * not money) the service needs for the interval of the observed RTP.
 */
export async function resultsByGame(db: Database, filter: ResultsFilter) {
  const rows = await settledRounds(db, filter)
    .select((eb) => [
      'games.id as game_id',
      'games.code',
      'games.name',
      'games.names_json',
      'games.category',
      'games.rtp_bp',
      'game_providers.plat_type',
      'game_providers.name as provider_name',
      eb.fn.countAll<number>().as('rounds'),
      eb.fn.count<number>('game_rounds.member_id').distinct().as('players'),
      eb.fn.sum<number>('game_rounds.bet_centavos').as('bet'),
      eb.fn.sum<number>('game_rounds.win_centavos').as('win'),
      sql<number>`sum(game_rounds.win_centavos * 1.0 * game_rounds.win_centavos)`.as('win2'),
      sql<number>`sum(game_rounds.win_centavos * 1.0 * game_rounds.bet_centavos)`.as('win_bet'),
      sql<number>`sum(game_rounds.bet_centavos * 1.0 * game_rounds.bet_centavos)`.as('bet2'),
    ])
    .groupBy([
      'games.id',
      'games.code',
      'games.name',
      'games.names_json',
      'games.category',
      'games.rtp_bp',
      'game_providers.plat_type',
      'game_providers.name',
    ])
    .orderBy(sql`sum(game_rounds.bet_centavos)`, 'desc')
    .orderBy('games.id')
    .limit(MAX_RESULT_ROWS)
    .execute();
  return rows.map((row) => ({
    ...row,
    rounds: toNumber(row.rounds),
    players: toNumber(row.players),
    bet: toNumber(row.bet),
    win: toNumber(row.win),
    win2: toNumber(row.win2),
    win_bet: toNumber(row.win_bet),
    bet2: toNumber(row.bet2),
  }));
}

export async function resultTotals(db: Database, filter: ResultsFilter) {
  const row = await settledRounds(db, filter)
    .select((eb) => [
      eb.fn.countAll<number>().as('rounds'),
      eb.fn.count<number>('game_rounds.member_id').distinct().as('players'),
      eb.fn.sum<number>('game_rounds.bet_centavos').as('bet'),
      eb.fn.sum<number>('game_rounds.win_centavos').as('win'),
    ])
    .executeTakeFirstOrThrow();
  return { rounds: toNumber(row.rounds), players: toNumber(row.players), bet: toNumber(row.bet), win: toNumber(row.win) };
}

/**
 * The results report's totals (the same settled rounds as `resultTotals`) per São Paulo day of
 * settlement and provider kind ('house' or 'external'): the back-office dashboard's GGR by product.
 */
export async function resultTotalsByDayAndKind(db: Database, dialect: Dialect, filter: ResultsFilter) {
  const day = saoPauloDayOf(dialect, sql.ref('game_rounds.settled_at'));
  const rows = await settledRounds(db, filter)
    .select((eb) => [
      day.as('day'),
      'game_providers.kind',
      eb.fn.countAll<number>().as('rounds'),
      eb.fn.sum<number>('game_rounds.bet_centavos').as('bet'),
      eb.fn.sum<number>('game_rounds.win_centavos').as('win'),
    ])
    .groupBy([day, 'game_providers.kind'])
    .execute();
  return rows.map((row) => ({
    day: row.day,
    kind: row.kind,
    rounds: toNumber(row.rounds),
    bet: toNumber(row.bet),
    win: toNumber(row.win),
  }));
}

// ---- rounds -------------------------------------------------------------------------------------

function roundsWithContext(db: Database) {
  return db
    .selectFrom('game_rounds')
    .innerJoin('games', 'games.id', 'game_rounds.game_id')
    .innerJoin('game_providers', 'game_providers.id', 'game_rounds.provider_id')
    .innerJoin('members', 'members.id', 'game_rounds.member_id')
    .selectAll('game_rounds')
    .select([
      'games.code as game_code',
      'games.name as game_name',
      'games.names_json as game_names_json',
      'games.category',
      'game_providers.plat_type',
      'game_providers.name as provider_name',
      'game_providers.kind as provider_kind',
      'members.account as member_account',
    ]);
}

export async function findRoundById(db: Database, id: number) {
  return roundsWithContext(db).where('game_rounds.id', '=', id).executeTakeFirst();
}

/** Rounds with this provider round uid (unique per provider), newest first. */
export async function findRoundsByUid(db: Database, roundUid: string, platType: string | undefined) {
  let query = roundsWithContext(db).where('game_rounds.round_uid', '=', roundUid);
  if (platType) query = query.where('game_providers.plat_type', '=', platType);
  return query.orderBy('game_rounds.id', 'desc').limit(20).execute();
}

export type RoundRow = NonNullable<Awaited<ReturnType<typeof findRoundById>>>;

/** The wallet transactions of a round, oldest first, with the key of the ledger transfer each posted. */
export async function roundTransactions(db: Database, providerId: number, roundUid: string) {
  return db
    .selectFrom('wallet_transactions')
    .leftJoin('ledger_transfers', 'ledger_transfers.id', 'wallet_transactions.transfer_id')
    .select([
      'wallet_transactions.id',
      'wallet_transactions.tx_id',
      'wallet_transactions.kind',
      'wallet_transactions.ref_tx_id',
      'wallet_transactions.amount_centavos',
      'wallet_transactions.status',
      'wallet_transactions.transfer_id',
      'wallet_transactions.created_at',
      'ledger_transfers.idempotency_key as transfer_key',
    ])
    .where('wallet_transactions.provider_id', '=', providerId)
    .where('wallet_transactions.round_uid', '=', roundUid)
    .orderBy('wallet_transactions.id')
    .limit(MAX_ROUND_TRANSACTIONS)
    .execute();
}

export async function findSeed(db: Database, seedId: number) {
  return db
    .selectFrom('fair_seeds')
    .select(['id', 'member_id', 'server_seed', 'server_seed_hash', 'client_seed', 'revealed_at'])
    .where('id', '=', seedId)
    .executeTakeFirst();
}

// ---- shared rounds (crash, double) ------------------------------------------------------------

/** A shared round with its chain's public half (salt, terminating hash); never the chain's seed. */
export async function findSharedRound(db: Database, where: { id: number } | { uid: string }) {
  let query = db
    .selectFrom('shared_rounds')
    .leftJoin('shared_chains', 'shared_chains.id', 'shared_rounds.chain_id')
    .selectAll('shared_rounds')
    .select(['shared_chains.salt', 'shared_chains.terminating_hash']);
  query = 'id' in where ? query.where('shared_rounds.id', '=', where.id) : query.where('shared_rounds.uid', '=', where.uid);
  return query.executeTakeFirst();
}

export type SharedRoundRow = NonNullable<Awaited<ReturnType<typeof findSharedRound>>>;

/** A member's stakes in a shared round that belong to one of its game rounds, oldest first. */
export async function sharedBetsOf(db: Database, sharedRoundId: number, memberId: number, gameRoundUid: string) {
  return db
    .selectFrom('shared_bets')
    .select(['choice', 'stake_centavos', 'auto_cashout_x100', 'cashout_x100', 'win_centavos', 'status', 'created_at', 'settled_at'])
    .where('member_id', '=', memberId)
    .where('round_id', '=', sharedRoundId)
    .where('game_round_uid', '=', gameRoundUid)
    .orderBy('id')
    .execute();
}
