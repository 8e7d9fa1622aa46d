import { describe, expect, it } from 'vitest';
import { formatBRL, formatCentavos, moneyStringToCentavos, parseReais } from './money.ts';

describe('money', () => {
  it('parses reais into integer centavos without floats', () => {
    expect(parseReais('100')).toBe(10_000);
    expect(parseReais('100.5')).toBe(10_050);
    expect(parseReais('100.50')).toBe(10_050);
    expect(parseReais(0.1)).toBe(10);
    expect(parseReais(19.99)).toBe(1_999);
    expect(parseReais('0.29')).toBe(29);
  });

  it('rejects more than two decimals, negatives, NaN, exponents and absurd sizes', () => {
    for (const bad of [
      '1.234',
      '-1',
      'abc',
      '',
      ' ',
      '1e5',
      'NaN',
      '1,50',
      '9999999999999',
      Number.NaN,
      -5,
      Number.POSITIVE_INFINITY,
      1e21,
    ]) {
      expect(parseReais(bad as string)).toBeNull();
    }
  });

  it('formats API strings and Brazilian reais', () => {
    expect(formatCentavos(0)).toBe('0.00');
    expect(formatCentavos(123_456)).toBe('1234.56');
    expect(formatCentavos(-5)).toBe('-0.05');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(123_456)).toBe('R$ 1.234,56');
    expect(moneyStringToCentavos('12.34')).toBe(1_234);
    expect(moneyStringToCentavos('-0.05')).toBe(-5);
  });
});
