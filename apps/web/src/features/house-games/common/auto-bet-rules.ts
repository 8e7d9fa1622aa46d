/** Auto-bet's pure rules (no React): the next stake and when a session stops. */

/** What one automatic round reports back: its stake and what it paid (0 on a loss). */
export type AutoBetOutcome = { betCentavos: number; payoutCentavos: number };

export type AutoBetSettings = {
  /** Rounds to play; 0 plays until stopped. */
  count: number;
  /** Stop once the session's profit reaches this (0: never). */
  stopProfitCentavos: number;
  /** Stop once the session's loss reaches this (0: never). */
  stopLossCentavos: number;
  /** After a win: null resets to the base stake, a number raises the stake by that percent. */
  onWinPercent: number | null;
  onLossPercent: number | null;
};

export const DEFAULT_AUTO_BET: AutoBetSettings = {
  count: 10,
  stopProfitCentavos: 0,
  stopLossCentavos: 0,
  onWinPercent: null,
  onLossPercent: null,
};

/** Hard limits: automatic play is never unbounded (STYLE rule 7). */
export const MAX_AUTO_BETS = 1000;
export const MAX_PERCENT = 1000;

/** The next stake after a round, by the on-win / on-loss rule, kept inside the table limits. */
export function nextStake(
  settings: AutoBetSettings,
  outcome: AutoBetOutcome,
  baseCentavos: number,
  minCentavos: number,
  maxCentavos: number,
): number {
  const won = outcome.payoutCentavos > outcome.betCentavos;
  const percent = won ? settings.onWinPercent : settings.onLossPercent;
  const raw = percent === null ? baseCentavos : Math.round((outcome.betCentavos * (100 + percent)) / 100);
  return Math.min(maxCentavos, Math.max(minCentavos, raw));
}

/** Whether the session must stop after `played` rounds with this profit. */
export function shouldStop(settings: AutoBetSettings, played: number, profitCentavos: number): boolean {
  if (settings.count > 0 && played >= settings.count) return true;
  if (played >= MAX_AUTO_BETS) return true;
  if (settings.stopProfitCentavos > 0 && profitCentavos >= settings.stopProfitCentavos) return true;
  if (settings.stopLossCentavos > 0 && -profitCentavos >= settings.stopLossCentavos) return true;
  return false;
}
