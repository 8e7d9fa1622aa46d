import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NewRoundStake, WalletTxRow } from './wallet.repository.ts';

/**
 * The wallet's queries for many debits at once (debit-many.ts): the rows wallet.repository.ts
 * reads and writes for one call, for a batch in one statement each.
 */

/** Rows per statement: at most 12 bound values a row, well under both databases' limits. */
const CHUNK = 2_000;

/** `rows` in pieces of at most CHUNK rows, one statement each (the wallet's many-row queries). */
export function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** The ids among `txIds` the provider has a transaction under already. */
export async function existingTxIds(db: Database, providerId: number, txIds: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const ids of chunks(txIds)) {
    const rows = await db
      .selectFrom('wallet_transactions')
      .select('tx_id')
      .where('provider_id', '=', providerId)
      .where('tx_id', 'in', ids)
      .execute();
    for (const row of rows) found.add(row.tx_id);
  }
  return found;
}

/**
 * Opens each round with its first stake, or adds the stake to the round already open under its uid
 * (wallet.repository.ts openOrAddToRound, many rounds, each uid once); answers the rows by uid.
 */
export async function openOrAddToRounds(
  db: Database,
  rounds: readonly NewRoundStake[],
  now: string,
): Promise<Map<string, { id: number; member_id: number; status: string }>> {
  const byUid = new Map<string, { id: number; member_id: number; status: string }>();
  for (const chunk of chunks(rounds)) {
    const rows = await db
      .insertInto('game_rounds')
      .values(
        chunk.map((round) => ({
          round_uid: round.roundUid,
          provider_id: round.providerId,
          game_id: round.gameId,
          member_id: round.memberId,
          bet_centavos: round.betCentavos,
          win_centavos: 0,
          status: 'open',
          outcome_json: round.outcomeJson,
          seed_id: round.seedId,
          nonce: round.nonce,
          created_at: now,
          settled_at: null,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['provider_id', 'round_uid']).doUpdateSet((eb) => ({
          bet_centavos: sql`game_rounds.bet_centavos + ${eb.ref('excluded.bet_centavos')}`,
        })),
      )
      .returning(['id', 'round_uid', 'member_id', 'status'])
      .execute();
    for (const row of rows) byUid.set(row.round_uid, { id: row.id, member_id: row.member_id, status: row.status });
  }
  return byUid;
}

/** Inserts transaction rows; answers the ids of those written, by tx id (one written first by a concurrent call is left out). */
export async function insertTxs(db: Database, rows: readonly WalletTxRow[], now: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunks(rows)) {
    const inserted = await db
      .insertInto('wallet_transactions')
      .values(chunk.map((row) => ({ ref_tx_id: null, ...row, created_at: now })))
      .onConflict((oc) => oc.columns(['provider_id', 'tx_id']).doNothing())
      .returning(['id', 'tx_id'])
      .execute();
    for (const row of inserted) ids.set(row.tx_id, row.id);
  }
  return ids;
}
