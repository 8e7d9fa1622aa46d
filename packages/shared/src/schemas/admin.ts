import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { idField, langField, reaisField } from './fields.ts';

/** Back-office roles (DESIGN.md section 4) and what each may do. */
export const PERMISSIONS = [
  'members.read',
  'members.write',
  'outbox.read',
  'audit.read',
  'operators.manage',
  'ledger.read',
  'ledger.adjust',
  'withdrawals.review',
  'deposits.read',
  'channels.manage',
  'games.read',
  'games.manage',
  'rounds.read',
  'promotions.read',
  'promotions.manage',
  'agency.manage',
  'info.manage',
  'sports.read',
  'sports.trade',
  /** The identity-check queue: see the documents, approve or reject (issue 12 item 5). */
  'kyc.review',
  /** Keep the sandbox CPF registry the identity check and registration consult. */
  'kyc.registry',
  /** The responsible-gaming view: limits, pauses, exclusions, risk flags, checks, returns, communications log. */
  'responsible.read',
  /** Keep the sandbox federal self-exclusion list; mark a queued balance return paid by hand. */
  'responsible.manage',
  /** The support chat inbox: read, answer, assign and close conversations; keep the canned replies. */
  'support.inbox',
  /** The community chat: delete messages, mute and ban members, lift them (issue 15 item 1). */
  'chat.moderate',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS = {
  superadmin: PERMISSIONS,
  risk: [
    'members.read',
    'members.write',
    'audit.read',
    'ledger.read',
    'withdrawals.review',
    'deposits.read',
    'games.read',
    'rounds.read',
    'sports.read',
    'sports.trade',
    'kyc.review',
    'kyc.registry',
    'responsible.read',
    'responsible.manage',
  ],
  support: [
    'members.read',
    'members.write',
    'outbox.read',
    'rounds.read',
    'promotions.read',
    'info.manage',
    'kyc.review',
    'responsible.read',
    'support.inbox',
    'chat.moderate',
  ],
  finance: [
    'members.read',
    'ledger.read',
    'ledger.adjust',
    'withdrawals.review',
    'deposits.read',
    'channels.manage',
    'games.read',
    'promotions.read',
    'agency.manage',
    'responsible.read',
    'responsible.manage',
  ],
  marketing: ['members.read', 'games.read', 'games.manage', 'promotions.read', 'promotions.manage', 'info.manage', 'chat.moderate'],
} as const satisfies Record<string, readonly Permission[]>;
export type OperatorRole = keyof typeof ROLE_PERMISSIONS;
export const OPERATOR_ROLES = Object.keys(ROLE_PERMISSIONS) as OperatorRole[];

export function roleAllows(role: string, permission: Permission): boolean {
  const allowed = (ROLE_PERMISSIONS as Record<string, readonly Permission[]>)[role];
  return allowed?.includes(permission) ?? false;
}

/**
 * Permissions that move money out or change balances: an operator whose role holds one of them
 * needs a second factor (TOTP) when NODE_ENV=production, and may only enrol one until it has.
 */
export const SECOND_FACTOR_PERMISSIONS = ['withdrawals.review', 'ledger.adjust'] as const satisfies readonly Permission[];

export function roleNeedsSecondFactor(role: string): boolean {
  return SECOND_FACTOR_PERMISSIONS.some((permission) => roleAllows(role, permission));
}

export const operatorLoginBody = z.strictObject({
  username: z.string().trim().min(1, { error: 'validation.required' }).max(64),
  password: z.string().min(1, { error: 'validation.required' }).max(128),
  lang: langField,
});

export const operator = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
  status: z.number().int(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  /** TOTP is switched on for this operator. */
  totp_enabled: z.boolean(),
  /** This server requires TOTP of the operator's role (NODE_ENV=production and money permissions). */
  totp_required: z.boolean(),
});
/**
 * A session opened by the password alone for an operator who must enrol TOTP first
 * (`totp_required` and not `totp_enabled`) opens only the security page until it has.
 */
export const operatorLoginResponse = z.object({ token: z.string(), operator });

/** Six digits from the authenticator app (a space in the middle is allowed, as apps show them). */
const totpCodeField = z
  .string()
  .trim()
  .regex(/^\d{3} ?\d{3}$/, { error: 'validation.totp_code' });

