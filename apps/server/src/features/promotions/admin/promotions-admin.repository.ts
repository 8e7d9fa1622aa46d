import { type Selectable, sql, type Updateable } from 'kysely';
import type { Database, Dialect } from '../../../db/database.ts';
import type { ActivitiesTable, RedeemCodesTable } from '../../../db/schema.ts';
import { saoPauloDayOf, sumToInt } from '../../../db/sql-days.ts';

/** Queries of the back office's promotions pages; rows only, the service maps them to answers. */

/** The house accounts every promotion is paid from (DESIGN.md section 2). */
export const EXPENSE_ACCOUNTS = ['promotions_expense', 'agency_commission_expense'] as const;

export type ActivityRow = Selectable<ActivitiesTable>;
export type RedeemCodeRow = Selectable<RedeemCodesTable>;

// ---- sites --------------------------------------------------------------------------------------

export async function findSite(db: Database, siteId: number | undefined) {
  let query = db.selectFrom('sites').select(['id', 'name', 'regulated', 'bonus_stacking']);
  query = siteId === undefined ? query.orderBy('id').limit(1) : query.where('id', '=', siteId);
  return query.executeTakeFirst();
}

/** The site's promotion switches: the regulated profile and bonus stacking (1 on, 0 off). */
export async function setSiteProfile(db: Database, siteId: number, changes: { regulated: number; bonus_stacking: number }, now: string) {
  await db
    .updateTable('sites')
    .set({ ...changes, updated_at: now })
    .where('id', '=', siteId)
    .execute();
}

// ---- activities ---------------------------------------------------------------------------------

export async function listActivities(db: Database, siteId: number): Promise<ActivityRow[]> {
  return db.selectFrom('activities').selectAll().where('site_id', '=', siteId).orderBy('sort').orderBy('id').limit(200).execute();
}

