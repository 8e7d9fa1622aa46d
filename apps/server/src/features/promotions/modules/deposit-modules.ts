import type { ActivityModule } from '../engine.ts';

/** ftd, rechargerebate, rechargetiers, welcome, dailyrescue, weekly. */
// biome-ignore lint/suspicious/noExplicitAny: each module carries its own config type
export const DEPOSIT_MODULES: ActivityModule<any>[] = [];
