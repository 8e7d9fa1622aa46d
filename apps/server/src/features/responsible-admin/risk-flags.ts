import { formatCentavos } from '@casino/shared/money';
import type { RiskFlagView } from '@casino/shared/schemas/responsible-admin';
import type { Database } from '../../db/database.ts';
import { addDays, dayRange, daysBetween, saoPauloDay } from '../../lib/sao-paulo.ts';
import * as repo from './responsible-admin.repository.ts';

/**
 * Risk flags (docs/RESPONSIBLE-GAMING.md "Risk flags"): simple, documented signs an operator looks
 * at, never an automatic action. Each looks at the last RISK_WINDOW_DAYS São Paulo days, today
 * included:
 * - deposits_rising: three consecutive days whose credited deposits each exceed the day before
 *   (the first of the three above zero);
 * - limit_hits: limits refused the member RISK_LIMIT_HITS times or more;
 * - night_play: a stake between 00:00 and 06:00 São Paulo time;
 * - deposit_after_loss: a deposit credited within RISK_LOSS_MINUTES after play lost money (the
 *   member's stakes minus wins and refunds over those minutes above zero).
 */
export const RISK_WINDOW_DAYS = 7;
export const RISK_LIMIT_HITS = 3;
export const RISK_LOSS_MINUTES = 30;
export const RISK_NIGHT_HOURS = 6;
/** Deposits looked at per member (the newest window's first ones; a heavier depositor is flagged long before). */
const DEPOSITS_LOOKED_AT = 200;

/** Three consecutive days, each above the one before; the days and totals of the first such run. */
export function risingRun(days: string[], totals: Map<string, number>): Array<[string, number]> | null {
  for (let i = 0; i + 2 < days.length; i++) {
    const run = days.slice(i, i + 3).map((day) => [day, totals.get(day) ?? 0] as [string, number]);
    const [a, b, c] = run.map(([, total]) => total) as [number, number, number];
    if (a > 0 && b > a && c > b) return run;
  }
  return null;
}

export async function riskFlags(db: Database, memberId: number, nowIso: string): Promise<RiskFlagView[]> {
  const today = saoPauloDay(nowIso);
  const first = addDays(today, -(RISK_WINDOW_DAYS - 1));
  const days = daysBetween(first, today);
  const since = dayRange(first).start;
  const flags: RiskFlagView[] = [];

  const deposits = await repo.creditedDepositsSince(db, memberId, since, DEPOSITS_LOOKED_AT);
  const totals = new Map<string, number>();
  for (const d of deposits) {
    const day = saoPauloDay(d.credited_at!);
    totals.set(day, (totals.get(day) ?? 0) + Number(d.amount_centavos));
  }
  const run = risingRun(days, totals);
  if (run) flags.push({ flag: 'deposits_rising', detail: run.map(([day, total]) => `${day}: ${formatCentavos(total)}`).join(' < ') });

  const hits = await repo.limitHitsBetween(db, memberId, first, today);
  if (hits >= RISK_LIMIT_HITS) flags.push({ flag: 'limit_hits', detail: String(hits) });

  for (const day of days) {
    const start = dayRange(day).start;
    const end = new Date(Date.parse(start) + RISK_NIGHT_HOURS * 3_600_000).toISOString();
    const at = await repo.firstStakeBetween(db, memberId, start, end);
    if (at) {
      flags.push({ flag: 'night_play', detail: at });
      break;
    }
  }

  for (const d of deposits) {
    const at = d.credited_at!;
    const from = new Date(Date.parse(at) - RISK_LOSS_MINUTES * 60_000).toISOString();
    const net = await repo.playNetBetween(db, memberId, from, at);
    if (net < 0) {
      flags.push({ flag: 'deposit_after_loss', detail: `${at}: -${formatCentavos(-net)} / +${formatCentavos(Number(d.amount_centavos))}` });
      break;
    }
  }
  return flags;
}
