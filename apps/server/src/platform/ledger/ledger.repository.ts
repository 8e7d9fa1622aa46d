import type { Database } from '../../db/database.ts';

export type AccountRef = { id: number; memberId: number | null };

export async function findMemberAccount(db: Database, memberId: number, kind: string, currency: string) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'member_id'])
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
}

export async function findHouseAccount(db: Database, kind: string, currency: string) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'member_id'])
    .where('member_id', 'is', null)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
}

/** Opens a house account if missing; concurrent openers meet the unique index and both read it. */
export async function openHouseAccount(db: Database, kind: string, currency: string, now: string): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values({ member_id: null, kind, currency, created_at: now })
    .onConflict((oc) => oc.columns(['kind', 'currency']).where('member_id', 'is', null).doNothing())
    .execute();
}

/** Inserts the transfer unless its key exists; answers the new id, or undefined for a replay. */
export async function insertTransfer(db: Database, transfer: { key: string; code: string; meta: string | null; now: string }) {
  const row = await db
    .insertInto('ledger_transfers')
    .values({ idempotency_key: transfer.key, code: transfer.code, meta_json: transfer.meta, created_at: transfer.now })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findTransferByKey(db: Database, key: string) {
  return db.selectFrom('ledger_transfers').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

export async function entriesOfTransfer(db: Database, transferId: number) {
  return db
    .selectFrom('ledger_entries')
    .select(['account_id', 'amount_centavos'])
    .where('transfer_id', '=', transferId)
    .orderBy('id')
    .execute();
}

/**
 * Locks the member's cash account row until the transaction ends (a no-op update: both databases).
 * One row: a statement that locks several rows can take them in different orders under concurrent
 * updates (PostgreSQL rechecks moved tuples) and deadlock with itself.
 */
export async function lockMemberCash(db: Database, memberId: number): Promise<void> {
  await db
    .updateTable('ledger_accounts')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .execute();
}

/**
 * Moves a member balance by a signed amount. A debit only happens when the balance stays at or
 * above zero (one conditional statement, so concurrent debits cannot both pass); answers the new
 * balance, or undefined when the funds are not there.
 */
export async function applyToMemberBalance(db: Database, accountId: number, amountCentavos: number): Promise<number | undefined> {
  let query = db
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance_centavos: eb('balance_centavos', '+', amountCentavos), version: eb('version', '+', 1) }))
    .where('id', '=', accountId)
    .where('member_id', 'is not', null);
  if (amountCentavos < 0) query = query.where('balance_centavos', '>=', -amountCentavos);
  const row = await query.returning('balance_centavos').executeTakeFirst();
  return row?.balance_centavos;
}

export async function insertEntries(
  db: Database,
  entries: {
    transfer_id: number;
    account_id: number;
    amount_centavos: number;
    balance_after_centavos: number | null;
    created_at: string;
  }[],
) {
  await db.insertInto('ledger_entries').values(entries).execute();
}

/** The ids of every account of the member (cash, bonus, rebate). */
export async function memberAccountIds(db: Database, memberId: number): Promise<number[]> {
  const rows = await db.selectFrom('ledger_accounts').select('id').where('member_id', '=', memberId).execute();
  return rows.map((row) => row.id);
}

/** The member's cash balance (the member has a cash account from registration on). */
export async function memberCashBalance(db: Database, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirstOrThrow();
  return row.balance_centavos;
}

export async function accountEntriesPage(db: Database, accountIds: number[], page: number, pageSize: number) {
  if (accountIds.length === 0) return { rows: [], total: 0 };
  const base = db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .where('ledger_entries.account_id', 'in', accountIds);
  const [rows, total] = await Promise.all([
    base
      .select([
        'ledger_entries.id',
        'ledger_entries.transfer_id',
        'ledger_accounts.kind as account_kind',
        'ledger_entries.amount_centavos',
        'ledger_entries.balance_after_centavos',
        'ledger_transfers.code',
        'ledger_transfers.idempotency_key',
        'ledger_transfers.meta_json',
        'ledger_entries.created_at',
      ])
      .orderBy('ledger_entries.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
