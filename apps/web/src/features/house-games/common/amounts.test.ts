import { describe, expect, test } from 'vitest';
import { formatRtpIn, parseTypedAmount } from './amounts.ts';

describe('parseTypedAmount', () => {
  test.each([
    ['10', 1000],
    ['10,5', 1050],
    ['10.5', 1050],
    ['0,01', 1],
    [',5', 50],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['1.234', 123400],
    ['R$ 5,00', 500],
    [' 2,00 ', 200],
  ])('%s is %d centavos', (text, centavos) => {
    expect(parseTypedAmount(text)).toBe(centavos);
  });

  test.each(['', '.', 'abc', '-1', '1,234,5x', '1e3', '9999999999999'])('%s is refused', (text) => {
    expect(parseTypedAmount(text)).toBeNull();
  });

  test('a third decimal is read as a thousands group, never as a fraction of a centavo', () => {
    expect(parseTypedAmount('0,001')).toBe(100);
  });
});

describe('formatRtpIn', () => {
  test.each([
    ['95.95', 'pt', '95,95'],
    ['95.95', 'en', '95.95'],
    ['97.29', 'tr', '97,29'],
    ['99', 'pt', '99,00'],
    ['98.9', 'pt', '98,90'],
    ['96.27', 'xx', '96,27'],
  ])('%s in %s is %s', (rtp, lang, text) => {
    expect(formatRtpIn(rtp, lang)).toBe(text);
  });

  test('an unexpected figure is shown as it came', () => {
    expect(formatRtpIn('n/a', 'pt')).toBe('n/a');
  });
});
