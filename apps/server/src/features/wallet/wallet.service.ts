import { type Centavos, centavos } from '@casino/shared/money';
import { recordPlay, recordPlays } from '../promotions/daily-stats.ts';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import { cash, house, IdempotencyConflict, InsufficientFunds, lockMemberCash, moved } from '../../platform/ledger/ledger.service.ts';
import { postTransfer } from '../../platform/ledger/post-transfer.ts';
import { gameHouseAccount } from '../../platform/ledger/ledger.codes.ts';
import { MoneyRefusal } from '../../platform/ledger/money-failure.ts';
import {
  LIMIT_HIT_CODES,
  limitsDay,
  recordLimitHit,
  type ResponsibleCode,
  ResponsibleRefusal,
  returnStake,
  takeStake,
} from '../../platform/responsible/standing.ts';
import * as walletRepository from './wallet.repository.ts';
import type { WalletTx, WalletTxRow } from './wallet.repository.ts';
import { inGroupCommit } from '../../platform/ledger/group-commit.ts';

/**
 * The seamless wallet (DESIGN.md section 5, REFERENCE.md "Seamless wallet"): the one money path of
 * every game. External providers reach it through signed HTTP callbacks; the house games call it
 * in-process. Each call runs inside the caller's transaction and is idempotent by the provider's
 * transaction id:
 * - a repeated id with the same data answers the first result and moves nothing;
 * - a reused id with other data is WALLET_DUPLICATE;
 * - a rollback of a bet never seen answers WALLET_UNKNOWN_TX and is remembered, so the late bet is
 *   refused; a bet whose round has a win can no longer be rolled back; a win after a rollback is
 *   refused.
 * A round counts as a valid bet (turnover, wagering requirement, VIP totals) once, when it settles.
 *
 * One failure style: debit, credit and rollback return what they did (WalletDone) or throw
 * (InsufficientFunds from the ledger, WalletRefusal with its code), so the caller's transaction
 * rolls back whole. `runWallet` turns the throws into the seamless protocol's outcomes; an
 * in-process caller (the house games) lets them reach `moneyFailure`, the one mapping to HTTP.
 *
 * Concurrency: two calls with one id can both find it new; the unique indexes (the wallet's
 * (provider, tx_id) and the ledger's idempotency key) let one write it. The other hears
 * WalletRaced or IdempotencyConflict, its transaction rolls back whole, and `runWallet` runs it
 * again, when it reads the winner and answers as a retry would (replay, or duplicate).
 */

export interface RoundRef {
  providerId: number;
  /** The provider's platType; names the house account `game_house:<platType>`. */
  platType: string;
  gameId: number;
  /** The game's category: slots and live rounds also count in total_slot_money / total_live_money. */
  category: string;
  memberId: number;
  /** The provider's round id (house games: their own round uid). */
  roundUid: string;
}

export interface DebitInput {
  txId: string;
  amountCentavos: Centavos;
  /** House games: the round's outcome and the seed pair and nonce that drew it. */
  outcome?: unknown;
  seedId?: number;
  nonce?: number;
}

export interface CreditInput {
  txId: string;
  /** Zero is allowed: it closes a lost round. */
  amountCentavos: Centavos;
  /** Settles the round (default true); a provider paying several wins into one round sends false first. */
  closeRound?: boolean;
  outcome?: unknown;
}

export interface RollbackInput {
  providerId: number;
  platType: string;
  memberId: number;
  /** The rollback's own id (providers that send none pass `rollback:<refTxId>`). */
  txId: string;
  /** The bet it refunds. */
  refTxId: string;
}

export type WalletErrorCode =
  | 'INSUFFICIENT_FUNDS'
  | 'WALLET_DUPLICATE'
  | 'WALLET_UNKNOWN_TX'
  | 'WALLET_BET_SETTLED'
  | 'WALLET_BET_ROLLED_BACK'
  /** Responsible gaming refused the stake (platform/responsible): a limit, a pause or exclusion, identity. */
  | ResponsibleCode;

/** What a wallet call that went through answers (a retry with the same data replays it). */
export interface WalletDone {
  ok: true;
  balanceCentavos: number;
  replayed: boolean;
  roundId: number;
  transactionId: number;
}

