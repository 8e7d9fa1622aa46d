import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The ledger's invariants as queries: each answers the rows that break one (at most `limit`). */

/** Breaks the rule 'the sum of all entries is zero'. */
export function nonZeroGrandTotal(db: Database) {
  return sql<{ total: number }>`select coalesce(sum(amount_centavos), 0) as total from ledger_entries`
    .execute(db)
    .then((r) => r.rows.filter((row) => Number(row.total) !== 0));
}

/** Breaks the rule "each transfer's entries sum to zero". */
export function unbalancedTransfers(db: Database, limit: number) {
  return db
    .selectFrom('ledger_entries')
    .select(['transfer_id', (eb) => eb.fn.sum<number>('amount_centavos').as('total')])
    .groupBy('transfer_id')
    .having((eb) => eb.fn.sum('amount_centavos'), '<>', 0)
    .limit(limit)
    .execute();
}

/** Breaks the rule 'each transfer has at least two entries'. */
export function transfersWithOneEntry(db: Database, limit: number) {
  return db
    .selectFrom('ledger_transfers')
    .leftJoin('ledger_entries', 'ledger_entries.transfer_id', 'ledger_transfers.id')
    .select(['ledger_transfers.id', 'ledger_transfers.idempotency_key', (eb) => eb.fn.count<number>('ledger_entries.id').as('entries')])
    .groupBy(['ledger_transfers.id', 'ledger_transfers.idempotency_key'])
    .having((eb) => eb.fn.count('ledger_entries.id'), '<', 2)
    .limit(limit)
    .execute();
}

/** Breaks the rule "each member account's balance equals the sum of its entries". */
export function memberBalancesOffTheirEntries(db: Database, limit: number) {
  return sql<{ id: number; balance_centavos: number; entries_total: number }>`
    select a.id, a.balance_centavos, coalesce(sum(e.amount_centavos), 0) as entries_total
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.member_id is not null
    group by a.id, a.balance_centavos
    having a.balance_centavos <> coalesce(sum(e.amount_centavos), 0)
    limit ${limit}`
    .execute(db)
    .then((r) => r.rows);
}

/** Breaks the rule 'no member account is negative'. */
export function negativeMemberAccounts(db: Database, limit: number) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'member_id', 'kind', 'balance_centavos'])
    .where('member_id', 'is not', null)
    .where('balance_centavos', '<', 0)
    .limit(limit)
    .execute();
}

/** Breaks the rule "each member entry's running balance follows the previous one". */
export function brokenRunningBalances(db: Database, limit: number) {
  return sql<{ id: number; account_id: number }>`
    select e.id, e.account_id, e.amount_centavos, e.balance_after_centavos, p.balance_after_centavos as previous
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id and a.member_id is not null
    left join ledger_entries p on p.id = (
      select max(x.id) from ledger_entries x where x.account_id = e.account_id and x.id < e.id)
    where e.balance_after_centavos is null
       or e.balance_after_centavos <> coalesce(p.balance_after_centavos, 0) + e.amount_centavos
    limit ${limit}`
    .execute(db)
    .then((r) => r.rows);
}

/** Breaks the rule 'each idempotency key appears once'. */
export function repeatedIdempotencyKeys(db: Database, limit: number) {
  return db
    .selectFrom('ledger_transfers')
    .select(['idempotency_key', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('idempotency_key')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .limit(limit)
    .execute();
}

/** Breaks the rule 'house accounts keep no running balance'. */
export function houseAccountsWithBalance(db: Database, limit: number) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'balance_centavos'])
    .where('member_id', 'is', null)
    .where('balance_centavos', '<>', 0)
    .limit(limit)
    .execute();
}
