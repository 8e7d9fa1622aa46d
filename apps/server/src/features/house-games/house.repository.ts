import { HOUSE_PLAT_TYPE } from '@casino/shared/schemas/games';
import type { Database, Dialect } from '../../db/database.ts';

/** A house game's catalogue row with its provider (the house), by code. */
export async function findHouseGame(db: Database, code: string) {
  return db
    .selectFrom('games')
    .innerJoin('game_providers', 'game_providers.id', 'games.provider_id')
    .select([
      'games.id',
      'games.code',
      'games.name',
      'games.names_json',
      'games.category',
      'games.rtp_bp',
      'games.min_bet_centavos',
      'games.max_bet_centavos',
      'games.enabled',
      'games.provider_id',
      'game_providers.plat_type',
      'game_providers.enabled as provider_enabled',
    ])
    .where('games.code', '=', code)
    .where('game_providers.plat_type', '=', HOUSE_PLAT_TYPE)
    .executeTakeFirst();
}
export type HouseGameRow = NonNullable<Awaited<ReturnType<typeof findHouseGame>>>;

/** One round of a member (or undefined): members only ever read their own rounds. */
export async function findRoundById(db: Database, roundId: number) {
  return db.selectFrom('game_rounds').selectAll().where('id', '=', roundId).executeTakeFirstOrThrow();
}

export async function findMemberRound(db: Database, memberId: number, roundId: number) {
  return db
    .selectFrom('game_rounds')
    .innerJoin('games', 'games.id', 'game_rounds.game_id')
    .selectAll('game_rounds')
    .select(['games.code as game_code'])
    .where('game_rounds.id', '=', roundId)
    .where('game_rounds.member_id', '=', memberId)
    .executeTakeFirst();
}

/**
 * The member's open round of a game, locked for the rest of the transaction on PostgreSQL (SQLite
 * runs one writer at a time): two reveals or cash-outs of one board queue instead of racing.
 */
export async function lockOpenRound(trx: Database, dialect: Dialect, memberId: number, gameId: number, roundId?: number) {
  let query = trx
    .selectFrom('game_rounds')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('game_id', '=', gameId)
    .where('status', '=', 'open');
  if (roundId !== undefined) query = query.where('id', '=', roundId);
  query = query.orderBy('id', 'desc').limit(1);
  return dialect === 'postgres' ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

/** An open round by id, locked like lockOpenRound (a job settling rounds it did not start). */
export async function lockOpenRoundById(trx: Database, dialect: Dialect, roundId: number) {
  const query = trx.selectFrom('game_rounds').selectAll().where('id', '=', roundId).where('status', '=', 'open');
  return dialect === 'postgres' ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

/** A game's rounds still open since before `cutoff`, oldest first (the 24-hour auto-stand). */
export async function staleOpenRounds(db: Database, gameId: number, cutoff: string, limit: number) {
  return db
    .selectFrom('game_rounds')
    .select(['id', 'member_id'])
    .where('game_id', '=', gameId)
    .where('status', '=', 'open')
    .where('created_at', '<', cutoff)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The member's latest round of a game (any status), or the one asked for. */
export async function latestRound(db: Database, memberId: number, gameId: number, roundId?: number) {
  let query = db.selectFrom('game_rounds').selectAll().where('member_id', '=', memberId).where('game_id', '=', gameId);
  if (roundId !== undefined) query = query.where('id', '=', roundId);
  return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Replaces an open round's stored state, only if it is still open with the state we read. */
export async function updateOpenRoundState(
  trx: Database,
  roundId: number,
  previousJson: string | null,
  nextJson: string,
): Promise<boolean> {
  let query = trx.updateTable('game_rounds').set({ outcome_json: nextJson }).where('id', '=', roundId).where('status', '=', 'open');
  query = previousJson === null ? query.where('outcome_json', 'is', null) : query.where('outcome_json', '=', previousJson);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function cashBalance(db: Database, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirst();
  return row?.balance_centavos ?? 0;
}
