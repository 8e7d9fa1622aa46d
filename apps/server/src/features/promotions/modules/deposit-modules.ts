import type { ActivityModule } from '../engine.ts';
import { dailyRescueModule } from './daily-rescue.ts';
import { ftdModule } from './ftd.ts';
import { rechargeRebateModule } from './recharge-rebate.ts';
import { rechargeTiersModule } from './recharge-tiers.ts';
import { weeklyModule } from './weekly.ts';
import { welcomeModule } from './welcome.ts';

/** ftd, rechargerebate, rechargetiers, welcome, dailyrescue, weekly. */
export const DEPOSIT_MODULES: ActivityModule<unknown>[] = [
  ftdModule,
  rechargeRebateModule,
  rechargeTiersModule,
  welcomeModule,
  dailyRescueModule,
  weeklyModule,
];
