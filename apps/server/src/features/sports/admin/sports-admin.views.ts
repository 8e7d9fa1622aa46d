import { normalizeLanguage } from '@casino/shared/languages';
import { formatCentavos } from '@casino/shared/money';
import type { FIXTURE_STATES, LEG_RESULTS, MARKET_STATES, MARKET_TYPES } from '@casino/shared/schemas/sports';

/**
 * Pure pieces of the back office's sportsbook answers: names in the reader's language, what the
 * book risks on a market from its open bets, and percentages computed in integers.
 */

export type FixtureState = (typeof FIXTURE_STATES)[number];
export type MarketState = (typeof MARKET_STATES)[number];
export type MarketKind = (typeof MARKET_TYPES)[number];
export type LegResult = (typeof LEG_RESULTS)[number];

/** A name in the reader's language from a JSON object language -> name; Portuguese, then `fallback`. */
export function nameIn(namesJson: string | null, lang: string | undefined, fallback: string): string {
  let names: unknown;
  try {
    names = namesJson === null ? {} : JSON.parse(namesJson);
  } catch {
    names = {};
  }
  if (!names || typeof names !== 'object' || Array.isArray(names)) return fallback;
  const byLanguage = names as Record<string, unknown>;
  const own = byLanguage[normalizeLanguage(lang)];
  if (typeof own === 'string' && own !== '') return own;
  return typeof byLanguage.pt === 'string' && byLanguage.pt !== '' ? byLanguage.pt : fallback;
}

/** The open bets on one selection: how many, Σ stakes, Σ potential payouts (centavos). */
export interface SelectionFigures {
  bets: number;
  stakesCentavos: number;
  payoutsCentavos: number;
}

export interface ExposureRow extends SelectionFigures {
  marketId: number;
  selectionId: number;
}

export interface MarketFigures {
  bets: number;
  stakesCentavos: number;
  /** The worst case for the book: the largest Σ payouts on one selection minus Σ stakes on the market. */
  liabilityCentavos: number;
  selections: Map<number, SelectionFigures>;
}

const NO_BETS: SelectionFigures = { bets: 0, stakesCentavos: 0, payoutsCentavos: 0 };

/**
 * A market's figures from its selections' open bets. A bet has at most one leg on a market, so
 * the market's bets and stakes are the sums over its selections; a selection's liability is its
 * payouts minus every stake on the market (what the book pays if it wins, less what it keeps).
 */
export function marketFigures(rows: readonly ExposureRow[]): MarketFigures {
  const selections = new Map<number, SelectionFigures>();
  let bets = 0;
  let stakes = 0;
  let worstPayout = 0;
  for (const row of rows) {
    selections.set(row.selectionId, { bets: row.bets, stakesCentavos: row.stakesCentavos, payoutsCentavos: row.payoutsCentavos });
    bets += row.bets;
    stakes += row.stakesCentavos;
    worstPayout = Math.max(worstPayout, row.payoutsCentavos);
  }
  return { bets, stakesCentavos: stakes, liabilityCentavos: rows.length === 0 ? 0 : worstPayout - stakes, selections };
}

/** A selection's figures inside its market (no open bets: zeros). */
export function selectionFigures(market: MarketFigures, selectionId: number): SelectionFigures & { liabilityCentavos: number } {
  const own = market.selections.get(selectionId) ?? NO_BETS;
  return { ...own, liabilityCentavos: market.bets === 0 ? 0 : own.payoutsCentavos - market.stakesCentavos };
}

/** Groups exposure rows by market. */
export function byMarket(rows: readonly ExposureRow[]): Map<number, MarketFigures> {
  const grouped = new Map<number, ExposureRow[]>();
  for (const row of rows) grouped.set(row.marketId, [...(grouped.get(row.marketId) ?? []), row]);
  return new Map([...grouped].map(([marketId, own]) => [marketId, marketFigures(own)]));
}

/**
 * A fixture's figures: an accumulator has one leg per fixture, so its open bets and stakes are
 * the sums over its markets; its liability is its worst market's (0 without open bets).
 */
export function fixtureFigures(rows: readonly ExposureRow[]): { bets: number; stakesCentavos: number; liabilityCentavos: number } {
  const markets = [...byMarket(rows).values()];
  return {
    bets: markets.reduce((sum, m) => sum + m.bets, 0),
    stakesCentavos: markets.reduce((sum, m) => sum + m.stakesCentavos, 0),
    liabilityCentavos: markets.length === 0 ? 0 : Math.max(...markets.map((m) => m.liabilityCentavos)),
  };
}

/** The exposure fields of an answer. */
export function exposureView(figures: { bets: number; stakesCentavos: number }) {
  return { open_bets: figures.bets, stakes: formatCentavos(figures.stakesCentavos) };
}

/** Parts per million as a percent string with two decimals: 523_123 -> "52.31". */
export function ppmToPercent(ppm: number): string {
  return formatCentavos(Math.round(ppm / 100));
}

/** numerator / denominator in percent with two decimals, rounded half away from zero, in integers; null over 0. */
export function ratioPercent(numerator: number, denominator: number): string | null {
  if (denominator <= 0) return null;
  const num = BigInt(numerator) * 10_000n;
  const den = BigInt(denominator);
  const magnitude = ((num < 0n ? -num : num) * 2n + den) / (2n * den);
  return formatCentavos(Number(num < 0n ? -magnitude : magnitude));
}

/** Goals of a virtual match from its JSON column (anything malformed reads as none). */
export function goalsOf(eventsJson: string | null): { minute: number; team: 'home' | 'away' }[] {
  if (!eventsJson) return [];
  try {
    const parsed: unknown = JSON.parse(eventsJson);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (goal): goal is { minute: number; team: 'home' | 'away' } =>
        !!goal &&
        typeof goal === 'object' &&
        Number.isInteger((goal as { minute?: unknown }).minute) &&
        ((goal as { team?: unknown }).team === 'home' || (goal as { team?: unknown }).team === 'away'),
    );
  } catch {
    return [];
  }
}
