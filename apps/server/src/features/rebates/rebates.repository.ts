import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Rebate rates, the accrual figures of member_daily_stats and the claimed totals: the rebates' SQL. */

export async function rateRowsOfLevel(db: Database, level: number) {
  return db.selectFrom('rebate_rates').select(['category', 'rate_bp']).where('level', '=', level).execute();
}

/** Inserts the cells the grid lacks; rates an operator set are left alone. */
export async function insertMissingRates(db: Database, cells: { level: number; category: string; rate_bp: number }[]): Promise<void> {
  for (const cell of cells) {
    await db
      .insertInto('rebate_rates')
      .values(cell)
      .onConflict((oc) => oc.columns(['level', 'category']).doNothing())
      .execute();
  }
}

export async function upsertRate(db: Database, cell: { level: number; category: string; rate_bp: number }): Promise<void> {
  await db
    .insertInto('rebate_rates')
    .values(cell)
    .onConflict((oc) => oc.columns(['level', 'category']).doUpdateSet({ rate_bp: cell.rate_bp }))
    .execute();
}

/** The member's daily figures from `fromDay` on (São Paulo days, YYYY-MM-DD sorts as text). */
export async function statsSince(db: Database, memberId: number, fromDay: string) {
  return db
    .selectFrom('member_daily_stats')
    .select(['day', 'category', 'bet_centavos', 'rebate_centavos'])
    .where('member_id', '=', memberId)
    .where('day', '>=', fromDay)
    .orderBy('day')
    .orderBy('category')
    .execute();
}

/**
 * Moves a row's accrued rebate from `from` to `to`, only if nobody moved it first: the caller posts
 * the ledger transfer of the difference in the same transaction when this answers true.
 */
export async function raiseAccrued(
  trx: Database,
  row: { memberId: number; day: string; category: string; fromCentavos: number; toCentavos: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('member_daily_stats')
    .set({ rebate_centavos: row.toCentavos })
    .where('member_id', '=', row.memberId)
    .where('day', '=', row.day)
    .where('category', '=', row.category)
    .where('rebate_centavos', '=', row.fromCentavos)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function rebateBalance(db: Database, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'rebate')
    .executeTakeFirst();
  return Number(row?.balance_centavos ?? 0);
}

export async function totalClaimed(db: Database, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('bonus_credits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_centavos'), sql<number>`0`).as('total'))
    .where('member_id', '=', memberId)
    .where('source', '=', 'rebate')
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function countClaims(db: Database, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('bonus_credits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('source', '=', 'rebate')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The member's days with valid bets, newest first, from `fromDay` on when given. */
export async function pageStats(db: Database, memberId: number, fromDay: string | undefined, page: number, pageSize: number) {
  let base = db.selectFrom('member_daily_stats').where('member_id', '=', memberId).where('bet_centavos', '>', 0);
  if (fromDay) base = base.where('day', '>=', fromDay);
  const [rows, total] = await Promise.all([
    base
      .select(['day', 'category', 'bet_centavos', 'rebate_centavos'])
      .orderBy('day', 'desc')
      .orderBy('category')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/**
 * Members whose valid bets since `fromDay` have earned more at their level's rates than they have
 * accrued, by id after `afterId`, at most `limit`: the periodic accrual's batches. Integer division
 * floors like `rebateFor`.
 */
export async function membersWithRebateDue(db: Database, fromDay: string, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('member_daily_stats as s')
    .innerJoin('members as m', 'm.id', 's.member_id')
    .innerJoin('rebate_rates as r', (join) => join.onRef('r.level', '=', 'm.level').onRef('r.category', '=', 's.category'))
    .select('s.member_id')
    .distinct()
    .where('s.day', '>=', fromDay)
    .where('s.member_id', '>', afterId)
    .where(sql<boolean>`(s.bet_centavos * r.rate_bp) / 10000 > s.rebate_centavos`)
    .orderBy('s.member_id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.member_id));
}
