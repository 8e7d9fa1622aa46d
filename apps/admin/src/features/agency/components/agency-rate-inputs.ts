import { AGENCY_MAX_RATE_BP } from '@casino/shared/schemas/agency-admin';
import { percentToBasisPoints } from '../../../lib/format';

/** The two commission sources an agency rate applies to. */
export type RateSource = 'recharge' | 'betting';

/** A percent typed by an operator ("1", "0,5", "0.25") to basis points; null when not 0.00%-10.00% in hundredths. */
export function parseAgencyRate(text: string): number | null {
  if (!/^\d{1,2}([.,]\d{1,2})?$/.test(text.trim())) return null;
  const bp = percentToBasisPoints(text);
  return bp !== null && bp <= AGENCY_MAX_RATE_BP ? bp : null;
}

/**
 * What a subordinate's R$ 100.00 earns the agent at a rate, in centavos: the server's formula,
 * floor(base x rate / 10000), so the example the operator reads is exactly what is paid.
 */
export function exampleCommissionCentavos(rateBp: number, baseCentavos = 10_000): number {
  return Math.floor((baseCentavos * rateBp) / 10_000);
}
