import { randomBytes } from 'node:crypto';
import { type Permission, ROLE_PERMISSIONS, roleAllows } from '@casino/shared/schemas/admin';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Operator } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { bearerToken } from '../auth/auth.guard.ts';
import { writeAudit } from './audit.repository.ts';

const OPERATOR_SESSION_IDLE_MS = 30 * 60_000;
const OPERATOR_SESSION_MAX_MS = 12 * 3_600_000;
const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

export function toOperatorView(operator: Operator) {
  return {
    id: operator.id,
    username: operator.username,
    role: operator.role,
    permissions: [...((ROLE_PERMISSIONS as Record<string, readonly string[]>)[operator.role] ?? [])],
    status: operator.status,
    created_at: operator.created_at,
    last_login_at: operator.last_login_at,
  };
}

/**
 * First start creates the operator `admin` (superadmin). Without ADMIN_PASSWORD a random password
 * is generated and printed once.
 */
export async function ensureAdminOperator(db: Database, password: string | undefined, print: (line: string) => void) {
  const existing = await db.selectFrom('operators').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (existing) return;
  const chosen = password ?? randomBytes(12).toString('base64url');
  await db
    .insertInto('operators')
    .values({ username: 'admin', password_hash: await hashPassword(chosen), role: 'superadmin', created_at: nowIso(), last_login_at: null })
    .execute();
  if (!password) print(`Back office: created operator "admin" with password ${chosen} (shown once; set ADMIN_PASSWORD to choose it)`);
}

export async function operatorLogin(ctx: AppContext, username: string, password: string, ip: string) {
  const key = `admin-login:${username.toLowerCase()}`;
  if ((await ctx.counters.count(key)) >= ctx.config.LOGIN_MAX_FAILURES) throw new AppError('RATE_LIMITED');
  const operator = await ctx.db.selectFrom('operators').selectAll().where('username', '=', username.toLowerCase()).executeTakeFirst();
  const valid = await verifyPassword(operator?.password_hash ?? (await dummyPasswordHash()), password);
  if (!operator || !valid || operator.status !== 1) {
    await ctx.counters.hit(key, LOGIN_FAILURE_WINDOW_MS);
    throw new AppError('OPERATOR_LOGIN_FAILED');
  }
  await ctx.counters.reset(key);
  const token = newToken();
  const now = new Date();
  await ctx.db
    .insertInto('operator_sessions')
    .values({
      operator_id: operator.id,
      token_hash: sha256(token),
      ip,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + OPERATOR_SESSION_MAX_MS).toISOString(),
    })
    .execute();
  await ctx.db.updateTable('operators').set({ last_login_at: now.toISOString() }).where('id', '=', operator.id).execute();
  await writeAudit(ctx.db, { operatorId: operator.id, action: 'operator.login', targetType: 'operator', targetId: operator.id, ip });
  return { token, operator: toOperatorView({ ...operator, last_login_at: now.toISOString() }) };
}

declare module 'fastify' {
  interface FastifyRequest {
    operator?: { operator: Operator; sessionId: number };
  }
}

/** preHandler: a live operator session whose role grants the permission. */
export function requireOperator(ctx: AppContext, permission?: Permission) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    const session = await ctx.db.selectFrom('operator_sessions').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
    const now = Date.now();
    if (
      !session ||
      session.revoked_at ||
      Date.parse(session.expires_at) <= now ||
      Date.parse(session.last_seen_at) + OPERATOR_SESSION_IDLE_MS <= now
    ) {
      throw new AppError('UNAUTHENTICATED');
    }
    const operator = await ctx.db.selectFrom('operators').selectAll().where('id', '=', session.operator_id).executeTakeFirst();
    if (operator?.status !== 1) throw new AppError('UNAUTHENTICATED');
    if (permission && !roleAllows(operator.role, permission)) throw new AppError('FORBIDDEN');
    await ctx.db
      .updateTable('operator_sessions')
      .set({ last_seen_at: new Date(now).toISOString() })
      .where('id', '=', session.id)
      .execute();
    request.operator = { operator, sessionId: session.id };
  };
}

export function operatorOf(request: FastifyRequest) {
  if (!request.operator) throw new Error('route is missing the requireOperator preHandler');
  return request.operator;
}

export async function operatorLogout(ctx: AppContext, sessionId: number, operatorId: number, ip: string) {
  await ctx.db.updateTable('operator_sessions').set({ revoked_at: nowIso() }).where('id', '=', sessionId).execute();
  await writeAudit(ctx.db, { operatorId, action: 'operator.logout', targetType: 'operator', targetId: operatorId, ip });
}

export async function listOperators(db: Database) {
  const rows = await db.selectFrom('operators').selectAll().orderBy('id').limit(200).execute();
  return rows.map(toOperatorView);
}

export async function createOperator(
  ctx: AppContext,
  actor: Operator,
  input: { username: string; password: string; role: string },
  ip: string,
) {
  const username = input.username.toLowerCase();
  const existing = await ctx.db.selectFrom('operators').select('id').where('username', '=', username).executeTakeFirst();
  if (existing) throw new AppError('VALIDATION_FAILED', { username: ['validation.account_taken'] });
  const created = await ctx.db
    .insertInto('operators')
    .values({ username, password_hash: await hashPassword(input.password), role: input.role, created_at: nowIso(), last_login_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  const view = toOperatorView(created);
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
