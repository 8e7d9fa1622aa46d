import { describe, expect, it } from 'vitest';
import { addDays, presetRange, saoPauloToday } from './sao-paulo-days';

describe('São Paulo days', () => {
  it('names the day in São Paulo, three hours behind UTC', () => {
    expect(saoPauloToday(new Date('2025-03-10T02:59:00Z'))).toBe('2025-03-09');
    expect(saoPauloToday(new Date('2025-03-10T03:00:00Z'))).toBe('2025-03-10');
  });

  it('counts days across months and leap years', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('turns a preset into its days, today included', () => {
    const today = '2025-03-10';
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('yesterday', today)).toEqual({ from: '2025-03-09', to: '2025-03-09' });
    expect(presetRange('7d', today)).toEqual({ from: '2025-03-04', to: today });
    expect(presetRange('30d', today)).toEqual({ from: '2025-02-09', to: today });
    expect(presetRange('month', today)).toEqual({ from: '2025-03-01', to: today });
    expect(presetRange('90d', today)).toEqual({ from: '2024-12-11', to: today });
  });
});
