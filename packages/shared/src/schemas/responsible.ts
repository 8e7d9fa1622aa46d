import { z } from 'zod';
import { existingPasswordField, langField } from './fields.ts';

/**
 * Responsible gaming (issue 12; Portaria SPA/MF 1.231/2024): limits, reality check, pause,
 * self-exclusion, the member's status and statement. Limit values are integers: centavos for
 * deposit, loss and wager limits, minutes for the daily time limit.
 */

export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'time'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/** Every limit a member can set: the three money kinds per period, and time per day. */
export const LIMIT_SLOTS: ReadonlyArray<{ kind: LimitKind; period: LimitPeriod }> = [
  ...(['deposit', 'loss', 'wager'] as const).flatMap((kind) => LIMIT_PERIODS.map((period) => ({ kind, period }))),
  { kind: 'time', period: 'day' },
];
/** A raise or a removal waits this long; a lower value applies at once. */
export const LIMIT_COOLING_HOURS = 24;
/** Largest limit: R$ 10 000 000,00, or a whole day of minutes. */
export const MAX_LIMIT_CENTAVOS = 1_000_000_000;
export const MAX_TIME_LIMIT_MINUTES = 1440;

export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export const PAUSE_DAYS = [1, 7, 30, 42] as const;
export const SELF_EXCLUSION_MONTHS = [1, 3, 6, 12] as const;
/** After a self-exclusion the member may still withdraw this long; then the balance is returned. */
export const EXCLUSION_WITHDRAW_DAYS = 2;
/** The federal platform where a person excludes themselves from every licensed operator. */
export { CENTRAL_EXCLUSION_URL } from '../constants.ts';

/** A number sent as a number or a string of digits; null removes the limit. */
const limitNumber = z
  .union([z.number(), z.string().regex(/^\d{1,12}$/, { error: 'validation.limit_invalid' }), z.null()], {
    error: 'validation.limit_invalid',
  })
  .transform((v) => (v === null ? null : Number(v)))
  .pipe(
    z
      .number({ error: 'validation.limit_invalid' })
      .int({ error: 'validation.limit_invalid' })
      .positive({ error: 'validation.limit_invalid' })
      .nullable(),
  );

/**
 * One limit to set: kind, period (time: day only) and the value, named `value` (or `amount`,
 * `amount_centavos`, `minutes`); null removes it.
 */
const limitFields = z.object({
  kind: z.enum(LIMIT_KINDS, { error: 'validation.limit_kind' }),
  period: z.enum(LIMIT_PERIODS, { error: 'validation.limit_period' }).default('day'),
  value: limitNumber.optional(),
  amount: limitNumber.optional(),
  amount_centavos: limitNumber.optional(),
  minutes: limitNumber.optional(),
});

function toLimitChange(b: z.infer<typeof limitFields>, ctx: z.RefinementCtx) {
  const given = [b.value, b.amount, b.amount_centavos, b.minutes].filter((v) => v !== undefined);
  if (given.length !== 1) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.limit_invalid' });
    return z.NEVER;
  }
  const value = given[0] ?? null;
  if (b.kind === 'time' && b.period !== 'day') {
    ctx.addIssue({ code: 'custom', path: ['period'], message: 'validation.limit_period' });
    return z.NEVER;
  }
  const max = b.kind === 'time' ? MAX_TIME_LIMIT_MINUTES : MAX_LIMIT_CENTAVOS;
  if (value !== null && value > max) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.limit_invalid' });
    return z.NEVER;
  }
  return { kind: b.kind, period: b.period, value };
}

/**
 * One limit to set: kind, period (time: day only) and the value, named `value` (or `amount`,
 * `amount_centavos`, `minutes`); null removes it.
 */
export const limitChangeSchema = limitFields.transform(toLimitChange);
export type LimitChange = z.infer<typeof limitChangeSchema>;

/**
 * POST /api/responsible/limits: one limit (kind, period, value), or several at once in `limits`.
 * One object, so an unknown field is named in the answer like on every other route.
 */
