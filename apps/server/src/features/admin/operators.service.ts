import { randomBytes } from 'node:crypto';
import { ROLE_PERMISSIONS } from '@casino/shared/schemas/admin';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Operator } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import { secondFactorRequired } from '../../platform/auth/operator-guard.ts';
import { findOperatorById, findOperatorSession } from '../../platform/auth/operator-sessions.repository.ts';
import * as operatorsRepository from './operators.repository.ts';
import * as repo from './second-factor.repository.ts';
import { operatorThrottle, type SecondFactorUsed, verifySecondFactor } from './second-factor.service.ts';

const OPERATOR_SESSION_MAX_MS = 12 * 3_600_000;
/** How long the second step of a login may wait, and how many codes one challenge takes. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_MAX_CODES = 5;

export function toOperatorView(config: Config, operator: Operator) {
  return {
    id: operator.id,
    username: operator.username,
    role: operator.role,
    permissions: [...((ROLE_PERMISSIONS as Record<string, readonly string[]>)[operator.role] ?? [])],
    status: operator.status,
    created_at: operator.created_at,
    last_login_at: operator.last_login_at,
    totp_enabled: operator.totp_secret !== null,
    totp_required: secondFactorRequired(config, operator),
  };
}

/**
 * First start creates the operator `admin` (superadmin). Without ADMIN_PASSWORD a random password
 * is generated and printed once.
 */
export async function ensureAdminOperator(db: Database, password: string | undefined, print: (line: string) => void) {
  if ((await operatorsRepository.findOperatorIdByUsername(db, 'admin')) !== undefined) return;
  const chosen = password ?? randomBytes(12).toString('base64url');
  await operatorsRepository.insertOperator(db, {
    username: 'admin',
    passwordHash: await hashPassword(chosen),
    role: 'superadmin',
    now: nowIso(),
  });
  if (!password) print(`Back office: created operator "admin" with password ${chosen} (shown once; set ADMIN_PASSWORD to choose it)`);
}

/**
 * The first step of an operator login: the password. Wrong passwords are counted per (operator,
 * address) pair and per address (lib/rate-limiter.ts), so a stranger cannot lock the operator
 * out. With TOTP on, a right password opens no session: it answers 401 TOTP_REQUIRED with a
 * short-lived `challenge` for the second step.
 */
export async function operatorLogin(ctx: AppContext, username: string, password: string, ip: string) {
  const name = username.toLowerCase();
  const throttle = operatorThrottle(ctx);
  await throttle.assertAllowed(name, ip);
  const operator = await repo.findOperatorByUsername(ctx.db, name);
  const valid = await verifyPassword(operator?.password_hash ?? (await dummyPasswordHash()), password);
  if (!operator || !valid || operator.status !== 1) {
    await throttle.recordFailure(name, ip);
    throw new AppError('OPERATOR_LOGIN_FAILED');
  }
  if (operator.totp_secret) {
    // The pair's failures stay counted until the code is right too: wrong codes add to them.
    const challenge = await openSession(ctx, operator.id, ip, 'challenge', CHALLENGE_TTL_MS);
    throw new AppError('TOTP_REQUIRED', { extra: { challenge, challenge_expires_in: CHALLENGE_TTL_MS / 1000 } });
  }
  await throttle.recordSuccess(name, ip);
  return completeLogin(ctx, operator, ip, null);
}

/**
 * The second step: the challenge of the first and a code from the authenticator app (each time
 * step accepted once) or an unused recovery code. Wrong codes count like wrong passwords, and a
 * challenge takes at most five.
 */
export async function operatorLoginSecondFactor(ctx: AppContext, challenge: string, code: string, ip: string) {
  const session = await findOperatorSession(ctx.db, sha256(challenge));
  const now = Date.now();
  if (session?.kind !== 'challenge' || session.revoked_at || Date.parse(session.expires_at) <= now) {
    throw new AppError('TOTP_CHALLENGE_EXPIRED');
  }
  const operator = await findOperatorById(ctx.db, session.operator_id);
  if (operator?.status !== 1 || !operator.totp_secret) throw new AppError('TOTP_CHALLENGE_EXPIRED');
  const throttle = operatorThrottle(ctx);
  await throttle.assertAllowed(operator.username, ip);
  const used = await verifySecondFactor(ctx, operator, code, ip);
  if (!used) {
    await throttle.recordFailure(operator.username, ip);
    if ((await ctx.counters.hit(`admin-login:challenge:${session.id}`, CHALLENGE_TTL_MS)) >= CHALLENGE_MAX_CODES) {
      await repo.endOperatorSession(ctx.db, session.id, nowIso());
    }
    throw fieldError('TOTP_INVALID', 'code');
  }
  // A challenge opens one session, even when two right codes arrive together.
  if (!(await repo.endOperatorSession(ctx.db, session.id, nowIso()))) throw new AppError('TOTP_CHALLENGE_EXPIRED');
  await throttle.recordSuccess(operator.username, ip);
  return completeLogin(ctx, operator, ip, used);
}

async function openSession(ctx: AppContext, operatorId: number, ip: string, kind: 'session' | 'challenge', lifetimeMs: number) {
  const token = newToken();
  const now = new Date();
  await repo.insertOperatorSession(ctx.db, {
    operatorId,
    tokenHash: sha256(token),
    ip,
    kind,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + lifetimeMs).toISOString(),
  });
  return token;
}

async function completeLogin(ctx: AppContext, operator: Operator, ip: string, secondFactor: SecondFactorUsed | null) {
  const token = await openSession(ctx, operator.id, ip, 'session', OPERATOR_SESSION_MAX_MS);
  const now = nowIso();
  await operatorsRepository.recordOperatorLogin(ctx.db, operator.id, now);
  await writeAudit(ctx.db, {
    operatorId: operator.id,
    action: 'operator.login',
    targetType: 'operator',
    targetId: operator.id,
    after: { second_factor: secondFactor ?? 'none' },
    ip,
  });
  return { token, operator: toOperatorView(ctx.config, { ...operator, last_login_at: now }) };
}

export async function operatorLogout(ctx: AppContext, sessionId: number, operatorId: number, ip: string) {
  await operatorsRepository.revokeOperatorSession(ctx.db, sessionId, nowIso());
  await writeAudit(ctx.db, { operatorId, action: 'operator.logout', targetType: 'operator', targetId: operatorId, ip });
}

export async function listOperators(ctx: AppContext) {
  const rows = await operatorsRepository.listOperatorRows(ctx.db, 200);
  return rows.map((row) => toOperatorView(ctx.config, row));
}

export async function createOperator(
  ctx: AppContext,
  actor: Operator,
  input: { username: string; password: string; role: string },
  ip: string,
) {
  const username = input.username.toLowerCase();
  if ((await operatorsRepository.findOperatorIdByUsername(ctx.db, username)) !== undefined)
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { username: ['validation.account_taken'] } });
  const created = await operatorsRepository.insertOperator(ctx.db, {
    username,
    passwordHash: await hashPassword(input.password),
    role: input.role,
    now: nowIso(),
  });
  const view = toOperatorView(ctx.config, created);
  await writeAudit(ctx.db, {
    operatorId: actor.id,
    action: 'operator.create',
    targetType: 'operator',
    targetId: created.id,
    after: { username, role: input.role },
    ip,
  });
  return view;
}