/** A wallet call's answer as `runWallet` gives it to the seamless protocol: done, or refused. */
export type WalletOutcome = WalletDone | { ok: false; error: WalletErrorCode; balanceCentavos: number };

/** The member's cash balance, as the wallet's `balance` call answers it. */
export async function walletBalance(db: Database, memberId: number): Promise<number> {
  return cashBalance(db, memberId);
}

const { cashBalance, findTx, findRound } = walletRepository;

async function insertTx(trx: Database, row: WalletTxRow): Promise<number> {
  const id = await walletRepository.insertTx(trx, row, nowIso());
  if (id === undefined) throw new WalletRaced(row.tx_id);
  return id;
}

function fail(error: WalletErrorCode, balanceCentavos: number): WalletOutcome {
  return { ok: false, error, balanceCentavos };
}

/** A repeated transaction: the same data replays, anything else is a duplicate. */
async function replayOrDuplicate(
  trx: Database,
  existing: WalletTx,
  expected: { kind: string; memberId: number; roundUid: string; amountCentavos: number },
): Promise<WalletDone> {
  // A bet refunded (or cancelled before it arrived) must not read as standing when it is retried.
  if (existing.kind === 'bet' && (existing.status === 'cancelled' || existing.status === 'rolled_back')) {
    throw new WalletRefusal('WALLET_BET_ROLLED_BACK');
  }
  const same =
    existing.kind === expected.kind &&
    existing.member_id === expected.memberId &&
    existing.round_uid === expected.roundUid &&
    existing.amount_centavos === expected.amountCentavos;
  if (!same) throw new WalletRefusal('WALLET_DUPLICATE');
  const balance = await cashBalance(trx, existing.member_id);
  const round = await findRound(trx, existing.provider_id, existing.round_uid);
  return { ok: true, balanceCentavos: balance, replayed: true, roundId: round?.id ?? 0, transactionId: existing.id };
}

/**
 * Takes a stake. Throws InsufficientFunds when the cash balance is short, WalletRefusal when the
 * round refuses it.
 */
export async function debit(trx: Database, round: RoundRef, input: DebitInput): Promise<WalletDone> {
  const expected = { kind: 'bet', memberId: round.memberId, roundUid: round.roundUid, amountCentavos: input.amountCentavos };
  const existing = await findTx(trx, round.providerId, input.txId);
  if (existing) return replayOrDuplicate(trx, existing, expected);

  const now = nowIso();
  let transferId: number | null = null;
  // The cash balance the stake left (the ledger answers it); read at the end when nothing moved.
  let balanceAfter: number | undefined;
  // The São Paulo day the stake counts in: the transaction's insert below counts it (migration 0027).
  let usageDay: string | null = null;
  if (input.amountCentavos > 0) {
    // Responsible gaming: pause, exclusion, time block, identity, loss and wager limits.
    usageDay = await takeStake(trx, round.memberId, input.amountCentavos, { countedByInsert: true });
    const posted = await postTransfer(trx, {
      key: `bet:${round.platType}:${input.txId}`,
      code: 'game_bet',
      lines: moved(cash(round.memberId), house(gameHouseAccount(round.platType)), input.amountCentavos),
      meta: { round: round.roundUid, game: round.gameId },
    });
    if (posted.replayed) {
      const raced = await findTx(trx, round.providerId, input.txId);
      if (raced) return replayOrDuplicate(trx, raced, expected);
    }
    transferId = posted.transferId;
    balanceAfter = Object.values(posted.balances)[0];
  }

  const roundRow = await walletRepository.openOrAddToRound(
    trx,
    {
      roundUid: round.roundUid,
      providerId: round.providerId,
      gameId: round.gameId,
      memberId: round.memberId,
      betCentavos: input.amountCentavos,
      outcomeJson: input.outcome === undefined ? null : JSON.stringify(input.outcome),
      seedId: input.seedId ?? null,
      nonce: input.nonce ?? null,
    },
    now,
  );
  // Another member's round id, or a round already refunded or settled (its stake would never count
  // or be refundable): nothing of this call may stand.
  if (roundRow.member_id !== round.memberId) throw new WalletRefusal('WALLET_DUPLICATE');
  if (roundRow.status === 'rolled_back') throw new WalletRefusal('WALLET_BET_ROLLED_BACK');
  if (roundRow.status === 'settled') throw new WalletRefusal('WALLET_BET_SETTLED');

  const transactionId = await insertTx(trx, {
    provider_id: round.providerId,
    tx_id: input.txId,
    kind: 'bet',
    member_id: round.memberId,
    round_uid: round.roundUid,
    amount_centavos: input.amountCentavos,
    status: 'ok',
    transfer_id: transferId,
    usage_day: usageDay,
  });
  const balanceCentavos = balanceAfter ?? (await cashBalance(trx, round.memberId));
  return { ok: true, balanceCentavos, replayed: false, roundId: roundRow.id, transactionId };
}

