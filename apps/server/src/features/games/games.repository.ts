import type { Database } from '../../db/database.ts';

/** The catalogue's largest size the list queries read in one go (names are searched in memory). */
export const CATALOGUE_SCAN_LIMIT = 5000;

/** A game with its provider: what every catalogue answer is built from. */
function gamesWithProvider(db: Database) {
  return db
    .selectFrom('games')
    .innerJoin('game_providers', 'game_providers.id', 'games.provider_id')
    .select([
      'games.id',
      'games.code',
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
      'games.provider_id',
      'game_providers.plat_type',
      'game_providers.name as provider_name',
      'game_providers.kind as provider_kind',
      'game_providers.enabled as provider_enabled',
      'game_providers.launch_url',
    ]);
}
export type GameRow = Awaited<ReturnType<ReturnType<typeof gamesWithProvider>['executeTakeFirstOrThrow']>>;

/** Enabled games of enabled providers, in catalogue order, optionally of one category or provider. */
export async function listPlayableGames(db: Database, filter: { category?: string | undefined; platType?: string | undefined }) {
  let query = gamesWithProvider(db).where('games.enabled', '=', 1).where('game_providers.enabled', '=', 1);
  if (filter.category) query = query.where('games.category', '=', filter.category);
  if (filter.platType) query = query.where('game_providers.plat_type', '=', filter.platType);
  return query.orderBy('games.sort').orderBy('games.id').limit(CATALOGUE_SCAN_LIMIT).execute();
}

export async function listFlaggedGames(db: Database, flag: 'is_popular' | 'is_promotion', limit: number) {
  return gamesWithProvider(db)
    .where('games.enabled', '=', 1)
    .where('game_providers.enabled', '=', 1)
    .where(`games.${flag}`, '=', 1)
    .orderBy('games.sort')
    .orderBy('games.id')
    .limit(limit)
    .execute();
}

export async function findGameByCode(db: Database, code: string) {
  return gamesWithProvider(db).where('games.code', '=', code).executeTakeFirst();
}

export async function findGameById(db: Database, id: number) {
  return gamesWithProvider(db).where('games.id', '=', id).executeTakeFirst();
}

export async function findProviderByPlatType(db: Database, platType: string) {
  return db.selectFrom('game_providers').selectAll().where('plat_type', '=', platType).executeTakeFirst();
}

export async function listEnabledProviders(db: Database) {
  return db.selectFrom('game_providers').selectAll().where('enabled', '=', 1).orderBy('sort').orderBy('id').execute();
}

/** Enabled providers with the number of their enabled games. */
export async function providersWithCounts(db: Database) {
  return db
    .selectFrom('game_providers')
    .leftJoin('games', (join) => join.onRef('games.provider_id', '=', 'game_providers.id').on('games.enabled', '=', 1))
    .select([
      'game_providers.plat_type',
      'game_providers.name',
      'game_providers.logo_url',
      (eb) => eb.fn.count<number>('games.id').as('game_count'),
    ])
    .where('game_providers.enabled', '=', 1)
    .groupBy(['game_providers.id', 'game_providers.plat_type', 'game_providers.name', 'game_providers.logo_url', 'game_providers.sort'])
    .orderBy('game_providers.sort')
    .orderBy('game_providers.id')
    .execute();
}

// ---- favourites ---------------------------------------------------------------------------------

export async function followedAmong(db: Database, memberId: number, gameIds: number[]): Promise<Set<number>> {
  if (gameIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('game_follows')
    .select('game_id')
    .where('member_id', '=', memberId)
    .where('game_id', 'in', gameIds)
    .execute();
  return new Set(rows.map((r) => r.game_id));
}

/** The member's followed games that can still be played, most recently followed first. */
export async function listFollowedGames(db: Database, memberId: number, limit: number) {
  return gamesWithProvider(db)
    .innerJoin('game_follows', 'game_follows.game_id', 'games.id')
    .where('game_follows.member_id', '=', memberId)
    .where('games.enabled', '=', 1)
    .where('game_providers.enabled', '=', 1)
    .orderBy('game_follows.created_at', 'desc')
    .orderBy('game_follows.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countFollows(db: Database, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('game_follows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Idempotent: following a followed game changes nothing. */
export async function insertFollow(db: Database, memberId: number, gameId: number, now: string): Promise<void> {
  await db
    .insertInto('game_follows')
    .values({ member_id: memberId, game_id: gameId, created_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'game_id']).doNothing())
    .execute();
}

export async function deleteFollow(db: Database, memberId: number, gameId: number): Promise<void> {
  await db.deleteFrom('game_follows').where('member_id', '=', memberId).where('game_id', '=', gameId).execute();
}

// ---- rounds: recently played (the game record reads through records.repository.ts) ----------

/** The member's last played games, newest first, each once. */
export async function recentGames(db: Database, memberId: number, limit: number) {
  const recent = await db
    .selectFrom('game_rounds')
    .select(['game_id', (eb) => eb.fn.max('created_at').as('last_played')])
    .where('member_id', '=', memberId)
    .groupBy('game_id')
    .orderBy('last_played', 'desc')
    .limit(limit)
    .execute();
  if (recent.length === 0) return [];
  const rows = await gamesWithProvider(db)
    .where(
      'games.id',
      'in',
      recent.map((r) => r.game_id),
    )
    .where('games.enabled', '=', 1)
    .where('game_providers.enabled', '=', 1)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return recent.map((r) => byId.get(r.game_id)).filter((r): r is GameRow => r !== undefined);
}

// ---- launch sessions (external providers) -------------------------------------------------------

export async function insertGameSession(
  db: Database,
  row: { tokenHash: string; memberId: number; gameId: number; providerId: number; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('game_sessions')
    .values({
      token_hash: row.tokenHash,
      member_id: row.memberId,
      game_id: row.gameId,
      provider_id: row.providerId,
      created_at: row.now,
      expires_at: row.expiresAt,
      last_seen_at: row.now,
    })
    .execute();
}

/** Launch sessions long expired are of no use (wins after them carry the player id): drop the member's. */
export async function deleteStaleGameSessions(db: Database, memberId: number, expiredBefore: string): Promise<void> {
  await db.deleteFrom('game_sessions').where('member_id', '=', memberId).where('expires_at', '<', expiredBefore).execute();
}
