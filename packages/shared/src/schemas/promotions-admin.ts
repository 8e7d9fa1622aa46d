import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { LANGUAGE_CODES, type LanguageCode } from '../languages.ts';
import { idField, langField, reaisField } from './fields.ts';
import { ACTIVITY_TYPES, BONUS_SOURCES } from './promotions.ts';

/**
 * The back office's promotions (DESIGN.md sections 7, 10 and 15): activity configuration with its
 * claims and cost, the claims list, the cost report by São Paulo day checked against the ledger,
 * redeem codes and the site's regulated profile. Money goes out as reais strings ("10.00"); an
 * activity's `config` is the module's own JSON (integer centavos and basis points, as stored),
 * validated on save by the module's schema, which `config_schema` describes (JSON Schema).
 */

/** A yes/no filter in a query string: "1", "0", "true", "false". */
const queryFlag = z
  .enum(['1', '0', 'true', 'false'], { error: 'validation.invalid' })
  .transform((value) => value === '1' || value === 'true');

/** Brazilian dates (America/Sao_Paulo) of the reports and filters. */
const dateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date_format' });

/** An instant as ISO 8601 with its offset ("2025-03-01T03:00:00.000Z"); null clears it. */
const instantField = z.iso.datetime({ offset: true, error: 'validation.datetime_format' }).nullable();

const languageKey = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: 'validation.invalid' });

/** Text per language; an empty string removes a language, languages left out keep theirs. */
const perLanguage = (max: number) => z.partialRecord(languageKey, z.string().trim().max(max, { error: 'validation.too_long' }));

export const MAX_VIP_LEVEL = 100;
export const MAX_WAGERING_MULTIPLE = 100;
export const ACTIVITY_TITLE_MAX = 100;
export const ACTIVITY_CONTENT_MAX = 4000;

// ---- the site's profile ---------------------------------------------------------------------------

export const siteProfile = z.object({
  site_id: z.number().int(),
  site_name: z.string(),
  /** Lei 14.790/2023: when on, every deposit-linked activity answers "regulated" and pays nothing. */
  regulated: z.boolean(),
  /**
   * Off (the default): one deposit funds at most one deposit bonus (first deposit, welcome, recharge
   * rebate), the one the member chose when depositing or else the first claimed. On: every bonus a
   * deposit qualifies for can be claimed.
   */
  bonus_stacking: z.boolean(),
});
export type SiteProfile = z.infer<typeof siteProfile>;

/** PATCH /api/admin/site/profile: the switches to change (at least one). */
export const siteProfileBody = z
  .strictObject({
    regulated: z.boolean({ error: 'validation.wrong_type' }).optional(),
    bonus_stacking: z.boolean({ error: 'validation.wrong_type' }).optional(),
    site_id: idField.optional(),
    lang: langField,
  })
  .refine((body) => body.regulated !== undefined || body.bonus_stacking !== undefined, {
    error: 'validation.required',
    path: ['regulated'],
  });
export type SiteProfileBody = z.input<typeof siteProfileBody>;

/** Which site a back-office call is about; the first (and usually only) site by default. */
export const siteQuery = z.object({ site_id: idField.optional(), lang: langField });

// ---- activities ---------------------------------------------------------------------------------

export const adminActivity = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  /** Where players find it (spec section 2). */
  route: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  min_vip_level: z.number().int(),
  wagering_multiple: z.number().int(),
  deposit_linked: z.boolean(),
  /** Whether the regulated profile refuses it right now (regulated site and deposit-linked). */
  blocked_by_regulation: z.boolean(),
  image_url: z.string().nullable(),
  titles: z.record(z.string(), z.string()),
  contents: z.record(z.string(), z.string()),
  /** The module's settings as stored (missing keys filled from the defaults). */
  config: z.record(z.string(), z.unknown()),
  /** The spec's constants the module was seeded with. */
  default_config: z.record(z.string(), z.unknown()).nullable(),
  /** JSON Schema of `config` (null when this server has no module for the type). */
  config_schema: z.record(z.string(), z.unknown()).nullable(),
  /** Claims paid to date and what they cost (Σ bonus_credits.amount). */
  claims: z.number().int(),
  cost: z.string(),
  updated_at: z.string().nullable(),
});
export type AdminActivity = z.infer<typeof adminActivity>;

export const adminActivities = z.object({
  site: siteProfile,
  list: z.array(adminActivity),
  /** Σ cost of the list. */
  total_cost: z.string(),
  total_claims: z.number().int(),
});
export type AdminActivities = z.infer<typeof adminActivities>;

