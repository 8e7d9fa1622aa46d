import type { ActivityModule } from '../engine.ts';

/** dailywheel, lotterywheel, invitationactivity, treasurechest, mystery, redeemcode. */
// biome-ignore lint/suspicious/noExplicitAny: each module carries its own config type
export const PLAY_MODULES: ActivityModule<any>[] = [];
