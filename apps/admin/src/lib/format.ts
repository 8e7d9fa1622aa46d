import type { LanguageCode } from '@casino/shared/languages';
import { formatCentavos, moneyStringToCentavos, parseReais } from '@casino/shared/money';
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

/** Centavos of an API money string, to compare, sort, sum or draw amounts (0 when unreadable). */
export function centavosOf(money: string): number {
  return moneyStringToCentavos(money) ?? 0;
}

export function formatNumber(value: number, language: LanguageCode): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

/**
 * Reais typed by an operator ("200", "200,5", "1.234,56", "1234.56") to the API's "1234.56" form;
 * null when it is not a positive amount with at most two decimals. Parsed as text, never as a float.
 */
export function parseReaisInput(text: string): string | null {
  let value = text
    .trim()
    .replace(/^R\$\s*/i, '')
    .replace(/\s/g, '');
  // With a comma, the comma is the decimal mark and dots group thousands (pt-BR).
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  const centavos = parseReais(value);
  return centavos === null || centavos === 0 ? null : formatCentavos(centavos);
}

/** Basis points (150) to the percent text operators read ("1.50"). */
export function basisPointsToPercent(bp: number): string {
  return formatCentavos(bp);
}

/** Basis points as a percent for the language ("1,50%" in pt), formatted from the exact decimal string. */
export function formatBasisPoints(bp: number, language: LanguageCode): string {
  const number = new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${number.format(basisPointsToPercent(bp) as `${number}`)}%`;
}

/** A percent typed by an operator ("1,5", "2.25") to basis points; null when out of 0..100 or finer than 0.01. */
export function percentToBasisPoints(text: string): number | null {
  const bp = parseReais(text.trim().replace(',', '.'));
  return bp !== null && bp <= 10_000 ? bp : null;
}
