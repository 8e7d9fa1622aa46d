import { parseReais } from '@casino/shared/money';

/**
 * The centre's pure arithmetic: typed amounts, progress of a limit, the São Paulo calendar of the
 * statement, when the next reality check is due, and the chart's scale. No React, no DOM.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * A limit typed in reais ("500", "1.500,00", "R$ 250,50", "99.90") to centavos; null when it is
 * not a positive amount with at most two decimals.
 */
export function parseLimitReais(input: string): number | null {
  let text = input
    .trim()
    .replace(/^R\$\s*/i, '')
    .replace(/\s/g, '');
  if (text === '') return null;
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(text)) text = text.replace(/\./g, '');
  const value = parseReais(text);
  return value === null || value <= 0 ? null : value;
}

/** Minutes typed as digits; null unless a whole number from 1 to `max`. */
export function parseMinutes(input: string, max: number): number | null {
  const text = input.trim();
  if (!/^\d{1,4}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

/** Centavos as the input shows them again: 50000 -> "500", 25050 -> "250,50". */
export function centavosToInput(value: number): string {
  const reais = Math.floor(value / 100);
  const cents = value % 100;
  return cents === 0 ? String(reais) : `${reais},${String(cents).padStart(2, '0')}`;
}

/** How much of a limit is used, from 0 to 1 (a limit passed shows full). */
export function usedShare(used: number, limit: number | null): number {
  if (limit === null || limit <= 0) return 0;
  return Math.min(1, Math.max(0, used / limit));
}

/** "2026-11-28" in São Paulo for an instant (the statement's days are São Paulo days). */
export function saoPauloDay(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A calendar day moved by whole days ("2026-03-01", -1 -> "2026-02-28"). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  const parse = (day: string) => {
    const [y, m, d] = day.split('-').map(Number);
    return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  };
  return Math.round((parse(to) - parse(from)) / DAY_MS) + 1;
}

/**
 * When the reality check is next due: the first multiple of the interval after the session's
 * start that is later than the last one the member answered (`answeredAt`, or the start).
 * Null when the member turned it off or there is no session.
 */
export function nextRealityCheckAt(startedAtMs: number, intervalMinutes: number, answeredAtMs: number | null): number | null {
  if (intervalMinutes <= 0 || !Number.isFinite(startedAtMs)) return null;
  const step = intervalMinutes * MINUTE_MS;
  const since = Math.max(startedAtMs, answeredAtMs ?? startedAtMs);
  const passed = Math.floor((since - startedAtMs) / step);
  return startedAtMs + (passed + 1) * step;
}

/** Seconds as hours and minutes: { hours: 1, minutes: 5 }. */
export function splitDuration(seconds: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(seconds / 60));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/**
 * A round top for the chart's axis: 1, 2 or 5 times a power of ten, at least the largest value
 * (centavos). An empty period still gets a scale of R$ 10,00.
 */
export function niceCeiling(value: number): number {
  if (value <= 1000) return 1000;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}
