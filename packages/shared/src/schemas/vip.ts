import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { GAME_CATEGORIES } from '../game-codes.ts';
import { langField } from './fields.ts';

/**
 * VIP and rebates (spec sections 3, 6, 7; DESIGN.md section 7). A member's level is the highest
 * whose recharge AND betting thresholds it meets; slot and live levels follow the lifetime slot
 * and live valid bets against their own thresholds. Money is a string of reais.
 */
export const vipLevelRow = z.object({
  level: z.number().int(),
  name: z.string(),
  min_recharge: z.string(),
  min_betting: z.string(),
  min_slot_betting: z.string(),
  min_live_betting: z.string(),
  levelup_reward: z.string(),
  /** Rebate rates of the level by category, basis points (50 = 0.50%). */
  rebate_bp: z.record(z.string(), z.number().int()),
});
export type VipLevelRow = z.infer<typeof vipLevelRow>;

export const vipProgress = z.object({
  /** The next level, or null at the top. */
  next_level: z.number().int().nullable(),
  recharge_needed: z.string(),
  betting_needed: z.string(),
  /** 0-100, each rounded down. */
  recharge_percent: z.number().int(),
  betting_percent: z.number().int(),
});

/** POST api/member/vip/info: `uservip` and the level table in `data` (spec section 7). */
export const vipInfoResponse = z.object({
  uservip: z.object({
    userviplvl: z.number().int(),
    level_name: z.string(),
    totalrecharge: z.string(),
    totalbetting: z.string(),
    slot_level: z.number().int(),
    live_level: z.number().int(),
    total_slot_betting: z.string(),
    total_live_betting: z.string(),
    progress: vipProgress,
    slot_progress: vipProgress,
    live_progress: vipProgress,
  }),
  data: z.array(vipLevelRow),
});
export type VipInfo = z.infer<typeof vipInfoResponse>;

export const vipHistoryBody = pageQuerySchema.extend({ lang: langField }).default({ page: 1, page_size: 20 });
export const vipHistoryItem = z.object({
  id: z.number().int(),
  /** 'level' (the VIP level), 'slot' or 'live'. */
  track: z.enum(['level', 'slot', 'live']),
  from_level: z.number().int(),
  to_level: z.number().int(),
  reward: z.string(),
  created_at: z.string(),
});
export type VipHistoryItem = z.infer<typeof vipHistoryItem>;
export const vipHistoryResponse = pageSchema(vipHistoryItem);

/** POST /api/games/rebates/list: the rate table by level and category, and the member's standing. */
export const rebatesListBody = z.strictObject({ lang: langField }).default({});
export const rebateRateRow = z.object({
  level: z.number().int(),
  name: z.string(),
  rates: z.array(z.object({ category: z.enum(GAME_CATEGORIES), rate_bp: z.number().int() })),
});
export const rebatesListResponse = z.object({
  userviplvl: z.number().int(),
  /** The accrued, unclaimed rebate (fs_money). */
  fs_money: z.string(),
  /** Rebate today's valid bets have earned at the member's rates, not yet accrued into fs_money (a claim includes it). */
  pending: z.string(),
  /** Lifetime rebate claimed. */
  total_claimed: z.string(),
  /** Turnover a claim adds (rebate x multiple). */
  wagering_multiple: z.number().int(),
  rates: z.array(rebateRateRow),
});
export type RebatesList = z.infer<typeof rebatesListResponse>;

/** POST /api/games/rebates/details: accruals per day and category. */
export const rebatesDetailsBody = pageQuerySchema
  .extend({ lang: langField, days: z.union([z.literal(1), z.literal(3), z.literal(7)]).optional() })
  .default({ page: 1, page_size: 20 });
export const rebateDetailItem = z.object({
  day: z.string(),
  category: z.enum(GAME_CATEGORIES),
  valid_bet: z.string(),
  rate_bp: z.number().int(),
  rebate: z.string(),
});
export type RebateDetailItem = z.infer<typeof rebateDetailItem>;
export const rebatesDetailsResponse = pageSchema(rebateDetailItem);

export const rebatesClaimResponse = z.object({ reward: z.string(), wagering: z.string(), balance: z.string(), fs_money: z.string() });
