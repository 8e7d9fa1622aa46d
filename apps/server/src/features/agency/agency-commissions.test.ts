import { describe, expect, it } from 'vitest';
import { commissionOf } from './agency-commissions.ts';
import { loadConfig } from '../../config.ts';
import { agencySchedulerEnabled, daysDue, saoPauloTime } from './agency-scheduler.ts';
import { inviteLink, maskAccount } from './agency.service.ts';

describe('commissionOf', () => {
  it('floors base x rate / 10000 to the centavo', () => {
    expect(commissionOf(12_345, 100)).toBe(123); // 1% of 123.45 = 1.2345
    expect(commissionOf(99_999, 25)).toBe(249); // 0.25% of 999.99 = 2.4999...
    expect(commissionOf(3_333, 30)).toBe(9); // 0.3% of 33.33 = 0.09999
    expect(commissionOf(33, 30)).toBe(0); // below one centavo pays nothing
    expect(commissionOf(0, 100)).toBe(0);
  });

  it('stays exact where base x rate passes 2^53', () => {
    expect(commissionOf(1_000_000_000_000_001, 1_000)).toBe(100_000_000_000_000);
    expect(commissionOf(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses negative or fractional inputs (a bug upstream, not a value to pay)', () => {
    expect(() => commissionOf(-1, 100)).toThrow(RangeError);
    expect(() => commissionOf(1.5, 100)).toThrow(RangeError);
    expect(() => commissionOf(100, -1)).toThrow(RangeError);
  });
});

describe('maskAccount', () => {
  it('shows only the edges of an indirect subordinate', () => {
    expect(maskAccount('joao12')).toBe('jo***12');
    expect(maskAccount('mariasilva')).toBe('ma***va');
    expect(maskAccount('abcd')).toBe('a***');
  });
});

describe('inviteLink', () => {
  it('points the register form at the code (?invite_code=)', () => {
    expect(inviteLink('https://aurora.bet/', 'AB12CD')).toBe('https://aurora.bet/?invite_code=AB12CD');
    expect(inviteLink('http://localhost:3000', 'XY9')).toBe('http://localhost:3000/?invite_code=XY9');
  });
});

describe('the settlement schedule', () => {
  // 2025-03-10 03:05 UTC is 00:05 in São Paulo (UTC-3): yesterday (03-09) waits for 00:10.
  const justAfterMidnight = new Date('2025-03-10T03:05:00Z');
  const afterSettleTime = new Date('2025-03-10T03:10:00Z');

  it('reads São Paulo wall-clock time', () => {
    expect(saoPauloTime(justAfterMidnight)).toBe('00:05');
    expect(saoPauloTime(new Date('2025-03-10T02:59:00Z'))).toBe('23:59');
  });

  it('settles older missed days at once and yesterday only from the settlement time on', () => {
    const unsettled = ['2025-03-05', '2025-03-09'];
    expect(daysDue(unsettled, justAfterMidnight, '00:10')).toEqual(['2025-03-05']);
    expect(daysDue(unsettled, afterSettleTime, '00:10')).toEqual(['2025-03-05', '2025-03-09']);
  });
});

describe('agencySchedulerEnabled', () => {
  it('runs everywhere but in tests unless AGENCY_SCHEDULER says otherwise', () => {
    expect(agencySchedulerEnabled(loadConfig({ NODE_ENV: 'test' }))).toBe(false);
    expect(agencySchedulerEnabled(loadConfig({ NODE_ENV: 'test', AGENCY_SCHEDULER: 'on' }))).toBe(true);
    expect(agencySchedulerEnabled(loadConfig({ NODE_ENV: 'development' }))).toBe(true);
    expect(agencySchedulerEnabled(loadConfig({ NODE_ENV: 'development', AGENCY_SCHEDULER: 'off' }))).toBe(false);
  });

  it('stops the server on a settlement time that is not HH:MM', () => {
    expect(() => loadConfig({ AGENCY_SETTLE_AT: '24:00' })).toThrow(/AGENCY_SETTLE_AT/);
    expect(() => loadConfig({ AGENCY_SETTLE_AT: '0:10' })).toThrow(/AGENCY_SETTLE_AT/);
    expect(loadConfig({ AGENCY_SETTLE_AT: '23:59' }).AGENCY_SETTLE_AT).toBe('23:59');
  });
});
