import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, formatCnpj, isValidCnpj, normalizeCnpj } from './cnpj.ts';

/**
 * Independent oracle: values looked up by position in the alphabet ('A' is 17 by Receita's
 * table, not by char code arithmetic) and the "(sum * 10) mod 11, 10 -> 0" wording of the rule.
 */
function oracleValue(char: string): number {
  const digit = '0123456789'.indexOf(char);
  return digit >= 0 ? digit : 17 + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.indexOf(char);
}

function oracleDigit(chars: string, weights: number[]): number {
  const sum = [...chars].reduce((acc, char, i) => acc + oracleValue(char) * (weights[i] ?? 0), 0);
  const remainder = (sum * 10) % 11;
  return remainder === 10 ? 0 : remainder;
}

function oracleIsValid(cnpj: string): boolean {
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  const first = oracleDigit(cnpj.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = oracleDigit(cnpj.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return cnpj.slice(12) === `${first}${second}`;
}

describe('CNPJ', () => {
  it('accepts real numeric CNPJs, formatted or bare', () => {
    for (const cnpj of ['11.222.333/0001-81', '11222333000181', '04.252.011/0001-10', ' 04252011000110 ']) {
      expect(isValidCnpj(cnpj)).toBe(true);
    }
  });

  it('rejects a wrong check digit, equal digits and wrong shapes', () => {
    for (const cnpj of ['11.222.333/0001-82', '11.222.333/0001-18', '04.252.011/0001-01', '11.222.333/0002-81']) {
      expect(isValidCnpj(cnpj)).toBe(false);
    }
    for (let digit = 0; digit <= 9; digit += 1) {
      expect(isValidCnpj(String(digit).repeat(14))).toBe(false);
    }
    for (const cnpj of ['', '1122233300018', '112223330001810', '11.222.333|0001-81', '12.ABC.345/01DE-3A']) {
      expect(isValidCnpj(cnpj)).toBe(false);
    }
  });

  it('validates the alphanumeric CNPJ of July 2026', () => {
    // Worked by hand with value = char code - 48 (A=17, B=18, C=19, D=20, E=21) for 12ABC34501DE:
    // values 1 2 17 18 19 3 4 5 0 1 20 21, weights 5 4 3 2 9 8 7 6 5 4 3 2:
    // 5+8+51+36+171+24+28+30+0+4+60+42 = 459, 459 mod 11 = 8, 11-8 = 3.
    // Then with the 3 appended, weights 6 5 4 3 2 9 8 7 6 5 4 3 2:
    // 6+10+68+54+38+27+32+35+0+5+80+63+6 = 424, 424 mod 11 = 6, 11-6 = 5. Check digits "35",
    // which is also the example Receita Federal publishes.
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12.ABD.345/01DE-35')).toBe(false);
  });

  it('keeps the digits-only rule unchanged: char code - 48 of a digit is the digit', () => {
    expect(cnpjCheckDigits('112223330001')).toBe('81');
    expect(cnpjCheckDigits('042520110001')).toBe('10');
    expect(() => cnpjCheckDigits('12abc34501de')).toThrow(RangeError);
  });

  it('agrees with an independent oracle on every single-character change', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let rejected = 0;
    let mutants = 0;
    for (const cnpj of ['11222333000181', '04252011000110', '12ABC34501DE35']) {
      for (let position = 0; position < 14; position += 1) {
        // Check digits are numeric, so only digits are tried there.
        const choices = position < 12 ? alphabet : '0123456789';
        for (const char of choices) {
          if (char === cnpj[position]) continue;
          const mutant = cnpj.slice(0, position) + char + cnpj.slice(position + 1);
          mutants += 1;
          const accepted = isValidCnpj(mutant);
          expect(accepted, mutant).toBe(oracleIsValid(mutant));
          if (!accepted) rejected += 1;
        }
      }
    }
    // Most changes are caught, but not all: see the next test.
    expect(rejected / mutants).toBeGreaterThan(0.9);
  });

  it('shows what the mod-11 rule cannot see', () => {
    // A character whose value moves by a multiple of 11 leaves both sums unchanged mod 11:
    // '1' (1) and 'G' (23) are interchangeable in the first position of the alphanumeric CNPJ.
    expect(isValidCnpj('G2.ABC.345/01DE-35')).toBe(true);
    // Remainders 0 and 1 both give check digit 0, so a few digit changes pass too: the first
    // digit moved by 2 (weights 5 and 6: the sums move by 10 and 12, i.e. -1 and +1 mod 11).
    expect(isValidCnpj('00.000.270/0001-00')).toBe(true);
    expect(isValidCnpj('20.000.270/0001-00')).toBe(true);
  });

  it('normalises to bare upper-case characters and formats them', () => {
    expect(normalizeCnpj('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeCnpj('11.222.333/0001-8A')).toBeNull();
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('123')).toBe('123');
  });
});
