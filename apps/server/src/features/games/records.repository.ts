import type { Database } from '../../db/database.ts';
import { sumToInt } from '../../db/sql-days.ts';

/**
 * The game record's queries. The totals come from member_game_days (per member, São Paulo day and
 * game, kept by the triggers of migration 0018 as the rounds are written): a range's totals read at
 * most 7 days × the games played, whatever the number of rounds. The rounds are read in keyset
 * order (created_at desc, id desc) along the member's index, so a page costs its own rows.
 */

/** Where a page starts: after this round, in the record's order (created_at desc, id desc). */
export interface RoundKey {
  createdAt: string;
  id: number;
}

export interface DayTotals {
  day: string;
  rounds: number;
  betCentavos: number;
  winCentavos: number;
}

/** The member's totals per São Paulo day from `sinceDay` on, newest day first. */
export async function dayTotals(db: Database, memberId: number, sinceDay: string): Promise<DayTotals[]> {
  const rows = await db
    .selectFrom('member_game_days')
    .select((eb) => [
      'day',
      eb.fn.sum<number>('rounds').as('rounds'),
      eb.fn.sum<number>('bet_centavos').as('bet'),
      eb.fn.sum<number>('win_centavos').as('win'),
    ])
    .where('member_id', '=', memberId)
    .where('day', '>=', sinceDay)
    .groupBy('day')
    .orderBy('day', 'desc')
    .execute();
  return rows.map((r) => ({ day: r.day, rounds: sumToInt(r.rounds), betCentavos: sumToInt(r.bet), winCentavos: sumToInt(r.win) }));
}

function roundsWithGame(db: Database) {
  return db
    .selectFrom('game_rounds')
    .innerJoin('games', 'games.id', 'game_rounds.game_id')
    .innerJoin('game_providers', 'game_providers.id', 'game_rounds.provider_id')
    .select([
      'game_rounds.id',
      'game_rounds.bet_centavos',
      'game_rounds.win_centavos',
      'game_rounds.status',
      'game_rounds.created_at',
      'games.code as game_code',
      'games.name as game_name',
      'games.names_json',
      'game_providers.name as brand',
    ]);
}
export type RecordRow = Awaited<ReturnType<ReturnType<typeof roundsWithGame>['execute']>>[number];

/** Up to `limit` rounds of the member created in [since, until), newest first, after `after`. */
export async function roundsAfter(
  db: Database,
  memberId: number,
  range: { since: string; until?: string },
  after: RoundKey | undefined,
  limit: number,
): Promise<RecordRow[]> {
  let query = roundsWithGame(db).where('game_rounds.member_id', '=', memberId).where('game_rounds.created_at', '>=', range.since);
  if (range.until !== undefined) query = query.where('game_rounds.created_at', '<', range.until);
  if (after) {
    // (created_at, id) < (after): the first term is the index range, the second settles ties.
    query = query
      .where('game_rounds.created_at', '<=', after.createdAt)
      .where((eb) => eb.or([eb('game_rounds.created_at', '<', after.createdAt), eb('game_rounds.id', '<', after.id)]));
  }
  return query.orderBy('game_rounds.created_at', 'desc').orderBy('game_rounds.id', 'desc').limit(limit).execute();
}

/**
 * Rounds `skip` .. `skip + limit` (newest first) of the member's rounds created in [start, end),
 * a range whose count `count` is known. The rows skipped are read from the index only, from the
 * nearer end of the range, so a page deep in a day costs at most half the day's index entries.
 */
export async function roundsWithin(
  db: Database,
  memberId: number,
  range: { start: string; end: string },
  count: number,
  skip: number,
  limit: number,
): Promise<RecordRow[]> {
  const take = Math.max(0, Math.min(limit, count - skip));
  if (take === 0) return [];
  const fromEnd = count - skip - take;
  const newestFirst = skip <= fromEnd;
  const ids = await db
    .selectFrom('game_rounds')
    .select('id')
    .where('member_id', '=', memberId)
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end)
    .orderBy('created_at', newestFirst ? 'desc' : 'asc')
    .orderBy('id', newestFirst ? 'desc' : 'asc')
    .limit(take)
    .offset(newestFirst ? skip : fromEnd)
    .execute();
  if (ids.length === 0) return [];
  return roundsWithGame(db)
    .where(
      'game_rounds.id',
      'in',
      ids.map((r) => r.id),
    )
    .orderBy('game_rounds.created_at', 'desc')
    .orderBy('game_rounds.id', 'desc')
    .execute();
}
