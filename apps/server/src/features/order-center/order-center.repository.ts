import { LEDGER_TRANSFER_CODES } from '@casino/shared/ledger-codes';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** A half-open time range [start, end) as ISO strings. */
export interface Bucket {
  start: string;
  end: string;
}

/** Transfer codes that count as bonus money for the order centre. */
const BONUS_CODE_PREFIXES = ['bonus', 'promotion', 'rebate'];

/** sum(value) of the rows whose `at` falls in each bucket, as columns b0, b1, ... */
function bucketSums(at: string, value: string, buckets: Bucket[], prefix: string) {
  return buckets.map((b, i) =>
    sql<
      string | number
    >`coalesce(sum(case when ${sql.ref(at)} >= ${b.start} and ${sql.ref(at)} < ${b.end} then ${sql.ref(value)} else 0 end), 0)`.as(
      `${prefix}${i}`,
    ),
  );
}

const column = (row: Record<string, unknown> | undefined, name: string) => Number(row?.[name] ?? 0);

export interface BucketTotals {
  amount: number[];
  fee: number[];
}

function totalsOf(row: Record<string, unknown> | undefined, count: number): BucketTotals {
  return {
    amount: Array.from({ length: count }, (_, i) => column(row, `a${i}`)),
    fee: Array.from({ length: count }, (_, i) => column(row, `f${i}`)),
  };
}

/** Credited deposits per bucket, by the time they were credited. */
export async function creditedDeposits(db: Database, memberId: number, buckets: Bucket[]): Promise<BucketTotals> {
  const row = await db
    .selectFrom('deposit_orders')
    .select([...bucketSums('credited_at', 'amount_centavos', buckets, 'a'), ...bucketSums('credited_at', 'fee_centavos', buckets, 'f')])
    .where('member_id', '=', memberId)
    .where('status', '=', 'credited')
    .where('credited_at', '>=', buckets[0]!.start)
    .where('credited_at', '<', buckets.at(-1)!.end)
    .executeTakeFirst();
  return totalsOf(row, buckets.length);
}

/** Paid withdrawals per bucket, by the time they were paid. */
export async function paidWithdrawals(db: Database, memberId: number, buckets: Bucket[]): Promise<BucketTotals> {
  const row = await db
    .selectFrom('withdrawals')
    .select([...bucketSums('paid_at', 'amount_centavos', buckets, 'a'), ...bucketSums('paid_at', 'fee_centavos', buckets, 'f')])
    .where('member_id', '=', memberId)
    .where('status', '=', 'paid')
    .where('paid_at', '>=', buckets[0]!.start)
    .where('paid_at', '<', buckets.at(-1)!.end)
    .executeTakeFirst();
  return totalsOf(row, buckets.length);
}

/**
 * The transfer codes of bonus money, written as the partial index ledger_transfers_bonus_idx
 * (migration 0018) is: the query names this very list, so both databases can use the index (a
 * new bonus code needs a new index, or this query reads the member's entries instead).
 */
const BONUS_CODES_SQL = sql.raw<boolean>(`ledger_transfers.code in ('bonus', 'rebate_accrual', 'rebate_claim')`);
export const BONUS_CODES = LEDGER_TRANSFER_CODES.filter((code) => BONUS_CODE_PREFIXES.some((prefix) => code.startsWith(prefix)));
/** An entry is written with its transfer; a margin covers any clock step between the two stamps. */
const TRANSFER_MARGIN_MS = 3_600_000;
const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * Net bonus money on the member's accounts per bucket: entries of bonus, promotion and rebate
 * transfers. Read from the bonus transfers of the period (a partial index holds only them), then
 * their entries, so the member's game entries, however many, are never read.
 */
export async function bonusEntries(db: Database, memberId: number, buckets: Bucket[]): Promise<number[]> {
  const start = buckets[0]!.start;
  const end = buckets.at(-1)!.end;
  const row = await db
    .selectFrom('ledger_transfers')
    // CROSS JOIN keeps SQLite from starting at the member's accounts (all their entries).
    .crossJoin('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(bucketSums('ledger_entries.created_at', 'ledger_entries.amount_centavos', buckets, 'a'))
    .where(BONUS_CODES_SQL)
    .where('ledger_transfers.created_at', '>=', shift(start, -TRANSFER_MARGIN_MS))
    .where('ledger_transfers.created_at', '<', shift(end, TRANSFER_MARGIN_MS))
    .whereRef('ledger_entries.transfer_id', '=', 'ledger_transfers.id')
    .where('ledger_accounts.member_id', '=', memberId)
    .where('ledger_entries.created_at', '>=', start)
    .where('ledger_entries.created_at', '<', end)
    .executeTakeFirst();
  return totalsOf(row, buckets.length).amount;
}

export async function depositFees(db: Database, memberId: number, limit: number) {
  return db
    .selectFrom('deposit_orders')
    .select(['order_no', 'amount_centavos', 'fee_centavos', 'created_at'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'credited')
    .where('fee_centavos', '>', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function withdrawalFees(db: Database, memberId: number, limit: number) {
  return db
    .selectFrom('withdrawals')
    .select(['order_no', 'amount_centavos', 'fee_centavos', 'created_at'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'paid')
    .where('fee_centavos', '>', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The member's latest ledger entries with the code of their transfer: the latest `limit` of each
 * of the member's accounts along its (account_id, id) index, merged, so the page reads at most
 * `limit` entries per account whatever the member's history.
 */
export async function latestEntries(db: Database, memberId: number, limit: number) {
  const accounts = await db.selectFrom('ledger_accounts').select('id').where('member_id', '=', memberId).execute();
  if (accounts.length === 0) return [];
  const latestOf = (accountId: number) =>
    db
      .selectFrom(
        db
          .selectFrom('ledger_entries')
          .select(['id', 'transfer_id', 'amount_centavos', 'balance_after_centavos', 'created_at'])
          .where('account_id', '=', accountId)
          .orderBy('id', 'desc')
          .limit(limit)
          .as('latest'),
      )
      .selectAll();
  let union = latestOf(accounts[0]!.id);
  for (const account of accounts.slice(1)) union = union.unionAll(latestOf(account.id));
  return db
    .selectFrom(union.as('entries'))
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'entries.transfer_id')
    .select(['entries.id', 'ledger_transfers.code', 'entries.amount_centavos', 'entries.balance_after_centavos', 'entries.created_at'])
    .orderBy('entries.id', 'desc')
    .limit(limit)
    .execute();
}