export async function findActivity(db: Database, id: number): Promise<ActivityRow | undefined> {
  return db.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateActivity(db: Database, id: number, changes: Updateable<ActivitiesTable>) {
  await db.updateTable('activities').set(changes).where('id', '=', id).execute();
}

/**
 * Claims and their cost per source for the members of one site. An activity type is unique per
 * site, so (site, source) names one activity whether or not its module recorded activity_id.
 */
export async function claimsBySource(db: Database, siteId: number) {
  const rows = await db
    .selectFrom('bonus_credits')
    .innerJoin('members', 'members.id', 'bonus_credits.member_id')
    .where('members.site_id', '=', siteId)
    .select((eb) => [
      'bonus_credits.source',
      eb.fn.countAll<number>().as('claims'),
      eb.fn.sum<number>('bonus_credits.amount_centavos').as('amount'),
    ])
    .groupBy('bonus_credits.source')
    .execute();
  return rows.map((row) => ({ source: row.source, claims: sumToInt(row.claims), amountCentavos: sumToInt(row.amount) }));
}

// ---- claims list --------------------------------------------------------------------------------

export interface BonusCreditFilter {
  source?: string | undefined;
  memberId?: number | undefined;
  account?: string | undefined;
  /** Half-open UTC interval [start, end). */
  start?: string | undefined;
  end?: string | undefined;
}

function filteredCredits(db: Database, filter: BonusCreditFilter) {
  let query = db.selectFrom('bonus_credits').innerJoin('members', 'members.id', 'bonus_credits.member_id');
  if (filter.source) query = query.where('bonus_credits.source', '=', filter.source);
  if (filter.memberId !== undefined && filter.account !== undefined) {
    const { memberId, account } = filter;
    query = query.where((eb) => eb.or([eb('bonus_credits.member_id', '=', memberId), eb('members.account', '=', account)]));
  } else if (filter.account !== undefined) query = query.where('members.account', '=', filter.account);
  if (filter.start) query = query.where('bonus_credits.created_at', '>=', filter.start);
  if (filter.end) query = query.where('bonus_credits.created_at', '<', filter.end);
  return query;
}

/** One page of claims, newest first, with the member's account, the match count and Σ amount. */
export async function pageCredits(db: Database, filter: BonusCreditFilter, page: number, pageSize: number) {
  const query = filteredCredits(db, filter);
  const [rows, summary] = await Promise.all([
    query
      .select([
        'bonus_credits.id',
        'bonus_credits.member_id',
        'members.account',
        'bonus_credits.source',
        'bonus_credits.activity_id',
        'bonus_credits.claim_key',
        'bonus_credits.amount_centavos',
        'bonus_credits.wagering_centavos',
        'bonus_credits.transfer_id',
        'bonus_credits.detail_json',
        'bonus_credits.created_at',
      ])
      .orderBy('bonus_credits.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('bonus_credits.amount_centavos').as('amount')])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: sumToInt(summary.n), amountCentavos: sumToInt(summary.amount) };
}

// ---- cost report --------------------------------------------------------------------------------

export interface Period {
  start: string;
  end: string;
}

/** Claims per São Paulo day and source over the period. */
export async function claimsByDay(db: Database, dialect: Dialect, period: Period) {
  const day = saoPauloDayOf(dialect, sql.ref('created_at'));
  const rows = await db
    .selectFrom('bonus_credits')
    .where('created_at', '>=', period.start)
    .where('created_at', '<', period.end)
    .select((eb) => [day.as('day'), 'source', eb.fn.countAll<number>().as('claims'), eb.fn.sum<number>('amount_centavos').as('amount')])
    .groupBy([day, 'source'])
    .execute();
  return rows.map((row) => ({ day: row.day, source: row.source, claims: sumToInt(row.claims), amountCentavos: sumToInt(row.amount) }));
}

function expenseEntries(db: Database) {
  return db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .where('ledger_accounts.member_id', 'is', null)
    .where('ledger_accounts.kind', 'in', [...EXPENSE_ACCOUNTS]);
}

/**
 * The ledger's side: what left the expense accounts per São Paulo day and transfer code (entries
 * out of an expense account are negative; the cost is their opposite).
 */
export async function expenseByDay(db: Database, dialect: Dialect, period: Period) {
  const day = saoPauloDayOf(dialect, sql.ref('ledger_entries.created_at'));
  const rows = await expenseEntries(db)
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
    .where('ledger_entries.created_at', '>=', period.start)
    .where('ledger_entries.created_at', '<', period.end)
    .select((eb) => [day.as('day'), 'ledger_transfers.code', eb.fn.sum<number>('ledger_entries.amount_centavos').as('amount')])
    .groupBy([day, 'ledger_transfers.code'])
    .execute();
  return rows.map((row) => ({ day: row.day, code: row.code, costCentavos: -sumToInt(row.amount) }));
}

/**
 * The period's claims paid out of the expense accounts (every source but rebates, which leave
 * the member's own rebate balance), against the expense entries of exactly their transfers.
 */
export async function reconcileClaims(db: Database, period: Period) {
  const claims = db
    .selectFrom('bonus_credits')
    .where('created_at', '>=', period.start)
    .where('created_at', '<', period.end)
    .where('source', '<>', 'rebate');
  const [paid, unposted, ledger] = await Promise.all([
    claims.select((eb) => eb.fn.sum<number>('amount_centavos').as('amount')).executeTakeFirstOrThrow(),
    claims
      .where('transfer_id', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    expenseEntries(db)
      .where('ledger_entries.transfer_id', 'in', claims.select('transfer_id').where('transfer_id', 'is not', null))
      .select((eb) => eb.fn.sum<number>('ledger_entries.amount_centavos').as('amount'))
      .executeTakeFirstOrThrow(),
  ]);
  return { claimsCentavos: sumToInt(paid.amount), ledgerCentavos: -sumToInt(ledger.amount), unposted: sumToInt(unposted.n) };
}

// ---- redeem codes -------------------------------------------------------------------------------

export interface RedeemCodeFilter {
  siteId: number;
  code?: string | undefined;
  enabled?: boolean | undefined;
}

export async function pageRedeemCodes(db: Database, filter: RedeemCodeFilter, page: number, pageSize: number) {
  let query = db.selectFrom('redeem_codes').where('site_id', '=', filter.siteId);
  if (filter.code) query = query.where('code', 'like', `%${filter.code.replace(/[%_\\]/g, '')}%`);
  if (filter.enabled !== undefined) query = query.where('enabled', '=', filter.enabled ? 1 : 0);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: sumToInt(total.n) };
}

export async function findRedeemCode(db: Database, id: number): Promise<RedeemCodeRow | undefined> {
  return db.selectFrom('redeem_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRedeemCodeByCode(db: Database, code: string): Promise<RedeemCodeRow | undefined> {
  return db.selectFrom('redeem_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function insertRedeemCode(db: Database, values: Omit<RedeemCodeRow, 'id' | 'used_count'>): Promise<RedeemCodeRow> {
  return db.insertInto('redeem_codes').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateRedeemCode(db: Database, id: number, changes: Updateable<RedeemCodesTable>) {
  await db.updateTable('redeem_codes').set(changes).where('id', '=', id).execute();
}
