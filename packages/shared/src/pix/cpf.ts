/**
 * CPF (Cadastro de Pessoas Físicas): nine base digits and two check digits, written
 * "123.456.789-09". Rules from Receita Federal as summarised in REFERENCE.md, section "PIX".
 */

export const CPF_LENGTH = 11;

/** Strips dots, the dash and spaces; null unless exactly eleven digits remain. */
export function normalizeCpf(input: string): string | null {
  // Bounded before the regex so a pasted essay costs nothing.
  if (input.length > 32) return null;
  const digits = input.replace(/[\s.-]/g, '');
  return /^\d{11}$/.test(digits) ? digits : null;
}

/**
 * Check digit over `digits` with weights counting down from `digits.length + 1` to 2. Receita's
 * rule "remainder of (sum * 10) mod 11, 10 -> 0" is the same as "11 - (sum mod 11), 0 when 10 or
 * 11"; the first form is written here because it is the one REFERENCE.md gives for CPF.
 */
function cpfCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    sum += Number(digits[i]) * (digits.length + 1 - i);
  }
  const remainder = (sum * 10) % 11;
  return remainder === 10 ? 0 : remainder;
}

/** The two check digits for nine base digits; exported so tests can build valid CPFs. */
export function cpfCheckDigits(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new RangeError('a CPF base is nine digits');
  const first = cpfCheckDigit(base9);
  const second = cpfCheckDigit(base9 + first);
  return `${first}${second}`;
}

export function isValidCpf(input: string): boolean {
  const cpf = normalizeCpf(input);
  if (cpf === null) return false;
  // 000.000.000-00, 111.111.111-11 ... pass the arithmetic but Receita never issues them, and
  // they are what people type to get past a form.
  if (/^(\d)\1{10}$/.test(cpf)) return false;
  return cpf.slice(9) === cpfCheckDigits(cpf.slice(0, 9));
}

/**
 * "12345678909" -> "123.456.789-09". Display only: input that is not eleven digits comes back
 * unchanged rather than throwing, so a screen showing stored data never breaks on a bad row.
 */
export function formatCpf(input: string): string {
  const cpf = normalizeCpf(input);
  if (cpf === null) return input;
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}
