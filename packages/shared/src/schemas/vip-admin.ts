import { z } from 'zod';
import { GAME_CATEGORIES } from '../game-codes.ts';
import { parseReais } from '../money.ts';
import { langField } from './fields.ts';
import { rebateRateRow } from './vip.ts';

/**
 * The back office's VIP table and rebate rates (DESIGN.md sections 7 and 10). Thresholds and
 * rewards go out and come in as reais strings ("1000.00"); rebate rates as basis points
 * (30 = 0.30%). Level 0 is where every member starts: its thresholds stay at zero.
 */

/** The highest VIP level the table holds (levels 0..10 are seeded; operators edit, never add). */
export const MAX_VIP_LEVEL = 10;
/** A rebate rate above 10% of valid bets is a typo, not a promotion. */
export const MAX_REBATE_RATE_BP = 1_000;

/** Reais as typed ("1000", "1000.50", 0): zero allowed, at most two decimals, never negative. */
const reaisOrZeroField = z.union([z.string().max(20), z.number()], { error: 'validation.amount_or_zero' }).transform((value, ctx) => {
  const centavos = parseReais(value);
  if (centavos === null) {
    ctx.addIssue({ code: 'custom', message: 'validation.amount_or_zero' });
    return z.NEVER;
  }
  return centavos;
});

export const adminVipLevel = z.object({
  level: z.number().int(),
  name: z.string(),
  min_recharge: z.string(),
  min_betting: z.string(),
  min_slot_betting: z.string(),
  min_live_betting: z.string(),
  levelup_reward: z.string(),
  updated_at: z.string(),
});
export type AdminVipLevel = z.infer<typeof adminVipLevel>;

export const vipLevelParams = z.object({
  level: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0).max(MAX_VIP_LEVEL),
});

/**
 * PATCH /api/admin/vip-levels/:level. Every field is optional; thresholds must not fall below the
 * level under them nor rise above the level over them (checked against the stored table).
 */
export const vipLevelUpdateBody = z.strictObject({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(32, { error: 'validation.too_long' }).optional(),
  min_recharge: reaisOrZeroField.optional(),
  min_betting: reaisOrZeroField.optional(),
  min_slot_betting: reaisOrZeroField.optional(),
  min_live_betting: reaisOrZeroField.optional(),
  levelup_reward: reaisOrZeroField.optional(),
  lang: langField,
});
export type VipLevelUpdateBody = z.input<typeof vipLevelUpdateBody>;
export type VipLevelChanges = Omit<z.output<typeof vipLevelUpdateBody>, 'lang'>;

/** GET /api/admin/rebate-rates: the whole grid, level by level, every category in catalogue order. */
export const adminRebateRates = z.object({
  categories: z.array(z.enum(GAME_CATEGORIES)),
  levels: z.array(rebateRateRow),
});
export type AdminRebateRates = z.infer<typeof adminRebateRates>;

export const rebateRateCell = z.strictObject({
  level: z.number({ error: 'validation.wrong_type' }).int({ error: 'validation.invalid' }).min(0).max(MAX_VIP_LEVEL),
  category: z.enum(GAME_CATEGORIES, { error: 'validation.invalid' }),
  rate_bp: z
    .number({ error: 'validation.wrong_type' })
    .int({ error: 'validation.rebate_rate' })
    .min(0, { error: 'validation.rebate_rate' })
    .max(MAX_REBATE_RATE_BP, { error: 'validation.rebate_rate' }),
});
export type RebateRateCell = z.infer<typeof rebateRateCell>;

/** PUT /api/admin/rebate-rates: the cells to set (the rest keep their rates); answers the whole grid. */
export const rebateRatesUpdateBody = z.strictObject({
  rates: z
    .array(rebateRateCell)
    .min(1, { error: 'validation.required' })
    .max((MAX_VIP_LEVEL + 1) * GAME_CATEGORIES.length, { error: 'validation.too_long' }),
  lang: langField,
});
export type RebateRatesUpdateBody = z.input<typeof rebateRatesUpdateBody>;