/** Pays a win into a round (zero closes a lost round) and, by default, settles the round. */
export async function credit(trx: Database, round: RoundRef, input: CreditInput): Promise<WalletDone> {
  const expected = { kind: 'win', memberId: round.memberId, roundUid: round.roundUid, amountCentavos: input.amountCentavos };
  const existing = await findTx(trx, round.providerId, input.txId);
  if (existing) return replayOrDuplicate(trx, existing, expected);

  const closing = input.closeRound !== false;
  const settledAt = closing ? nowIso() : null;
  const outcomeJson = input.outcome === undefined ? undefined : JSON.stringify(input.outcome);
  // An open round takes the win in one statement; its first close counts its stake as a valid bet.
  let roundId: number;
  let settledStake = 0;
  const open = await walletRepository.addWinToOpenRound(trx, round, input.amountCentavos, settledAt, outcomeJson);
  if (open) {
    roundId = open.id;
    if (closing) settledStake = open.bet_centavos;
  } else {
    const roundRow = await findRound(trx, round.providerId, round.roundUid);
    if (!roundRow || roundRow.member_id !== round.memberId) throw new WalletRefusal('WALLET_UNKNOWN_TX');
    // Settled already (another win of the round), or rolled back: the conditional update then changes nothing.
    const updated = await walletRepository.addWinToRound(trx, roundRow.id, input.amountCentavos, settledAt, outcomeJson);
    if (!updated) throw new WalletRefusal('WALLET_BET_ROLLED_BACK');
    roundId = roundRow.id;
  }

  let transferId: number | null = null;
  // The cash balance the win left (the ledger answers it); read at the end when nothing moved.
  let balanceAfter: number | undefined;
  if (input.amountCentavos > 0) {
    const posted = await postTransfer(trx, {
      key: `win:${round.platType}:${input.txId}`,
      code: 'game_win',
      lines: moved(house(gameHouseAccount(round.platType)), cash(round.memberId), input.amountCentavos),
      meta: { round: round.roundUid, game: round.gameId },
    });
    // The same win committed by a concurrent call: this call's round update must not stand.
    if (posted.replayed) throw new WalletRaced(input.txId);
    transferId = posted.transferId;
    balanceAfter = Object.values(posted.balances)[0];
  }
  const transactionId = await insertTx(trx, winTxRow(round, input, transferId, limitsDay()));
  // The day's figures take the win with the stake it settles.
  if (settledStake > 0) await walletRepository.addValidBetToMember(trx, round.memberId, round.category, settledStake);
  await recordPlay(trx, round.memberId, round.category, {
    winCentavos: input.amountCentavos,
    ...(settledStake > 0 ? { betCentavos: settledStake, rounds: 1 } : {}),
  });
  const balanceCentavos = balanceAfter ?? (await cashBalance(trx, round.memberId));
  return { ok: true, balanceCentavos, replayed: false, roundId, transactionId };
}

/** The transaction row of a win; its insert counts the win toward the loss limits of `day` (migration 0027). */
export function winTxRow(round: RoundRef, input: CreditInput, transferId: number | null, day: string): WalletTxRow {
  return {
    provider_id: round.providerId,
    tx_id: input.txId,
    kind: 'win',
    member_id: round.memberId,
    round_uid: round.roundUid,
    amount_centavos: input.amountCentavos,
    status: 'ok',
    transfer_id: transferId,
    usage_day: input.amountCentavos > 0 ? day : null,
  };
}

/**
 * Settles an open round without a win call (a house round lost, a crash bet busted): counts the
 * stake as a valid bet once. Answers false when the round was not open.
 */
