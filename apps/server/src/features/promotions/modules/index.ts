import type { ActivityType } from '@casino/shared/schemas/promotions';
import type { ActivityModule } from '../engine.ts';
import { DEPOSIT_MODULES } from './deposit-modules.ts';
import { PLAY_MODULES } from './play-modules.ts';

/** Every activity module, by type (deposit-driven ones and play/invitation-driven ones). */
export const MODULES: ReadonlyMap<ActivityType, ActivityModule<unknown>> = new Map(
  [...DEPOSIT_MODULES, ...PLAY_MODULES].map((module) => [module.type, module]),
);
