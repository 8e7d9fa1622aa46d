import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { idField, langField } from './fields.ts';
import { cpfField } from './kyc.ts';
import { LIMIT_KINDS, LIMIT_PERIODS } from './responsible.ts';

/**
 * The back office's responsible-gaming view (issue 12 item 10; docs/RESPONSIBLE-GAMING.md):
 * members with limits, pauses and exclusions, their risk flags, the federal register's checks,
 * the balance returns queue, each member's communications log and the sandbox federal list.
 */

/** Which members the view lists. */
export const RESPONSIBLE_MEMBER_FILTERS = ['any', 'limits', 'paused', 'excluded', 'closed'] as const;

export const adminResponsibleMembersQuery = pageQuerySchema.extend({
  lang: langField,
  filter: z.enum(RESPONSIBLE_MEMBER_FILTERS, { error: 'validation.invalid' }).default('any'),
  member_id: z.coerce.number().int().positive().optional(),
});

/** The documented risk flags (docs/RESPONSIBLE-GAMING.md "Risk flags"). */
export const RISK_FLAGS = ['deposits_rising', 'limit_hits', 'night_play', 'deposit_after_loss'] as const;
export type RiskFlag = (typeof RISK_FLAGS)[number];

export const riskFlagView = z.object({
  flag: z.enum(RISK_FLAGS),
  /** The facts behind it: the days and amounts, the number of hits, the instants. */
  detail: z.string(),
});
export type RiskFlagView = z.infer<typeof riskFlagView>;

export const adminResponsibleMember = z.object({
  member_id: z.number().int(),
  account: z.string(),
  limits: z.array(
    z.object({
      kind: z.enum(LIMIT_KINDS),
      period: z.enum(LIMIT_PERIODS),
      value: z.number().int().nullable(),
      pending_value: z.number().int().nullable(),
      pending_at: z.string().nullable(),
    }),
  ),
  paused_until: z.string().nullable(),
  excluded_at: z.string().nullable(),
  excluded_until: z.string().nullable(),
  exclusion_source: z.enum(['self', 'central']).nullable(),
  withdraw_until: z.string().nullable(),
  closed_at: z.string().nullable(),
  risk_flags: z.array(riskFlagView),
});
export type AdminResponsibleMember = z.infer<typeof adminResponsibleMember>;
export const adminResponsibleMemberPage = pageSchema(adminResponsibleMember);

export const CENTRAL_CHECK_REASONS = ['registration', 'daily_login', 'periodic'] as const;
export const CENTRAL_CHECK_RESULTS = ['impedido', 'nao_impedido', 'error'] as const;

export const adminCentralChecksQuery = pageQuerySchema.extend({
  lang: langField,
  member_id: z.coerce.number().int().positive().optional(),
  result: z.enum(CENTRAL_CHECK_RESULTS, { error: 'validation.invalid' }).optional(),
});

export const adminCentralCheck = z.object({
  id: z.number().int(),
  member_id: z.number().int().nullable(),
  member_account: z.string().nullable(),
  /** Masked: ***.456.789-**. */
  cpf: z.string(),
  reason: z.enum(CENTRAL_CHECK_REASONS),
  result: z.enum(CENTRAL_CHECK_RESULTS),
  checked_at: z.string(),
});
export type AdminCentralCheck = z.infer<typeof adminCentralCheck>;
export const adminCentralCheckPage = pageSchema(adminCentralCheck);

export const BALANCE_RETURN_STATUSES = ['empty', 'paying', 'paid', 'queued', 'manual'] as const;
export type BalanceReturnStatus = (typeof BALANCE_RETURN_STATUSES)[number];

export const adminBalanceReturnsQuery = pageQuerySchema.extend({
  lang: langField,
  status: z.enum(BALANCE_RETURN_STATUSES, { error: 'validation.invalid' }).optional(),
  member_id: z.coerce.number().int().positive().optional(),
});

export const adminBalanceReturn = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  member_account: z.string(),
  member_cpf: z.string().nullable(),
  reason: z.enum(['self_exclusion', 'central_exclusion']),
  /** "123.45". */
  amount: z.string(),
  status: z.enum(BALANCE_RETURN_STATUSES),
  key_type: z.string().nullable(),
  pix_key: z.string().nullable(),
  withdrawal_id: z.number().int().nullable(),
  ledger_key: z.string().nullable(),
  note: z.string().nullable(),
  operator: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type AdminBalanceReturn = z.infer<typeof adminBalanceReturn>;
export const adminBalanceReturnPage = pageSchema(adminBalanceReturn);

export const adminBalanceReturnParams = z.object({ id: idField });
/** POST .../returns/:id/paid: how the operator paid it (a bank transfer's reference). */
export const adminBalanceReturnPaidBody = z.object({
  lang: langField,
  note: z.string().trim().min(3, { error: 'validation.reason_required' }).max(500, { error: 'validation.too_long' }),
});

export const adminMemberParams = z.object({ id: idField });
export const adminCommunicationsQuery = pageQuerySchema.extend({ lang: langField });
export const adminCommunication = z.object({
  id: z.number().int(),
  channel: z.enum(['notification', 'email', 'in_app']),
  kind: z.string(),
  lang: z.string(),
  content: z.string(),
  created_at: z.string(),
});
export type AdminCommunication = z.infer<typeof adminCommunication>;
export const adminCommunicationPage = pageSchema(adminCommunication);

export const adminRiskFlagsAnswer = z.object({ member_id: z.number().int(), flags: z.array(riskFlagView) });

export const adminCentralListQuery = pageQuerySchema.extend({ lang: langField });
export const adminCentralListEntry = z.object({
  cpf: z.string(),
  note: z.string().nullable(),
  added_by: z.string().nullable(),
  member_id: z.number().int().nullable(),
  member_account: z.string().nullable(),
  created_at: z.string(),
});
export type AdminCentralListEntry = z.infer<typeof adminCentralListEntry>;
export const adminCentralListPage = pageSchema(adminCentralListEntry);
export const adminCentralListAddBody = z.object({
  lang: langField,
  cpf: cpfField,
  note: z.string().trim().max(200, { error: 'validation.too_long' }).optional(),
});
/** A CPF as the path names it (digits, with or without punctuation); one not on the list answers 404. */
export const adminCentralListParams = z.object({
  cpf: z
    .string()
    .regex(/^[\d.-]{1,14}$/, { error: 'validation.cpf_invalid' })
    .transform((value) => value.replace(/\D/g, '')),
});
