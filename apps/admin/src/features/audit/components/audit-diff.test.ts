import { describe, expect, test } from 'vitest';
import { diffRows, showValue } from './audit-diff';

describe('diffRows', () => {
  test('compares objects key by key and marks what changed', () => {
    expect(diffRows({ status: 1, frozen_reason: null }, { status: 2, frozen_reason: null })).toEqual([
      { key: 'frozen_reason', before: null, after: null, changed: false },
      { key: 'status', before: 1, after: 2, changed: true },
    ]);
  });

  test('a key present on one side only is a change', () => {
    expect(diffRows({ live_sessions: 2 }, { live_sessions: 0, reason: 'x' })).toEqual([
      { key: 'live_sessions', before: 2, after: 0, changed: true },
      { key: 'reason', before: undefined, after: 'x', changed: true },
    ]);
  });

  test('nothing before and after gives no rows; scalars give one unnamed row', () => {
    expect(diffRows(null, null)).toEqual([]);
    expect(diffRows('a', 'b')).toEqual([{ key: '', before: 'a', after: 'b', changed: true }]);
  });

  test('one side null compares against an empty object', () => {
    expect(diffRows(null, { role: 'risk' })).toEqual([{ key: 'role', before: undefined, after: 'risk', changed: true }]);
  });
});

describe('showValue', () => {
  test('strings as they are, absent as ∅, the rest as JSON', () => {
    expect(showValue('texto')).toBe('texto');
    expect(showValue(undefined)).toBe('∅');
    expect(showValue(null)).toBe('null');
    expect(showValue({ a: [1] })).toBe('{"a":[1]}');
  });
});
