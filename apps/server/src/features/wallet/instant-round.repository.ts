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
    })
    .returning('id'),
);

/** Writes a round that is settled as it is born (a house game's instant round): answers its id. */
export async function insertSettledRound(db: Database, round: Omit<SettledRound, 'now'>, now: string): Promise<number> {
  const row = (await insertSettledRoundStatement(db, { ...round, now })).rows[0];
  if (!row) throw new Error(`round ${round.roundUid} was not written`);
  return row.id;
}

type RoundTxs = {
  providerId: number;
  memberId: number;
  roundUid: string;
  betTxId: string;
  betCentavos: number;
  betTransferId: number;
  winTxId: string;
  winCentavos: number;
  winTransferId: number;
  now: string;
};

const txValues = (p: RoundTxs, kind: 'bet' | 'win') => ({
  ref_tx_id: null,
  provider_id: p.providerId,
  member_id: p.memberId,
  round_uid: p.roundUid,
  status: 'ok',
  tx_id: kind === 'bet' ? p.betTxId : p.winTxId,
  kind,
  amount_centavos: kind === 'bet' ? p.betCentavos : p.winCentavos,
  transfer_id: kind === 'bet' ? p.betTransferId : p.winTransferId,
  created_at: p.now,
});

const insertBetTx = precompiled((db, p: RoundTxs) => db.insertInto('wallet_transactions').values(txValues(p, 'bet')).returning('id'));
const insertBetAndWinTxs = precompiled((db, p: RoundTxs) =>
  db
    .insertInto('wallet_transactions')
    .values([txValues(p, 'bet'), txValues(p, 'win')])
    .returning('id'),
);

/**
 * Writes the round's wallet transactions, its bet and its win when there is one, in one statement
 * (`<round>:bet`, `<round>:win`, each naming its ledger transfer); answers their ids in order.
 */
export async function insertRoundTxs(
  db: Database,
  round: { providerId: number; memberId: number; roundUid: string },
  bet: { amountCentavos: number; transferId: number },
  win: { amountCentavos: number; transferId: number } | undefined,
  now: string,
): Promise<number[]> {
  const params: RoundTxs = {
    ...round,
    betTxId: `${round.roundUid}:bet`,
    betCentavos: bet.amountCentavos,
    betTransferId: bet.transferId,
    winTxId: `${round.roundUid}:win`,
    winCentavos: win?.amountCentavos ?? 0,
    winTransferId: win?.transferId ?? 0,
    now,
  };
  const inserted = win ? await insertBetAndWinTxs(db, params) : await insertBetTx(db, params);
  return inserted.rows.map((row) => row.id);
}
