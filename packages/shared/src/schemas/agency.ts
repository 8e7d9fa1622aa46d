import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { accountField, captchaField, captchaKeyField, idField, inviteCodeField, langField, passwordField, phoneField } from './fields.ts';

/**
 * Agency and invitations (spec sections 3, 6, 7; DESIGN.md section 7). Direct subordinates are
 * level 1, indirect ones level 2 and 3. Commissions accrue from subordinates' credited recharges
 * and valid bets, and a daily job settles each São Paulo day into the agent's balance.
 */
export const AGENCY_MAX_DEPTH = 3;

export const agencyOverviewResponse = z.object({
  member_id: z.number().int(),
  invite_code: z.string(),
  /** Absolute invite link (register modal opens with the code filled). */
  invite_link: z.string(),
  /** The member's own inviter, if any. */
  inviter_id: z.number().int().nullable(),
  direct_count: z.number().int(),
  indirect_count: z.number().int(),
  /** Commission accrued today, not yet settled. */
  pending_commission: z.string(),
  total_commission: z.string(),
  /** "Ordinary agent" until a custom label is set. */
  agent_label: z.string(),
});
export type AgencyOverview = z.infer<typeof agencyOverviewResponse>;

export const subordinatesQuery = pageQuerySchema.extend({
  lang: langField,
  /** 1 direct, 2-3 indirect; omitted: all. */
  level: z.coerce.number().int().min(1).max(AGENCY_MAX_DEPTH).optional(),
});
export const subordinateItem = z.object({
  uid: z.number().int(),
  /** The account, masked for indirect levels ("jo***12"). */
  account: z.string(),
  level: z.number().int(),
  registered_at: z.string(),
  total_recharge: z.string(),
  total_betting: z.string(),
  /** Commission this subordinate has earned the agent (settled + pending). */
  commission: z.string(),
});
export type SubordinateItem = z.infer<typeof subordinateItem>;
export const subordinatesResponse = pageSchema(subordinateItem);

/**
 * POST api/agency/subordinate/register: an agent registers a subordinate (under its own code). The
 * confirmation is `password_confirmation`, the name `register2` uses; `confirm_password`, this
 * call's first name for it, is still accepted from older clients (one of the two is required).
 */
export const subordinateRegisterBody = z
  .strictObject({
    account: accountField,
    password: passwordField,
    password_confirmation: z.string().max(64).optional(),
    /** @deprecated the old name of `password_confirmation`. */
    confirm_password: z.string().max(64).optional(),
    phone: phoneField,
    realname: z.string().trim().max(100).optional(),
    captcha_key: captchaKeyField.optional(),
    captcha: captchaField.optional(),
    lang: langField,
  })
  .superRefine((b, ctx) => {
    const field = b.password_confirmation === undefined && b.confirm_password !== undefined ? 'confirm_password' : 'password_confirmation';
    const confirmation = b.password_confirmation ?? b.confirm_password;
    if (confirmation === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    else if (confirmation !== b.password) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.passwords_mismatch' });
  });
export const subordinateRegisterResponse = z.object({ uid: z.number().int(), account: z.string(), invite_code: z.string() });

/**
 * POST api/agency/bind: an agent asks a member without an inviter (phone, invite code, UID) to join
 * its team. Nothing is bound yet: the member accepts or declines the request in the information
 * centre, and only an acceptance links it. The answer names the member and the agent (`uid`,
 * `inviter_id`), with the request's state and when it lapses.
 */
export const agencyBindBody = z.strictObject({
  phone: phoneField,
  invite_code: inviteCodeField,
  uid: idField,
  lang: langField,
});
export const agencyBindResponse = z.object({
  uid: z.number().int(),
  inviter_id: z.number().int(),
  status: z.literal('pending'),
  expires_at: z.string(),
});

/** A bind request as the member it is addressed to sees it. */
export const bindRequestItem = z.object({
  id: z.number().int(),
  agent_uid: z.number().int(),
  agent_account: z.string(),
  invite_code: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type BindRequestItem = z.infer<typeof bindRequestItem>;
/** GET api/agency/bind/requests: the caller's open requests (at most one: one pending per member). */
export const bindRequestsResponse = z.object({ list: z.array(bindRequestItem) });

/** POST api/agency/bind/accept and /decline: one of the caller's own requests. */
export const bindRequestIdBody = z.strictObject({ id: idField, lang: langField });
/** POST api/agency/bind/code: the member enters an agent's invite code. */
export const bindByCodeBody = z.strictObject({
  invite_code: inviteCodeField.pipe(z.string().min(1, { error: 'validation.required' })),
  lang: langField,
});
/** The member's new place: its own id and its inviter. */
export const bindJoinedResponse = z.object({ uid: z.number().int(), inviter_id: z.number().int() });
export const bindDeclinedResponse = z.object({ id: z.number().int(), status: z.literal('declined') });

/** POST api/agency/inviterecord (spec: my ID, inviter ID, invitation code, invitee UID, rewards). */
export const inviteRecordBody = pageQuerySchema.extend({ lang: langField, uid: idField.optional() }).default({ page: 1, page_size: 20 });
export const inviteRecordItem = z.object({
  my_id: z.number().int(),
  inviter_id: z.number().int().nullable(),
  invitation_code: z.string(),
  invitee_uid: z.number().int(),
  invitee_account: z.string(),
  level: z.number().int(),
  registered_at: z.string(),
  first_recharge_at: z.string().nullable(),
  direct_reward: z.string(),
  indirect_reward: z.string(),
});
export type InviteRecordItem = z.infer<typeof inviteRecordItem>;
export const inviteRecordResponse = pageSchema(inviteRecordItem).extend({
  total_direct_reward: z.string(),
  total_indirect_reward: z.string(),
});

/** POST api/agency/reward: commissions by day and source (settled and today's pending). */
export const agencyRewardBody = pageQuerySchema
  .extend({ lang: langField, days: z.union([z.literal(1), z.literal(3), z.literal(7)]).optional() })
  .default({ page: 1, page_size: 20 });
export const agencyRewardItem = z.object({
  day: z.string(),
  source: z.enum(['recharge', 'betting', 'invitation']),
  level: z.number().int(),
  base: z.string(),
  rate_bp: z.number().int(),
  amount: z.string(),
  status: z.enum(['pending', 'settled']),
  settled_at: z.string().nullable(),
});
export type AgencyRewardItem = z.infer<typeof agencyRewardItem>;
export const agencyRewardResponse = pageSchema(agencyRewardItem).extend({
  direct_reward: z.string(),
  indirect_reward: z.string(),
  pending: z.string(),
});

/** GET api/agency/mechanism/recharge|betting (rates by level) and /settlement (the schedule). */
export const mechanismRateItem = z.object({ level: z.number().int(), rate_bp: z.number().int() });
export const mechanismRatesResponse = z.object({ source: z.enum(['recharge', 'betting']), levels: z.array(mechanismRateItem) });
export const mechanismSettlementResponse = z.object({
  timezone: z.string(),
  /** Local time the previous day is settled ("00:10"). */
  settles_at: z.string(),
  last_settled_day: z.string().nullable(),
  min_payout: z.string(),
  wagering_multiple: z.number().int(),
});
