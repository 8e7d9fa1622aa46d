import type { Database } from '../../db/database.ts';
import type { WalletTxRow } from './wallet.repository.ts';

/** Writes a round that is settled as it is born (a house game's instant round): answers its id. */
export async function insertSettledRound(
  db: Database,
  round: {
    roundUid: string;
    providerId: number;
    gameId: number;
    memberId: number;
    betCentavos: number;
    winCentavos: number;
    outcomeJson: string;
    seedId: number;
    nonce: number;
  },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('game_rounds')
    .values({
      round_uid: round.roundUid,
      provider_id: round.providerId,
      game_id: round.gameId,
      member_id: round.memberId,
      bet_centavos: round.betCentavos,
      win_centavos: round.winCentavos,
      status: 'settled',
      outcome_json: round.outcomeJson,
      seed_id: round.seedId,
      nonce: round.nonce,
      created_at: now,
      settled_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the round's wallet transactions (its bet, and its win when there is one) in one statement; answers their ids in order. */
export async function insertRoundTxs(db: Database, rows: WalletTxRow[], now: string): Promise<number[]> {
  const inserted = await db
    .insertInto('wallet_transactions')
    .values(rows.map((row) => ({ ref_tx_id: null, ...row, created_at: now })))
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}
