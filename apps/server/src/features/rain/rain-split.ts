/**
 * The rain's split to the centavo: every recipient gets ⌊pot / n⌋ and the first (pot mod n)
 * recipients, in the order given (member ids ascending), one centavo more, so the shares sum to
 * the pot exactly and differ by at most one centavo. With fewer centavos than recipients the
 * first `pot` recipients get one centavo each and the rest none (they are recorded as skipped).
 */
export function splitPot(potCentavos: number, recipients: number): number[] {
  if (!Number.isSafeInteger(potCentavos) || potCentavos < 0) throw new RangeError('pot must be whole centavos');
  if (!Number.isSafeInteger(recipients) || recipients < 0) throw new RangeError('recipients must be a count');
  if (recipients === 0) return [];
  const base = Math.floor(potCentavos / recipients);
  const rest = potCentavos - base * recipients;
  return Array.from({ length: recipients }, (_, i) => base + (i < rest ? 1 : 0));
}

/** The instant of the next rain at or after `nowMs`: whole multiples of the interval since the epoch (UTC). */
export function nextRainAt(nowMs: number, intervalMs: number): number {
  return Math.ceil(nowMs / intervalMs) * intervalMs;
}
