import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface Violation {
  invariant: string;
  rows: unknown[];
}

const LIMIT = 20;

/**
 * Checks every ledger invariant on a database (DESIGN.md section 2): entries sum to zero overall
 * and per transfer; each member balance equals the sum of its entries and is never negative;
 * running balances recorded on entries agree; each idempotency key appears once. Answers the
 * broken rows (at most 20 per invariant); an empty list means the ledger is sound.
 */
export async function verifyLedger(db: Database): Promise<Violation[]> {
  const violations: Violation[] = [];
  const check = async (invariant: string, rows: Promise<unknown[]>) => {
    const found = await rows;
    if (found.length > 0) violations.push({ invariant, rows: found });
  };

  await check(
    'the sum of all entries is zero',
    sql<{ total: number }>`select coalesce(sum(amount_centavos), 0) as total from ledger_entries`
      .execute(db)
      .then((r) => r.rows.filter((row) => Number(row.total) !== 0)),
  );
  await check(
    "each transfer's entries sum to zero",
    db
      .selectFrom('ledger_entries')
      .select(['transfer_id', (eb) => eb.fn.sum<number>('amount_centavos').as('total')])
      .groupBy('transfer_id')
      .having((eb) => eb.fn.sum('amount_centavos'), '<>', 0)
      .limit(LIMIT)
      .execute(),
  );
  await check(
    'each transfer has at least two entries',
    db
      .selectFrom('ledger_transfers')
      .leftJoin('ledger_entries', 'ledger_entries.transfer_id', 'ledger_transfers.id')
      .select(['ledger_transfers.id', 'ledger_transfers.idempotency_key', (eb) => eb.fn.count<number>('ledger_entries.id').as('entries')])
      .groupBy(['ledger_transfers.id', 'ledger_transfers.idempotency_key'])
      .having((eb) => eb.fn.count('ledger_entries.id'), '<', 2)
      .limit(LIMIT)
      .execute(),
  );
  await check(
    "each member account's balance equals the sum of its entries",
    sql<{ id: number; balance_centavos: number; entries_total: number }>`
      select a.id, a.balance_centavos, coalesce(sum(e.amount_centavos), 0) as entries_total
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      where a.member_id is not null
      group by a.id, a.balance_centavos
      having a.balance_centavos <> coalesce(sum(e.amount_centavos), 0)
      limit ${LIMIT}`
      .execute(db)
      .then((r) => r.rows),
  );
  await check(
    'no member account is negative',
    db
      .selectFrom('ledger_accounts')
      .select(['id', 'member_id', 'kind', 'balance_centavos'])
      .where('member_id', 'is not', null)
      .where('balance_centavos', '<', 0)
      .limit(LIMIT)
      .execute(),
  );
  await check(
    "each member entry's running balance follows the previous one",
    sql<{ id: number; account_id: number }>`
      select e.id, e.account_id, e.amount_centavos, e.balance_after_centavos, p.balance_after_centavos as previous
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id and a.member_id is not null
      left join ledger_entries p on p.id = (
        select max(x.id) from ledger_entries x where x.account_id = e.account_id and x.id < e.id)
      where e.balance_after_centavos is null
         or e.balance_after_centavos <> coalesce(p.balance_after_centavos, 0) + e.amount_centavos
      limit ${LIMIT}`
      .execute(db)
      .then((r) => r.rows),
  );
  await check(
    'each idempotency key appears once',
    db
      .selectFrom('ledger_transfers')
      .select(['idempotency_key', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('idempotency_key')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .limit(LIMIT)
      .execute(),
  );
  await check(
    'house accounts keep no running balance',
    db
      .selectFrom('ledger_accounts')
      .select(['id', 'kind', 'balance_centavos'])
      .where('member_id', 'is', null)
      .where('balance_centavos', '<>', 0)
      .limit(LIMIT)
      .execute(),
  );
  return violations;
}
