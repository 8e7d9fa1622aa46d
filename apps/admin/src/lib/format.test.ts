import { describe, expect, test } from 'vitest';
import {
  basisPointsToPercent,
  centavosOf,
  formatBasisPoints,
  formatDateTime,
  formatMoney,
  formatRelative,
  parseReaisInput,
  percentToBasisPoints,
} from './format';

// Intl output uses narrow no-break spaces in places; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney', () => {
  test('formats the decimal string exactly, per language', () => {
    expect(plain(formatMoney('1234.56', 'pt'))).toBe('R$ 1.234,56');
    expect(plain(formatMoney('0.00', 'pt'))).toBe('R$ 0,00');
    expect(formatMoney('1234.56', 'en')).toBe('R$1,234.56');
    // Beyond float precision the string still comes out digit for digit.
    expect(plain(formatMoney('90071992547409.93', 'pt'))).toBe('R$ 90.071.992.547.409,93');
  });

  test('leaves anything that is not a decimal string as it is', () => {
    expect(formatMoney('n/a', 'pt')).toBe('n/a');
    expect(formatMoney(null, 'pt')).toBe('—');
  });
});

describe('formatDateTime', () => {
  test('uses the Gregorian calendar with a four-digit year in every language', () => {
    expect(formatDateTime('2026-11-21T04:41:31.000Z', 'th')).toMatch(/2026/);
    expect(formatDateTime('2026-11-21T04:41:31.000Z', 'pt')).toMatch(/21\/11\/2026/);
  });

  test('reads SQL-style timestamps as UTC and shows bad input as it is', () => {
    expect(formatDateTime('2026-11-21 04:41:31', 'en')).toBe(formatDateTime('2026-11-21T04:41:31Z', 'en'));
    expect(formatDateTime('not a date', 'pt')).toBe('not a date');
    expect(formatDateTime(null, 'pt')).toBe('—');
  });
});

describe('formatRelative', () => {
  test('picks the largest fitting unit', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(formatRelative('2026-11-21T11:58:00Z', 'en', now)).toBe('2 minutes ago');
    expect(formatRelative('2026-11-21T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelative('2026-11-21T12:00:00Z', 'en', now)).toBe('now');
  });
});

describe('parseReaisInput', () => {
  test('reads reais as operators type them, in either decimal mark', () => {
    expect(parseReaisInput('200')).toBe('200.00');
    expect(parseReaisInput('200,5')).toBe('200.50');
    expect(parseReaisInput('1.234,56')).toBe('1234.56');
    expect(parseReaisInput('R$ 10.25')).toBe('10.25');
  });

  test('refuses zero, negatives, three decimals and text', () => {
    for (const bad of ['0', '0,00', '-5', '1,234', '1.2.3', 'abc', '', '1e3']) expect(parseReaisInput(bad)).toBeNull();
  });
});

describe('percent and basis points', () => {
  test('round-trips without floats', () => {
    expect(basisPointsToPercent(150)).toBe('1.50');
    expect(percentToBasisPoints('1,5')).toBe(150);
    expect(percentToBasisPoints('0')).toBe(0);
    expect(percentToBasisPoints('100')).toBe(10_000);
    expect(percentToBasisPoints('100.01')).toBeNull();
    expect(percentToBasisPoints('0.001')).toBeNull();
    expect(formatBasisPoints(150, 'pt')).toBe('1,50%');
    expect(formatBasisPoints(0, 'en')).toBe('0.00%');
  });
});

describe('centavosOf', () => {
  test('reads API money strings into whole centavos, 0 when unreadable', () => {
    expect(centavosOf('1234.56')).toBe(123_456);
    expect(centavosOf('-0.50')).toBe(-50);
    expect(centavosOf('abc')).toBe(0);
  });
});