export const setLimitsBody = limitFields
  .partial({ kind: true })
  .extend({ lang: langField, limits: z.array(limitChangeSchema).min(1).max(LIMIT_SLOTS.length).optional() })
  .transform((b, ctx): LimitChange[] => {
    if (b.limits) {
      if (b.kind !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['kind'], message: 'validation.limit_kind' });
        return z.NEVER;
      }
      return b.limits;
    }
    if (b.kind === undefined) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: 'validation.limit_kind' });
      return z.NEVER;
    }
    // After an issue zod discards the value: the change stands only when it is valid.
    return [toLimitChange({ ...b, kind: b.kind }, ctx)];
  });

export const limitView = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** Centavos (money kinds) or minutes (time); null: no limit. */
  value: z.number().int().nullable(),
  /** A raise or removal waiting for its cooling period: the value it will have (null: removed). */
  pending: z.object({ value: z.number().int().nullable(), applies_at: z.string() }).nullable(),
  /** What the period has counted so far (centavos or minutes). */
  used: z.number().int(),
  /** When the current period ends (the next São Paulo day, Monday or 1st). */
  resets_at: z.string(),
});
export type LimitView = z.infer<typeof limitView>;

export const limitsAnswer = z.object({ limits: z.array(limitView) });

export const realityCheckBody = z.object({
  lang: langField,
  minutes: z
    .union([z.number(), z.string().regex(/^\d{1,3}$/)], { error: 'validation.reality_check_minutes' })
    .transform(Number)
    .refine((m) => (REALITY_CHECK_MINUTES as readonly number[]).includes(m), { error: 'validation.reality_check_minutes' }),
});

export const pauseBody = z.object({
  lang: langField,
  days: z
    .union([z.number(), z.string().regex(/^\d{1,3}$/)], { error: 'validation.pause_days' })
    .transform(Number)
    .refine((d) => (PAUSE_DAYS as readonly number[]).includes(d), { error: 'validation.pause_days' }),
  password: existingPasswordField,
});

export const selfExclusionBody = z.object({
  lang: langField,
  /** 1, 3, 6 or 12 months, or 'indefinite'. */
  months: z
    .union([z.number(), z.string().max(12)], { error: 'validation.exclusion_months' })
    .transform((m) => (m === 'indefinite' ? ('indefinite' as const) : Number(m)))
    .refine((m) => m === 'indefinite' || (SELF_EXCLUSION_MONTHS as readonly number[]).includes(m), {
      error: 'validation.exclusion_months',
    }),
  password: existingPasswordField,
});

/** The session the reality check summarises. */
export const sessionSummary = z.object({
  started_at: z.string(),
  seconds: z.number().int(),
  stakes: z.string(),
  wins: z.string(),
  net: z.string(),
});

export const responsibleStatus = z.object({
  limits: z.array(limitView),
  reality_check_minutes: z.number().int(),
  pause: z.object({ until: z.string() }).nullable(),
  self_exclusion: z
    .object({
      since: z.string(),
      /** Null: indefinite. */
      until: z.string().nullable(),
      /** self: asked on this site; central: the federal register. */
      source: z.enum(['self', 'central']),
      /** The member may withdraw until then; afterwards the operator returns the balance. */
      withdraw_until: z.string().nullable(),
    })
    .nullable(),
  closed: z.boolean(),
  /** The daily time limit ended play today (until the next São Paulo day). */
  time_limit_reached: z.boolean(),
  /** What the member may do now. */
  can: z.object({ bet: z.boolean(), deposit: z.boolean(), withdraw: z.boolean(), bonus: z.boolean() }),
  session: sessionSummary.nullable(),
  /** Today's time played, in seconds (São Paulo day). */
  today_seconds: z.number().int(),
  central_exclusion_url: z.string(),
});
export type ResponsibleStatus = z.infer<typeof responsibleStatus>;

const dayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date_format' });
export const statementQuery = z.object({
  lang: langField,
  from: dayField.optional(),
  to: dayField.optional(),
  format: z.enum(['json', 'csv']).optional(),
});
export const STATEMENT_MAX_DAYS = 366;

export const statementDay = z.object({
  day: z.string(),
  deposits: z.string(),
  withdrawals: z.string(),
  stakes: z.string(),
  wins: z.string(),
  bonuses: z.string(),
  /** Wins minus stakes. */
  net: z.string(),
  seconds: z.number().int(),
});
export type StatementDay = z.infer<typeof statementDay>;
export const statementAnswer = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(statementDay),
  totals: statementDay.omit({ day: true }),
});
export type StatementAnswer = z.infer<typeof statementAnswer>;
