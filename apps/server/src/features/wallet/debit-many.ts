import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { postTransfers } from '../../platform/ledger/bulk-transfer.ts';
import { gameHouseAccount } from '../../platform/ledger/ledger.codes.ts';
import { cash, house, InsufficientFunds, moved } from '../../platform/ledger/ledger.service.ts';
import { checkStakes, countStakes } from '../../platform/responsible/stakes.ts';
import * as repo from './debit-many.repository.ts';
import type { DebitInput, RoundRef, WalletDone } from './wallet.service.ts';

/**
 * The wallet's debit (wallet.service.ts) for many stakes at once, inside the caller's transaction:
 * the shared rounds' betting window takes a thousand players' stakes in one commit and a fixed
 * number of statements (the ledger's bulk postTransfers, responsible gaming's checkStakes, one
 * multi-row write each for the game rounds and the wallet's transactions), instead of some fifteen
 * statements a stake.
 *
 * The same rows and the same refusals as `debit`, one stake per member and round uid: under the
 * members' cash locks, a stake responsible gaming refuses answers its ResponsibleRefusal and one
 * the balance cannot cover answers InsufficientFunds, and neither writes anything. A stake whose
 * transaction id is known already answers `alone`: the caller runs `debit` for it (a replay, a
 * duplicate or a refused retry, each with its own answer). Anything else out of the ordinary (a
 * ledger key already posted, a round uid of another member or a closed round, a transaction id
 * written meanwhile) throws: the caller's batch is undone and each stake runs through `debit`.
 */

export type DebitManyOutcome = { ok: true; done: WalletDone } | { ok: false; error: unknown } | { ok: 'alone' };

export async function debitMany(trx: Database, items: readonly { round: RoundRef; input: DebitInput }[]): Promise<DebitManyOutcome[]> {
  const outcomes: DebitManyOutcome[] = items.map(() => ({ ok: 'alone' }));
  if (items.length === 0) return outcomes;
  const providerId = items[0]?.round.providerId as number;
  const members = new Set(items.map((i) => i.round.memberId));
  const uids = new Set(items.map((i) => i.round.roundUid));
  if (items.some((i) => i.round.providerId !== providerId || !(i.input.amountCentavos > 0))) {
    throw new Error('debitMany takes positive stakes of one provider');
  }
  if (members.size !== items.length || uids.size !== items.length) throw new Error('debitMany takes one stake per member and round');

  const known = await repo.existingTxIds(
    trx,
    providerId,
    items.map((i) => i.input.txId),
  );
  const fresh = items.map((item, index) => ({ ...item, index })).filter((item) => !known.has(item.input.txId));
  if (fresh.length === 0) return outcomes;

  // Responsible gaming first, then the balance: the order `debit` refuses in.
  const { day, checks } = await checkStakes(
    trx,
    fresh.map((i) => ({ memberId: i.round.memberId, amountCentavos: i.input.amountCentavos })),
  );
  const taken: ((typeof fresh)[number] & { cashBefore: number })[] = [];
  fresh.forEach((item, k) => {
    const check = checks[k] as (typeof checks)[number];
    if (check.refusal) outcomes[item.index] = { ok: false, error: check.refusal };
    else if (check.cashCentavos < item.input.amountCentavos) {
      outcomes[item.index] = { ok: false, error: new InsufficientFunds(cash(item.round.memberId)) };
    } else taken.push({ ...item, cashBefore: check.cashCentavos });
  });
  if (taken.length === 0) return outcomes;

  const posted = await postTransfers(
    trx,
    taken.map(({ round, input }) => ({
      key: `bet:${round.platType}:${input.txId}`,
      code: 'game_bet' as const,
      lines: moved(cash(round.memberId), house(gameHouseAccount(round.platType)), input.amountCentavos),
      meta: { round: round.roundUid, game: round.gameId },
    })),
  );
  if (posted.transfers.some((t) => t.replayed)) throw new Error('debitMany: a stake whose ledger transfer is posted already');
  await countStakes(
    trx,
    day,
    taken.map((i) => ({ memberId: i.round.memberId, amountCentavos: i.input.amountCentavos })),
  );

  const now = nowIso();
  const rounds = await repo.openOrAddToRounds(
    trx,
    taken.map(({ round, input }) => ({
      roundUid: round.roundUid,
      providerId,
      gameId: round.gameId,
      memberId: round.memberId,
      betCentavos: input.amountCentavos,
      outcomeJson: input.outcome === undefined ? null : JSON.stringify(input.outcome),
      seedId: input.seedId ?? null,
      nonce: input.nonce ?? null,
    })),
    now,
  );
  for (const { round } of taken) {
    const row = rounds.get(round.roundUid);
    if (!row || row.member_id !== round.memberId || row.status !== 'open')
      throw new Error('debitMany: a round uid not open for its member');
  }
  const txIds = await repo.insertTxs(
    trx,
    taken.map(({ round, input }, k) => ({
      provider_id: providerId,
      tx_id: input.txId,
      kind: 'bet',
      member_id: round.memberId,
      round_uid: round.roundUid,
      amount_centavos: input.amountCentavos,
      status: 'ok',
      transfer_id: posted.transfers[k]?.transferId ?? null,
    })),
    now,
  );
  for (const item of taken) {
    const transactionId = txIds.get(item.input.txId);
    if (transactionId === undefined) throw new Error('debitMany: a transaction id written meanwhile');
    outcomes[item.index] = {
      ok: true,
      done: {
        ok: true,
        // The member's cash lock is held since it was read, and this is the member's one stake here.
        balanceCentavos: item.cashBefore - item.input.amountCentavos,
        replayed: false,
        roundId: (rounds.get(item.round.roundUid) as { id: number }).id,
        transactionId,
      },
    };
  }
  return outcomes;
}
