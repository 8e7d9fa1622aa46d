import type { ActivityModule } from '../engine.ts';
import { dailyWheel } from './daily-wheel.ts';
import { invitationActivity } from './invitation-activity.ts';
import { lotteryWheel } from './lottery-wheel.ts';
import { mystery } from './mystery.ts';
import { redeemCode } from './redeem-code.ts';
import { treasureChest } from './treasure-chest.ts';

/** dailywheel, lotterywheel, invitationactivity, treasurechest, mystery, redeemcode. */
export const PLAY_MODULES: ActivityModule<unknown>[] = [dailyWheel, lotteryWheel, invitationActivity, treasureChest, mystery, redeemCode];
