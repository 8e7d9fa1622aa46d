import type { ActivityModule } from '../engine.ts';
import { dailyWheel } from './dailywheel.ts';
import { invitationActivity } from './invitationactivity.ts';
import { lotteryWheel } from './lotterywheel.ts';
import { mystery } from './mystery.ts';
import { redeemCode } from './redeemcode.ts';
import { treasureChest } from './treasurechest.ts';

/** dailywheel, lotterywheel, invitationactivity, treasurechest, mystery, redeemcode. */
export const PLAY_MODULES: ActivityModule<any>[] = [dailyWheel, lotteryWheel, invitationActivity, treasureChest, mystery, redeemCode];
