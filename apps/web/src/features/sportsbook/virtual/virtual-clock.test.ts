import { describe, expect, test } from 'vitest';
import { clockOffsetMs, displayMinute, formatCountdown, msUntil, pollIntervalMs, roundPhase } from './virtual-clock.ts';

const KICKOFF = '2025-06-01T12:00:00.000Z';
const ENDS = '2025-06-01T12:01:30.000Z'; // 90 s of real time: one game minute per second
const at = (iso: string) => Date.parse(iso);

describe('the server clock on this device', () => {
  test('the offset is taken at the middle of the round trip', () => {
    // Sent at local 1000, received at local 1200, the server said 5100: it is 4000 ms ahead.
    expect(clockOffsetMs(new Date(5_100).toISOString(), 1_000, 1_200)).toBe(4_000);
  });

  test('an unreadable server time leaves the device clock as it is', () => {
    expect(clockOffsetMs('yesterday', 1_000, 1_200)).toBe(0);
  });
});

describe('countdown to kick-off', () => {
  test('counts the server time left, never below zero', () => {
    expect(msUntil(KICKOFF, at(KICKOFF) - 65_000)).toBe(65_000);
    expect(msUntil(KICKOFF, at(KICKOFF) + 5_000)).toBe(0);
    expect(msUntil(null, 0)).toBe(0);
  });

  test('reads minutes and seconds, rounding seconds up', () => {
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(64_001)).toBe('1:05');
    expect(formatCountdown(600)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-50)).toBe('0:00');
  });
});

describe('the round phase', () => {
  test('betting before kick-off, live until full time, then over', () => {
    expect(roundPhase(KICKOFF, ENDS, at(KICKOFF) - 1)).toBe('betting');
    expect(roundPhase(KICKOFF, ENDS, at(KICKOFF))).toBe('live');
    expect(roundPhase(KICKOFF, ENDS, at(ENDS) - 1)).toBe('live');
    expect(roundPhase(KICKOFF, ENDS, at(ENDS))).toBe('full_time');
    expect(roundPhase(null, null, 0)).toBe('full_time');
  });

  test('polls every second while live or in the last ten seconds before kick-off, else every two', () => {
    expect(pollIntervalMs('live', 0)).toBe(1_000);
    expect(pollIntervalMs('betting', 10_000)).toBe(1_000);
    expect(pollIntervalMs('betting', 45_000)).toBe(2_000);
    expect(pollIntervalMs('full_time', 0)).toBe(2_000);
  });
});

describe('the match clock', () => {
  const live = (minute: number) => ({ minute, status: 'live' });

  test('runs with the server clock between polls', () => {
    expect(displayMinute(live(30), KICKOFF, ENDS, at(KICKOFF) + 31_500)).toBe(31);
  });

  test('never runs more than two minutes ahead of what the server last reported', () => {
    expect(displayMinute(live(30), KICKOFF, ENDS, at(KICKOFF) + 60_000)).toBe(32);
  });

  test('never runs behind the server, and stays within 0-90', () => {
    expect(displayMinute(live(40), KICKOFF, ENDS, at(KICKOFF) + 10_000)).toBe(40);
    expect(displayMinute(live(89), KICKOFF, ENDS, at(ENDS) + 60_000)).toBe(90);
  });

  test('a scheduled match reads 0, a finished one 90; without instants the server minute is used', () => {
    expect(displayMinute({ minute: 0, status: 'scheduled' }, KICKOFF, ENDS, at(ENDS))).toBe(0);
    expect(displayMinute({ minute: 88, status: 'finished' }, KICKOFF, ENDS, 0)).toBe(90);
    expect(displayMinute(live(12), null, null, 0)).toBe(12);
  });
});
