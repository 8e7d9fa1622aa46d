import type { Centavos } from '@casino/shared/money';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { gameHouseAccount } from '../../platform/ledger/ledger.codes.ts';
import { cash, house, LedgerInvariantError, moved } from '../../platform/ledger/ledger.service.ts';
import { postTransfer } from '../../platform/ledger/post-transfer.ts';
import { takeStake } from '../../platform/responsible/standing.ts';
import { recordPlay } from '../promotions/daily-stats.ts';
import { insertRoundTxs, insertSettledRound } from './instant-round.repository.ts';
import { addValidBetToMember } from './wallet.repository.ts';
import type { RoundRef } from './wallet.service.ts';

/**
 * A house game's instant round (dice, plinko, roulette, the slots), the wallet's fast path: the
 * outcome is drawn before the money moves, so the stake and the win are known together and the
 * round is written once, settled. The same rows as debit + credit (or settleLost) write, under
 * the same ledger keys (`bet:<plat>:<round>:bet`, `win:<plat>:<round>:win`), in fewer statements:
 * - responsible gaming takes the stake (the member's lock, one read of settings, identity and
 *   limits, and the day's counters with the stake and the win in one upsert);
 * - the stake and the win as two ledger transfers;
 * - the round, settled; its wallet transactions in one insert;
 * - the valid bet: lifetime totals and wagering, and the day's figures (stake, win, one round).
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
  await takeStake(trx, memberId, input.stakeCentavos, { winCentavos: input.winCentavos });
  const bet = await postTransfer(trx, {
    key: `bet:${platType}:${roundUid}:bet`,
    code: 'game_bet',
    lines: moved(cash(memberId), house(gameHouseAccount(platType)), input.stakeCentavos),
    meta,
  });
  let posted = bet;
  let win: typeof bet | undefined;
  if (input.winCentavos > 0) {
    win = await postTransfer(trx, {
      key: `win:${platType}:${roundUid}:win`,
      code: 'game_win',
      lines: moved(house(gameHouseAccount(platType)), cash(memberId), input.winCentavos),
      meta,
    });
    posted = win;
  }
  if (bet.replayed || win?.replayed) throw new LedgerInvariantError(`round ${roundUid} was played before`);
  const [balanceCentavos] = Object.values(posted.balances);
  if (balanceCentavos === undefined) throw new LedgerInvariantError(`round ${roundUid}: no cash balance after the transfer`);

  const now = nowIso();
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
    },
    now,
  );
  await insertRoundTxs(
    trx,
    { providerId: round.providerId, memberId, roundUid },
    { amountCentavos: input.stakeCentavos, transferId: bet.transferId },
    win ? { amountCentavos: input.winCentavos, transferId: win.transferId } : undefined,
    now,
  );
  await addValidBetToMember(trx, memberId, round.category, input.stakeCentavos);
  await recordPlay(trx, memberId, round.category, { betCentavos: input.stakeCentavos, winCentavos: input.winCentavos, rounds: 1 });
  return { roundId, balanceCentavos };
}
