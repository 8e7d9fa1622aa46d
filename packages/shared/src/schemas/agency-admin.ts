import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { AGENCY_MAX_DEPTH } from './agency.ts';
import { idField, langField } from './fields.ts';

/**
 * The back office's agency screens (permission agency.manage): commission rates by level, the
 * daily settlements (and running one again, which pays nothing twice), and the commissions paid.
 * Rates are basis points of the subordinate's recharge or valid bets; money goes out as reais.
 */

/** Highest rate an operator may set: 10% of the base per level (a typo of 100% would be ruinous). */
export const AGENCY_MAX_RATE_BP = 1_000;

/** A São Paulo calendar day, "2025-03-01". */
export const agencyDayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalid' })
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
    error: 'validation.invalid',
  });

export const agencyRateRow = z.object({
  level: z.number().int(),
  recharge_bp: z.number().int(),
  betting_bp: z.number().int(),
  updated_at: z.string(),
});
export type AgencyRateRow = z.infer<typeof agencyRateRow>;
export const agencyRatesResponse = z.array(agencyRateRow);

const rateBp = z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0).max(AGENCY_MAX_RATE_BP);

/** PUT: the rates of every level at once (levels 1..AGENCY_MAX_DEPTH, each once). */
export const agencyRatesBody = z.strictObject({
  lang: langField,
  rates: z
    .array(z.strictObject({ level: z.number().int().min(1).max(AGENCY_MAX_DEPTH), recharge_bp: rateBp, betting_bp: rateBp }))
    .length(AGENCY_MAX_DEPTH)
    .refine((rates) => new Set(rates.map((r) => r.level)).size === rates.length, { error: 'validation.invalid' }),
});
export type AgencyRatesBody = z.infer<typeof agencyRatesBody>;

export const agencySettlementRow = z.object({
  id: z.number().int(),
  day: z.string(),
  /** 'running' or 'done'. */
  status: z.string(),
  agents: z.number().int(),
  total: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AgencySettlementRow = z.infer<typeof agencySettlementRow>;
export const agencySettlementsQuery = pageQuerySchema.extend({ lang: langField });
export const agencySettlementsPage = pageSchema(agencySettlementRow);

/** POST: settles one finished São Paulo day (again: only what is still unpaid is paid). */
export const agencySettleBody = z.strictObject({ day: agencyDayField, lang: langField });
export const agencySettleResponse = agencySettlementRow.extend({
  /** Commissions this run paid (0 when an earlier run had paid them all). */
  paid_now: z.number().int(),
});
export type AgencySettleResult = z.infer<typeof agencySettleResponse>;

export const agencyCommissionsQuery = pageQuerySchema.extend({
  lang: langField,
  agent_id: idField.optional(),
  day: agencyDayField.optional(),
});
export type AgencyCommissionsQuery = z.infer<typeof agencyCommissionsQuery>;
export const agencyCommissionRow = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  agent_account: z.string(),
  subordinate_id: z.number().int(),
  subordinate_account: z.string(),
  day: z.string(),
  source: z.string(),
  level: z.number().int(),
  base: z.string(),
  rate_bp: z.number().int(),
  amount: z.string(),
  transfer_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type AgencyCommissionRow = z.infer<typeof agencyCommissionRow>;
export const agencyCommissionsPage = pageSchema(agencyCommissionRow).extend({ total_amount: z.string() });
