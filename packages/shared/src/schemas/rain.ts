import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { parseReais } from '../money.ts';
import { idField, langField } from './fields.ts';

/**
 * The chat rain (issue 15 item 2, features/rain): every few hours a pot is split to the centavo
 * among the eligible members, who claim it in a window (or receive it automatically), paid as a
 * bonus with its wagering. `GET /api/rain/current`, `POST /api/rain/claim {rain_id}`; the chat
 * socket announces each phase with `{ type: 'rain', rain_id, phase, at, pot }`.
 * Money goes out as reais strings ("50.00").
 */

/** claim: eligible members press "claim" while the window is open; auto: every eligible member is paid. */
export const RAIN_MODES = ['claim', 'auto'] as const;
export type RainMode = (typeof RAIN_MODES)[number];

/** scheduled (no row yet), announced (a minute before), open (claims), paid, cancelled (nobody eligible, or switched off). */
export const RAIN_PHASES = ['scheduled', 'announced', 'open', 'paid', 'cancelled'] as const;
export type RainPhase = (typeof RAIN_PHASES)[number];

/** Why a member is not eligible, in the order they are checked (each has a translated message). */
export const RAIN_REASONS = ['disabled', 'regulated', 'restricted', 'cpf_required', 'min_wager', 'chat_inactive'] as const;
export type RainReason = (typeof RAIN_REASONS)[number];

export const rainReason = z.object({ code: z.enum(RAIN_REASONS), message: z.string() });

export const rainCurrentQuery = z.object({ lang: langField, site: z.string().max(64).optional() });

export const rainCurrent = z.object({
  /** Off in the settings, or off because the site is on the regulated profile: no rain will come. */
  enabled: z.boolean(),
  mode: z.enum(RAIN_MODES),
  /** The rain coming or running: its instant (ISO), null when rain is off. */
  next_at: z.string().nullable(),
  pot: z.string(),
  /** The rain row when one was announced (or is open, or paid within the last minutes). */
  rain: z
    .object({
      id: z.number().int(),
      phase: z.enum(RAIN_PHASES),
      at: z.string(),
      closes_at: z.string(),
      paid_count: z.number().int(),
    })
    .nullable(),
  /** Visitors: null. */
  eligible: z.boolean().nullable(),
  reasons: z.array(rainReason),
  min_wager: z.string(),
  /** The member's bets over the last 24 hours (visitors: null). */
  wagered_24h: z.string().nullable(),
  chat_active_minutes: z.number().int(),
  /** The member has claimed the current rain. */
  claimed: z.boolean(),
  /** What the member received from the last rain paid to it (visitors and members never paid: null). */
  received: z.object({ rain_id: z.number().int(), amount: z.string(), paid_at: z.string() }).nullable(),
});
export type RainCurrent = z.infer<typeof rainCurrent>;

export const rainClaimBody = z.object({ rain_id: idField, lang: langField });
export const rainClaimResult = z.object({ rain_id: z.number().int(), claimed_at: z.string(), closes_at: z.string() });
export type RainClaimResult = z.infer<typeof rainClaimResult>;

// ---- back office --------------------------------------------------------------------------------

/** Reais with zero allowed ("0" = no minimum). */
const reaisOrZero = z.union([z.string().max(20), z.number()], { error: 'validation.amount_invalid' }).transform((value, ctx) => {
  const centavos = parseReais(value);
  if (centavos === null) {
    ctx.addIssue({ code: 'custom', message: 'validation.amount_invalid' });
    return z.NEVER;
  }
  return centavos;
});
const positiveReais = reaisOrZero.refine((v) => v > 0, { error: 'validation.amount_invalid' });

export const RAIN_LIMITS = {
  intervalMinutes: { min: 5, max: 7 * 24 * 60 },
  windowSeconds: { min: 10, max: 3600 },
  announceSeconds: { min: 0, max: 3600 },
  chatActiveMinutes: { min: 1, max: 24 * 60 },
  wageringMultiple: { min: 0, max: 100 },
  potMaxCentavos: 10_000_000,
} as const;

export const rainSettings = z.object({
  site_id: z.number().int(),
  site_name: z.string(),
  regulated: z.boolean(),
  enabled: z.boolean(),
  /** On a regulated site the rain does not run while this is true (the default). */
  off_when_regulated: z.boolean(),
  mode: z.enum(RAIN_MODES),
  interval_minutes: z.number().int(),
  pot: z.string(),
  min_wager: z.string(),
  chat_active_minutes: z.number().int(),
  window_seconds: z.number().int(),
  announce_seconds: z.number().int(),
  wagering_multiple: z.number().int(),
  /** true: saved by an operator; false: the server's RAIN_* defaults. */
  saved: z.boolean(),
  updated_at: z.string().nullable(),
});
export type RainSettings = z.infer<typeof rainSettings>;

const intIn = (range: { min: number; max: number }) =>
  z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(range.min, { error: 'validation.invalid' })
    .max(range.max, { error: 'validation.invalid' });

export const rainSettingsBody = z.strictObject({
  site_id: idField.optional(),
  enabled: z.boolean().optional(),
  off_when_regulated: z.boolean().optional(),
  mode: z.enum(RAIN_MODES, { error: 'validation.invalid' }).optional(),
  interval_minutes: intIn(RAIN_LIMITS.intervalMinutes).optional(),
  pot: positiveReais.refine((v) => v <= RAIN_LIMITS.potMaxCentavos, { error: 'validation.invalid' }).optional(),
  min_wager: reaisOrZero.optional(),
  chat_active_minutes: intIn(RAIN_LIMITS.chatActiveMinutes).optional(),
  window_seconds: intIn(RAIN_LIMITS.windowSeconds).optional(),
  announce_seconds: intIn(RAIN_LIMITS.announceSeconds).optional(),
  wagering_multiple: intIn(RAIN_LIMITS.wageringMultiple).optional(),
  lang: langField,
});
export type RainSettingsBody = z.input<typeof rainSettingsBody>;

export const rainSiteQuery = z.object({ site_id: idField.optional(), lang: langField });

export const adminRain = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  mode: z.enum(RAIN_MODES),
  status: z.enum(RAIN_PHASES),
  at: z.string(),
  closes_at: z.string(),
  pot: z.string(),
  paid_count: z.number().int(),
  paid: z.string(),
  claims: z.number().int(),
  paid_at: z.string().nullable(),
});
export type AdminRain = z.infer<typeof adminRain>;

export const adminRainQuery = pageQuerySchema.extend({ site_id: idField.optional(), lang: langField });
export const adminRainPage = pageSchema(adminRain);

export const adminRainPayout = z.object({
  member_id: z.number().int(),
  account: z.string(),
  status: z.enum(['claimed', 'paid', 'skipped']),
  amount: z.string(),
  wagering: z.string(),
  claimed_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export const adminRainDetail = z.object({ rain: adminRain, payouts: z.array(adminRainPayout) });
export type AdminRainDetail = z.infer<typeof adminRainDetail>;
export const adminRainIdParams = z.object({ id: idField });
