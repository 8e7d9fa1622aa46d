/**
 * The money of a sports bet, in integers: accumulated odds, potential payout, settlement of legs
 * (a void leg counts at odds 1.00) and the cash-out offer. Pure: the server settles with it and the
 * tests check it by the centavo.
 */

export type LegResult = 'pending' | 'won' | 'lost' | 'void';

const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The product of decimal odds given in hundredths, in hundredths, rounded down once (BigInt: exact,
 * no overflow). Rounding after every leg would pay less than the product the player was shown
 * (9.14 x 8.68 x 9.37 = 743.37, not 743.32). A product past 2^53 (no bet may pay that much)
 * saturates there, so it stays an exact integer that every payout limit refuses.
 */
export function accumulatedOdds(legOdds: readonly number[]): number {
  if (legOdds.length === 0) return 100;
  let product = 1n;
  for (const odds of legOdds) product *= BigInt(odds);
  const hundredths = product / 100n ** BigInt(legOdds.length - 1);
  return Number(hundredths > SAFE_MAX ? SAFE_MAX : hundredths);
}

/** stake x odds, rounded down to the centavo. */
export function payoutFor(stakeCentavos: number, oddsHundredths: number): number {
  return Number((BigInt(stakeCentavos) * BigInt(oddsHundredths)) / 100n);
}

export interface SettledBet {
  /** open while a leg is pending and none lost. */
  status: 'open' | 'won' | 'lost' | 'void';
  /** The odds that pay: won legs at their odds, void legs at 1.00. */
  effectiveOdds: number;
  /** What the bet pays once closed (0 for lost, the stake when every leg is void). */
  payoutCentavos: number;
}

/**
 * Settles a bet from its legs: any lost leg loses it; otherwise any pending leg keeps it open;
 * otherwise it wins at the product of the won legs' odds (void legs at 1.00), or is void (stake
 * back) when every leg is void.
 */
export function settleBet(stakeCentavos: number, legs: readonly { odds: number; result: LegResult }[]): SettledBet {
  if (legs.some((l) => l.result === 'lost')) return { status: 'lost', effectiveOdds: 0, payoutCentavos: 0 };
  const effectiveOdds = accumulatedOdds(legs.map((l) => (l.result === 'void' ? 100 : l.odds)));
  if (legs.some((l) => l.result === 'pending')) return { status: 'open', effectiveOdds, payoutCentavos: 0 };
  if (legs.every((l) => l.result === 'void')) return { status: 'void', effectiveOdds: 100, payoutCentavos: stakeCentavos };
  return { status: 'won', effectiveOdds, payoutCentavos: payoutFor(stakeCentavos, effectiveOdds) };
}

/**
 * The cash-out offer: the bet's fair value now (the payout at the accepted odds times the current
 * fair probability of each pending leg; settled legs count as settled) less the cash-out margin,
 * rounded down. Null when a leg lost or nothing is pending.
 */
export function cashoutOffer(
  stakeCentavos: number,
  legs: readonly { odds: number; result: LegResult; probability?: number }[],
  marginBp: number,
): number | null {
  if (legs.some((l) => l.result === 'lost')) return null;
  if (!legs.some((l) => l.result === 'pending')) return null;
  let value = stakeCentavos;
  for (const leg of legs) {
    if (leg.result === 'void') continue;
    value *= leg.odds / 100;
    if (leg.result === 'pending') {
      const p = leg.probability ?? 0;
      if (!(p > 0)) return null;
      value *= p;
    }
  }
  const offer = Math.floor(value * (1 - marginBp / 10_000) + 1e-9);
  return offer > 0 ? offer : null;
}
