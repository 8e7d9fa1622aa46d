import { AppError } from './http.ts';
import { addDays, dayRange, isRealDay, saoPauloDay } from './sao-paulo.ts';

export interface ReportRange {
  from: string;
  to: string;
  /** The half-open UTC interval [start, end) the days cover. */
  start: string;
  end: string;
}

/**
 * The São Paulo days of a back-office report (both ends included): `to` defaults to today and
 * `from` to `defaultDays` before it; a day that does not exist, a reversed range or one longer
 * than `maxDays` answers 422 on the field at fault.
 */
export function reportRange(
  from: string | undefined,
  to: string | undefined,
  limits: { defaultDays: number; maxDays: number },
  now = Date.now(),
): ReportRange {
  const toDay = to ?? saoPauloDay(now);
  if (!isRealDay(toDay)) throw new AppError('VALIDATION_FAILED', { fieldErrors: { to: ['validation.date_format'] } });
  const fromDay = from ?? addDays(toDay, -(limits.defaultDays - 1));
  if (!isRealDay(fromDay)) throw new AppError('VALIDATION_FAILED', { fieldErrors: { from: ['validation.date_format'] } });
  if (fromDay > toDay) throw new AppError('VALIDATION_FAILED', { fieldErrors: { from: ['validation.date_order'] } });
  if (addDays(fromDay, limits.maxDays - 1) < toDay) {
    throw new AppError('VALIDATION_FAILED', {
      fieldErrors: { from: ['validation.date_range_too_long'] },
      messageValues: { days: limits.maxDays },
    });
  }
  return { from: fromDay, to: toDay, start: dayRange(fromDay).start, end: dayRange(toDay).end };
}
