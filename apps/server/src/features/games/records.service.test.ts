import { describe, expect, it } from 'vitest';
import { zoneDayStart } from './records.service.ts';

/** "Today" in the game record is a calendar day in Brazil, whatever the server's own zone. */
describe('zoneDayStart', () => {
  it('starts today at midnight in São Paulo (UTC-3)', () => {
    expect(zoneDayStart(new Date('2025-03-10T15:00:00Z'), 0).toISOString()).toBe('2025-03-10T03:00:00.000Z');
  });

  it('is still the previous day in Brazil shortly after midnight UTC', () => {
    // 01:30 UTC on the 11th is 22:30 on the 10th in São Paulo.
    expect(zoneDayStart(new Date('2025-03-11T01:30:00Z'), 0).toISOString()).toBe('2025-03-10T03:00:00.000Z');
  });

  it('counts 3 and 7 days as today and the days before it, across a month end', () => {
    expect(zoneDayStart(new Date('2025-03-01T12:00:00Z'), 2).toISOString()).toBe('2025-02-27T03:00:00.000Z');
    expect(zoneDayStart(new Date('2025-03-01T12:00:00Z'), 6).toISOString()).toBe('2025-02-23T03:00:00.000Z');
  });

  it('follows a zone with daylight saving (the rule is the zone’s, not a fixed offset)', () => {
    // São Paulo kept DST until 2019: on 2018-12-01 it was UTC-2.
    expect(zoneDayStart(new Date('2018-12-01T12:00:00Z'), 0).toISOString()).toBe('2018-12-01T02:00:00.000Z');
    expect(zoneDayStart(new Date('2025-07-01T12:00:00Z'), 0, 'Europe/Lisbon').toISOString()).toBe('2025-06-30T23:00:00.000Z');
  });
});
