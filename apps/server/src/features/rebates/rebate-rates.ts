import { GAME_CATEGORIES, type GameCategory } from '@casino/shared/game-codes';

/**
 * Rebate rules as pure functions (DESIGN.md section 7: fs_money accrued from valid bets by VIP
 * level and category). Rates are basis points of valid bets: 30 = 0.30%.
 */

/** Turnover a rebate claim adds to ml_money: the rebate itself, once. */
export const REBATE_WAGERING_MULTIPLE = 1;

/** The days an accrual run looks at: today and the two before (late settlements still count). */
export const ACCRUAL_WINDOW_DAYS = 3;

/**
 * The seeded rates, VIP0 to VIP10 per category: slots 0.30% rising to 1.20%, live 0.20% to 0.80%,
 * sports 0.20% to 0.60%, lottery and bingo (thin margins) 0.10% to 0.50%. Operators change them.
 */
const DEFAULT_RATES_BP: Record<GameCategory, readonly number[]> = {
  slots: [30, 35, 40, 50, 60, 70, 80, 90, 100, 110, 120],
  fish: [30, 35, 40, 50, 60, 70, 80, 90, 100, 110, 120],
  live: [20, 25, 30, 35, 40, 45, 50, 60, 65, 70, 80],
  table: [20, 25, 30, 35, 40, 45, 50, 60, 65, 70, 80],
  card: [20, 25, 30, 35, 40, 45, 50, 60, 65, 70, 80],
  crash: [20, 25, 30, 35, 40, 45, 50, 60, 65, 70, 80],
  arcade: [20, 25, 30, 35, 40, 45, 50, 60, 65, 70, 80],
  sports: [20, 22, 25, 28, 30, 35, 40, 45, 50, 55, 60],
  lottery: [10, 15, 18, 20, 25, 30, 35, 40, 45, 48, 50],
  bingo: [10, 15, 18, 20, 25, 30, 35, 40, 45, 48, 50],
};

/** Every (level, category) cell of the seeded grid, levels 0..maxLevel. */
export function defaultRebateRates(maxLevel: number): { level: number; category: GameCategory; rate_bp: number }[] {
  const cells = [];
  for (let level = 0; level <= maxLevel; level++) {
    for (const category of GAME_CATEGORIES) {
      const rates = DEFAULT_RATES_BP[category];
      cells.push({ level, category, rate_bp: rates[Math.min(level, rates.length - 1)]! });
    }
  }
  return cells;
}

/** The rebate a day's valid bets earn at a rate, rounded down to the centavo (never in the player's favour by rounding). */
export function rebateFor(betCentavos: number, rateBp: number): number {
  if (betCentavos <= 0 || rateBp <= 0) return 0;
  return Math.floor((betCentavos * rateBp) / 10_000);
}
