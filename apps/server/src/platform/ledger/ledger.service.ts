import { CURRENCY } from '@casino/shared/constants';
import type { LedgerTransferCode } from '@casino/shared/ledger-codes';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import { groupCommitterFor } from './group-commit.ts';
import * as repo from './ledger.repository.ts';

/**
 * The double-entry ledger (DESIGN.md section 2, docs/LEDGER.md). Every balance change in the
 * product is one call of `transfer`: lines on two or more accounts that sum to zero, under an
 * idempotency key. No feature writes balances any other way.
 */

export type MemberAccountKind = 'cash' | 'bonus' | 'rebate';

/** An account named by owner and kind; resolved to a row inside the transfer's transaction. */
export type AccountName = { member: number; kind: MemberAccountKind } | { house: string };

export interface TransferLine {
  account: AccountName;
  /** Signed centavos: positive credits the account, negative debits it. */
  amountCentavos: number;
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
export const house = (name: string): AccountName => ({ house: name });

const MAX_LINE_CENTAVOS = 1_000_000_000_000;

function assertBalanced(input: TransferInput) {
  if (!input.key || input.key.length > 191) throw new LedgerInvariantError(`bad idempotency key "${input.key}"`);
  if (input.lines.length < 2) throw new LedgerInvariantError('a transfer needs at least two lines');
  let sum = 0;
  for (const line of input.lines) {
    const amount = line.amountCentavos;
    if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > MAX_LINE_CENTAVOS) {
      throw new LedgerInvariantError(`bad line amount ${amount}`);
    }
    sum += amount;
  }
  if (sum !== 0) throw new LedgerInvariantError(`transfer ${input.key} does not balance: ${sum}`);
}

const houseIds = new WeakMap<Database, Map<string, number>>();

async function resolve(db: Database, account: AccountName, now: string): Promise<repo.AccountRef> {
  if ('member' in account) {
    const row = await repo.findMemberAccount(db, account.member, account.kind, CURRENCY);
    if (!row) throw new LedgerInvariantError(`member ${account.member} has no ${account.kind} account`);
    return { id: row.id, memberId: row.member_id };
  }
  let cache = houseIds.get(db);
  const cached = cache?.get(account.house);
  if (cached !== undefined) return { id: cached, memberId: null };
  let row = await repo.findHouseAccount(db, account.house, CURRENCY);
  if (!row) {
    await repo.openHouseAccount(db, account.house, CURRENCY, now);
    row = await repo.findHouseAccount(db, account.house, CURRENCY);
  }
  if (!row) throw new LedgerInvariantError(`house account ${account.house} could not be opened`);
  if (!cache) {
    cache = new Map();
    houseIds.set(db, cache);
  }
  cache.set(account.house, row.id);
  return { id: row.id, memberId: null };
}

/**
 * Posts a transfer inside the caller's transaction. Member balances move with conditional
 * updates (a debit never takes a balance below zero: it throws InsufficientFunds, and the caller's
 * transaction rolls back whole); house accounts keep no running balance, so the busiest rows of
 * the system are never updated. A replayed key answers the first transfer and moves nothing; the
 * same key with other lines throws IdempotencyConflict (the caller's transaction rolls back).
 */
export async function postTransfer(trx: Database, input: TransferInput): Promise<Extract<TransferResult, { ok: true }>> {
  if (!trx.isTransaction) throw new LedgerInvariantError('postTransfer needs a transaction');
  assertBalanced(input);
  const now = nowIso();
  const transferId = await repo.insertTransfer(trx, {
    key: input.key,
    code: input.code,
    meta: input.meta ? JSON.stringify(input.meta) : null,
    now,
  });
  if (transferId === undefined) {
    const existing = await repo.findTransferByKey(trx, input.key);
    if (!existing) throw new LedgerInvariantError(`transfer ${input.key} conflicted but is not there`);
    if (!(await sameLines(trx, existing.id, input, now))) throw new IdempotencyConflict(input.key);
    return { ok: true, transferId: existing.id, replayed: true, balances: {} };
  }

  const resolved = await Promise.all(input.lines.map(async (line) => ({ line, ref: await resolve(trx, line.account, now) })));
  // Member rows are locked in id order, so two transfers over the same accounts cannot deadlock.
  const ordered = [...resolved].sort((a, b) => a.ref.id - b.ref.id);
  const balances: Record<number, number> = {};
  const entries = [];
  for (const { line, ref } of ordered) {
    let balanceAfter: number | null = null;
    if (ref.memberId !== null) {
      const after = await repo.applyToMemberBalance(trx, ref.id, line.amountCentavos);
      if (after === undefined) throw new InsufficientFunds(line.account);
      if (after < 0) throw new LedgerInvariantError(`account ${ref.id} went negative`);
      balanceAfter = after;
      balances[ref.id] = after;
    }
    entries.push({
      transfer_id: transferId,
      account_id: ref.id,
      amount_centavos: line.amountCentavos,
      balance_after_centavos: balanceAfter,
      created_at: now,
    });
  }
  await repo.insertEntries(trx, entries);
  return { ok: true, transferId, replayed: false, balances };
}

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

/** Whether a replayed key asks for exactly the stored transfer: the same amount on each account. */
async function sameLines(trx: Database, transferId: number, input: TransferInput, now: string): Promise<boolean> {
  const stored = await repo.entriesOfTransfer(trx, transferId);
  const refs = await Promise.all(input.lines.map((line) => resolve(trx, line.account, now)));
  const asked = input.lines.map((line, i) => `${refs[i]!.id}:${line.amountCentavos}`).sort();
  const kept = stored.map((entry) => `${entry.account_id}:${entry.amount_centavos}`).sort();
  return asked.join() === kept.join();
}

/**
 * Posts a transfer on its own (not inside a business transaction); expected failures come back as
 * values. On SQLite concurrent calls share a durable commit (group-commit.ts).
 */
export async function transfer(db: Database, input: TransferInput): Promise<TransferResult> {
  const committer = groupCommitterFor(db);
  if (committer) return committer.submit(input);
  try {
    return await db.transaction().execute((trx) => postTransfer(trx, input));
  } catch (error) {
    if (error instanceof InsufficientFunds) return { ok: false, code: 'INSUFFICIENT_FUNDS', account: error.account };
    if (error instanceof IdempotencyConflict) return { ok: false, code: 'IDEMPOTENCY_CONFLICT', key: error.key };
    throw error;
  }
}
