import { formatCentavos, parseReais } from '@casino/shared/money';

/**
 * What operators type in the VIP screens, read as text (never floats): thresholds and rewards in
 * reais, where zero is a real value ("no requirement", "no reward"), and rebate rates in percent.
 */

/** The most a rebate rate may be: 10.00% (1,000 basis points), as the server checks. */
export const MAX_REBATE_RATE_BP = 1_000;

/** "1.234,56", "1234.56", "R$ 0" to the API's "1234.56"; null when not reais with at most two decimals. */
export function parseReaisOrZero(text: string): string | null {
  let value = text
    .trim()
    .replace(/^R\$\s*/i, '')
    .replace(/\s/g, '');
  // With a comma, the comma is the decimal mark and dots group thousands (pt-BR).
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  if (value === '') return null;
  const centavos = parseReais(value);
  return centavos === null ? null : formatCentavos(centavos);
}

/** "0,30" or "0.3" (percent) to basis points; null when not 0.00-10.00 with at most two decimals. */
export function parseRatePercent(text: string): number | null {
  const value = text.trim().replace(/%$/, '').trim().replace(',', '.');
  if (value === '') return null;
  const bp = parseReais(value);
  return bp !== null && bp <= MAX_REBATE_RATE_BP ? bp : null;
}
