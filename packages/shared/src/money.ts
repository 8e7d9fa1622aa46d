/**
 * Money is integer centavos everywhere (DESIGN.md section 2). Never floats: input is parsed by
 * splitting the string, output is formatted from integers.
 */

import { formatterFor } from './number-format.ts';

export type Centavos = number & { readonly __brand: 'Centavos' };

/** Largest amount the product accepts anywhere: R$ 1 000 000 000,00. */
export const MAX_CENTAVOS = 100_000_000_000;

export function centavos(value: number): Centavos {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer amount of centavos: ${value}`);
  return value as Centavos;
}

/** Parses reais given as "100", "100.5", "100.50" or a number with at most two decimals. */
export function parseReais(input: string | number): Centavos | null {
  const text = typeof input === 'number' ? numberToPlainString(input) : input.trim();
  if (text === null) return null;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const value = whole * 100 + fraction;
  return value > MAX_CENTAVOS ? null : centavos(value);
}

function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value) || value < 0) return null;
  // String(0.1) is "0.1", String(1e21) is "1e+21" (rejected by the pattern), so this is exact
  // for every number a person types.
  return String(value);
}

/** "0.00" form used in API answers. */
export function formatCentavos(value: number): string {
  const negative = value < 0;
  const abs = Math.abs(value);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

const BRL_LOCALE: Record<string, string> = {
  pt: 'pt-BR',
  en: 'en-US',
  zh: 'zh-CN',
  vi: 'vi-VN',
  id: 'id-ID',
  ms: 'ms-MY',
  th: 'th-TH',
  tr: 'tr-TR',
};

const brlFormatter = formatterFor({ style: 'currency', currency: 'BRL' });

/** "R$ 1.234,56" in Portuguese; formatted for the reader's language elsewhere. */
export function formatBRL(value: number, lang = 'pt'): string {
  // Intl works on numbers; dividing an integer by 100 is exact enough for display only.
  return brlFormatter(BRL_LOCALE[lang] ?? 'pt-BR')
    .format(value / 100)
    .replace(/\u00a0/g, ' ');
}

/** Money strings ("12.34", "-5.00") from the API back to centavos, for display code. */
export function moneyStringToCentavos(text: string): number | null {
  const negative = text.startsWith('-');
  const value = parseReais(negative ? text.slice(1) : text);
  if (value === null) return null;
  return negative ? -value : value;
}
