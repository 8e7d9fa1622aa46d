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

/** Net bonus money on the member's accounts per bucket: entries of bonus, promotion and rebate transfers. */
export async function bonusEntries(db: Database, memberId: number, buckets: Bucket[]): Promise<number[]> {
  const row = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
    .select(bucketSums('ledger_entries.created_at', 'ledger_entries.amount_centavos', buckets, 'a'))
    .where('ledger_accounts.member_id', '=', memberId)
    .where((eb) => eb.or(BONUS_CODE_PREFIXES.map((prefix) => eb('ledger_transfers.code', 'like', `${prefix}%`))))
    .where('ledger_entries.created_at', '>=', buckets[0]!.start)
    .where('ledger_entries.created_at', '<', buckets.at(-1)!.end)
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

/** The member's latest ledger entries with the code of their transfer. */
export async function latestEntries(db: Database, memberId: number, limit: number) {
  return db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
    .select([
      'ledger_entries.id',
      'ledger_transfers.code',
      'ledger_entries.amount_centavos',
      'ledger_entries.balance_after_centavos',
      'ledger_entries.created_at',
    ])
    .where('ledger_accounts.member_id', '=', memberId)
    .orderBy('ledger_entries.id', 'desc')
    .limit(limit)
    .execute();
}
