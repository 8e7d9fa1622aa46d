import { DAY_PATTERN, saoPauloToday } from '../../../lib/sao-paulo-days';

/** A finished São Paulo day: the only kind the server settles (it settles each one after it ends). */
export function isSettleableDay(day: string, now: Date = new Date()): boolean {
  return DAY_PATTERN.test(day) && day < saoPauloToday(now);
}
