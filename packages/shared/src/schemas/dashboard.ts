import { z } from 'zod';
import { langField } from './fields.ts';

/**
 * The back office's landing dashboard (issue 15 item 8): GET /api/admin/dashboard?from=&to=.
 * Every figure is the one the matching report gives for the same São Paulo days; a section the
 * operator's role may not read comes back null (the page leaves it out).
 */

/** The dashboard's days by default (today and the 6 before it) and at most. */
export const DASHBOARD_DEFAULT_DAYS = 7;
export const DASHBOARD_MAX_DAYS = 92;

const dateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date_format' });

export const dashboardQuery = z.object({
  from: dateField.optional(),
  to: dateField.optional(),
  lang: langField,
});

/** Money as "123.45" (reais with centavos), like every report. */
const money = z.string();

const moneyFigure = z.object({ count: z.number().int(), amount: money });

/** The figures of one São Paulo day, or of a whole period. */
export const dashboardFigures = z.object({
  /** Credited deposits, by the time they were credited. Null: no deposits.read. */
  deposits: moneyFigure.nullable(),
  /** Paid withdrawals, by the time they were paid. Null: no withdrawals.review. */
  withdrawals: moneyFigure.nullable(),
  /** Null without games.read (casino, house) and sports.read (sportsbook): a missing part is null. */
  ggr: z
    .object({
      casino: money.nullable(),
      house: money.nullable(),
      sports: money.nullable(),
      total: money,
    })
    .nullable(),
  /** What promotions cost (bonuses, rebates, VIP, agency), as the promotions report. Null: no promotions.read. */
  bonus_cost: money.nullable(),
  /** Members registered. Null: no members.read. */
  new_players: z.number().int().nullable(),
  /** Distinct members who played a casino or house round or placed a sports bet. Null: no members.read. */
  active_players: z.number().int().nullable(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const DASHBOARD_QUEUES = ['withdrawal_review', 'kyc_review', 'balance_returns'] as const;
export type DashboardQueueKind = (typeof DASHBOARD_QUEUES)[number];

export const dashboardQueue = z.object({
  kind: z.enum(DASHBOARD_QUEUES),
  /** Items waiting now. */
  count: z.number().int(),
  /** When the oldest waiting item arrived (null: none waiting). */
  oldest_at: z.string().nullable(),
  /** Its age in whole minutes at the time of the answer. */
  oldest_minutes: z.number().int().nullable(),
});
export type DashboardQueue = z.infer<typeof dashboardQueue>;

export const DASHBOARD_ALERTS = ['withdrawals_overdue', 'liability_over_cap', 'ledger_check_failed'] as const;
export type DashboardAlertKind = (typeof DASHBOARD_ALERTS)[number];

export const dashboardAlert = z.object({
  kind: z.enum(DASHBOARD_ALERTS),
  /** How many items: withdrawals past the target, markets over the cap, broken invariants. */
  count: z.number().int(),
  /** Values the alert's text needs (target minutes, the cap, the invariants' names). */
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type DashboardAlert = z.infer<typeof dashboardAlert>;

export const dashboardLedgerCheck = z.object({
  ok: z.boolean(),
  /** When the quick checks ran (they are cached for a few minutes). */
  checked_at: z.string(),
  /** The invariants that failed (the full check is `npm run ledger:verify`). */
  failed: z.array(z.string()),
});

export const dashboardResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** São Paulo's today, for the "today" cards. */
  today: z.string(),
  time_zone: z.string(),
  /** The period's totals. */
  totals: dashboardFigures,
  /** Today's figures (whatever the period). */
  today_figures: dashboardFigures,
  /** One row per São Paulo day of the period, oldest first, for the charts. */
  days: z.array(dashboardFigures.extend({ day: z.string() })),
  /** The review queues the operator may work, with their age. */
  queues: z.array(dashboardQueue),
  /** What needs attention now, among what the operator may see. */
  alerts: z.array(dashboardAlert),
  /** Null without ledger.read. */
  ledger_check: dashboardLedgerCheck.nullable(),
  /** The service target of a withdrawal review, in minutes. */
  withdrawal_target_minutes: z.number().int(),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
