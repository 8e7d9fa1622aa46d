import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateChain } from './crash.ts';
import {
  DOUBLE_MULTIPLIERS,
  DOUBLE_SLOTS,
  DOUBLE_WHEEL_ORDER,
  declaredRtp,
  doubleColor,
  doublePayout,
  doubleRollFromBits,
  doubleRollFromHash,
} from './double.ts';

const TWO_52 = 2n ** 52n;

describe('double', () => {
  it('has 15 slots: white 0, red 1-7, black 8-14', () => {
    expect([...DOUBLE_WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(doubleColor(0)).toBe('white');
    expect(doubleColor(7)).toBe('red');
    expect(doubleColor(8)).toBe('black');
    expect(doubleColor(14)).toBe('black');
  });

  it('rolls floor(15 * r / 2^52) from the top 52 bits of HMAC_SHA256(hash, salt)', () => {
    const salt = 'double-salt';
    for (const hash of generateChain('1'.repeat(64), 200)) {
      const digest = createHmac('sha256', hash).update(salt).digest('hex');
      const r = BigInt(`0x${digest.slice(0, 13)}`);
      expect(doubleRollFromHash(hash, salt)).toBe(Number((r * 15n) / TWO_52));
    }
    expect(doubleRollFromBits(0n)).toBe(0);
    expect(doubleRollFromBits(TWO_52 - 1n)).toBe(14);
  });

  it('returns 14/15 on every colour: the 2^52 values split evenly across the 15 slots', () => {
    expect(declaredRtp).toBe(14 / 15);
    // Slot s holds the r with s * 2^52 / 15 <= r < (s + 1) * 2^52 / 15.
    const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
    const counts = Array.from({ length: DOUBLE_SLOTS }, (_, s) => ceilDiv(BigInt(s + 1) * TWO_52, 15n) - ceilDiv(BigInt(s) * TWO_52, 15n));
    expect(counts.reduce((a, b) => a + b, 0n)).toBe(TWO_52);
    for (const c of counts) expect(c === TWO_52 / 15n || c === TWO_52 / 15n + 1n).toBe(true);
    for (const color of ['red', 'black', 'white'] as const) {
      const winning = counts.filter((_, s) => doubleColor(s) === color).reduce((a, b) => a + b, 0n);
      const rtp = (Number(winning) * DOUBLE_MULTIPLIERS[color]) / 2 ** 52;
      expect(Math.abs(rtp - 14 / 15)).toBeLessThan(1e-14);
      // And by the rules on the 15 slots.
      let returned = 0;
      for (let roll = 0; roll < DOUBLE_SLOTS; roll += 1) returned += doublePayout(1, color, roll);
      expect(returned).toBe(14);
    }
  });

  it('pays 2x on red or black and 14x on white, nothing otherwise', () => {
    expect(doublePayout(150, 'red', 3)).toBe(300);
    expect(doublePayout(150, 'black', 3)).toBe(0);
    expect(doublePayout(150, 'white', 0)).toBe(2100);
    expect(doublePayout(150, 'red', 0)).toBe(0);
  });
});
