/**
 * CNPJ (Cadastro Nacional da Pessoa Jurídica): twelve base characters and two numeric check
 * digits, written "11.222.333/0001-81". From July 2026 Receita Federal issues alphanumeric CNPJs:
 * the twelve base characters may be digits or upper-case letters A-Z, the check digits stay
 * numeric. Each character counts as its char code minus 48, so '0'-'9' keep their value and
 * 'A'-'Z' are 17-42; a digits-only CNPJ therefore validates exactly as it always did.
 */

export const CNPJ_LENGTH = 14;

const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/**
 * Strips dots, slash, dash and spaces and upper-cases letters; null unless twelve digits or
 * letters followed by two digits remain. Upper-casing is ours: Receita prints the letters in
 * upper case, and a key typed in lower case is the same key.
 */
export function normalizeCnpj(input: string): string | null {
  if (input.length > 40) return null;
  const text = input.replace(/[\s./-]/g, '').toUpperCase();
  return /^[0-9A-Z]{12}\d{2}$/.test(text) ? text : null;
}

function cnpjCheckDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < chars.length; i += 1) {
    sum += (chars.charCodeAt(i) - 48) * (weights[i] ?? 0);
  }
  const digit = 11 - (sum % 11);
  return digit >= 10 ? 0 : digit;
}

/** The two check digits for twelve base characters; exported so tests can build valid CNPJs. */
export function cnpjCheckDigits(base12: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base12)) throw new RangeError('a CNPJ base is twelve digits or upper-case letters');
  const first = cnpjCheckDigit(base12, FIRST_WEIGHTS);
  const second = cnpjCheckDigit(base12 + first, SECOND_WEIGHTS);
  return `${first}${second}`;
}

export function isValidCnpj(input: string): boolean {
  const cnpj = normalizeCnpj(input);
  if (cnpj === null) return false;
  // 00.000.000/0000-00 and friends pass the arithmetic but are placeholders, never issued.
  if (/^(\d)\1{13}$/.test(cnpj)) return false;
  return cnpj.slice(12) === cnpjCheckDigits(cnpj.slice(0, 12));
}

/**
 * "11222333000181" -> "11.222.333/0001-81" (letters kept: "12.ABC.345/01DE-35"). Display only:
 * input that does not normalise comes back unchanged rather than throwing.
 */
export function formatCnpj(input: string): string {
  const cnpj = normalizeCnpj(input);
  if (cnpj === null) return input;
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}
