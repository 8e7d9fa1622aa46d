import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { postTransfers } from '../../platform/ledger/bulk-transfer.ts';
import { gameHouseAccount } from '../../platform/ledger/ledger.codes.ts';
import { cash, house, moved } from '../../platform/ledger/ledger.service.ts';
import { limitsDay } from '../../platform/responsible/standing.ts';
import { existingTxIds, insertTxs } from './debit-many.repository.ts';
import * as repo from './credit-many.repository.ts';
import type { CreditInput, RoundRef, WalletDone } from './wallet.service.ts';
import { countValidStakes, winTxRow } from './wallet.service.ts';

/**
 * The wallet's credit (wallet.service.ts) for many wins at once, each settling its round, inside
 * the caller's transaction: the crash cash-outs of one tick (a burst of players who picked the
 * same multiplier) are paid in one commit and a fixed number of statements (the ledger's bulk
 * postTransfers, one multi-row write each for the rounds, the wallet's transactions, the members'
 * totals and the day's figures) instead of some eight statements and a transaction a win.
 *
 * The same rows as `credit` one after the other: the round settled with its win and outcome, the
 * win transferred under `win:<platType>:<txId>`, the transaction row (its insert counts the win
 * toward the loss limits of the day, migration 0027), the settled stake counted once as a valid
 * bet with the win in the day's figures. A win whose transaction id is known already, a member's
 * second win of the batch and a round that is not open for its member answer `alone`: the caller
 * runs `credit` for them (a replay, or a refusal with its own answer). Anything else out of the
 * ordinary (a ledger key already posted, a transaction id written meanwhile) throws: the caller's
 * batch is undone and each win runs through `credit`.
 */

export type CreditManyOutcome = { ok: true; done: WalletDone } | { ok: 'alone' };

export async function creditMany(trx: Database, items: readonly { round: RoundRef; input: CreditInput }[]): Promise<CreditManyOutcome[]> {
  const outcomes: CreditManyOutcome[] = items.map(() => ({ ok: 'alone' }));
  if (items.length === 0) return outcomes;
  const first = items[0]?.round as RoundRef;
  if (
    items.some(
      (i) =>
        i.round.providerId !== first.providerId ||
        i.round.category !== first.category ||
        i.input.closeRound === false ||
        !(i.input.amountCentavos >= 0),
    )
  ) {
    throw new Error('creditMany takes closing wins of one provider and category');
  }
  if (new Set(items.map((i) => i.input.txId)).size !== items.length) throw new Error('creditMany takes each transaction id once');

  const known = await existingTxIds(
    trx,
    first.providerId,
    items.map((i) => i.input.txId),
  );
  // One win a member (its balance answer is the one after it); the rest go `alone`.
  const members = new Set<number>();
  const fresh = items
    .map((item, index) => ({ ...item, index }))
    .filter(({ round, input }) => {
      if (known.has(input.txId) || members.has(round.memberId)) return false;
      members.add(round.memberId);
      return true;
    });
  if (fresh.length === 0) return outcomes;

  const now = nowIso();
  const settled = await repo.settleOpenRoundsWithWins(
    trx,
    first.providerId,
    fresh.map(({ round, input }) => ({
      roundUid: round.roundUid,
      memberId: round.memberId,
      winCentavos: input.amountCentavos,
      outcomeJson: input.outcome === undefined ? null : JSON.stringify(input.outcome),
    })),
    now,
  );
  const paid = fresh.filter(({ round }) => settled.has(round.roundUid));
  if (paid.length === 0) return outcomes;

  const winning = paid.filter(({ input }) => input.amountCentavos > 0);
  const posted = await postTransfers(
    trx,
    winning.map(({ round, input }) => ({
      key: `win:${round.platType}:${input.txId}`,
      code: 'game_win' as const,
      lines: moved(house(gameHouseAccount(round.platType)), cash(round.memberId), input.amountCentavos),
      meta: { round: round.roundUid, game: round.gameId },
    })),
  );
  if (posted.transfers.some((t) => t.replayed)) throw new Error('creditMany: a win whose ledger transfer is posted already');
  const transferOf = new Map(winning.map(({ input }, k) => [input.txId, posted.transfers[k]?.transferId ?? null]));

  const day = limitsDay();
  const txIds = await insertTxs(
    trx,
    paid.map(({ round, input }) => winTxRow(round, input, transferOf.get(input.txId) ?? null, day)),
    now,
  );
  // The settled stakes count once as valid bets; the day's figures take each win with its stake.
  await countValidStakes(
    trx,
    first.category,
    paid.map(({ round, input }) => ({
      memberId: round.memberId,
      betCentavos: (settled.get(round.roundUid) as { bet_centavos: number }).bet_centavos,
      bets: 1,
      winCentavos: input.amountCentavos,
    })),
  );
  const balances = await repo.cashBalances(
    trx,
    paid.map(({ round }) => round.memberId),
  );
  for (const { round, input, index } of paid) {
    const transactionId = txIds.get(input.txId);
    if (transactionId === undefined) throw new Error('creditMany: a transaction id written meanwhile');
    outcomes[index] = {
      ok: true,
      done: {
        ok: true,
        balanceCentavos: balances.get(round.memberId) ?? 0,
        replayed: false,
        roundId: (settled.get(round.roundUid) as { id: number }).id,
        transactionId,
      },
    };
  }
  return outcomes;
}
