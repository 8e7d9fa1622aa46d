import { CURRENCY } from '@casino/shared/constants';
import type { Database } from '../../db/database.ts';
import { isSqlite, nowIso, rawSqliteOf } from '../../db/database.ts';
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

/** A transfer's shape before it touches the database: a usable key, two lines or more, amounts in range, summing to zero. */
export function assertBalanced(input: TransferInput): void {
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

/**
 * Posts a transfer inside the caller's transaction. Member balances move with conditional
 * updates (a debit never takes a balance below zero: it throws InsufficientFunds, and the caller's
 * transaction rolls back whole); house accounts keep no running balance, so the busiest rows of
 * the system are never updated. A replayed key answers the first transfer and moves nothing; the
 * same key with other lines throws IdempotencyConflict (the caller's transaction rolls back).
 *
 * One round trip on PostgreSQL (the ledger_post function, migration 0019); on SQLite three
 * prepared statements run in-process (ledger.repository.ts). Member rows are taken in account id
 * order on PostgreSQL, so two transfers over the same accounts cannot deadlock; SQLite has one writer.
 */
export async function postTransfer(trx: Database, input: TransferInput): Promise<Extract<TransferResult, { ok: true }>> {
  if (!trx.isTransaction) throw new LedgerInvariantError('postTransfer needs a transaction');
  return post(trx, input);
}

/**
 * PostgreSQL only: posts a transfer as one statement of its own (atomic without a transaction
 * around it, one round trip in all). transfer() uses it; SQLite posts in a shared commit instead.
 */
export async function postTransferAlone(db: Database, input: TransferInput): Promise<Extract<TransferResult, { ok: true }>> {
  if (db.isTransaction || isSqlite(db)) throw new LedgerInvariantError('postTransferAlone is for PostgreSQL outside a transaction');
  return post(db, input);
}

/**
 * Transfers whose keys are new, posted together inside the caller's transaction (an instant
 * round's stake and win): the same transfers, entries and running balances as postTransfer one
 * after the other. On SQLite in three statements whatever their number (ledger.repository.ts
 * postNewTransfersSqlite); on PostgreSQL one ledger_post each. A key already stored is a
 * LedgerInvariantError, short funds InsufficientFunds: the caller's transaction rolls back whole.
 * Answers the transfers' ids in order and the member balances after the last.
 */
export async function postNewTransfers(
  trx: Database,
  inputs: readonly TransferInput[],
): Promise<{ transferIds: number[]; balances: Record<number, number> }> {
  if (!trx.isTransaction) throw new LedgerInvariantError('postNewTransfers needs a transaction');
  const raw = rawSqliteOf(trx);
  if (!raw) {
    const transferIds: number[] = [];
    let balances: Record<number, number> = {};
    for (const input of inputs) {
      const posted = await post(trx, input);
      if (posted.replayed) throw new LedgerInvariantError(`transfer ${input.key} was posted before`);
      transferIds.push(posted.transferId);
      balances = { ...balances, ...posted.balances };
    }
    return { transferIds, balances };
  }
  for (const input of inputs) assertBalanced(input);
  const now = nowIso();
  const outcome = repo.postNewTransfersSqlite(
    raw,
    inputs.map((input) => requestOf(input, now)),
  );
  switch (outcome.status) {
    case 'ok':
      for (const [account, after] of Object.entries(outcome.balances)) {
        if (after < 0) throw new LedgerInvariantError(`account ${account} went negative`);
      }
      return { transferIds: outcome.transferIds, balances: outcome.balances };
    case 'replayed':
      throw new LedgerInvariantError(`a transfer of ${inputs.map((i) => i.key).join(', ')} was posted before`);
    case 'insufficient':
      throw new InsufficientFunds(inputs[outcome.transfer]!.lines[outcome.line]!.account);
    case 'no_account':
      throw noAccount(inputs[outcome.transfer]!.lines[outcome.line]!.account);
  }
}

function requestOf(input: TransferInput, now: string): repo.PostRequest {
  return {
    key: input.key,
    code: input.code,
    meta: input.meta ? JSON.stringify(input.meta) : null,
    now,
    currency: CURRENCY,
    lines: input.lines.map(({ account, amountCentavos }) =>
      'member' in account
        ? { memberId: account.member, kind: account.kind, amountCentavos }
        : { memberId: null, kind: account.house, amountCentavos },
    ),
  };
}

async function post(trx: Database, input: TransferInput): Promise<Extract<TransferResult, { ok: true }>> {
  assertBalanced(input);
  const request = requestOf(input, nowIso());
  const raw = rawSqliteOf(trx);
  const outcome = raw ? repo.postTransferSqlite(raw, request) : await repo.postTransferPostgres(trx, request);
  switch (outcome.status) {
    case 'ok':
      for (const [account, after] of Object.entries(outcome.balances)) {
        if (after < 0) throw new LedgerInvariantError(`account ${account} went negative`);
      }
      return { ok: true, transferId: outcome.transferId, replayed: false, balances: outcome.balances };
    case 'replayed':
      return { ok: true, transferId: outcome.transferId, replayed: true, balances: {} };
    case 'conflict':
      throw new IdempotencyConflict(input.key);
    case 'insufficient':
      throw new InsufficientFunds(input.lines[outcome.line]!.account);
    case 'no_account':
      throw noAccount(input.lines[outcome.line]!.account);
  }
}

const noAccount = (account: AccountName) =>
  new LedgerInvariantError(
    `member ${'member' in account ? account.member : '?'} has no ${'member' in account ? account.kind : ''} account`,
  );
