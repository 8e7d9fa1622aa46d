/**
 * Exact multipliers and payouts. A multiplier is a rational num/den of safe integers, so a payout
 * is floor(bet * num / den) computed in integers (BigInt when the product could pass 2^53): no
 * float ever touches money. Display values are floored to 1/100 or 1/10000.
 */
import type { Centavos } from '@casino/shared/money';

/** An exact multiplier num/den (num >= 0, den > 0, both safe integers). */
export type Multiplier = { readonly num: number; readonly den: number };

export function multiplier(num: number, den = 1): Multiplier {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || num < 0 || den <= 0) {
    throw new RangeError(`not an exact multiplier: ${num}/${den}`);
  }
  return { num, den };
}

/** A multiplier given in hundredths (235 = 2.35x), the unit crash and the paytables use. */
export function fromHundredths(hundredths: number): Multiplier {
  return multiplier(hundredths, 100);
}

/** floor(a * b / c) for non-negative safe integers, exact at any size. */
export function mulDivFloor(a: number, b: number, c: number): number {
  const product = a * b;
  // Below 2^53 the remainder is exact, and so is (product - remainder) / c.
  if (Number.isSafeInteger(product)) return (product - (product % c)) / c;
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/** What a winning bet returns (stake included): floor(bet * m), in centavos. */
export function payout(betCentavos: number, m: Multiplier): Centavos {
  if (!Number.isSafeInteger(betCentavos) || betCentavos < 0) throw new RangeError(`not a stake in centavos: ${betCentavos}`);
  return mulDivFloor(betCentavos, m.num, m.den) as Centavos;
}

/** The multiplier floored to 1/10000 (20000 = 2.0000x): what screens show. */
export function toBasisPoints(m: Multiplier): number {
  return mulDivFloor(m.num, 10_000, m.den);
}

/** The multiplier floored to 1/100 (235 = 2.35x). */
export function toHundredths(m: Multiplier): number {
  return mulDivFloor(m.num, 100, m.den);
}

/** "2.00" or "2.0000": the multiplier floored to `decimals` (2 or 4) places, never rounded up. */
export function formatMultiplier(m: Multiplier, decimals: 2 | 4 = 2): string {
  const scale = decimals === 2 ? 100 : 10_000;
  const units = mulDivFloor(m.num, scale, m.den);
  const whole = Math.floor(units / scale);
  return `${whole}.${String(units % scale).padStart(decimals, '0')}`;
}

export function multiplierValue(m: Multiplier): number {
  return m.num / m.den;
}

/** Binomial coefficient C(n, k) for small n (exact below 2^53, which holds for n <= 50). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  const small = Math.min(k, n - k);
  for (let i = 1; i <= small; i += 1) result = (result * (n - small + i)) / i;
  return Math.round(result);
}

/** Greatest common divisor, to keep rationals small. */
export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

export function reduce(m: Multiplier): Multiplier {
  const g = gcd(m.num, m.den) || 1;
  return { num: m.num / g, den: m.den / g };
}
