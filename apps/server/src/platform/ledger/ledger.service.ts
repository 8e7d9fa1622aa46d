import type { LedgerTransferCode } from '@casino/shared/ledger-codes';
import { type Centavos, centavos } from '@casino/shared/money';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import type { HouseAccount } from './ledger.codes.ts';
import * as repo from './ledger.repository.ts';

/**
 * The double-entry ledger (DESIGN.md section 2, docs/LEDGER.md). Every balance change in the
 * product is one transfer: lines on two or more accounts that sum to zero, under an idempotency
 * key, posted by `postTransfer` (post-transfer.ts) inside the caller's transaction or by
 * `transfer` (transfer.ts) on its own. No feature writes balances any other way. This file holds
 * the vocabulary both speak: accounts, lines, results and the failures.
 */

export type MemberAccountKind = 'cash' | 'bonus' | 'rebate';

/** An account named by owner and kind; resolved to a row inside the transfer's transaction. */
export type AccountName = { member: number; kind: MemberAccountKind } | { house: HouseAccount };

export interface TransferLine {
  account: AccountName;
  /** Signed centavos: positive credits the account, negative debits it. */
  amountCentavos: Centavos;
}

/** The two lines of `amount` moving from one account to another (the common transfer). */
export function moved(from: AccountName, to: AccountName, amount: Centavos): TransferLine[] {
  return [
    { account: from, amountCentavos: centavos(-amount) },
    { account: to, amountCentavos: amount },
  ];
}

export interface TransferInput {
  /** Unique per business event (`deposit:<order_no>`, `bet:<provider>:<tx_id>`): retries are safe. */
  key: string;
  /** Why the money moves: one of the codes every member can read in the order centre. */
  code: LedgerTransferCode;
  lines: TransferLine[];
  meta?: Record<string, unknown>;
}

export type TransferResult =
  | { ok: true; transferId: number; replayed: boolean; balances: Record<number, number> }
  | { ok: false; code: 'INSUFFICIENT_FUNDS'; account: AccountName }
  | { ok: false; code: 'IDEMPOTENCY_CONFLICT'; key: string };

/** Thrown inside a transaction to undo a transfer whose debit found no funds. */
export class InsufficientFunds extends Error {
  constructor(readonly account: AccountName) {
    super('INSUFFICIENT_FUNDS');
  }
}

/**
 * Thrown inside a transaction when the key already names a transfer that moved other money: the
 * key's first use stands and this one is a duplicate. It is an expected failure, not a bug: two
 * requests racing with one client-chosen id (a provider's tx_id, an Idempotency-Key) and different
 * amounts meet here on PostgreSQL, where the loser waits on the key's unique index and then finds
 * the winner committed. Routes that do not map it answer 409 CONFLICT.
 */
export class IdempotencyConflict extends AppError {
  constructor(readonly key: string) {
    super('CONFLICT');
  }
}

export class LedgerInvariantError extends Error {}

export const cash = (member: number): AccountName => ({ member, kind: 'cash' });
export const bonus = (member: number): AccountName => ({ member, kind: 'bonus' });
export const rebate = (member: number): AccountName => ({ member, kind: 'rebate' });
export const house = (name: HouseAccount): AccountName => ({ house: name });

/**
 * Takes the member's cash row for the rest of the transaction: the member's lock. A caller that
 * locks rows of its own (a game round, a bet) before it moves money calls this first, so every
 * transaction of the member takes this row before anything else and none deadlocks another (the
 * cash account is the member's first account, so transfers, which lock in id order, agree).
 */
export async function lockMemberCash(trx: Database, memberId: number): Promise<void> {
  if (!trx.isTransaction) throw new LedgerInvariantError('lockMemberCash needs a transaction');
  await repo.lockMemberCash(trx, memberId);
}
