import { type Selectable, sql } from 'kysely';
import type { Database, Dialect } from '../../../db/database.ts';
import type { SharedChainsTable, SharedRoundsTable } from '../../../db/schema.ts';

export type SharedGame = 'crash' | 'double' | 'live-roulette' | 'live-bac-bo' | 'bingo-75' | 'bingo-90';
export type SharedRound = Selectable<SharedRoundsTable>;
export type SharedChain = Selectable<SharedChainsTable>;

// ---- chains ---------------------------------------------------------------------------------

/** The chain rounds draw from now. */
export async function findActiveChain(db: Database, game: SharedGame) {
  return db
    .selectFrom('shared_chains')
    .selectAll()
    .where('game', '=', game)
    .where('status', '=', 'active')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The oldest chain committed and not yet played: the next one to activate. */
export async function findCommittedChain(db: Database, game: SharedGame) {
  return db
    .selectFrom('shared_chains')
    .selectAll()
    .where('game', '=', game)
    .where('status', '=', 'committed')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function findChain(db: Database, id: number) {
  return db.selectFrom('shared_chains').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Commits a chain: its terminating hash and beacon round are public from now, its salt is not known yet. */
export async function insertCommittedChain(
  db: Database,
  row: {
    game: SharedGame;
    seed: string;
    length: number;
    terminating_hash: string;
    beacon: string;
    beacon_round: number;
    created_at: string;
  },
) {
  return db
    .insertInto('shared_chains')
    .values({ ...row, salt: '', salted_at: null, next_index: 0, status: 'committed' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records the beacon's value as the chain's salt (once: a second call changes nothing). */
export async function saltChain(db: Database, id: number, salt: string, saltedAt: string) {
  await db.updateTable('shared_chains').set({ salt, salted_at: saltedAt }).where('id', '=', id).where('salted_at', 'is', null).execute();
}

/** A salted committed chain becomes the one rounds draw from. */
export async function activateChain(db: Database, id: number) {
  return db
    .updateTable('shared_chains')
    .set({ status: 'active' })
    .where('id', '=', id)
    .where('status', '=', 'committed')
    .where('salted_at', 'is not', null)
    .returningAll()
    .executeTakeFirst();
}

export async function retireChain(db: Database, id: number) {
  await db.updateTable('shared_chains').set({ status: 'retired' }).where('id', '=', id).execute();
}

/** The public record of a game's chains, newest first (never the seed). */
export async function publicChains(db: Database, game: SharedGame, limit: number) {
  return db
    .selectFrom('shared_chains')
    .select([
      'id',
      'game',
      'status',
      'length',
      'next_index',
      'terminating_hash',
      'salt',
      'beacon',
      'beacon_round',
      'salted_at',
      'created_at',
    ])
    .where('game', '=', game)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
export type PublicChainRow = Awaited<ReturnType<typeof publicChains>>[number];

/** Claims the chain's next index (conditional: an exhausted chain answers undefined). */
export async function claimChainIndex(db: Database, chainId: number): Promise<number | undefined> {
  const row = await db
    .updateTable('shared_chains')
    .set({ next_index: sql`next_index + 1` })
    .where('id', '=', chainId)
    .where('next_index', '<', sql<number>`length`)
    .returning('next_index')
    .executeTakeFirst();
  return row ? row.next_index - 1 : undefined;
}

// ---- rounds ---------------------------------------------------------------------------------

export async function insertRound(
  db: Database,
  row: {
    game: SharedGame;
    uid: string;
    chain_id: number;
    chain_index: number;
    hash: string;
    result: number;
    betting_ends_at: string;
    created_at: string;
  },
) {
  return db
    .insertInto('shared_rounds')
    .values({ ...row, status: 'betting', started_at: null, ended_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moves a round from one phase to the next; false when it was not in `from` any more. */
export async function moveRound(
  db: Database,
  id: number,
  from: string,
  to: string,
  set: { started_at?: string; ended_at?: string } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('shared_rounds')
    .set({ status: to, ...set })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When the curve started (crash) or the wheel began to spin (double). */
export async function setRoundStart(db: Database, id: number, startedAt: string): Promise<void> {
  await db.updateTable('shared_rounds').set({ started_at: startedAt }).where('id', '=', id).execute();
}

export async function findRound(db: Database, id: number) {
  return db.selectFrom('shared_rounds').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The round open for bets, locked in share mode on PostgreSQL until the bet commits: the
 * scheduler's move to `running` waits for bets in flight, and every bet it then loads is final.
 */
export async function lockBettingRound(trx: Database, dialect: Dialect, game: SharedGame) {
  const query = trx
    .selectFrom('shared_rounds')
    .selectAll()
    .where('game', '=', game)
    .where('status', '=', 'betting')
    .orderBy('id', 'desc')
    .limit(1);
  return dialect === 'postgres' ? query.forShare().executeTakeFirst() : query.executeTakeFirst();
}

/** The latest round of a game (any phase). */
export async function latestRound(db: Database, game: SharedGame) {
  return db.selectFrom('shared_rounds').selectAll().where('game', '=', game).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Rounds a previous leader left unfinished. */
export async function unfinishedRounds(db: Database, game: SharedGame) {
  return db
    .selectFrom('shared_rounds')
    .selectAll()
    .where('game', '=', game)
    .where('status', 'in', ['betting', 'running', 'spinning'])
    .orderBy('id')
    .execute();
}

export async function endedRounds(db: Database, game: SharedGame, limit: number) {
  return db
    .selectFrom('shared_rounds')
    .select(['id', 'hash', 'result'])
    .where('game', '=', game)
    .where('status', '=', 'ended')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The shared round a member's game round belongs to, with its chain's terminating hash. */
export async function findSharedRoundOfGameRound(db: Database, gameRoundUid: string) {
  return db
    .selectFrom('shared_bets')
    .innerJoin('shared_rounds', 'shared_rounds.id', 'shared_bets.round_id')
    .innerJoin('shared_chains', 'shared_chains.id', 'shared_rounds.chain_id')
    .select([
      'shared_rounds.id',
      'shared_rounds.status',
      'shared_rounds.hash',
      'shared_rounds.result',
      'shared_rounds.chain_index',
      'shared_chains.terminating_hash',
      'shared_chains.salt',
    ])
    .where('shared_bets.game_round_uid', '=', gameRoundUid)
    .limit(1)
    .executeTakeFirst();
}

// ---- bets -----------------------------------------------------------------------------------

/** Adds a bet; undefined when the member already has one on this choice in this round. */
export async function insertBet(
  trx: Database,
  row: {
    round_id: number;
    member_id: number;
    game_round_uid: string;
    choice: string;
    stake_centavos: number;
    auto_cashout_x100: number | null;
    created_at: string;
  },
) {
  return trx
    .insertInto('shared_bets')
    .values({ ...row, cashout_x100: null, win_centavos: 0, status: 'open', settled_at: null })
    .onConflict((oc) => oc.columns(['round_id', 'member_id', 'choice']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Rows per statement of the bets written together: seven bound values a row, well under both databases' limits. */
const BET_ROWS = 2_000;

/** The bets the members already have in a round: `<member_id>:<choice>` each. */
export async function choicesOfMembers(db: Database, roundId: number, memberIds: readonly number[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < memberIds.length; i += BET_ROWS) {
    const rows = await db
      .selectFrom('shared_bets')
      .select(['member_id', 'choice'])
      .where('round_id', '=', roundId)
      .where('member_id', 'in', memberIds.slice(i, i + BET_ROWS))
      .execute();
    for (const row of rows) found.add(`${row.member_id}:${row.choice}`);
  }
  return found;
}

/**
 * Adds many bets (insertBet's rows, written by one betting batch); answers how many were written
 * (a member's bet on a choice already there is left out).
 */
export async function insertBets(
  trx: Database,
  rows: readonly {
    round_id: number;
    member_id: number;
    game_round_uid: string;
    choice: string;
    stake_centavos: number;
    auto_cashout_x100: number | null;
    created_at: string;
  }[],
): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += BET_ROWS) {
    const inserted = await trx
      .insertInto('shared_bets')
      .values(rows.slice(i, i + BET_ROWS).map((row) => ({ ...row, cashout_x100: null, win_centavos: 0, status: 'open', settled_at: null })))
      .onConflict((oc) => oc.columns(['round_id', 'member_id', 'choice']).doNothing())
      .returning('id')
      .execute();
    written += inserted.length;
  }
  return written;
}

/** Every bet of a round with the player's account name (for the live list and the settlement). */
export async function betsOfRound(db: Database, roundId: number) {
  return db
    .selectFrom('shared_bets')
    .innerJoin('members', 'members.id', 'shared_bets.member_id')
    .selectAll('shared_bets')
    .select('members.account')
    .where('shared_bets.round_id', '=', roundId)
    .orderBy('shared_bets.id')
    .execute();
}
export type SharedBetRow = Awaited<ReturnType<typeof betsOfRound>>[number];

export async function memberBets(db: Database, roundId: number, memberId: number) {
  return db.selectFrom('shared_bets').selectAll().where('round_id', '=', roundId).where('member_id', '=', memberId).orderBy('id').execute();
}

/** Settles an open bet; false when it was already settled (a racing cash-out or the bust). */
export async function settleBet(
  trx: Database,
  id: number,
  to: { status: 'won' | 'lost' | 'refunded'; cashout_x100?: number | null; win_centavos?: number; settled_at: string },
): Promise<boolean> {
  const result = await trx.updateTable('shared_bets').set(to).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * settleBet for many bets won at once (a tick's crash cash-outs), each id once: the bets still
 * open are settled won at their multiplier and win; answers the ids settled.
 */
export async function settleBetsWon(
  trx: Database,
  bets: readonly { id: number; cashoutX100: number; winCentavos: number }[],
  settledAt: string,
): Promise<Set<number>> {
  const settled = new Set<number>();
  for (let i = 0; i < bets.length; i += BET_ROWS) {
    const values = sql.join(
      bets
        .slice(i, i + BET_ROWS)
        .map((b) => sql`(cast(${b.id} as bigint), cast(${b.cashoutX100} as bigint), cast(${b.winCentavos} as bigint))`),
    );
    const { rows } = await sql<{ id: number }>`
      update shared_bets
      set status = 'won', cashout_x100 = v.column2, win_centavos = v.column3, settled_at = ${settledAt}
      from (values ${values}) as v
      where shared_bets.id = v.column1 and shared_bets.status = 'open'
      returning id`.execute(trx);
    for (const row of rows) settled.add(Number(row.id));
  }
  return settled;
}

export async function findBet(db: Database, id: number) {
  return db.selectFrom('shared_bets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A member's latest bet on a game's shared rounds (in one round when `roundId` is given). */
export async function latestMemberBet(db: Database, memberId: number, choice: string, roundId?: number) {
  return db
    .selectFrom('shared_bets')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('choice', '=', choice)
    .$if(roundId !== undefined, (q) => q.where('round_id', '=', roundId as number))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
