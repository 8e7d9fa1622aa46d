import type { Database } from '../../db/database.ts';
import { precompiled } from '../../db/precompiled.ts';

type SettledRound = {
  roundUid: string;
  providerId: number;
  gameId: number;
  memberId: number;
  betCentavos: number;
  winCentavos: number;
  outcomeJson: string;
  seedId: number;
  nonce: number;
  betTransferId: number;
  winTransferId: number | null;
  now: string;
};

const insertSettledRoundStatement = precompiled((db, p: SettledRound) =>
  db
    .insertInto('game_rounds')
    .values({
      round_uid: p.roundUid,
      provider_id: p.providerId,
      game_id: p.gameId,
      member_id: p.memberId,
      bet_centavos: p.betCentavos,
      win_centavos: p.winCentavos,
      status: 'settled',
      outcome_json: p.outcomeJson,
      seed_id: p.seedId,
      nonce: p.nonce,
      created_at: p.now,
      settled_at: p.now,
      bet_transfer_id: p.betTransferId,
      win_transfer_id: p.winTransferId,
    })
    .returning('id'),
);

/**
 * Writes a round that is settled as it is born (a house game's instant round), naming its ledger
 * transfers; the insert's trigger (migration 0026) writes its wallet transactions and counters.
 * Answers its id.
 */
export async function insertSettledRound(db: Database, round: Omit<SettledRound, 'now'>, now: string): Promise<number> {
  const row = (await insertSettledRoundStatement(db, { ...round, now })).rows[0];
  if (!row) throw new Error(`round ${round.roundUid} was not written`);
  return row.id;
}
