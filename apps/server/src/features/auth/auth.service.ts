import { CURRENCY, MEMBER_STATUS } from '@casino/shared/constants';
import { normalizeBrazilianMobile } from '@casino/shared/schemas/fields';
import type { UserInfo } from '@casino/shared/schemas/auth';
import type { RegulatedProfile } from '@casino/shared/schemas/regulated-profile';
import type { AppContext } from '../../context.ts';
import { type Database, nowIso } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Member, MemberSession, MemberUpdate, Site } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { LoginThrottle, loginPolicy } from '../../lib/rate-limiter.ts';
import { newInviteCode, newToken, sha256 } from '../../lib/tokens.ts';
import { findSiteById } from '../../platform/sites/sites.repository.ts';
import { consumeCaptcha } from './captcha.service.ts';
import * as members from '../../platform/members/members.repository.ts';
import * as sessions from '../../platform/auth/sessions.repository.ts';
import { toUserInfo } from './user-info.ts';
import { checkAtFirstLoginOfDay } from '../central-exclusion/central-exclusion.service.ts';
import { checkRegulatedProfile, profileState, regulatedColumns, regulatedUniqueViolation, saveSignupLimits } from './regulated-profile.ts';
import { clock } from '../../lib/clock.ts';
import { assertMayLogin } from '../../platform/responsible/standing.ts';
import { acceptAtRegistration } from '../../platform/terms/terms-standing.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface RegisterInput {
  account: string;
  password: string;
  realname: string;
  phone: string;
  qk_pwd?: string | undefined;
  invite_code?: string | undefined;
  captcha_key?: string | undefined;
  captcha?: string | undefined;
  lang?: string | undefined;
  /** The regulated profile's data (required on a regulated site, ignored elsewhere). */
  regulated?: Partial<RegulatedProfile> | undefined;
}

export async function userInfoOf(ctx: AppContext, member: Member): Promise<UserInfo> {
  const site = await findSiteById(ctx.db, member.site_id);
  const profile = await profileState(ctx.db, member, site?.regulated === 1);
  return toUserInfo(member, site?.name ?? null, await members.memberBalances(ctx.db, member.id), profile);
}

async function openSession(ctx: AppContext, memberId: number, client: ClientInfo, db = ctx.db) {
  const token = newToken();
  const now = new Date();
  await sessions.insertSession(db, {
    member_id: memberId,
    token_hash: sha256(token),
    ip: client.ip,
    user_agent: client.userAgent?.slice(0, 255) ?? null,
    now: now.toISOString(),
    expires_at: new Date(now.getTime() + ctx.config.SESSION_MAX_HOURS * 3_600_000).toISOString(),
  });
  return { token, token_type: 'Bearer' as const, expires_in: ctx.config.SESSION_IDLE_MINUTES * 60 };
}

/** Registers a member, opens its accounts and a session, all in one transaction. */
export async function register(ctx: AppContext, site: Site, input: RegisterInput, client: ClientInfo) {
  await consumeCaptcha(ctx, input.captcha_key, input.captcha);
  const inviter = input.invite_code ? await members.findMemberByInviteCode(ctx.db, input.invite_code) : undefined;
  const inviteErrors: Record<string, string[]> = input.invite_code && !inviter ? { invite_code: ['validation.invite_code_unknown'] } : {};
  // The regulated profile: CPF, birth date, e-mail, address and the sign-up limits, checked
  // against the CPF registry and the exclusions before the account exists (regulated-profile.ts).
  const regulated =
    site.regulated === 1 ? await checkRegulatedProfile(ctx, { ...input.regulated, realname: input.realname }, null, inviteErrors) : null;
  const columns = regulated ? regulatedColumns(regulated, clock.nowIso()) : undefined;
  return createMember(ctx, site, { ...input, inviter, registerIp: client.ip, columns }, inviteErrors, async (trx, member) => {
    if (regulated) await saveSignupLimits(trx, member.id, regulated);
    // The agree box links the terms in force: their acceptance is stored with the new account.
    await acceptAtRegistration(trx, member.id, site.id, client.ip);
    const token = await openSession(ctx, member.id, client, trx);
    const profile = { regulated: site.regulated === 1, profile_incomplete: false, missing_fields: [] };
    return { ...token, user: toUserInfo(member, site.name, { cash: 0, bonus: 0, rebate: 0 }, profile) };
  });
}

export interface NewMemberInput {
  account: string;
  password: string;
  realname: string;
  phone: string;
  qk_pwd?: string | undefined;
  lang?: string | undefined;
  /** The member whose invitation it follows (agent_id, top_id and the invitation tree). */
  inviter: Member | undefined;
  registerIp: string | null;
  /** More columns of the new row (the regulated profile's data). */
  columns?: MemberUpdate | undefined;
}

/**
 * Creates a member by the registration rules (unique account and phone, argon2 hashes, its ledger
 * accounts, its place under the inviter in the invitation tree), then runs `inTransaction` in the
 * same transaction. Shared by self-registration and an agent registering a subordinate, so both
 * follow one set of rules. `fieldErrors` are the caller's own refusals, reported with these.
 */
