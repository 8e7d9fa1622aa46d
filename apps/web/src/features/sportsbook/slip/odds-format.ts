import { createStore, useStore } from '../../../lib/store.ts';

/** How the player reads odds. Display only: the slip and the server always speak decimal. */
export type OddsFormat = 'decimal' | 'fractional' | 'american';

const FORMAT_KEY = 'casino.sports.odds_format';
const FORMATS: readonly OddsFormat[] = ['decimal', 'fractional', 'american'];

function readFormat(): OddsFormat {
  try {
    const saved = localStorage.getItem(FORMAT_KEY);
    return FORMATS.includes(saved as OddsFormat) ? (saved as OddsFormat) : 'decimal';
  } catch {
    return 'decimal';
  }
}

const oddsFormat = createStore<OddsFormat>(readFormat());

/** The player's odds format, kept across visits (localStorage). */
export const useOddsFormat = () => useStore(oddsFormat);

/** Changes the odds format everywhere at once and remembers it on this device. */
export function setOddsFormat(format: OddsFormat): void {
  try {
    localStorage.setItem(FORMAT_KEY, format);
  } catch {
    // Storage can be disabled; the choice then lasts for this visit.
  }
  oddsFormat.set(format);
}

/** 185 from "1.85"; null when the text is not a two-decimal price. */
export function oddsHundredths(decimal: string): number | null {
  const match = /^(\d{1,5})\.(\d{2})$/.exec(decimal);
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * A decimal price ("1.85") in the chosen format: decimal as is, fractional reduced ("17/20"),
 * American as the stake/win of 100 ("+250", "-118"). Integers only, so "2.00" reads "1/1" and "+100".
 */
export function displayOdds(decimal: string, format: OddsFormat): string {
  const hundredths = oddsHundredths(decimal);
  if (hundredths === null || format === 'decimal' || hundredths <= 100) return decimal;
  const profit = hundredths - 100;
  if (format === 'fractional') {
    const divisor = gcd(profit, 100);
    return `${profit / divisor}/${100 / divisor}`;
  }
  if (profit >= 100) return `+${profit}`;
  return `-${Math.round(10_000 / profit)}`;
}
