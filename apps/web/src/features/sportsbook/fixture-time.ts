import { currentLanguage, htmlLangOf } from '../../lib/i18n.ts';

const locale = () => htmlLangOf(currentLanguage());

/** The local calendar day of an instant ("2026-11-21"), to group and compare fixtures by day. */
export function localDayKey(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** How many days an instant is from today in the reader's time (0 today, 1 tomorrow). */
export function daysFromToday(iso: string, now = new Date()): number {
  const day = new Date(`${localDayKey(iso)}T00:00:00`);
  const today = new Date(`${localDayKey(now.toISOString())}T00:00:00`);
  return Math.round((day.getTime() - today.getTime()) / 86_400_000);
}

/** "16:00" in the reader's time. */
export function kickoffTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit' }).format(date);
}

/** "sáb., 23/11" for a day heading or a kick-off beyond tomorrow. */
export function shortDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale(), { weekday: 'short', day: '2-digit', month: '2-digit' }).format(date);
}

/** "sábado, 23 de novembro" for the day headings of a competition. */
export function longDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale(), { weekday: 'long', day: 'numeric', month: 'long' }).format(date);
}
