import type { LanguageCode } from '@casino/shared/languages';
import { localeOf } from './i18n';

function parseDate(value: string): Date | null {
  // "2025-01-02 03:04:05" (SQL style) is read as UTC, like the ISO form.
  const normalised = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Operators compare times across languages (and with the audit trail), so every language shows
 * the Gregorian calendar with a four-digit year and seconds, in the operator's own time zone.
 */
const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  calendar: 'gregory',
  numberingSystem: 'latn',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

export function formatDateTime(value: string | null | undefined, language: LanguageCode): string {
  if (!value) return '—';
  const date = parseDate(value);
  if (!date) return value;
  return new Intl.DateTimeFormat(localeOf(language), DATE_TIME_OPTIONS).format(date);
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

export function formatRelative(value: string | null | undefined, language: LanguageCode, now = Date.now()): string {
  if (!value) return '—';
  const date = parseDate(value);
  if (!date) return value;
  let amount = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) {
      return new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' }).format(amount, unit);
    }
    amount = Math.round(amount / size);
  }
  return formatDateTime(value, language);
}

/**
 * Money arrives as a decimal string of reais ("1234.56"); Intl formats the string itself, so no
 * float ever touches the amount.
 */
export function formatMoney(value: string | null | undefined, language: LanguageCode): string {
  if (value === null || value === undefined || !/^-?\d+(\.\d+)?$/.test(value)) return value ?? '—';
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'BRL' }).format(value as `${number}`);
}

export function formatNumber(value: number, language: LanguageCode): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}
