import { describe, expect, test } from 'vitest';
import { displayOdds, oddsHundredths } from './odds-format.ts';

describe('displayOdds', () => {
  test.each([
    ['1.85', '1.85', '17/20', '-118'],
    ['2.00', '2.00', '1/1', '+100'],
    ['3.50', '3.50', '5/2', '+250'],
    ['1.01', '1.01', '1/100', '-10000'],
    ['1.50', '1.50', '1/2', '-200'],
    ['11.00', '11.00', '10/1', '+1000'],
    ['1000.00', '1000.00', '999/1', '+99900'],
  ])('%s reads %s, %s, %s', (decimal, asDecimal, fractional, american) => {
    expect(displayOdds(decimal, 'decimal')).toBe(asDecimal);
    expect(displayOdds(decimal, 'fractional')).toBe(fractional);
    expect(displayOdds(decimal, 'american')).toBe(american);
  });

  test('what is not a two-decimal price above 1.00 is shown as it came', () => {
    expect(displayOdds('1.00', 'american')).toBe('1.00');
    expect(displayOdds('abc', 'fractional')).toBe('abc');
    expect(displayOdds('1.5', 'fractional')).toBe('1.5');
  });
});

test('oddsHundredths reads exactly two decimals', () => {
  expect(oddsHundredths('1.85')).toBe(185);
  expect(oddsHundredths('1000.00')).toBe(100_000);
  expect(oddsHundredths('1.8')).toBeNull();
  expect(oddsHundredths('-1.80')).toBeNull();
});
