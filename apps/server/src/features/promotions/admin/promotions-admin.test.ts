import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/http.ts';
import { costGroupOf, reportRange } from './cost-report.service.ts';
import { redeemCodeState } from './redeem-codes-admin.service.ts';

const NOON_UTC = Date.parse('2025-03-10T15:00:00.000Z');

describe('reportRange', () => {
  it('defaults to the last 30 São Paulo days, both included, as a half-open UTC interval', () => {
    const range = reportRange(undefined, undefined, NOON_UTC);
    expect([range.from, range.to, range.days.length]).toEqual(['2025-02-09', '2025-03-10', 30]);
    expect([range.start, range.end]).toEqual(['2025-02-09T03:00:00.000Z', '2025-03-11T03:00:00.000Z']);
  });

  it('reads the São Paulo day of the instant: 01:00 UTC is still the day before in Brazil', () => {
    expect(reportRange(undefined, undefined, Date.parse('2025-03-10T01:00:00.000Z')).to).toBe('2025-03-09');
  });

  it('refuses days that do not exist, reversed ranges and more than 92 days', () => {
    const field = (from: string, to: string) => {
      try {
        reportRange(from, to, NOON_UTC);
        return null;
      } catch (error) {
        return error instanceof AppError ? Object.keys(error.fieldErrors ?? {}) : 'other';
      }
    };
    expect(field('2025-02-29', '2025-03-01')).toEqual(['from']);
    expect(field('2025-03-01', '2025-02-31')).toEqual(['to']);
    expect(field('2025-03-02', '2025-03-01')).toEqual(['from']);
    expect(field('2025-01-01', '2025-04-03')).toEqual(['from']);
    expect(reportRange('2025-01-01', '2025-04-02', NOON_UTC).days.length).toBe(92);
  });
});

describe('costGroupOf', () => {
  it('puts rebates, VIP rewards and commissions apart from the activity bonuses', () => {
    expect(['rebate', 'vip_levelup', 'agency_commission', 'ftd', 'redeemcode'].map(costGroupOf)).toEqual([
      'rebates',
      'vip',
      'agency',
      'bonuses',
      'bonuses',
    ]);
  });
});

describe('redeemCodeState', () => {
  const code = {
    id: 1,
    site_id: 1,
    code: 'PIX2025',
    amount_centavos: 1_000,
    wagering_multiple: 1,
    max_uses: 10,
    used_count: 0,
    min_vip_level: 0,
    starts_at: null,
    ends_at: null,
    enabled: 1,
    created_at: '2025-03-01T00:00:00.000Z',
  };

  it('says what a member typing the code would meet', () => {
    expect(redeemCodeState(code, NOON_UTC)).toBe('active');
    expect(redeemCodeState({ ...code, enabled: 0, used_count: 10 }, NOON_UTC)).toBe('disabled');
    expect(redeemCodeState({ ...code, used_count: 10 }, NOON_UTC)).toBe('used_up');
    expect(redeemCodeState({ ...code, ends_at: '2025-03-10T15:00:00.000Z' }, NOON_UTC)).toBe('expired');
    expect(redeemCodeState({ ...code, starts_at: '2025-03-11T00:00:00.000Z' }, NOON_UTC)).toBe('scheduled');
  });
});
