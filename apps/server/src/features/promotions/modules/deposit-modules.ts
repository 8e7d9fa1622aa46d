import type { ActivityModule } from '../engine.ts';
import { dailyRescueModule } from './dailyrescue.ts';
import { ftdModule } from './ftd.ts';
import { rechargeRebateModule } from './rechargerebate.ts';
import { rechargeTiersModule } from './rechargetiers.ts';
import { weeklyModule } from './weekly.ts';
import { welcomeModule } from './welcome.ts';

/** ftd, rechargerebate, rechargetiers, welcome, dailyrescue, weekly. */
// biome-ignore lint/suspicious/noExplicitAny: each module carries its own config type
export const DEPOSIT_MODULES: ActivityModule<any>[] = [
  ftdModule,
  rechargeRebateModule,
  rechargeTiersModule,
  welcomeModule,
  dailyRescueModule,
  weeklyModule,
];
