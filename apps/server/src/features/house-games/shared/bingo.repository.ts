import type { Database } from '../../../db/database.ts';

/** The bingo rooms' own rows: each round's result, written once, and each room's jackpot pool. */

/** The chain and hash of a shared round (what a member's cards are drawn from). */
export async function roundSeed(db: Database, roundId: number): Promise<{ chain_id: number; hash: string } | undefined> {
  return db.selectFrom('shared_rounds').select(['chain_id', 'hash']).where('id', '=', roundId).executeTakeFirst();
}

/** A round's stored result (JSON), once it has been drawn. */
export async function storedResult(db: Database, roundId: number): Promise<string | undefined> {
  return (await db.selectFrom('bingo_rounds').select('result').where('round_id', '=', roundId).executeTakeFirst())?.result;
}

/** A room's jackpot pool in centavos (0 before its first round). */
export async function jackpotPool(db: Database, room: string): Promise<number> {
  const row = await db.selectFrom('bingo_jackpots').select('pool_centavos').where('room', '=', room).executeTakeFirst();
  return Number(row?.pool_centavos ?? 0);
}

export interface ResultRow {
  roundId: number;
  room: string;
  cards: number;
  salesCentavos: number;
  ballsCalled: number;
  jackpotCentavos: number;
  poolAfterCentavos: number;
  result: string;
  now: string;
}

/**
 * Stores a round's result and moves its room's pool, once: answers the result already stored
 * when the round was recorded before (a second run of the settlement), else undefined.
 */
export async function recordResult(trx: Database, row: ResultRow): Promise<string | undefined> {
  const stored = await storedResult(trx, row.roundId);
  if (stored) return stored;
  await trx
    .insertInto('bingo_rounds')
    .values({
      round_id: row.roundId,
      room: row.room,
      cards: row.cards,
      sales_centavos: row.salesCentavos,
      balls_called: row.ballsCalled,
      jackpot_centavos: row.jackpotCentavos,
      pool_after_centavos: row.poolAfterCentavos,
      result: row.result,
      created_at: row.now,
    })
    .execute();
  const updated = await trx
    .updateTable('bingo_jackpots')
    .set({ pool_centavos: row.poolAfterCentavos, last_round_id: row.roundId, updated_at: row.now })
    .where('room', '=', row.room)
    .where('last_round_id', '<', row.roundId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    const exists = await trx.selectFrom('bingo_jackpots').select('room').where('room', '=', row.room).executeTakeFirst();
    if (!exists) {
      await trx
        .insertInto('bingo_jackpots')
        .values({ room: row.room, pool_centavos: row.poolAfterCentavos, last_round_id: row.roundId, updated_at: row.now })
        .execute();
    }
  }
  return undefined;
}
