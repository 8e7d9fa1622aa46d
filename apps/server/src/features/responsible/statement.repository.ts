import { sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.ts';
import { saoPauloDayOf, sumToInt } from '../../db/sql-days.ts';

/**
 * The member's money by São Paulo day and transfer code, read from the ledger entries of the
 * member's cash account: the statement is the ledger, not a second set of counters.
 */
export async function cashByDayAndCode(db: Database, dialect: Dialect, memberId: number, fromIso: string, toIso: string) {
  const day = saoPauloDayOf(dialect, sql.ref('ledger_entries.created_at'));
  const rows = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
    .select((eb) => [day.as('day'), 'ledger_transfers.code as code', eb.fn.sum<number>('ledger_entries.amount_centavos').as('total')])
    .where('ledger_accounts.member_id', '=', memberId)
    .where('ledger_accounts.kind', '=', 'cash')
    .where('ledger_entries.created_at', '>=', fromIso)
    .where('ledger_entries.created_at', '<', toIso)
    .groupBy([day, 'ledger_transfers.code'])
    .execute();
  return rows.map((r) => ({ day: String(r.day), code: r.code, total: sumToInt(r.total) }));
}

/** The member's cash movements by transfer code since an instant (a session's summary). */
export async function cashByCodeSince(db: Database, memberId: number, sinceIso: string) {
  const rows = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
    .select((eb) => ['ledger_transfers.code as code', eb.fn.sum<number>('ledger_entries.amount_centavos').as('total')])
    .where('ledger_accounts.member_id', '=', memberId)
    .where('ledger_accounts.kind', '=', 'cash')
    .where('ledger_entries.created_at', '>=', sinceIso)
    .groupBy('ledger_transfers.code')
    .execute();
  return rows.map((r) => ({ code: r.code, total: sumToInt(r.total) }));
}
