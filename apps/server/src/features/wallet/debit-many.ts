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
 * The same rows and the same refusals as `debit`, one stake per member and round uid, or several
 * stakes of a member in one game round (live roulette's spots: each its own transaction id, taken
 * all together or none, checked and counted as their total, as `debit` one after the other would
 * leave them): under the members' cash locks, a stake responsible gaming refuses answers its ResponsibleRefusal and one
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
  if (items.some((i) => i.round.providerId !== providerId || !(i.input.amountCentavos > 0))) {
    throw new Error('debitMany takes positive stakes of one provider');
  }
  // A member's stakes: all in one round uid (a uid belongs to one member), each transaction id once.
  const uidOf = new Map<number, string>();
  const memberOf = new Map<string, number>();
  for (const { round } of items) {
    if (
      (uidOf.get(round.memberId) ?? round.roundUid) !== round.roundUid ||
      (memberOf.get(round.roundUid) ?? round.memberId) !== round.memberId
    )
      throw new Error('debitMany takes the stakes of a member in one round');
    uidOf.set(round.memberId, round.roundUid);
    memberOf.set(round.roundUid, round.memberId);
  }
  if (new Set(items.map((i) => i.input.txId)).size !== items.length) throw new Error('debitMany takes each transaction id once');

  const known = await repo.existingTxIds(
    trx,
    providerId,
    items.map((i) => i.input.txId),
  );
  // A member with any stake known already goes `alone` whole (its stakes are taken together or not at all).
  const replaying = new Set(items.filter((i) => known.has(i.input.txId)).map((i) => i.round.memberId));
  const fresh = items.map((item, index) => ({ ...item, index })).filter((item) => !replaying.has(item.round.memberId));
  if (fresh.length === 0) return outcomes;
  const totals = new Map<number, number>();
  for (const item of fresh) totals.set(item.round.memberId, (totals.get(item.round.memberId) ?? 0) + item.input.amountCentavos);

  // Responsible gaming first, then the balance: the order `debit` refuses in (a member's total).
  const { day, checks } = await checkStakes(
    trx,
    [...totals].map(([memberId, amountCentavos]) => ({ memberId, amountCentavos })),
  );
  const checkOf = new Map([...totals.keys()].map((memberId, k) => [memberId, checks[k] as (typeof checks)[number]]));
  const taken: ((typeof fresh)[number] & { cashBefore: number })[] = [];
  const spent = new Map<number, number>();
  for (const item of fresh) {
    const memberId = item.round.memberId;
    const check = checkOf.get(memberId) as (typeof checks)[number];
    if (check.refusal) outcomes[item.index] = { ok: false, error: check.refusal };
    else if (check.cashCentavos < (totals.get(memberId) as number)) {
      outcomes[item.index] = { ok: false, error: new InsufficientFunds(cash(memberId)) };
    } else {
      // The balance before this stake: the member's earlier stakes of the batch are taken first.
      const before = check.cashCentavos - (spent.get(memberId) ?? 0);
      spent.set(memberId, (spent.get(memberId) ?? 0) + item.input.amountCentavos);
      taken.push({ ...item, cashBefore: before });
    }
  }
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
  // One row per member (counters) and per round uid (game rounds): a member's stakes as their total.
  const firstOf = new Map<number, (typeof taken)[number]>();
  for (const item of taken) if (!firstOf.has(item.round.memberId)) firstOf.set(item.round.memberId, item);
  await countStakes(
    trx,
    day,
    [...firstOf.keys()].map((memberId) => ({ memberId, amountCentavos: totals.get(memberId) as number })),
  );

  const now = nowIso();
  const rounds = await repo.openOrAddToRounds(
    trx,
    [...firstOf.values()].map(({ round, input }) => ({
      roundUid: round.roundUid,
      providerId,
      gameId: round.gameId,
      memberId: round.memberId,
      betCentavos: totals.get(round.memberId) as number,
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
        // The member's cash lock is held since it was read; its earlier stakes here came off first.
        balanceCentavos: item.cashBefore - item.input.amountCentavos,
        replayed: false,
        roundId: (rounds.get(item.round.roundUid) as { id: number }).id,
        transactionId,
      },
    };
  }
  return outcomes;
}
