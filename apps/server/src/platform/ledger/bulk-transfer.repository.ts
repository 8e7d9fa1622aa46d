import { SqliteAdapter, sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The queries of bulk transfers (bulk-transfer.ts): many transfers posted by a few multi-row
 * statements. Every statement is cut into chunks of at most MAX_PARAMETERS bound values
 * (SQLite allows 32,766 per statement, PostgreSQL 65,535).
 */

const MAX_PARAMETERS = 30_000;

/** Splits rows into chunks that bind at most MAX_PARAMETERS values at `perRow` values a row. */
function chunks<T>(rows: readonly T[], perRow: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / perRow));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function isSqlite(db: Database): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export interface AccountRow {
  id: number;
  member_id: number | null;
  kind: string;
}

/** The accounts of the members (their kinds) and the house accounts named, in one read. */
export async function findAccounts(
  db: Database,
  memberIds: readonly number[],
  memberKinds: readonly string[],
  houseKinds: readonly string[],
  currency: string,
): Promise<AccountRow[]> {
  const rows: AccountRow[] = [];
  for (const ids of chunks(memberIds, 1)) {
    if (memberKinds.length === 0) break;
    rows.push(
      ...(await db
        .selectFrom('ledger_accounts')
        .select(['id', 'member_id', 'kind'])
        .where('member_id', 'in', ids)
        .where('kind', 'in', [...memberKinds])
        .where('currency', '=', currency)
        .execute()),
    );
  }
  if (houseKinds.length > 0) {
    rows.push(
      ...(await db
        .selectFrom('ledger_accounts')
        .select(['id', 'member_id', 'kind'])
        .where('member_id', 'is', null)
        .where('kind', 'in', [...houseKinds])
        .where('currency', '=', currency)
        .execute()),
    );
  }
  return rows;
}

/** Opens the house accounts that are missing (concurrent openers meet the unique index). */
export async function openHouseAccounts(db: Database, kinds: readonly string[], currency: string, now: string): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .insertInto('ledger_accounts')
    .values(kinds.map((kind) => ({ member_id: null, kind, currency, created_at: now })))
    .onConflict((oc) => oc.columns(['kind', 'currency']).where('member_id', 'is', null).doNothing())
    .execute();
}

/**
 * Inserts the transfers whose keys are new (a key already there is left alone); answers the new
 * ones' ids by key, so the caller tells a first posting from a replay.
 */
export async function insertTransfers(
  db: Database,
  transfers: readonly { key: string; code: string; meta: string | null }[],
  now: string,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunks(transfers, 4)) {
    const rows = await db
      .insertInto('ledger_transfers')
      .values(chunk.map((t) => ({ idempotency_key: t.key, code: t.code, meta_json: t.meta, created_at: now })))
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning(['id', 'idempotency_key'])
      .execute();
    for (const row of rows) ids.set(row.idempotency_key, row.id);
  }
  return ids;
}

/** The stored transfers of the keys, with their entries (a replay is checked against them). */
export async function transfersWithEntries(db: Database, keys: readonly string[]) {
  const rows: { idempotency_key: string; transfer_id: number; account_id: number; amount_centavos: number }[] = [];
  for (const chunk of chunks(keys, 1)) {
    rows.push(
      ...(await db
        .selectFrom('ledger_transfers')
        .innerJoin('ledger_entries', 'ledger_entries.transfer_id', 'ledger_transfers.id')
        .select([
          'ledger_transfers.idempotency_key',
          'ledger_entries.transfer_id',
          'ledger_entries.account_id',
          'ledger_entries.amount_centavos',
        ])
        .where('ledger_transfers.idempotency_key', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

/**
 * Takes the row locks of the member accounts in id order on PostgreSQL (SQLite has one writer) and
 * answers their balances. The sort comes before the locks, so two transactions locking overlapping
 * sets wait on each other in one order and never in a circle.
 */
export async function lockAccounts(db: Database, accountIds: readonly number[]): Promise<Map<number, number>> {
  const balances = new Map<number, number>();
  const sorted = [...accountIds].sort((a, b) => a - b);
  for (const ids of chunks(sorted, 1)) {
    const query = db
      .selectFrom('ledger_accounts')
      .select(['id', 'balance_centavos'])
      .where('id', 'in', ids)
      .where('member_id', 'is not', null)
      .orderBy('id');
    const rows = isSqlite(db) ? await query.execute() : await query.forUpdate().execute();
    for (const row of rows) balances.set(row.id, row.balance_centavos);
  }
  return balances;
}

/** The member cash accounts of the members, by member id (no lock). */
export async function cashAccountsOf(db: Database, memberIds: readonly number[], currency: string): Promise<Map<number, number>> {
  const byMember = new Map<number, number>();
  for (const ids of chunks(memberIds, 1)) {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'member_id'])
      .where('member_id', 'in', ids)
      .where('kind', '=', 'cash')
      .where('currency', '=', currency)
      .execute();
    for (const row of rows) if (row.member_id !== null) byMember.set(row.member_id, row.id);
  }
  return byMember;
}

export interface BalanceMove {
  accountId: number;
  /** The net change of the balance. */
  deltaCentavos: number;
  /** The lowest the running balance goes on the way, relative to the start (0 or below). */
  lowCentavos: number;
}

/**
 * Moves member balances, one statement for many accounts: each account by its net change, and only
 * when its balance stays at or above zero all the way (balance + low >= 0, in the same statement, so
 * no concurrent debit can slip between a check and the write). Answers the new balances of the
 * accounts moved; an account missing from the answer lacked the funds.
 */
export async function applyBalanceMoves(db: Database, moves: readonly BalanceMove[]): Promise<Map<number, number>> {
  const after = new Map<number, number>();
  for (const chunk of chunks(moves, 3)) {
    const values = sql.join(
      chunk.map((m) => sql`(cast(${m.accountId} as bigint), cast(${m.deltaCentavos} as bigint), cast(${m.lowCentavos} as bigint))`),
    );
    const result = await sql<{ id: number; balance_centavos: number }>`
      update ledger_accounts
      set balance_centavos = ledger_accounts.balance_centavos + v.column2, version = ledger_accounts.version + 1
      from (values ${values}) as v
      where ledger_accounts.id = v.column1
        and ledger_accounts.member_id is not null
        and ledger_accounts.balance_centavos + v.column3 >= 0
      returning ledger_accounts.id, ledger_accounts.balance_centavos`.execute(db);
    for (const row of result.rows) after.set(Number(row.id), Number(row.balance_centavos));
  }
  return after;
}

export interface EntryRow {
  transfer_id: number;
  account_id: number;
  amount_centavos: number;
  balance_after_centavos: number | null;
  created_at: string;
}

/** Inserts the entries in the order given (their ids follow it: the running balances rely on that). */
export async function insertEntries(db: Database, entries: readonly EntryRow[]): Promise<void> {
  for (const chunk of chunks(entries, 5)) await db.insertInto('ledger_entries').values(chunk).execute();
}
