import { sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.ts';
import { saoPauloDayOf, sumToInt } from '../../db/sql-days.ts';

/**
 * The dashboard's own figures, those no report had before it: money in and out of the site per
 * São Paulo day, players, and the review queues. Every other figure comes from its report's
 * repository (games results, sportsbook GGR, promotions cost), so the two can never disagree.
 */

/** Half-open UTC interval [start, end). */
export interface Period {
  start: string;
  end: string;
}

export interface DayMoney {
  day: string;
  count: number;
  amountCentavos: number;
}

/** Credited deposits per São Paulo day of their crediting (the order centre counts them the same way). */
export async function creditedDepositsByDay(db: Database, dialect: Dialect, period: Period): Promise<DayMoney[]> {
  const day = saoPauloDayOf(dialect, sql.ref('credited_at'));
  const rows = await db
    .selectFrom('deposit_orders')
    .where('status', '=', 'credited')
    .where('credited_at', '>=', period.start)
    .where('credited_at', '<', period.end)
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount_centavos').as('amount')])
    .groupBy(day)
    .execute();
  return rows.map((row) => ({ day: row.day, count: sumToInt(row.n), amountCentavos: sumToInt(row.amount) }));
}

/** Paid withdrawals per São Paulo day of their payment. */
export async function paidWithdrawalsByDay(db: Database, dialect: Dialect, period: Period): Promise<DayMoney[]> {
  const day = saoPauloDayOf(dialect, sql.ref('paid_at'));
  const rows = await db
    .selectFrom('withdrawals')
    .where('status', '=', 'paid')
    .where('paid_at', '>=', period.start)
    .where('paid_at', '<', period.end)
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount_centavos').as('amount')])
    .groupBy(day)
    .execute();
  return rows.map((row) => ({ day: row.day, count: sumToInt(row.n), amountCentavos: sumToInt(row.amount) }));
}

/** Members registered per São Paulo day (demo accounts left out). */
export async function newMembersByDay(db: Database, dialect: Dialect, period: Period) {
  const day = saoPauloDayOf(dialect, sql.ref('created_at'));
  const rows = await db
    .selectFrom('members')
    .where('is_demo', '=', 0)
    .where('created_at', '>=', period.start)
    .where('created_at', '<', period.end)
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
    .groupBy(day)
    .execute();
  return rows.map((row) => ({ day: row.day, count: sumToInt(row.n) }));
}

/**
 * (member, São Paulo day) pairs of play: a casino or house round (member_game_days, kept by the
 * rounds' triggers on the day a round was opened) or a sports bet placed. A union: each pair once.
 */
function playDays(db: Database, dialect: Dialect, period: Period, days: { from: string; to: string }) {
  const betDay = saoPauloDayOf(dialect, sql.ref('placed_at'));
  return db
    .selectFrom('member_game_days')
    .select(['member_id', 'day'])
    .where('day', '>=', days.from)
    .where('day', '<=', days.to)
    .union(
      db
        .selectFrom('sport_bets')
        .select(['member_id', betDay.as('day')])
        .where('placed_at', '>=', period.start)
        .where('placed_at', '<', period.end),
    )
    .as('play_days');
}

/** Distinct members who played, per São Paulo day and over the whole period. */
export async function activeMembers(db: Database, dialect: Dialect, period: Period, days: { from: string; to: string }) {
  const [byDay, total] = await Promise.all([
    db
      .selectFrom(playDays(db, dialect, period, days))
      .select((eb) => ['play_days.day', eb.fn.countAll<number>().as('n')])
      .groupBy('play_days.day')
      .execute(),
    db
      .selectFrom(playDays(db, dialect, period, days))
      .select((eb) => eb.fn.count<number>('play_days.member_id').distinct().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { byDay: byDay.map((row) => ({ day: row.day, count: sumToInt(row.n) })), total: sumToInt(total.n) };
}

export interface QueueFigures {
  count: number;
  oldestAt: string | null;
}

async function queue(
  query: Promise<{ n: number | string | bigint | null; oldest: string | Date | null } | undefined>,
): Promise<QueueFigures> {
  const row = await query;
  const oldest = row?.oldest ?? null;
  return { count: sumToInt(row?.n), oldestAt: oldest === null ? null : new Date(oldest).toISOString() };
}

/** Withdrawals waiting for an operator's review. */
export function withdrawalReviewQueue(db: Database) {
  return queue(
    db
      .selectFrom('withdrawals')
      .where('status', '=', 'pending_review')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<string>('created_at').as('oldest')])
      .executeTakeFirst(),
  );
}

/** Withdrawals waiting for review since before `before` (past the service target). */
export async function withdrawalsWaitingSince(db: Database, before: string): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .where('status', '=', 'pending_review')
    .where('created_at', '<', before)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return sumToInt(row?.n);
}

/** Identity checks pending (the back office's KYC queue). */
export function kycReviewQueue(db: Database) {
  return queue(
    db
      .selectFrom('kyc_submissions')
      .where('status', '=', 'pending')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<string>('created_at').as('oldest')])
      .executeTakeFirst(),
  );
}

/** Balance returns after an exclusion that found no PIX key: the back office pays them by hand. */
export function queuedBalanceReturns(db: Database) {
  return queue(
    db
      .selectFrom('balance_returns')
      .where('status', '=', 'queued')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<string>('created_at').as('oldest')])
      .executeTakeFirst(),
  );
}
