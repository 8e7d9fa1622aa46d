import { type Permission, roleAllows, roleNeedsSecondFactor } from '@casino/shared/schemas/admin';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Operator } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { sha256 } from '../../lib/tokens.ts';
import { bearerToken } from './guards.ts';
import { findOperatorById, findOperatorSession, touchOperatorSession } from './operator-sessions.repository.ts';

/** An operator session ends after this much inactivity. */
const OPERATOR_SESSION_IDLE_MS = 30 * 60_000;

/** In production, an operator whose role can pay out or change balances needs TOTP. */
export function secondFactorRequired(config: Config, operator: Operator): boolean {
  return config.NODE_ENV === 'production' && roleNeedsSecondFactor(operator.role);
}

/** Such an operator without TOTP may only enrol it (and read who it is, and log out). */
export function mustEnrolSecondFactor(config: Config, operator: Operator): boolean {
  return secondFactorRequired(config, operator) && !operator.totp_secret;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator?: { operator: Operator; sessionId: number };
  }
}

/** The operator guard (`preValidation`, so 401 comes before any 422): a live operator session whose role grants the permission. */
export function requireOperator(ctx: AppContext, permission?: Permission, options: { beforeEnrolment?: boolean } = {}) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    const session = await findOperatorSession(ctx.db, sha256(token));
    const now = Date.now();
    if (
      session?.kind !== 'session' ||
      session.revoked_at ||
      Date.parse(session.expires_at) <= now ||
      Date.parse(session.last_seen_at) + OPERATOR_SESSION_IDLE_MS <= now
    ) {
      throw new AppError('UNAUTHENTICATED');
    }
    const operator = await findOperatorById(ctx.db, session.operator_id);
    if (operator?.status !== 1) throw new AppError('UNAUTHENTICATED');
    // Decided on every call from the operator as it is now, so switching TOTP off (or a role
    // change) takes effect at once, without a special kind of session.
    if (!options.beforeEnrolment && mustEnrolSecondFactor(ctx.config, operator)) throw new AppError('TOTP_ENROLMENT_REQUIRED');
    if (permission && !roleAllows(operator.role, permission)) throw new AppError('FORBIDDEN');
    await touchOperatorSession(ctx.db, session.id, new Date(now).toISOString());
    request.operator = { operator, sessionId: session.id };
  };
}

export function operatorOf(request: FastifyRequest) {
  if (!request.operator) throw new Error('route is missing the requireOperator guard');
  return request.operator;
}