/** Six digits from the app, or one of the recovery codes (xxxxx-xxxxx). */
const secondFactorCodeField = z
  .string()
  .trim()
  .regex(/^(\d{3} ?\d{3}|[0-9a-z]{5}[- ]?[0-9a-z]{5})$/i, { error: 'validation.second_factor_code' });

/** The second step of a login (after 401 TOTP_REQUIRED, which carries `challenge`). */
export const operatorSecondFactorBody = z.strictObject({
  challenge: z.string().min(1, { error: 'validation.required' }).max(64),
  code: secondFactorCodeField,
  lang: langField,
});

/** The operator's own second-factor settings. */
export const operatorSecurity = z.object({
  totp_enabled: z.boolean(),
  totp_required: z.boolean(),
  totp_enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});

/** A new TOTP key, shown once: as a QR code of its otpauth:// address and as text. */
export const totpSetupResponse = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** data:image/svg+xml;base64,... of the otpauth:// address. */
  qr_data_url: z.string(),
});

export const totpEnableBody = z.strictObject({ code: totpCodeField, lang: langField });

/** Ten single-use recovery codes, shown once. */
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });

export const totpDisableBody = z.strictObject({
  password: z.string().min(1, { error: 'validation.required' }).max(128),
  code: secondFactorCodeField,
  lang: langField,
});

export const recoveryCodesBody = z.strictObject({ code: totpCodeField, lang: langField });

export const createOperatorBody = z.strictObject({
  username: z
    .string()
    .trim()
    .regex(/^[a-z0-9_.]{3,32}$/, { error: 'validation.operator_username' }),
  password: z.string().min(10, { error: 'validation.operator_password_min' }).max(128),
  role: z.enum(OPERATOR_ROLES as [OperatorRole, ...OperatorRole[]]),
  lang: langField,
});

export const memberSearchQuery = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  status: z.coerce.number().int().min(0).max(9).optional(),
  lang: langField,
});

export const memberSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  realname: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  status: z.number().int(),
  site: z.string().nullable(),
  agent_id: z.number().int().nullable(),
  register_ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  online: z.boolean(),
});
export const memberPage = pageSchema(memberSummary);

export const memberSession = z.object({
  id: z.number().int(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  active: z.boolean(),
});

export const memberDetail = memberSummary.extend({
  nickname: z.string().nullable(),
  invite_code: z.string(),
  top_id: z.number().int().nullable(),
  lang: z.string(),
  register_type: z.string(),
  has_qk_pwd: z.boolean(),
  money: z.string(),
  fs_money: z.string(),
  ml_money: z.string(),
  profile_url: z.string().nullable(),
  sessions: z.array(memberSession),
});

export const memberIdParams = z.object({ id: idField });
export const memberActionBody = z.strictObject({ reason: z.string().trim().max(500).optional(), lang: langField }).optional();

export const outboxItem = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  transport: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
});
export const outboxPage = pageSchema(outboxItem);

export const auditItem = z.object({
  id: z.number().int(),
  operator_id: z.number().int().nullable(),
  operator_username: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export const auditPage = pageSchema(auditItem);
export const auditQuery = pageQuerySchema.extend({
  action: z.string().max(64).optional(),
  target_id: z.string().max(64).optional(),
  lang: langField,
});

export const ledgerEntry = z.object({
  id: z.number().int(),
  transfer_id: z.number().int(),
  account_kind: z.string(),
  amount: z.string().describe('signed reais, "-10.00" for a debit'),
  balance_after: z.string().nullable(),
  code: z.string(),
  idempotency_key: z.string(),
  meta: z.unknown().nullable(),
  created_at: z.string(),
});
export const ledgerPage = pageSchema(ledgerEntry);
export const ledgerQuery = pageQuerySchema.extend({ lang: langField });

/** A manual adjustment of a member's cash: always with a reason, always audited. */
export const adjustmentBody = z.strictObject({
  direction: z.enum(['credit', 'debit']),
  amount: reaisField,
  reason: z.string().trim().min(3, { error: 'validation.reason_required' }).max(500),
  lang: langField,
});
