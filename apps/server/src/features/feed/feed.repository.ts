import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The live feed's reads: settled rounds of every game (house and provider) with the game and
 * the player's account (masked by the service). All three ride the index game_rounds
 * (status, settled_at) (migration 0006); the bet path writes nothing for the feed.
 */
export interface FeedRow {
  id: number;
  bet_centavos: number | string;
  win_centavos: number | string;
  settled_at: string | null;
  game_code: string;
  game_name: string;
  game_names_json: string;
  game_kind: string;
  account: string;
}

function settledRounds(db: Database) {
  return db
    .selectFrom('game_rounds as r')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .innerJoin('game_providers as p', 'p.id', 'r.provider_id')
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .select([
      'r.id',
      'r.bet_centavos',
      'r.win_centavos',
      'r.settled_at',
      'g.code as game_code',
      'g.name as game_name',
      'g.names_json as game_names_json',
      'p.kind as game_kind',
      'm.account',
    ])
    .where('r.status', '=', 'settled')
    .where('r.bet_centavos', '>', 0);
}

/** The latest settled rounds with a stake, newest first. */
export async function latestRounds(db: Database, limit: number): Promise<FeedRow[]> {
  return settledRounds(db).orderBy('r.settled_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
}

/** Rounds settled at or after `since` (ISO), newest first: the feed's tail on each process. */
export async function roundsSettledSince(db: Database, since: string, limit: number): Promise<FeedRow[]> {
  return settledRounds(db)
    .where('r.settled_at', '>=', since)
    .orderBy('r.settled_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** The biggest multipliers (win over stake) of rounds settled in [start, end) that won more than they staked. */
export async function topMultipliers(db: Database, range: { start: string; end: string }, limit: number): Promise<FeedRow[]> {
  return settledRounds(db)
    .where('r.settled_at', '>=', range.start)
    .where('r.settled_at', '<', range.end)
    .whereRef('r.win_centavos', '>', 'r.bet_centavos')
    .orderBy(sql`r.win_centavos * 1.0 / r.bet_centavos`, 'desc')
    .orderBy('r.win_centavos', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}
