import { formatBRL } from '@casino/shared/money';
import { currentLanguage, htmlLangOf } from './i18n.ts';
import { moneyCentavos } from './user.ts';

/** "R$ 1.234,56" in Portuguese, formatted for the reader's language elsewhere. */
export function formatMoney(text: string | null | undefined): string {
  return formatBRL(moneyCentavos(text), currentLanguage());
}

const locale = () => htmlLangOf(currentLanguage());

/** Basis points as a percentage for the reader: 30 -> "0,30%" in pt, "0.30%" in en. Display only. */
export function formatBasisPoints(basisPoints: number): string {
  return new Intl.NumberFormat(locale(), { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    basisPoints / 10_000,
  );
}

/** A São Paulo day from the API ("2025-01-31") as the reader writes dates, without a time-zone shift. */
export function formatDay(day: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return day;
  const utc = Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  return new Intl.DateTimeFormat(locale(), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(utc);
}

/** An instant from the API as a short local date and time; an unreadable value is shown as it came. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'short', timeStyle: 'short' }).format(date);
}