export async function settleLost(trx: Database, round: RoundRef, outcome?: unknown): Promise<boolean> {
  const updated = await walletRepository.settleOpenRound(
    trx,
    round.providerId,
    round.roundUid,
    nowIso(),
    outcome === undefined ? undefined : JSON.stringify(outcome),
  );
  if (!updated) return false;
  await countValidBet(trx, round, updated.bet_centavos);
  return true;
}

/**
 * Refunds a bet that has no win yet. A rollback of a bet never seen is remembered and refused
 * with WALLET_UNKNOWN_TX: the one refusal whose writes stand (`runWallet` commits them).
 */
export async function rollback(trx: Database, input: RollbackInput): Promise<WalletDone> {
  const existing = await findTx(trx, input.providerId, input.txId);
  if (existing) {
    if (existing.kind !== 'rollback' || existing.ref_tx_id !== input.refTxId || existing.member_id !== input.memberId) {
      throw new WalletRefusal('WALLET_DUPLICATE');
    }
    if (existing.status === 'unknown') throw new WalletRefusal('WALLET_UNKNOWN_TX');
    const round = await findRound(trx, input.providerId, existing.round_uid);
    const balance = await cashBalance(trx, existing.member_id);
    return { ok: true, balanceCentavos: balance, replayed: true, roundId: round?.id ?? 0, transactionId: existing.id };
  }

  const bet = await findTx(trx, input.providerId, input.refTxId);
  if (!bet) {
    // Remember both ids: the rollback replays, and a late bet under refTxId is refused.
    await insertTx(trx, {
      provider_id: input.providerId,
      tx_id: input.refTxId,
      kind: 'bet',
      member_id: input.memberId,
      round_uid: '',
      amount_centavos: 0,
      status: 'cancelled',
      transfer_id: null,
    });
    await insertTx(trx, {
      provider_id: input.providerId,
      tx_id: input.txId,
      kind: 'rollback',
      member_id: input.memberId,
      round_uid: '',
      ref_tx_id: input.refTxId,
      amount_centavos: 0,
      status: 'unknown',
      transfer_id: null,
    });
    throw new WalletRefusal('WALLET_UNKNOWN_TX', { standing: true });
  }
  if (bet.kind !== 'bet' || bet.member_id !== input.memberId) throw new WalletRefusal('WALLET_DUPLICATE');
  if (bet.status === 'cancelled') throw new WalletRefusal('WALLET_UNKNOWN_TX');
  // Refunded already, under another rollback id.
  if (bet.status === 'rolled_back') throw new WalletRefusal('WALLET_BET_ROLLED_BACK');

  // The bet is marked first (its row is the lock): a concurrent rollback of it waits here, then
  // finds it marked and runs again, to find this rollback.
  if (!(await walletRepository.markBetRolledBack(trx, bet.id))) throw new WalletRaced(input.txId);
  // Conditional on the round still being open with no win: a win that committed first wins the race
  // (the refusal undoes the mark).
  const updated = await walletRepository.takeBetFromOpenRound(trx, input.providerId, bet.round_uid, bet.amount_centavos);
  if (!updated) throw new WalletRefusal('WALLET_BET_SETTLED');

  let transferId: number | null = null;
  if (bet.amount_centavos > 0) {
    const posted = await postTransfer(trx, {
      key: `rollback:${input.platType}:${bet.tx_id}`,
      code: 'game_rollback',
      lines: moved(house(gameHouseAccount(input.platType)), cash(input.memberId), centavos(bet.amount_centavos)),
      meta: { round: bet.round_uid, bet: bet.tx_id },
    });
    transferId = posted.transferId;
    await returnStake(trx, input.memberId, bet.amount_centavos);
  }
  const transactionId = await insertTx(trx, {
    provider_id: input.providerId,
    tx_id: input.txId,
    kind: 'rollback',
    member_id: input.memberId,
    round_uid: bet.round_uid,
    ref_tx_id: bet.tx_id,
    amount_centavos: bet.amount_centavos,
    status: 'ok',
    transfer_id: transferId,
  });
  return { ok: true, balanceCentavos: await cashBalance(trx, input.memberId), replayed: false, roundId: updated.id, transactionId };
}

/**
 * A settled stake outside the game rounds (a sports bet) counts like a round's: lifetime totals,
 * the wagering requirement (ml_money) and the day's figures (rebates, VIP, agency).
 */