/**
 * PATCH /api/admin/activities/:id. Every field is optional. `config` replaces the module's settings
 * whole and must pass the module's schema (422 with `config.<key>` field errors, nothing saved).
 */
export const activityUpdateBody = z
  .strictObject({
    enabled: z.boolean({ error: 'validation.wrong_type' }).optional(),
    sort: z.number({ error: 'validation.wrong_type' }).int({ error: 'validation.invalid' }).min(0).max(1_000_000).optional(),
    starts_at: instantField.optional(),
    ends_at: instantField.optional(),
    min_vip_level: z.number({ error: 'validation.wrong_type' }).int({ error: 'validation.invalid' }).min(0).max(MAX_VIP_LEVEL).optional(),
    wagering_multiple: z
      .number({ error: 'validation.wrong_type' })
      .int({ error: 'validation.invalid' })
      .min(0)
      .max(MAX_WAGERING_MULTIPLE)
      .optional(),
    deposit_linked: z.boolean({ error: 'validation.wrong_type' }).optional(),
    titles: perLanguage(ACTIVITY_TITLE_MAX).optional(),
    contents: perLanguage(ACTIVITY_CONTENT_MAX).optional(),
    /** An image served by this site ("/static/promo/ftd.webp"); null removes it. */
    image_url: z
      .string()
      .trim()
      .max(255, { error: 'validation.too_long' })
      .regex(/^\/(?!.*\.\.)[A-Za-z0-9/_.-]{1,240}\.(svg|png|webp|jpe?g|avif)$/, { error: 'validation.image_url' })
      .nullable()
      .optional(),
    config: z.record(z.string().max(64), z.unknown(), { error: 'validation.wrong_type' }).optional(),
    lang: langField,
  })
  .refine((body) => !body.starts_at || !body.ends_at || Date.parse(body.starts_at) < Date.parse(body.ends_at), {
    error: 'validation.ends_before_starts',
    path: ['ends_at'],
  });
export type ActivityUpdateBody = z.input<typeof activityUpdateBody>;

export const activityIdParams = z.object({ id: idField });

// ---- claims -------------------------------------------------------------------------------------

/** Sources a bonus can have: the activities, VIP rewards, rebates, agency commissions. */
export const ADMIN_BONUS_SOURCES = BONUS_SOURCES;

/** GET /api/admin/bonus-credits: claims, newest first. `member` is an id or an account name. */
export const bonusCreditsQuery = pageQuerySchema.extend({
  lang: langField,
  source: z.enum(ADMIN_BONUS_SOURCES, { error: 'validation.invalid' }).optional(),
  member: z.string().trim().max(32).optional(),
  from: dateField.optional(),
  to: dateField.optional(),
});
export type BonusCreditsQuery = z.infer<typeof bonusCreditsQuery>;

export const adminBonusCredit = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  account: z.string(),
  source: z.string(),
  activity_id: z.number().int().nullable(),
  claim_key: z.string(),
  amount: z.string(),
  wagering: z.string(),
  transfer_id: z.number().int().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AdminBonusCredit = z.infer<typeof adminBonusCredit>;
export const adminBonusCredits = pageSchema(adminBonusCredit).extend({
  /** Σ amount of every claim the filters match (not only this page). */
  total_amount: z.string(),
});
export type AdminBonusCredits = z.infer<typeof adminBonusCredits>;

// ---- cost report --------------------------------------------------------------------------------

export const DEFAULT_REPORT_DAYS = 30;
export const MAX_REPORT_DAYS = 92;

/** The report's columns: every activity is a bonus; rebates, VIP rewards and commissions are apart. */
export const COST_GROUPS = ['bonuses', 'rebates', 'vip', 'agency'] as const;
export type CostGroup = (typeof COST_GROUPS)[number];

/** GET /api/admin/promotions/report: São Paulo days, both included; default the last 30. */
export const promotionsReportQuery = z.object({
  from: dateField.optional(),
  to: dateField.optional(),
  lang: langField,
});

const costFigures = z.object({
  bonuses: z.string(),
  rebates: z.string(),
  vip: z.string(),
  agency: z.string(),
  /** Σ of the four, from bonus_credits (when claimed). */
  total: z.string(),
  claims: z.number().int(),
  /** The check figure: Σ of the ledger's entries out of promotions_expense and agency_commission_expense. */
  ledger: z.string(),
});

export const promotionsReportDay = costFigures.extend({ day: z.string() });
export type PromotionsReportDay = z.infer<typeof promotionsReportDay>;

