import { CURRENCY } from '@casino/shared/constants';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import * as repo from './bulk-transfer.repository.ts';
import { assertBalanced } from './post-transfer.ts';
import {
  type AccountName,
  IdempotencyConflict,
  InsufficientFunds,
  LedgerInvariantError,
  type MemberAccountKind,
  type TransferInput,
} from './ledger.service.ts';

/**
 * Many transfers posted together inside the caller's transaction (a settlement page of thousands
 * of bets): the same transfers, keys, entries and running balances postTransfer writes one by one,
 * in a few multi-row statements. The transfers are inserted with their keys (a key already there
 * is a replay: it moves nothing, and must name the same lines, or IdempotencyConflict); each
 * member account's balance moves once for the batch, locked in id order, and only when it stays
 * at or above zero all the way (or InsufficientFunds, and the caller's transaction rolls back
 * whole); the entries follow in the batch's order with the running balance each leaves.
 */

/** At most this many transfers in one call (a settlement page is a few thousand). */
export const MAX_BULK_TRANSFERS = 20_000;

export interface BulkTransferResult {
  /** Per input, in order: the transfer's id and whether its key was already there (nothing moved). */
  transfers: { transferId: number; replayed: boolean }[];
  /** The balance each member account was left with, by account id (accounts moved only). */
  balances: Map<number, number>;
}

const nameOf = (account: AccountName) => ('member' in account ? `m:${account.member}:${account.kind}` : `h:${account.house}`);

/** Resolves every account the lines name to its row id (house accounts opened on first use). */
async function resolveAccounts(trx: Database, inputs: readonly TransferInput[], now: string): Promise<Map<string, number>> {
  const members = new Set<number>();
  const kinds = new Set<MemberAccountKind>();
  const houses = new Set<string>();
  for (const input of inputs) {
    for (const { account } of input.lines) {
      if ('member' in account) {
        members.add(account.member);
        kinds.add(account.kind);
      } else houses.add(account.house);
    }
  }
  const read = () => repo.findAccounts(trx, [...members], [...kinds], [...houses], CURRENCY);
  let rows = await read();
  const foundHouses = new Set(rows.filter((r) => r.member_id === null).map((r) => r.kind));
  const missing = [...houses].filter((h) => !foundHouses.has(h));
  if (missing.length > 0) {
    await repo.openHouseAccounts(trx, missing, CURRENCY, now);
    rows = await read();
  }
  const ids = new Map<string, number>();
  for (const row of rows) {
    ids.set(row.member_id === null ? `h:${row.kind}` : `m:${row.member_id}:${row.kind}`, row.id);
  }
  for (const input of inputs) {
    for (const { account } of input.lines) {
      if (!ids.has(nameOf(account))) throw new LedgerInvariantError(`no account ${nameOf(account)}`);
    }
  }
  return ids;
}

/**
 * Posts the transfers inside the caller's transaction, in the order given. Answers each one's id
 * and whether it was a replay, and the member balances left.
 */