export async function countValidStake(trx: Database, memberId: number, category: string, betCentavos: number): Promise<void> {
  await countValidBet(trx, { memberId, category }, betCentavos);
}

/**
 * countValidStake for many members at once (a settlement page): the same totals, wagering and
 * day figures, in two statements. Each member comes once, with the stakes of its bets summed and
 * how many bets they are, and optionally the change of its wins, recorded in the same day's row.
 */
export async function countValidStakes(
  trx: Database,
  category: string,
  members: readonly { memberId: number; betCentavos: number; bets: number; winCentavos?: number }[],
): Promise<void> {
  const counted = members.filter((m) => m.betCentavos > 0);
  if (counted.length > 0) await walletRepository.addValidBetsToMembers(trx, category, counted);
  await recordPlays(
    trx,
    category,
    members.map((m) => ({
      memberId: m.memberId,
      betCentavos: Math.max(0, m.betCentavos),
      rounds: m.betCentavos > 0 ? m.bets : 0,
      winCentavos: m.winCentavos ?? 0,
    })),
  );
}

/** A settled stake counts once: lifetime totals grow and the wagering requirement (ml_money) shrinks. */
async function countValidBet(trx: Database, round: Pick<RoundRef, 'memberId' | 'category'>, betCentavos: number): Promise<void> {
  if (betCentavos <= 0) return;
  await walletRepository.addValidBetToMember(trx, round.memberId, round.category, betCentavos);
  await recordPlay(trx, round.memberId, round.category, { betCentavos, rounds: 1 });
}

/**
 * Thrown inside a wallet transaction to undo everything it wrote and answer `code`. A `standing`
 * refusal (the remembered rollback of an unknown bet) keeps its writes when `runWallet` runs it;
 * inside a caller's own transaction it undoes them like any other.
 */
export class WalletRefusal extends MoneyRefusal {
  readonly standing: boolean;
  constructor(
    override readonly code: WalletErrorCode,
    options: { standing?: boolean } = {},
  ) {
    super(code);
    this.standing = options.standing === true;
  }
}

/**
 * Thrown inside a wallet transaction when a concurrent call wrote the same transaction id first:
 * this one rolls back, and `runWallet` runs it again to answer as a retry. A caller with its own
 * transaction that does not run it again answers 409 CONFLICT.
 */
export class WalletRaced extends AppError {
  constructor(readonly txId: string) {
    super('CONFLICT');
  }
}

/** Attempts of one wallet call that lost a race on its id; the winner has committed by the second. */
const RACE_ATTEMPTS = 3;

/**
 * Runs wallet calls in one transaction and gives their answer as an outcome (the seamless
 * protocol answers every refusal with the balance). Insufficient funds and refusals roll the
 * transaction back whole (a standing refusal commits) and come back as outcomes with the
 * (unchanged) balance. The member's cash row is locked first, so the member's calls take their
 * locks (cash, then rounds and bets) in one order and never deadlock; a call that lost a race on
 * its id runs again and answers as a retry.
 */
export async function runWallet(db: Database, memberId: number, work: (trx: Database) => Promise<WalletDone>): Promise<WalletOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      // Provider callbacks arriving together share one durable commit on SQLite (group-commit.ts).
      return await inGroupCommit(db, async (trx): Promise<WalletOutcome> => {
        await lockMemberCash(trx, memberId);
        try {
          return await work(trx);
        } catch (error) {
          if (error instanceof WalletRefusal && error.standing) return fail(error.code, await cashBalance(trx, memberId));
          throw error;
        }
      });
    } catch (error) {
      if (error instanceof InsufficientFunds) return fail('INSUFFICIENT_FUNDS', await cashBalance(db, memberId));
      if (error instanceof ResponsibleRefusal) {
        if (LIMIT_HIT_CODES.has(error.errorCode)) await recordLimitHit(db, memberId);
        return fail(error.errorCode as ResponsibleCode, await cashBalance(db, memberId));
      }
      if (error instanceof WalletRefusal) return fail(error.code, await cashBalance(db, memberId));
      if (error instanceof WalletRaced || error instanceof IdempotencyConflict) {
        if (attempt < RACE_ATTEMPTS) continue;
        return fail('WALLET_DUPLICATE', await cashBalance(db, memberId));
      }
      throw error;
    }
  }
}
