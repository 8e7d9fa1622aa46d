import { CURRENCY } from '@casino/shared/constants';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import * as repo from './ledger.repository.ts';
import {
  type AccountName,
  IdempotencyConflict,
  InsufficientFunds,
  LedgerInvariantError,
  type TransferInput,
  type TransferResult,
} from './ledger.service.ts';

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

/** Whether a replayed key asks for exactly the stored transfer: the same amount on each account. */
async function sameLines(trx: Database, transferId: number, input: TransferInput, now: string): Promise<boolean> {
  const stored = await repo.entriesOfTransfer(trx, transferId);
  const refs = await Promise.all(input.lines.map((line) => resolve(trx, line.account, now)));
  const asked = input.lines.map((line, i) => `${refs[i]!.id}:${line.amountCentavos}`).sort();
  const kept = stored.map((entry) => `${entry.account_id}:${entry.amount_centavos}`).sort();
  return asked.join() === kept.join();
}
