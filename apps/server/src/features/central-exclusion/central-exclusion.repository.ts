import type { Database } from '../../db/database.ts';

/** Queries of the federal self-exclusion register: the sandbox list, the checks, closures and balance returns. */

// ---- the sandbox list ---------------------------------------------------------------------------

export function findListedCpf(db: Database, cpf: string) {
  return db.selectFrom('central_exclusion_list').select(['cpf']).where('cpf', '=', cpf).executeTakeFirst();
}

/** Adds a CPF (answers false when it was already listed). */
export async function addListedCpf(
  db: Database,
  row: { cpf: string; operatorId: number; note: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .insertInto('central_exclusion_list')
    .values({ cpf: row.cpf, added_by: row.operatorId, note: row.note, created_at: row.now })
    .onConflict((oc) => oc.column('cpf').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function removeListedCpf(db: Database, cpf: string): Promise<boolean> {
  const result = await db.deleteFrom('central_exclusion_list').where('cpf', '=', cpf).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function pageListedCpfs(db: Database, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('central_exclusion_list')
      .leftJoin('operators', 'operators.id', 'central_exclusion_list.added_by')
      .leftJoin('members', 'members.cpf', 'central_exclusion_list.cpf')
      .select([
        'central_exclusion_list.cpf',
        'central_exclusion_list.note',
        'central_exclusion_list.created_at',
        'operators.username as added_by',
        'members.id as member_id',
        'members.account as member_account',
      ])
      .orderBy('central_exclusion_list.created_at', 'desc')
      .orderBy('central_exclusion_list.cpf')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('central_exclusion_list')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

// ---- checks -------------------------------------------------------------------------------------

export async function insertCheck(
  db: Database,
  row: { memberId: number | null; cpf: string; reason: string; result: string; now: string },
): Promise<void> {
  await db
    .insertInto('central_exclusion_checks')
    .values({ member_id: row.memberId, cpf: row.cpf, reason: row.reason, result: row.result, checked_at: row.now })
    .execute();
}

/** Whether the member was checked (with an answer) since `since`. */
export async function answeredCheckSince(db: Database, memberId: number, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('central_exclusion_checks')
    .select('id')
    .where('member_id', '=', memberId)
    .where('checked_at', '>=', since)
    .where('result', '!=', 'error')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Members due for the periodic check: a CPF, not deleted, the account not closed, and no answered
 * check since `since`. Keyset paging by id.
 */
export async function membersDueForCheck(db: Database, since: string, afterId: number, limit: number) {
  return db
    .selectFrom('members')
    .leftJoin('responsible_settings', 'responsible_settings.member_id', 'members.id')
    .select(['members.id', 'members.cpf'])
    .where('members.cpf', 'is not', null)
    .where('members.deleted_at', 'is', null)
    .where('responsible_settings.closed_at', 'is', null)
    .where('members.id', '>', afterId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('central_exclusion_checks')
            .select('central_exclusion_checks.id')
            .whereRef('central_exclusion_checks.member_id', '=', 'members.id')
            .where('central_exclusion_checks.checked_at', '>=', since)
            .where('central_exclusion_checks.result', '!=', 'error'),
        ),
      ),
    )
    .orderBy('members.id')
    .limit(limit)
    .execute();
}

export async function pageChecks(
  db: Database,
  filter: { memberId?: number | undefined; result?: string | undefined; page: number; pageSize: number },
) {
  let query = db.selectFrom('central_exclusion_checks').leftJoin('members', 'members.id', 'central_exclusion_checks.member_id');
  if (filter.memberId !== undefined) query = query.where('central_exclusion_checks.member_id', '=', filter.memberId);
  if (filter.result !== undefined) query = query.where('central_exclusion_checks.result', '=', filter.result);
  const [rows, total] = await Promise.all([
    query
      .select([
        'central_exclusion_checks.id',
        'central_exclusion_checks.member_id',
        'members.account as member_account',
        'central_exclusion_checks.cpf',
        'central_exclusion_checks.reason',
        'central_exclusion_checks.result',
        'central_exclusion_checks.checked_at',
      ])
      .orderBy('central_exclusion_checks.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

// ---- members ------------------------------------------------------------------------------------

export function findMemberCpf(db: Database, memberId: number) {
  return db.selectFrom('members').select(['id', 'cpf', 'deleted_at']).where('id', '=', memberId).executeTakeFirst();
}

/** Accounts excluded by the register whose withdrawal window ended and that are not closed yet. */
export function centralExclusionsToClose(db: Database, now: string, limit: number) {
  return db
    .selectFrom('responsible_settings')
    .select(['member_id'])
    .where('exclusion_source', '=', 'central')
    .where('excluded_at', 'is not', null)
    .where('closed_at', 'is', null)
    .where('withdraw_until', '<=', now)
    .orderBy('member_id')
    .limit(limit)
    .execute();
}

/** Closes the account once (answers whether this call closed it). */
export async function closeAccount(db: Database, memberId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('responsible_settings')
    .set({ closed_at: now, updated_at: now })
    .where('member_id', '=', memberId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- balance returns ----------------------------------------------------------------------------

/**
 * Exclusions whose withdrawal window ended without a balance return yet: a return made after the
 * exclusion began belongs to it (an exclusion cannot start while another runs).
 */
export function exclusionsDueForReturn(db: Database, now: string, limit: number) {
  return db
    .selectFrom('responsible_settings')
    .select(['member_id', 'excluded_at', 'exclusion_source'])
    .where('excluded_at', 'is not', null)
    .where('withdraw_until', '<=', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('balance_returns')
            .select('balance_returns.id')
            .whereRef('balance_returns.member_id', '=', 'responsible_settings.member_id')
            .whereRef('balance_returns.created_at', '>=', 'responsible_settings.excluded_at'),
        ),
      ),
    )
    .orderBy('member_id')
    .limit(limit)
    .execute();
}

export type BalanceReturnStatus = 'empty' | 'paying' | 'paid' | 'queued' | 'manual';

/** Records the return once per key; answers its id, or undefined when the key already had one. */
export async function insertReturn(
  db: Database,
  row: {
    memberId: number;
    returnKey: string;
    reason: string;
    amountCentavos: number;
    status: BalanceReturnStatus;
    keyType: string | null;
    pixKey: string | null;
    now: string;
  },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('balance_returns')
    .values({
      member_id: row.memberId,
      return_key: row.returnKey,
      reason: row.reason,
      amount_centavos: row.amountCentavos,
      status: row.status,
      key_type: row.keyType,
      pix_key: row.pixKey,
      withdrawal_id: null,
      ledger_key: null,
      note: null,
      operator_id: null,
      created_at: row.now,
      paid_at: null,
      updated_at: row.now,
    })
    .onConflict((oc) => oc.column('return_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export function findReturn(db: Database, id: number) {
  return db.selectFrom('balance_returns').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a return from one status to the next only if it is still in the first. */
export async function moveReturn(
  db: Database,
  id: number,
  from: BalanceReturnStatus,
  to: BalanceReturnStatus,
  changes: {
    withdrawalId?: number;
    ledgerKey?: string;
    amountCentavos?: number;
    note?: string;
    operatorId?: number;
    paidAt?: string;
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('balance_returns')
    .set({
      status: to,
      ...(changes.withdrawalId !== undefined ? { withdrawal_id: changes.withdrawalId } : {}),
      ...(changes.ledgerKey !== undefined ? { ledger_key: changes.ledgerKey } : {}),
      ...(changes.amountCentavos !== undefined ? { amount_centavos: changes.amountCentavos } : {}),
      ...(changes.note !== undefined ? { note: changes.note } : {}),
      ...(changes.operatorId !== undefined ? { operator_id: changes.operatorId } : {}),
      ...(changes.paidAt !== undefined ? { paid_at: changes.paidAt } : {}),
      updated_at: changes.now,
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Returns still paying, with the state of their withdrawal (a pass finishes what a stopped one left). */
export function payingReturns(db: Database, limit: number) {
  return db
    .selectFrom('balance_returns')
    .innerJoin('withdrawals', 'withdrawals.id', 'balance_returns.withdrawal_id')
    .select([
      'balance_returns.id',
      'balance_returns.member_id',
      'balance_returns.amount_centavos',
      'balance_returns.withdrawal_id',
      'withdrawals.status as withdrawal_status',
    ])
    .where('balance_returns.status', '=', 'paying')
    .orderBy('balance_returns.id')
    .limit(limit)
    .execute();
}

export async function pageReturns(
  db: Database,
  filter: { id?: number | undefined; status?: string | undefined; memberId?: number | undefined; page: number; pageSize: number },
) {
  let query = db
    .selectFrom('balance_returns')
    .innerJoin('members', 'members.id', 'balance_returns.member_id')
    .leftJoin('operators', 'operators.id', 'balance_returns.operator_id');
  if (filter.id !== undefined) query = query.where('balance_returns.id', '=', filter.id);
  if (filter.status !== undefined) query = query.where('balance_returns.status', '=', filter.status);
  if (filter.memberId !== undefined) query = query.where('balance_returns.member_id', '=', filter.memberId);
  const [rows, total] = await Promise.all([
    query
      .select([
        'balance_returns.id',
        'balance_returns.member_id',
        'members.account as member_account',
        'members.cpf as member_cpf',
        'balance_returns.reason',
        'balance_returns.amount_centavos',
        'balance_returns.status',
        'balance_returns.key_type',
        'balance_returns.pix_key',
        'balance_returns.withdrawal_id',
        'balance_returns.ledger_key',
        'balance_returns.note',
        'operators.username as operator',
        'balance_returns.created_at',
        'balance_returns.paid_at',
      ])
      .orderBy('balance_returns.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The member's cash balance, read inside the member's lock. */
export async function cashBalance(db: Database, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirst();
  return Number(row?.balance_centavos ?? 0);
}
