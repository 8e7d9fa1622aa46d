import { describe, expect, it } from 'vitest';
import { cpfCheckDigits, formatCpf, isValidCpf, normalizeCpf } from './cpf.ts';

/** Small seeded generator (mulberry32) so a failing case can be reproduced from the seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Independent oracle for the tests: Receita's other wording of the rule, digit = 11 - (sum mod 11)
 * and 0 when that is 10 or 11, so a mistake in cpf.ts is not copied into its own check.
 */
function oracleDigit(digits: number[]): number {
  const sum = digits.reduce((acc, digit, i) => acc + digit * (digits.length + 1 - i), 0);
  const digit = 11 - (sum % 11);
  return digit >= 10 ? 0 : digit;
}

function oracleIsValid(cpf: string): boolean {
  const digits = [...cpf].map(Number);
  if (new Set(digits).size === 1) return false;
  return oracleDigit(digits.slice(0, 9)) === digits[9] && oracleDigit(digits.slice(0, 10)) === digits[10];
}

describe('CPF', () => {
  it('accepts real CPFs, formatted or bare', () => {
    for (const cpf of ['529.982.247-25', '52998224725', '111.444.777-35', ' 111 444 777 35 ']) {
      expect(isValidCpf(cpf)).toBe(true);
    }
  });

  it('rejects wrong check digits, equal digits and wrong shapes', () => {
    for (const cpf of ['529.982.247-24', '529.982.247-15', '111.444.777-53', '123.456.789-00']) {
      expect(isValidCpf(cpf)).toBe(false);
    }
    for (let digit = 0; digit <= 9; digit += 1) {
      expect(isValidCpf(String(digit).repeat(11))).toBe(false);
    }
    for (const cpf of ['', '5299822472', '529982247255', '529.982.247/25', '52998224a25', '５２９９８２２４７２５']) {
      expect(isValidCpf(cpf)).toBe(false);
    }
  });

  it('normalises by stripping dots, dash and spaces only', () => {
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725');
    expect(normalizeCpf(' 529 982 247 25 ')).toBe('52998224725');
    expect(normalizeCpf('529_982_247_25')).toBeNull();
    expect(normalizeCpf('1'.repeat(100))).toBeNull();
  });

  it('formats eleven digits and leaves anything else unchanged', () => {
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpf('123')).toBe('123');
  });

  it('computes check digits from the base', () => {
    expect(cpfCheckDigits('529982247')).toBe('25');
    expect(cpfCheckDigits('111444777')).toBe('35');
    expect(cpfCheckDigits('123456789')).toBe('09');
    expect(() => cpfCheckDigits('12345678')).toThrow(RangeError);
  });

  it('accepts every correctly built CPF and rejects single-digit changes except the check-digit blind spots', () => {
    const random = seededRandom(20_240_601);
    const blindSpots = new Set<string>();
    const disagreements: string[] = [];
    let built = 0;
    let mutants = 0;
    while (built < 3000) {
      const base = Array.from({ length: 9 }, () => Math.floor(random() * 10));
      const first = oracleDigit(base);
      const digits = [...base, first, oracleDigit([...base, first])];
      if (new Set(digits).size === 1) continue;
      const cpf = digits.join('');
      built += 1;
      if (!isValidCpf(cpf)) disagreements.push(cpf);

      for (let position = 0; position < 11; position += 1) {
        for (let value = 0; value <= 9; value += 1) {
          if (value === digits[position]) continue;
          const mutant = cpf.slice(0, position) + value + cpf.slice(position + 1);
          mutants += 1;
          const accepted = isValidCpf(mutant);
          // The validator must agree with the oracle on every mutant, accepted or not. Mismatches
          // are collected rather than asserted one by one: 300 000 expect calls take seconds.
          if (accepted !== oracleIsValid(mutant)) disagreements.push(mutant);
          if (accepted) blindSpots.add(`${position}:${value - (digits[position] ?? 0)}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    expect(mutants).toBe(3000 * 99);
    // The CPF rule maps remainders 0 and 1 to the same check digit, so a few single-digit changes
    // give another valid CPF: the first digit moved by 1 (weights 10 and 11, 10 = -1 and 11 = 0
    // mod 11) and the sixth moved by 2 or 9 (weights 5 and 6, both sums move by 1 mod 11). Every
    // other single-digit change is caught, and no change to a check digit ever passes.
    expect([...blindSpots].every((spot) => ['0:1', '0:-1', '5:2', '5:-2', '5:9', '5:-9'].includes(spot))).toBe(true);
  });

  it('shows a blind spot concretely: two valid CPFs one digit apart', () => {
    expect(isValidCpf('919.705.830-02')).toBe(true);
    expect(isValidCpf('819.705.830-02')).toBe(true);
  });
});
