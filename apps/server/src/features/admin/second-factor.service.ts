import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import type { Operator } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { LoginThrottle, loginPolicy } from '../../lib/rate-limiter.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { sha256 } from '../../lib/tokens.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import { findOperatorById } from '../../platform/auth/operator-sessions.repository.ts';
import { secondFactorRequired } from '../../platform/auth/operator-guard.ts';
import * as repo from './second-factor.repository.ts';

// RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. A code of the
// step before or after is accepted too (clocks drift), each step at most once.
const TOTP_PERIOD_S = 30;
const TOTP_WINDOW_STEPS = 1;
const TOTP_ISSUER = 'Aurora Bet';
const RECOVERY_CODE_COUNT = 10;
// Crockford's base32 without look-alikes: 10 characters carry 50 random bits.
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** The throttle of operator logins, shared by wrong passwords and wrong codes. */
export function operatorThrottle(ctx: AppContext): LoginThrottle {
  return new LoginThrottle(ctx.counters, 'admin-login', loginPolicy(ctx.config.LOGIN_MAX_FAILURES));
}

export async function securityStatus(ctx: AppContext, operator: Operator) {
  return {
    totp_enabled: operator.totp_secret !== null,
    totp_required: secondFactorRequired(ctx.config, operator),
    totp_enabled_at: operator.totp_enabled_at,
    recovery_codes_left: operator.totp_secret ? await repo.countUnusedRecoveryCodes(ctx.db, operator.id) : 0,
  };
}

function totpOf(secret: Secret, operator: Operator): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label: operator.username, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret });
}

const sealContext = (operator: Operator) => `operator:${operator.id}:totp`;

function openSecret(ctx: AppContext, operator: Operator, sealed: string): Secret {
  return Secret.fromBase32(secretBox(ctx.config.TOTP_ENCRYPTION_KEY).open(sealed, sealContext(operator)));
}

