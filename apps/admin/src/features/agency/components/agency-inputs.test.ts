import { describe, expect, it } from 'vitest';
import { isSettleableDay } from './agency-days';
import { exampleCommissionCentavos, parseAgencyRate } from './agency-rate-inputs';

describe('parseAgencyRate', () => {
  it('reads percents with a dot or a comma into basis points', () => {
    expect(parseAgencyRate('1')).toBe(100);
    expect(parseAgencyRate('0,5')).toBe(50);
    expect(parseAgencyRate('0.25')).toBe(25);
    expect(parseAgencyRate(' 10 ')).toBe(1_000);
    expect(parseAgencyRate('0')).toBe(0);
  });

  it('refuses more than 10%, finer than 0.01%, negatives and text', () => {
    for (const bad of ['10.01', '11', '0.001', '-1', 'abc', '', '1e2', '1.2.3']) expect(parseAgencyRate(bad)).toBeNull();
  });
});

describe('exampleCommissionCentavos', () => {
  it('floors like the settlement', () => {
    expect(exampleCommissionCentavos(100)).toBe(100);
    expect(exampleCommissionCentavos(5)).toBe(5);
    expect(exampleCommissionCentavos(25, 99_999)).toBe(249);
  });
});

describe('settlement days', () => {
  it('settles only days that have ended there', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(isSettleableDay('2025-03-09', now)).toBe(true);
    expect(isSettleableDay('2025-03-10', now)).toBe(false);
    expect(isSettleableDay('', now)).toBe(false);
  });
});
