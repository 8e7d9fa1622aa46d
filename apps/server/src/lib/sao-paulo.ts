/**
 * The Brazilian calendar of every daily figure (rebates, loss relief, agency settlement, weekly
 * rewards). America/Sao_Paulo is UTC-3 all year (no daylight saving since 2019), so a Brazilian
 * day starts at 03:00 UTC.
 */
export const SAO_PAULO_TIME_ZONE = 'America/Sao_Paulo';
const DAY_MS = 86_400_000;
const OFFSET_MS = 3 * 3_600_000;

/** The São Paulo day (YYYY-MM-DD) of an instant. */
export function saoPauloDay(at: Date | number | string = Date.now()): string {
  const ms = typeof at === 'number' ? at : new Date(at).getTime();
  return new Date(ms - OFFSET_MS).toISOString().slice(0, 10);
}

/** The UTC instants [start, end) of a São Paulo day, as ISO strings. */
export function dayRange(day: string): { start: string; end: string } {
  const start = Date.parse(`${day}T00:00:00.000Z`) + OFFSET_MS;
  return { start: new Date(start).toISOString(), end: new Date(start + DAY_MS).toISOString() };
}

/** `day` moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the ISO week holding `day`. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every São Paulo day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Whether `day` is a calendar day written YYYY-MM-DD ("2025-02-30" has the shape and no day). */
export function isRealDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const parsed = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === day;
}

const DATE_LOCALES: Record<string, string> = {
  pt: 'pt-BR',
  en: 'en-GB',
  zh: 'zh-CN',
  vi: 'vi-VN',
  th: 'th-TH',
  id: 'id-ID',
  ms: 'ms-MY',
  tr: 'tr-TR',
};

/** An instant as a reader of `lang` writes a date and time, on the São Paulo clock ("28/11/2026 00:00"). */
export function formatSaoPauloTime(at: string | Date, lang: string): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[lang] ?? 'pt-BR', {
    timeZone: SAO_PAULO_TIME_ZONE,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(at));
}
