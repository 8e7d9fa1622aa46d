import { formatCentavos } from '@casino/shared/money';
import type { AppContext } from '../../context.ts';
import * as repo from './order-center.repository.ts';

/**
 * The member's order centre: deposits, withdrawals, bonuses and fees per Brazilian day.
 * America/Sao_Paulo is UTC-3 all year, so a Brazilian day starts at 03:00 UTC.
 */

const DAY_MS = 86_400_000;
const BRAZIL_OFFSET_MS = 3 * 3_600_000;
const CHART_DAYS = 7;
const LIST_LIMIT = 100;

/** The last `count` Brazilian days, oldest first, the last one being today. */
export function brazilianDays(now: number, count: number): (repo.Bucket & { date: string })[] {
  const todayStart = Math.floor((now - BRAZIL_OFFSET_MS) / DAY_MS) * DAY_MS + BRAZIL_OFFSET_MS;
  return Array.from({ length: count }, (_, i) => {
    const start = todayStart - (count - 1 - i) * DAY_MS;
    return {
      start: new Date(start).toISOString(),
      end: new Date(start + DAY_MS).toISOString(),
      date: new Date(start - BRAZIL_OFFSET_MS).toISOString().slice(0, 10),
    };
  });
}

interface Totals {
  recharge: number;
  withdraw: number;
  bonus: number;
  fee: number;
}

const toOrderTotals = (t: Totals) => ({
  total_recharge_amount: formatCentavos(t.recharge),
  total_withdraw_amount: formatCentavos(t.withdraw),
  total_bonus_amount: formatCentavos(t.bonus),
  total_fee_amount: formatCentavos(t.fee),
});

function sumDays(days: Totals[]): Totals {
  return days.reduce(
    (sum, d) => ({
      recharge: sum.recharge + d.recharge,
      withdraw: sum.withdraw + d.withdraw,
      bonus: sum.bonus + d.bonus,
      fee: sum.fee + d.fee,
    }),
    { recharge: 0, withdraw: 0, bonus: 0, fee: 0 },
  );
}

export async function orderCenterDetails(ctx: AppContext, memberId: number, days: 1 | 3 | 7, now = Date.now()) {
  const buckets = brazilianDays(now, CHART_DAYS);
  const deposits = await repo.creditedDeposits(ctx.db, memberId, buckets);
  const withdrawals = await repo.paidWithdrawals(ctx.db, memberId, buckets);
  const bonus = await repo.bonusEntries(ctx.db, memberId, buckets);
  const daily: Totals[] = buckets.map((_, i) => ({
    recharge: deposits.amount[i] ?? 0,
    withdraw: withdrawals.amount[i] ?? 0,
    bonus: bonus[i] ?? 0,
    fee: (deposits.fee[i] ?? 0) + (withdrawals.fee[i] ?? 0),
  }));
  const lastDays = (n: number) => sumDays(daily.slice(CHART_DAYS - n));
  return {
    details: toOrderTotals(lastDays(days)),
    ranges: {
      today: toOrderTotals(lastDays(1)),
      last_3_days: toOrderTotals(lastDays(3)),
      last_7_days: toOrderTotals(lastDays(7)),
    },
    daily: daily.map((d, i) => ({ date: buckets[i]!.date, ...toOrderTotals(d) })),
  };
}

/** Deposits and withdrawals that carried a fee, newest first. */
export async function orderCenterFees(ctx: AppContext, memberId: number) {
  const deposits = await repo.depositFees(ctx.db, memberId, LIST_LIMIT);
  const withdrawals = await repo.withdrawalFees(ctx.db, memberId, LIST_LIMIT);
  const items = [
    ...deposits.map((row) => ({ ...row, kind: 'deposit' as const })),
    ...withdrawals.map((row) => ({ ...row, kind: 'withdraw' as const })),
  ];
  items.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  return {
    fee: items.slice(0, LIST_LIMIT).map((row) => ({
      order_no: row.order_no,
      kind: row.kind,
      amount: formatCentavos(row.amount_centavos),
      fee: formatCentavos(row.fee_centavos),
      created_at: row.created_at,
    })),
  };
}

/** The member's last ledger entries, each with why the money moved. */
export async function orderCenterAssociation(ctx: AppContext, memberId: number) {
  const rows = await repo.latestEntries(ctx.db, memberId, LIST_LIMIT);
  return {
    association: rows.map((row) => ({
      id: row.id,
      code: row.code,
      amount: formatCentavos(row.amount_centavos),
      balance_after: row.balance_after_centavos === null ? null : formatCentavos(row.balance_after_centavos),
      created_at: row.created_at,
    })),
  };
}