/** The time step a six-digit code belongs to (this one, or one either side), or null. */
function stepOfCode(totp: TOTP, code: string, now = Date.now()): number | null {
  const delta = totp.validate({ token: code.replace(' ', ''), timestamp: now, window: TOTP_WINDOW_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/**
 * Starts (or starts again) an enrolment: a new key kept server-side until a first code confirms
 * it. The key is shown this once, as a QR code and as text.
 */
export async function startTotpSetup(ctx: AppContext, operator: Operator) {
  if (operator.totp_secret) throw new AppError('TOTP_ALREADY_ENABLED');
  const secret = new Secret({ size: 20 });
  await repo.setPendingTotpSecret(
    ctx.db,
    operator.id,
    secretBox(ctx.config.TOTP_ENCRYPTION_KEY).seal(secret.base32, sealContext(operator)),
  );
  const url = totpOf(secret, operator).toString();
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret: secret.base32, otpauth_url: url, qr_data_url: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** What is hashed: the code without its dash or spaces, lower-cased, and I, L, O read as 1, 1, 0. */
function recoveryCodeHash(code: string): string {
  const normal = code.toLowerCase().replace(/[-\s]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  return sha256(`operator-recovery:${normal}`);
}

/** Confirms the enrolment with a first code: TOTP is on, and ten recovery codes are shown once. */
export async function enableTotp(ctx: AppContext, operator: Operator, code: string, ip: string) {
  if (operator.totp_secret) throw new AppError('TOTP_ALREADY_ENABLED');
  const pending = operator.totp_pending_secret;
  if (!pending) throw new AppError('TOTP_SETUP_MISSING');
  const step = stepOfCode(totpOf(openSecret(ctx, operator, pending), operator), code);
  if (step === null) throw fieldError('TOTP_INVALID', 'code');
  const codes = newRecoveryCodes();
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.enableTotpSecret(trx, operator.id, pending, step, now))) throw new AppError('TOTP_SETUP_MISSING');
    await repo.replaceRecoveryCodes(trx, operator.id, codes.map(recoveryCodeHash), now);
    await writeAudit(trx, { operatorId: operator.id, action: 'operator.totp_enabled', targetType: 'operator', targetId: operator.id, ip });
  });
  return { recovery_codes: codes };
}

export type SecondFactorUsed = 'totp' | 'recovery';

/**
 * Checks a code of an operator with TOTP: six digits from the app (each time step once), or an
 * unused recovery code (which is then used up, and audited).
 */
export async function verifySecondFactor(ctx: AppContext, operator: Operator, code: string, ip: string): Promise<SecondFactorUsed | null> {
  if (!operator.totp_secret) return null;
  if (/^\d{3} ?\d{3}$/.test(code)) {
    const step = stepOfCode(totpOf(openSecret(ctx, operator, operator.totp_secret), operator), code);
    return step !== null && (await repo.advanceTotpStep(ctx.db, operator.id, step)) ? 'totp' : null;
  }
  if (!(await repo.useRecoveryCode(ctx.db, operator.id, recoveryCodeHash(code), nowIso()))) return null;
  const left = await repo.countUnusedRecoveryCodes(ctx.db, operator.id);
  await writeAudit(ctx.db, {
    operatorId: operator.id,
    action: 'operator.recovery_code_used',
    targetType: 'operator',
    targetId: operator.id,
    after: { recovery_codes_left: left },
    ip,
  });
  return 'recovery';
}

/**
 * A code asked of a signed-in operator (to switch TOTP off, or for new recovery codes): wrong
 * ones count with wrong passwords against this operator from this address.
 */
async function requireCode(ctx: AppContext, operator: Operator, code: string, ip: string, password?: string) {
  const throttle = operatorThrottle(ctx);
  await throttle.assertAllowed(operator.username, ip);
  if (password !== undefined && !(await verifyPassword(operator.password_hash, password))) {
    await throttle.recordFailure(operator.username, ip);
    throw fieldError('PASSWORD_WRONG', 'password');
  }
  const used = await verifySecondFactor(ctx, operator, code, ip);
  if (!used) {
    await throttle.recordFailure(operator.username, ip);
    throw fieldError('TOTP_INVALID', 'code');
  }
}

/** Switches TOTP off with the password and a code; the recovery codes go with it. */
export async function disableTotp(ctx: AppContext, operator: Operator, input: { password: string; code: string }, ip: string) {
  if (!operator.totp_secret) throw new AppError('TOTP_NOT_ENABLED');
  await requireCode(ctx, operator, input.code, ip, input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.clearTotp(trx, operator.id);
    await writeAudit(trx, { operatorId: operator.id, action: 'operator.totp_disabled', targetType: 'operator', targetId: operator.id, ip });
  });
}

/**
 * An operator with `operators.manage` switches another operator's TOTP off, for one who lost both
 * the phone and the recovery codes: that operator's sessions end, and it enrols again (in
 * production its role may require it at the next login). Its own TOTP an operator switches off
 * with a code, never this way.
 */
export async function resetSecondFactor(ctx: AppContext, actor: Operator, targetId: number, ip: string) {
  if (targetId === actor.id) throw new AppError('TOTP_RESET_SELF');
  const target = await findOperatorById(ctx.db, targetId);
  if (!target) throw new AppError('NOT_FOUND');
  if (!target.totp_secret) throw new AppError('TOTP_NOT_ENABLED');
  await ctx.db.transaction().execute(async (trx) => {
    await repo.clearTotp(trx, target.id);
    await repo.endOperatorSessions(trx, target.id, nowIso());
    await writeAudit(trx, {
      operatorId: actor.id,
      action: 'operator.totp_reset',
      targetType: 'operator',
      targetId: target.id,
      before: { totp_enabled: true },
      after: { totp_enabled: false },
      ip,
    });
  });
  return { ...target, totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null };
}

/** Ten new recovery codes for a code from the app; the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: AppContext, operator: Operator, code: string, ip: string) {
  if (!operator.totp_secret) throw new AppError('TOTP_NOT_ENABLED');
  await requireCode(ctx, operator, code, ip);
  const codes = newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replaceRecoveryCodes(trx, operator.id, codes.map(recoveryCodeHash), nowIso());
    await writeAudit(trx, {
      operatorId: operator.id,
      action: 'operator.recovery_codes_regenerated',
      targetType: 'operator',
      targetId: operator.id,
      ip,
    });
  });
  return { recovery_codes: codes };
}