export const promotionsReport = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  days: z.array(promotionsReportDay),
  totals: costFigures,
  /** Σ per source over the period. */
  by_source: z.array(z.object({ source: z.string(), group: z.enum(COST_GROUPS), claims: z.number().int(), amount: z.string() })),
  /** The ledger side: the check figure by transfer code (bonus, agency_commission, rebate accruals...). */
  ledger_by_code: z.array(z.object({ code: z.string(), amount: z.string() })),
  /**
   * Claims paid out of the expense accounts (every source but rebates, which leave the member's
   * rebate balance) against the expense entries of their own transfers: equal to the centavo
   * when every claim was paid once through the ledger.
   */
  reconciliation: z.object({
    claims_from_expense: z.string(),
    ledger_of_claims: z.string(),
    /** Claims without a ledger transfer (should never happen). */
    unposted_claims: z.number().int(),
    agrees: z.boolean(),
  }),
});
export type PromotionsReport = z.infer<typeof promotionsReport>;

// ---- redeem codes -------------------------------------------------------------------------------

export const REDEEM_CODE_PATTERN = /^[A-Z0-9]{4,32}$/;
export const MAX_REDEEM_USES = 1_000_000;

export const redeemCodesQuery = pageQuerySchema.extend({
  lang: langField,
  code: z.string().trim().max(32).optional(),
  enabled: queryFlag.optional(),
  site_id: idField.optional(),
});

export const adminRedeemCode = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  code: z.string(),
  amount: z.string(),
  wagering_multiple: z.number().int(),
  /** Turnover each redemption adds to ml_money: amount x multiple. */
  wagering: z.string(),
  max_uses: z.number().int(),
  used_count: z.number().int(),
  min_vip_level: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  enabled: z.boolean(),
  /** 'active', 'disabled', 'scheduled', 'expired' or 'used_up', for the list's badge. */
  state: z.enum(['active', 'disabled', 'scheduled', 'expired', 'used_up']),
  /** Σ paid through this code to date. */
  cost: z.string(),
  created_at: z.string(),
});
export type AdminRedeemCode = z.infer<typeof adminRedeemCode>;
export const adminRedeemCodes = pageSchema(adminRedeemCode);

const codeField = z
  .string({ error: 'validation.required' })
  .trim()
  .toUpperCase()
  .regex(REDEEM_CODE_PATTERN, { error: 'validation.redeem_code_format' });
const usesField = z.number({ error: 'validation.wrong_type' }).int({ error: 'validation.invalid' }).min(1).max(MAX_REDEEM_USES);
const vipField = z.number({ error: 'validation.wrong_type' }).int({ error: 'validation.invalid' }).min(0).max(MAX_VIP_LEVEL);

/** POST /api/admin/redeem-codes: amount in reais ("10.00"). */
export const redeemCodeCreateBody = z
  .strictObject({
    code: codeField,
    amount: reaisField,
    wagering_multiple: z
      .number({ error: 'validation.wrong_type' })
      .int({ error: 'validation.invalid' })
      .min(0)
      .max(MAX_WAGERING_MULTIPLE)
      .default(1),
    max_uses: usesField,
    min_vip_level: vipField.default(0),
    starts_at: instantField.optional(),
    ends_at: instantField.optional(),
    enabled: z.boolean({ error: 'validation.wrong_type' }).default(true),
    site_id: idField.optional(),
    lang: langField,
  })
  .refine((body) => !body.starts_at || !body.ends_at || Date.parse(body.starts_at) < Date.parse(body.ends_at), {
    error: 'validation.ends_before_starts',
    path: ['ends_at'],
  });
export type RedeemCodeCreateBody = z.input<typeof redeemCodeCreateBody>;

/** PATCH /api/admin/redeem-codes/:id: switch on/off, more uses, other dates or VIP gate; the amount stays. */
export const redeemCodeUpdateBody = z
  .strictObject({
    enabled: z.boolean({ error: 'validation.wrong_type' }).optional(),
    max_uses: usesField.optional(),
    min_vip_level: vipField.optional(),
    starts_at: instantField.optional(),
    ends_at: instantField.optional(),
    lang: langField,
  })
  .refine((body) => !body.starts_at || !body.ends_at || Date.parse(body.starts_at) < Date.parse(body.ends_at), {
    error: 'validation.ends_before_starts',
    path: ['ends_at'],
  });
export type RedeemCodeUpdateBody = z.input<typeof redeemCodeUpdateBody>;
