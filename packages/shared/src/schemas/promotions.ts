import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { idField, langField } from './fields.ts';

/**
 * The activity engine's player contract (spec sections 4, 7, 8, 9; DESIGN.md section 7). Every
 * activity answers POST `/api/<type>/check` with an `ActivityCheck` and POST `/api/<type>/claim`
 * with a `ClaimResult` (message "Reward claimed successfully!") or a spec error.
 * Money is a string of reais with two decimals ("10.00"), as everywhere in the API.
 */
export const ACTIVITY_TYPES = [
  'ftd',
  'dailywheel',
  'lotterywheel',
  'invitationactivity',
  'dailyrescue',
  'rechargerebate',
  'rechargetiers',
  'welcome',
  'treasurechest',
  'weekly',
  'mystery',
  'redeemcode',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Activities a deposit triggers: refused on a site with the regulated profile. */
export const DEPOSIT_LINKED_ACTIVITIES: readonly ActivityType[] = [
  'ftd',
  'rechargerebate',
  'rechargetiers',
  'welcome',
  'lotterywheel',
  'mystery',
];

/**
 * The bonuses one deposit funds by itself (a share of that deposit or a reward for it): the first
 * deposit bonus, the welcome bonus and the recharge rebate. With bonus stacking off (the site's
 * setting, off by default) a deposit funds at most one of them: the one the member chose when
 * depositing, or else the first one claimed. The other deposit-linked activities (recharge tiers,
 * lottery wheel spins, mystery bonus) measure many deposits and are not part of the rule.
 */
export const DEPOSIT_BONUSES = ['ftd', 'welcome', 'rechargerebate'] as const satisfies readonly ActivityType[];
export type DepositBonus = (typeof DEPOSIT_BONUSES)[number];

/** What a member may choose when depositing: one of the deposit bonuses, or none. */
export const DEPOSIT_BONUS_CHOICES = [...DEPOSIT_BONUSES, 'none'] as const;
export type DepositBonusChoice = (typeof DEPOSIT_BONUS_CHOICES)[number];
export const depositBonusChoiceField = z.enum(DEPOSIT_BONUS_CHOICES, { error: 'validation.invalid' });

/** Where each activity lives on the player site (spec section 2). */
export const ACTIVITY_ROUTES: Record<ActivityType, string> = {
  ftd: '/promotion/activity/recharge',
  rechargetiers: '/promotion/activity/recharge',
  dailywheel: '/promotion/activity/lottery-wheel',
  lotterywheel: '/promotion/activity/lottery-wheel',
  invitationactivity: '/promotion/activity/invitation-activity',
  dailyrescue: '/promotion/activity/daily-loss-relief-fund',
  rechargerebate: '/promotion/activity/recharge-rebate',
  welcome: '/super',
  treasurechest: '/bau-do-tesouro',
  weekly: '/semana',
  mystery: '/misterioso',
  redeemcode: '/resgatar',
};

/**
 * A member's state in one activity. `eligible` means a claim now pays `reward`; the other states
 * name why not (their `message` is the spec's text, translated).
 */
export const ACTIVITY_STATES = [
  'eligible',
  'claimed',
  'not_eligible',
  'no_topups',
  'upgrade_required',
  'not_started',
  'ended',
  'disabled',
  'regulated',
  'no_spins',
  'visitor',
] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

/** The check and claim body (spec: "check payloads carry name and site"). */
export const activityCheckBody = z
  .strictObject({
    name: z.string().max(64).optional(),
    site: z.string().max(64).optional(),
    /** Must be the caller's own id when sent; another id answers 409 "USER DOES NOT EXIST". */
    member_id: idField.optional(),
    lang: langField,
  })
  .default({});

export const activityClaimBody = z
  .strictObject({
    name: z.string().max(64).optional(),
    site: z.string().max(64).optional(),
    member_id: idField.optional(),
    lang: langField,
    /** rechargerebate: the qualifying recharge (its `id` in the check details); omitted claims all. */
    id: idField.optional(),
    /** treasurechest: the chest (1-based, as in the check's `chests`). */
    tier: z.number().int().min(1).max(50).optional(),
    /** redeemcode: the code typed by the member. */
    code: z.string().trim().min(1, { error: 'validation.required' }).max(32).optional(),
  })
  .default({});
export type ActivityClaimBody = z.input<typeof activityClaimBody>;

/** One recharge of the recharge rebate (spec section 3, "Recharge rebate details"). */
export const rechargeRebateItem = z.object({
  id: z.number().int(),
  claimed_at: z.string().nullable(),
  event_ended_at: z.string().nullable(),
  is_claimed: z.union([z.literal(0), z.literal(1)]),
  /** Turnover the reward requires (5x the recharge by default). */
  required_amount: z.string(),
  reward_amount: z.string(),
  /** Ours: the recharge itself. */
  recharge_amount: z.string(),
  recharged_at: z.string(),
  /**
   * Ours: why this recharge cannot be claimed although it is unclaimed and in time (stacking off:
   * it funded another bonus, or the member chose another or none), translated; otherwise null.
   */
  closed_reason: z.string().nullable(),
});
export type RechargeRebateItem = z.infer<typeof rechargeRebateItem>;

/** A wheel segment (daily and lottery wheels). */
export const wheelPrize = z.object({
  index: z.number().int(),
  reward: z.string(),
  /** Image of the segment; the client falls back to a default icon. */
  icon: z.string().nullable(),
});
export type WheelPrize = z.infer<typeof wheelPrize>;

/** A step of a ladder (recharge tiers, weekly, treasure chests). */
export const ladderStep = z.object({
  index: z.number().int(),
  /** bronze, silver, gold, platinum, diamond (recharge tiers); otherwise null. */
  name: z.string().nullable(),
  /** Reais for recharge and betting ladders; a count of invitees for the chests. */
  min: z.string(),
  max: z.string().nullable(),
  /** Gift ratio range in basis points (recharge tiers), else null. */
  ratio_from_bp: z.number().int().nullable(),
  ratio_to_bp: z.number().int().nullable(),
  /** Fixed reward of the step (weekly, chests), else null. */
  reward: z.string().nullable(),
  reached: z.boolean(),
  is_claimed: z.boolean(),
});
export type LadderStep = z.infer<typeof ladderStep>;

export const activityCheck = z.object({
  type: z.enum(ACTIVITY_TYPES),
  state: z.enum(ACTIVITY_STATES),
  eligible: z.boolean(),
  /** Translated reason or invitation ("Not eligible to receive", "No eligible top-ups", ...). */
  message: z.string(),
  /** What a claim pays now ("0.00" when nothing). For wheels: the top prize. */
  reward: z.string(),
  /** Turnover a claim adds to ml_money. */
  wagering: z.string(),
  wagering_multiple: z.number().int(),
  min_vip_level: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Per-activity figures (present for the activities they belong to). */
  items: z.array(rechargeRebateItem).optional(),
  remainingspins: z.number().int().optional(),
  /** Wheels (spec section 3, "Lottery wheel prize details"): the day's spins in all, used and left. */
  quantity: z.number().int().optional(),
  /** lotterywheel: the daily free spin waits for the member's CPF (recorded when the first PIX key is bound). */
  cpf_required: z.boolean().optional(),
  prizes: z.array(wheelPrize).optional(),
  steps: z.array(ladderStep).optional(),
  /** ftd/welcome: the first credited recharge; rechargetiers: the period's total recharge. */
  recharge_amount: z.string().optional(),
  /** dailyrescue: yesterday's net loss; weekly: last week's valid bets. */
  base_amount: z.string().optional(),
  /** Percentage of the activity in basis points (dailyrescue 800 = 8%, rechargerebate 2000). */
  rate_bp: z.number().int().optional(),
  /** Minimum single recharge that qualifies (ftd, rechargerebate, lottery spins). */
  min_recharge: z.string().optional(),
  /** invitationactivity/treasurechest: invitees who qualify, and those not yet paid. */
  qualified: z.number().int().optional(),
  unclaimed: z.number().int().optional(),
  /** The São Paulo day (or week start) the figures are for. */
  period: z.string().optional(),
});
export type ActivityCheck = z.infer<typeof activityCheck>;

export const claimResult = z.object({
  type: z.enum(ACTIVITY_TYPES),
  reward: z.string(),
  wagering: z.string(),
  /** Cash balance after the credit. */
  balance: z.string(),
  /** Wheels: the segment won (the client spins to it). */
  prize: wheelPrize.optional(),
  remainingspins: z.number().int().optional(),
  /** Wheels: the day's spins in all (as in the check); `remainingspins` of them are left after this one. */
  quantity: z.number().int().optional(),
  bonus_id: z.number().int(),
});
export type ClaimResult = z.infer<typeof claimResult>;

/**
 * GET /api/recharge/bonuses: the deposit bonuses a new deposit of the caller can fund, with their
 * terms, for the recharge page's choice. `stacking` on means every bonus applies and no choice is asked.
 */
export const depositBonusOption = z.object({
  type: z.enum(DEPOSIT_BONUSES),
  /** The activity's title as the operator wrote it, in the reader's language. */
  title: z.string(),
  /** The smallest deposit that earns it. */
  min_recharge: z.string(),
  /** A fixed reward (first deposit), else null. */
  reward: z.string().nullable(),
  /** A share of the deposit in basis points (welcome 10000 = 100%, rebate 2000 = 20%), else null. */
  rate_bp: z.number().int().nullable(),
  /** The most it pays (welcome), else null. */
  max_reward: z.string().nullable(),
  wagering_multiple: z.number().int(),
});
export type DepositBonusOption = z.infer<typeof depositBonusOption>;
export const depositBonusOptions = z.object({ stacking: z.boolean(), list: z.array(depositBonusOption) });
export type DepositBonusOptions = z.infer<typeof depositBonusOptions>;

/** GET /api/activities/overview: the site's activities with the caller's state (visitors: 'visitor'). */
export const activityOverviewItem = z.object({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  content: z.string(),
  image_url: z.string().nullable(),
  route: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  state: z.enum(ACTIVITY_STATES),
  reward: z.string(),
});
export type ActivityOverviewItem = z.infer<typeof activityOverviewItem>;

/** Every bonus credited (api/cover/history) and the claims list (/promotion/history). */
export const BONUS_SOURCES = [...ACTIVITY_TYPES, 'vip_levelup', 'rebate', 'agency_commission', 'rain'] as const;
export type BonusSource = (typeof BONUS_SOURCES)[number];

export const coverHistoryBody = pageQuerySchema
  .extend({
    lang: langField,
    /** today, 3 days, 7 days (spec section 9); omitted: everything. */
    days: z.union([z.literal(1), z.literal(3), z.literal(7)]).optional(),
    source: z.enum(BONUS_SOURCES).optional(),
  })
  .default({ page: 1, page_size: 20 });

export const coverItem = z.object({
  id: z.number().int(),
  source: z.enum(BONUS_SOURCES),
  /** Translated name of the source ("Primeiro depósito"). */
  source_name: z.string(),
  amount: z.string(),
  wagering: z.string(),
  /** 'completed' once the member's outstanding turnover no longer includes it, else 'wagering'. */
  status: z.enum(['wagering', 'completed']),
  created_at: z.string(),
});
export type CoverItem = z.infer<typeof coverItem>;
export const coverHistoryResponse = pageSchema(coverItem).extend({
  total_amount: z.string(),
  /** The member's outstanding turnover (ml_money). */
  wagering_left: z.string(),
});
export type CoverHistory = z.infer<typeof coverHistoryResponse>;