export async function postTransfers(trx: Database, inputs: readonly TransferInput[]): Promise<BulkTransferResult> {
  if (!trx.isTransaction) throw new LedgerInvariantError('postTransfers needs a transaction');
  if (inputs.length > MAX_BULK_TRANSFERS) throw new LedgerInvariantError(`${inputs.length} transfers in one call`);
  if (inputs.length === 0) return { transfers: [], balances: new Map() };
  const keys = new Set<string>();
  for (const input of inputs) {
    assertBalanced(input);
    if (keys.has(input.key)) throw new LedgerInvariantError(`transfer ${input.key} twice in one batch`);
    keys.add(input.key);
  }
  const now = nowIso();
  const accounts = await resolveAccounts(trx, inputs, now);
  const accountOf = (account: AccountName) => accounts.get(nameOf(account)) as number;

  const newIds = await repo.insertTransfers(
    trx,
    inputs.map((input) => ({ key: input.key, code: input.code, meta: input.meta ? JSON.stringify(input.meta) : null })),
    now,
  );
  const replays = inputs.filter((input) => !newIds.has(input.key));
  const replayIds = replays.length > 0 ? await checkReplays(trx, replays, accountOf) : new Map<string, number>();

  // Each member account's lines in batch order: its net change and the lowest its balance dips.
  const fresh = inputs.filter((input) => newIds.has(input.key));
  const memberAccounts = new Map<number, { account: AccountName; delta: number; low: number }>();
  for (const input of fresh) {
    for (const line of orderedLines(input, accountOf)) {
      if (!('member' in line.account)) continue;
      const id = accountOf(line.account);
      const move = memberAccounts.get(id) ?? { account: line.account, delta: 0, low: 0 };
      move.delta += line.amountCentavos;
      move.low = Math.min(move.low, move.delta);
      memberAccounts.set(id, move);
    }
  }
  await repo.lockAccounts(trx, [...memberAccounts.keys()]);
  const moves = [...memberAccounts].map(([accountId, m]) => ({ accountId, deltaCentavos: m.delta, lowCentavos: m.low }));
  const after = await repo.applyBalanceMoves(trx, moves);
  for (const [accountId, move] of memberAccounts) {
    const balance = after.get(accountId);
    if (balance === undefined) throw new InsufficientFunds(move.account);
    if (balance < 0) throw new LedgerInvariantError(`account ${accountId} went negative`);
  }

  // The entries, with the running balance each leaves (from the balance before the batch).
  const running = new Map([...memberAccounts].map(([id, m]) => [id, (after.get(id) as number) - m.delta]));
  const entries: repo.EntryRow[] = [];
  for (const input of fresh) {
    const transferId = newIds.get(input.key) as number;
    for (const line of orderedLines(input, accountOf)) {
      const accountId = accountOf(line.account);
      let balanceAfter: number | null = null;
      if ('member' in line.account) {
        balanceAfter = (running.get(accountId) as number) + line.amountCentavos;
        if (balanceAfter < 0) throw new LedgerInvariantError(`account ${accountId} went negative`);
        running.set(accountId, balanceAfter);
      }
      entries.push({
        transfer_id: transferId,
        account_id: accountId,
        amount_centavos: line.amountCentavos,
        balance_after_centavos: balanceAfter,
        created_at: now,
      });
    }
  }
  await repo.insertEntries(trx, entries);
  return {
    transfers: inputs.map((input) => {
      const id = newIds.get(input.key);
      return id === undefined ? { transferId: replayIds.get(input.key) as number, replayed: true } : { transferId: id, replayed: false };
    }),
    balances: after,
  };
}

/** A transfer's lines in account id order (the order postTransfer writes its entries in). */
function orderedLines(input: TransferInput, accountOf: (a: AccountName) => number) {
  return [...input.lines].sort((a, b) => accountOf(a.account) - accountOf(b.account));
}

/**
 * The replayed keys' stored transfers; each must hold exactly the lines asked (the same amount on
 * each account), else the key's first use stands and this batch is a conflict.
 */
async function checkReplays(
  trx: Database,
  replays: readonly TransferInput[],
  accountOf: (a: AccountName) => number,
): Promise<Map<string, number>> {
  const stored = new Map<string, { transferId: number; lines: string[] }>();
  for (const row of await repo.transfersWithEntries(
    trx,
    replays.map((r) => r.key),
  )) {
    const kept = stored.get(row.idempotency_key) ?? { transferId: row.transfer_id, lines: [] };
    kept.lines.push(`${row.account_id}:${row.amount_centavos}`);
    stored.set(row.idempotency_key, kept);
  }
  const ids = new Map<string, number>();
  for (const input of replays) {
    const kept = stored.get(input.key);
    if (!kept) throw new LedgerInvariantError(`transfer ${input.key} conflicted but is not there`);
    const asked = input.lines.map((line) => `${accountOf(line.account)}:${line.amountCentavos}`).sort();
    if (asked.join() !== kept.lines.sort().join()) throw new IdempotencyConflict(input.key);
    ids.set(input.key, kept.transferId);
  }
  return ids;
}

/**
 * Locks the members' cash accounts in account id order (PostgreSQL; SQLite has one writer) and
 * answers each member's cash balance, for a caller that must know what a debit can take (a
 * settlement correction takes at most what is there). Members with no cash account are left out.
 */
export async function lockCashBalances(trx: Database, memberIds: readonly number[]): Promise<Map<number, number>> {
  if (!trx.isTransaction) throw new LedgerInvariantError('lockCashBalances needs a transaction');
  const accounts = await repo.cashAccountsOf(trx, [...new Set(memberIds)], CURRENCY);
  const balances = await repo.lockAccounts(trx, [...accounts.values()]);
  const byMember = new Map<number, number>();
  for (const [memberId, accountId] of accounts) byMember.set(memberId, balances.get(accountId) ?? 0);
  return byMember;
}