export async function createMember<T>(
  ctx: AppContext,
  site: Site,
  input: NewMemberInput,
  fieldErrors: Record<string, string[]>,
  inTransaction: (trx: Database, member: Member) => Promise<T>,
): Promise<T> {
  const account = input.account.toLowerCase();
  const errors: Record<string, string[]> = {};
  if (await members.findMemberByAccount(ctx.db, account)) errors.account = ['validation.account_taken'];
  if (await members.findMemberByPhone(ctx.db, input.phone)) errors.phone = ['validation.phone_taken'];
  Object.assign(errors, fieldErrors);
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });

  const { inviter } = input;
  const passwordHash = await hashPassword(input.password);
  const qkPwdHash = input.qk_pwd ? await hashPassword(input.qk_pwd) : null;
  const now = nowIso();

  try {
    const inviteCode = await unusedInviteCode(ctx);
    return await ctx.db.transaction().execute(async (trx) => {
      const member = await members.insertMember(trx, {
        account,
        phone: input.phone,
        password_hash: passwordHash,
        qk_pwd_hash: qkPwdHash,
        realname: input.realname,
        nickname: null,
        email: null,
        qq: null,
        invite_code: inviteCode,
        agent_id: inviter?.id ?? null,
        top_id: inviter ? (inviter.top_id ?? inviter.id) : null,
        site_id: site.id,
        lang: input.lang ?? site.default_lang,
        register_ip: input.registerIp,
        register_area: null,
        profile_url: null,
        frozen_reason: null,
        deleted_at: null,
        ...input.columns,
        created_at: now,
        updated_at: now,
      });
      await members.openMemberAccounts(trx, member.id, CURRENCY, now);
      if (inviter) await ctx.memberHooks.joinedUnder(trx, member.id, inviter.id);
      return inTransaction(trx, member);
    });
  } catch (error) {
    // Two registrations of the same name at the same instant: the unique index decides.
    if (isUniqueViolation(error, 'account'))
      throw new AppError('ACCOUNT_TAKEN', { fieldErrors: { account: ['validation.account_taken'] } });
    if (isUniqueViolation(error, 'phone')) throw new AppError('PHONE_TAKEN', { fieldErrors: { phone: ['validation.phone_taken'] } });
    const regulatedConflict = regulatedUniqueViolation(error);
    if (regulatedConflict) throw regulatedConflict;
    if (error instanceof AppError) throw error;
    // Anything else (the database refused or failed, no free invite code): no field explains it,
    // so the member reads the spec's "Registration Failed" and the operator finds the cause in the log.
    ctx.log.error({ err: error, account }, 'registration failed');
    throw new AppError('REGISTRATION_FAILED');
  }
}

async function unusedInviteCode(ctx: AppContext): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = newInviteCode();
    if (!(await members.findMemberByInviteCode(ctx.db, code))) return code;
  }
  throw new Error('could not find an unused invite code in 10 attempts');
}

/**
 * Logs in by account name or phone. Wrong passwords are counted per (member, address) pair and
 * per address (lib/rate-limiter.ts): a stranger's guesses make the stranger wait, never the
 * member logging in from their own address.
 */
export async function login(
  ctx: AppContext,
  input: { account: string; password: string; captcha_key?: string | undefined; captcha?: string | undefined },
  client: ClientInfo,
) {
  const phone = normalizeBrazilianMobile(input.account);
  const member =
    (await members.findMemberByAccount(ctx.db, input.account)) ?? (phone ? await members.findMemberByPhone(ctx.db, phone) : undefined);
  // One count per member whether it is named by account or by phone; unknown names count by name.
  const throttleKey = member ? `member:${member.id}` : `name:${input.account.toLowerCase()}`;
  const throttle = new LoginThrottle(ctx.counters, 'login', loginPolicy(ctx.config.LOGIN_MAX_FAILURES));
  await throttle.assertAllowed(throttleKey, client.ip);
  await consumeCaptcha(ctx, input.captcha_key, input.captcha);

  const passwordOk = await verifyPassword(member?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!member || !passwordOk || member.deleted_at) {
    await throttle.recordFailure(throttleKey, client.ip);
    throw new AppError('LOGIN_FAILED', { fieldErrors: { password: ['auth.login_failed'] } });
  }
  if (member.status === MEMBER_STATUS.frozen) throw new AppError('ACCOUNT_FROZEN');
  await throttle.recordSuccess(throttleKey, client.ip);
  // The daily time limit ended play today: no new session until the next São Paulo day.
  await assertMayLogin(ctx.db, member.id);
  // The federal self-exclusion register, at the first login of each São Paulo day (never fails the login).
  await checkAtFirstLoginOfDay(ctx, member.id);
  const token = await openSession(ctx, member.id, client);
  return { ...token, user: await userInfoOf(ctx, member) };
}

export async function logout(ctx: AppContext, session: MemberSession): Promise<void> {
  await sessions.revokeSession(ctx.db, session.id, 'logout', nowIso());
}
