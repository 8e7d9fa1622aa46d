import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_MS } from '@casino/shared/constants';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Member, MemberSession } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { safeEqualHex, sha256, sixDigitCode } from '../../lib/tokens.ts';
import { findMemberByEmail, updateMember } from '../../platform/members/members.repository.ts';
import { revokeMemberSessions } from '../../platform/auth/sessions.repository.ts';
import { checkLoginPassword } from '../../platform/auth/login-password.ts';

const EMAIL_CODE_MIN_INTERVAL_MS = 60_000;
const EMAIL_CODES_PER_DAY = 10;

/** The spec: a phone or social-login account must contact customer service to set passwords. */
export function canSetPasswords(member: Member): boolean {
  return member.register_type === 'account';
}

function assertCanSetPasswords(member: Member) {
  if (!canSetPasswords(member)) throw new AppError('CONTACT_SUPPORT_FOR_PASSWORD');
}

export function securityStatus(member: Member) {
  return {
    has_password_change: canSetPasswords(member),
    has_qk_pwd: member.qk_pwd_hash !== null,
    email: member.email,
    phone: member.phone,
  };
}

/** Changes the login password; every other session of the member ends, this one stays. */
export async function changePassword(
  ctx: AppContext,
  member: Member,
  session: MemberSession,
  input: { old_password: string; password: string },
) {
  assertCanSetPasswords(member);
  await checkLoginPassword(ctx, member, input.old_password, 'old_password');
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await updateMember(trx, member.id, { password_hash: passwordHash, updated_at: now });
    await revokeMemberSessions(trx, member.id, 'password_changed', now, session.id);
  });
}

export async function setWithdrawalPassword(ctx: AppContext, member: Member, input: { password: string; qk_pwd: string }) {
  assertCanSetPasswords(member);
  await checkLoginPassword(ctx, member, input.password, 'password');
  await updateMember(ctx.db, member.id, { qk_pwd_hash: await hashPassword(input.qk_pwd), updated_at: nowIso() });
}

export async function verifyLoginPassword(ctx: AppContext, member: Member, password: string) {
  await checkLoginPassword(ctx, member, password, 'password');
}

/** Sends a 6-digit code to the address; at most one a minute and ten a day per member. */
export async function sendEmailCode(ctx: AppContext, member: Member, email: string, lang: string) {
  const other = await findMemberByEmail(ctx.db, email);
  if (other && other.id !== member.id) throw fieldError('EMAIL_TAKEN', 'email', 'validation.email_taken');
  if ((await ctx.counters.hit(`email-code:min:${member.id}`, EMAIL_CODE_MIN_INTERVAL_MS)) > 1) throw new AppError('RATE_LIMITED');
  if ((await ctx.counters.hit(`email-code:day:${member.id}`, 86_400_000)) > EMAIL_CODES_PER_DAY) throw new AppError('RATE_LIMITED');

  const code = sixDigitCode();
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    // A new code replaces the old ones: only the latest can bind.
    await trx
      .updateTable('email_codes')
      .set({ consumed_at: new Date(now).toISOString() })
      .where('member_id', '=', member.id)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_codes')
      .values({
        member_id: member.id,
        email,
        code_hash: sha256(`${member.id}:${code}`),
        expires_at: new Date(now + EMAIL_CODE_TTL_MS).toISOString(),
        consumed_at: null,
        created_at: new Date(now).toISOString(),
      })
      .execute();
  });
  const minutes = Math.round(EMAIL_CODE_TTL_MS / 60_000);
  await ctx.mailer.send(ctx.db, {
    to: email,
    subject: translate(lang, 'security.email_subject'),
    text: translate(lang, 'security.email_body', { code, minutes }),
  });
  return { expires_in: Math.round(EMAIL_CODE_TTL_MS / 1000), attempts: EMAIL_CODE_MAX_ATTEMPTS };
}

export async function bindEmail(ctx: AppContext, member: Member, email: string, code: string) {
  const row = await ctx.db
    .selectFrom('email_codes')
    .selectAll()
    .where('member_id', '=', member.id)
    .where('email', '=', email)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw fieldError('EMAIL_CODE_INVALID', 'code');
  if (Date.parse(row.expires_at) <= Date.now()) throw fieldError('EMAIL_CODE_EXPIRED', 'code');
  if (row.attempts >= EMAIL_CODE_MAX_ATTEMPTS) throw fieldError('EMAIL_CODE_TOO_MANY', 'code');

  if (!safeEqualHex(row.code_hash, sha256(`${member.id}:${code}`))) {
    // Counted with a conditional update, so parallel guesses cannot exceed the limit.
    await ctx.db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', EMAIL_CODE_MAX_ATTEMPTS)
      .execute();
    throw fieldError(row.attempts + 1 >= EMAIL_CODE_MAX_ATTEMPTS ? 'EMAIL_CODE_TOO_MANY' : 'EMAIL_CODE_INVALID', 'code');
  }

  const now = nowIso();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const consumed = await trx
        .updateTable('email_codes')
        .set({ consumed_at: now })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      if (Number(consumed.numUpdatedRows) !== 1) throw fieldError('EMAIL_CODE_INVALID', 'code');
      await updateMember(trx, member.id, { email, updated_at: now });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'email')) {
      throw fieldError('EMAIL_TAKEN', 'email', 'validation.email_taken');
    }
    throw error;
  }
}
