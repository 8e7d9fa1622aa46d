import type { LimitPeriod } from '@casino/shared/schemas/responsible';
import { addDays, dayRange, saoPauloDay, weekStart } from '../../lib/sao-paulo.ts';

/**
 * The calendar of the limits: São Paulo days, weeks from Monday, months from the 1st. A period
 * holds the days [first, today]; it resets at the start of the next one.
 */
export function periodDays(period: LimitPeriod, today: string): { first: string; next: string } {
  if (period === 'day') return { first: today, next: addDays(today, 1) };
  if (period === 'week') {
    const first = weekStart(today);
    return { first, next: addDays(first, 7) };
  }
  const first = `${today.slice(0, 8)}01`;
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { first, next };
}

/** The instant (ISO) a period of `today` resets: the start of the next São Paulo period. */
export function resetsAt(period: LimitPeriod, today: string): string {
  return dayRange(periodDays(period, today).next).start;
}

/** The instant (ISO) a period starts. */
export function periodStart(period: LimitPeriod, today: string): string {
  return dayRange(periodDays(period, today).first).start;
}

export { saoPauloDay };
