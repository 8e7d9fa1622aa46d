import { describe, expect, test } from 'vitest';
import {
  addDays,
  centavosToInput,
  daysBetween,
  nextRealityCheckAt,
  niceCeiling,
  parseLimitReais,
  parseMinutes,
  saoPauloDay,
  splitDuration,
  usedShare,
} from './care-math.ts';

describe('parseLimitReais', () => {
  test.each([
    ['500', 50_000],
    ['1.500', 150_000],
    ['1.500,00', 150_000],
    ['R$ 250,50', 25_050],
    ['99.90', 9_990],
    ['0,01', 1],
    // A Brazilian groups thousands with dots.
    ['10.999', 1_099_900],
  ])('%s is %i centavos', (input, expected) => {
    expect(parseLimitReais(input)).toBe(expected);
  });

  test.each(['', '0', '0,00', '-5', 'abc', '1,234', '1,5,0', '1e3'])('%s is refused', (input) => {
    expect(parseLimitReais(input)).toBeNull();
  });

  test('centavosToInput gives back what parses to the same value', () => {
    for (const value of [1, 99, 100, 25_050, 150_000]) expect(parseLimitReais(centavosToInput(value))).toBe(value);
  });
});

test('parseMinutes takes whole minutes within the bound', () => {
  expect(parseMinutes('90', 1440)).toBe(90);
  expect(parseMinutes('0', 1440)).toBeNull();
  expect(parseMinutes('1441', 1440)).toBeNull();
  expect(parseMinutes('1.5', 1440)).toBeNull();
});

test('usedShare is clamped and zero without a limit', () => {
  expect(usedShare(2_500, 10_000)).toBe(0.25);
  expect(usedShare(20_000, 10_000)).toBe(1);
  expect(usedShare(5, null)).toBe(0);
});

describe('São Paulo calendar', () => {
  test('an instant after 21:00 in São Paulo (UTC-3) is still that day there', () => {
    expect(saoPauloDay(new Date('2026-11-29T02:30:00Z'))).toBe('2026-11-28');
    expect(saoPauloDay(new Date('2026-11-29T03:00:00Z'))).toBe('2026-11-29');
  });
  test('addDays and daysBetween cross months and leap days', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysBetween('2026-11-30', '2026-11-30')).toBe(1);
  });
});

describe('nextRealityCheckAt', () => {
  const start = Date.parse('2026-11-28T12:00:00Z');
  const minute = 60_000;
  test('the first check is one interval after the session starts', () => {
    expect(nextRealityCheckAt(start, 15, null)).toBe(start + 15 * minute);
  });
  test('after an answer the next one is the following multiple of the interval', () => {
    expect(nextRealityCheckAt(start, 15, start + 15 * minute + 3_000)).toBe(start + 30 * minute);
    // A member who answered late (away from the screen) is asked again at the next multiple, not in 15 minutes.
    expect(nextRealityCheckAt(start, 30, start + 47 * minute)).toBe(start + 60 * minute);
  });
  test('off, or no session: never', () => {
    expect(nextRealityCheckAt(start, 0, null)).toBeNull();
    expect(nextRealityCheckAt(Number.NaN, 15, null)).toBeNull();
  });
});

test('splitDuration and niceCeiling', () => {
  expect(splitDuration(3_900)).toEqual({ hours: 1, minutes: 5 });
  expect(splitDuration(59)).toEqual({ hours: 0, minutes: 0 });
  expect(niceCeiling(0)).toBe(1000);
  expect(niceCeiling(12_345)).toBe(20_000);
  expect(niceCeiling(50_000)).toBe(50_000);
  expect(niceCeiling(50_001)).toBe(100_000);
});
