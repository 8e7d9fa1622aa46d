import { nowIso } from '../../../db/database.ts';
import { rollback } from '../../wallet/wallet.service.ts';
import type { HouseGame } from '../house-game.ts';
import type { BalancePushes } from './balance-pushes.ts';
import type { GameContext } from '../house-game.ts';
import * as repo from './shared-rounds.repository.ts';
import type { TxBatcher } from './tx-batcher.ts';

/**
 * The restart rule of the shared rounds: every bet still open in a cancelled round goes back to
 * its member through the wallet's rollback (the game record shows the round rolled back). A bet
 * settled meanwhile (a cash-out that won the race) is left as it is.
 */
export async function refundOpenBets(
  ctx: GameContext,
  batcher: TxBatcher,
  balances: BalancePushes,
  game: HouseGame,
  roundId: number,
  ids: (bet: repo.SharedBetRow) => { txId: string; refTxId: string },
): Promise<number> {
  const open = (await repo.betsOfRound(ctx.db, roundId)).filter((b) => b.status === 'open');
  const results = await Promise.allSettled(
    open.map((bet) =>
      batcher.run(async (trx) => {
        if (!(await repo.settleBet(trx, bet.id, { status: 'refunded', win_centavos: 0, settled_at: nowIso() }))) return false;
        const { txId, refTxId } = ids(bet);
        await rollback(trx, { providerId: game.providerId, platType: game.platType, memberId: bet.member_id, txId, refTxId });
        return true;
      }),
    ),
  );
  let refunded = 0;
  const members = new Set<number>();
  results.forEach((result, i) => {
    const bet = open[i] as repo.SharedBetRow;
    if (result.status === 'rejected') ctx.log.error({ err: result.reason, bet: bet.id }, 'shared round refund failed');
    else if (result.value) {
      refunded += 1;
      members.add(bet.member_id);
    }
  });
  for (const id of members) balances.push(id);
  if (refunded > 0) ctx.log.warn({ roundId, refunded }, 'unfinished shared round cancelled: open bets refunded');
  return refunded;
}
