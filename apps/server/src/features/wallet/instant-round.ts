import type { Centavos } from '@casino/shared/money';
import type { Database } from '../../db/database.ts';
import { clock } from '../../lib/clock.ts';
import { gameHouseAccount } from '../../platform/ledger/ledger.codes.ts';
import { cash, house, LedgerInvariantError, moved, type TransferInput } from '../../platform/ledger/ledger.service.ts';
import { postNewTransfers } from '../../platform/ledger/post-transfer.ts';
import { takeStake } from '../../platform/responsible/standing.ts';
import { insertSettledRound } from './instant-round.repository.ts';
import type { RoundRef } from './wallet.service.ts';

/**
 * A house game's instant round (dice, plinko, roulette, the slots), the wallet's fast path: the
 * outcome is drawn before the money moves, so the stake and the win are known together and the
 * round is written once, settled. The same rows as debit + credit (or settleLost) write, under
 * the same ledger keys (`bet:<plat>:<round>:bet`, `win:<plat>:<round>:win`), in fewer statements
 * (issue 13: at most 8 a bet, savepoint included):
 * - responsible gaming checks the stake (the member's lock, one read of settings, identity and
 *   limits);
 * - the stake and the win as two ledger transfers posted together (three statements on SQLite);
 * - the round, settled, naming its transfers; its insert's trigger (migration 0026) writes its
 *   wallet transactions, the valid bet (lifetime totals, wagering), the day's figures and the
 *   day's responsible-gaming counters.
 * The round uid is new (house-game.ts newRoundUid), so there is nothing to replay. Throws like
 * debit does (InsufficientFunds, ResponsibleRefusal): the caller's transaction rolls back whole.
 */
export async function playInstantRound(
  trx: Database,
  round: RoundRef,
  input: { stakeCentavos: Centavos; winCentavos: Centavos; outcome: unknown; seedId: number; nonce: number },
): Promise<{ roundId: number; balanceCentavos: number }> {
  const { memberId, platType, roundUid } = round;
  const meta = { round: roundUid, game: round.gameId };
  await takeStake(trx, memberId, input.stakeCentavos, { countedByInsert: true });
  const houseAccount = house(gameHouseAccount(platType));
  const transfers: TransferInput[] = [
    { key: `bet:${platType}:${roundUid}:bet`, code: 'game_bet', lines: moved(cash(memberId), houseAccount, input.stakeCentavos), meta },
  ];
  if (input.winCentavos > 0) {
    transfers.push({
      key: `win:${platType}:${roundUid}:win`,
      code: 'game_win',
      lines: moved(houseAccount, cash(memberId), input.winCentavos),
      meta,
    });
  }
  const posted = await postNewTransfers(trx, transfers);
  const [balanceCentavos] = Object.values(posted.balances);
  if (balanceCentavos === undefined) throw new LedgerInvariantError(`round ${roundUid}: no cash balance after the transfer`);

  // The round's time is the responsible-gaming clock's: its trigger counts the stake on that day.
  const now = clock.nowIso();
  const roundId = await insertSettledRound(
    trx,
    {
      roundUid,
      providerId: round.providerId,
      gameId: round.gameId,
      memberId,
      betCentavos: input.stakeCentavos,
      winCentavos: input.winCentavos,
      outcomeJson: JSON.stringify(input.outcome),
      seedId: input.seedId,
      nonce: input.nonce,
      betTransferId: posted.transferIds[0] as number,
      winTransferId: posted.transferIds[1] ?? null,
    },
    now,
  );
  return { roundId, balanceCentavos };
}
