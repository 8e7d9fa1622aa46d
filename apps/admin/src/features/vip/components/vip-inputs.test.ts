import { describe, expect, it } from 'vitest';
import { parseRatePercent, parseReaisOrZero } from './vip-inputs';

describe('VIP screen inputs', () => {
  it('reads reais as typed in Brazil or in API form, zero included', () => {
    expect(parseReaisOrZero('1.234,56')).toBe('1234.56');
    expect(parseReaisOrZero('R$ 1000')).toBe('1000.00');
    expect(parseReaisOrZero('0')).toBe('0.00');
    expect(parseReaisOrZero('8888.5')).toBe('8888.50');
    for (const bad of ['', '-1', '1,234', '1.2.3', 'abc', '1e3']) expect(parseReaisOrZero(bad), bad).toBeNull();
  });

  it('reads rebate rates in percent up to 10%', () => {
    expect(parseRatePercent('0,30')).toBe(30);
    expect(parseRatePercent('1.2')).toBe(120);
    expect(parseRatePercent('0')).toBe(0);
    expect(parseRatePercent('10%')).toBe(1_000);
    for (const bad of ['', '10.01', '-0.1', '0.305', 'x']) expect(parseRatePercent(bad), bad).toBeNull();
  });
});
