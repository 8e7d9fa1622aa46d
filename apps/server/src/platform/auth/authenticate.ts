import { MEMBER_STATUS } from '@casino/shared/constants';
import type { AppContext } from '../../context.ts';
import type { Member, MemberSession } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { sha256 } from '../../lib/tokens.ts';
import * as sessions from './sessions.repository.ts';
import { addPlayTime, timeLimitRefusal } from '../responsible/standing.ts';

export interface Authenticated {
  member: Member;
  session: MemberSession;
}

/** A session's last activity is written at most this often, so a burst of calls writes once. */
const TOUCH_EVERY_MS = 15_000;

/**
 * Resolves a bearer token to its member. A session forced off by an operator (or by a freeze)
 * answers 401 with force_offline, which makes the player's site clear its storages.
 */
export async function authenticate(ctx: AppContext, token: string | undefined): Promise<Authenticated> {
  if (!token) throw new AppError('UNAUTHENTICATED');
  const found = await sessions.findSessionWithMember(ctx.db, sha256(token));
  if (!found) throw new AppError('UNAUTHENTICATED');
  const { session, member } = found;
  const forced = { force_offline: true };
  if (session.revoked_at) {
    const wasForced = ['force_offline', 'frozen', 'time_limit'].includes(session.revoked_reason ?? '');
    throw new AppError('UNAUTHENTICATED', { extra: wasForced ? forced : undefined });
  }
  const now = Date.now();
  const idleDeadline = Date.parse(session.last_seen_at) + ctx.config.SESSION_IDLE_MINUTES * 60_000;
  if (idleDeadline <= now || Date.parse(session.expires_at) <= now) {
    await sessions.revokeSession(ctx.db, session.id, 'expired', new Date(now).toISOString());
    throw new AppError('UNAUTHENTICATED');
  }
  if (!member) throw new AppError('UNAUTHENTICATED');
  if (member.status === MEMBER_STATUS.frozen) {
    await sessions.revokeSession(ctx.db, session.id, 'frozen', new Date(now).toISOString());
    throw new AppError('UNAUTHENTICATED', { extra: forced });
  }
  const sinceTouch = now - Date.parse(session.last_seen_at);
  if (sinceTouch > TOUCH_EVERY_MS) {
    await sessions.touchSession(ctx.db, session.id, new Date(now).toISOString());
    // Time played counts toward the daily time limit; reaching it ends the session.
    if (await addPlayTime(ctx.db, member.id, sinceTouch / 1000)) {
      await sessions.revokeSession(ctx.db, session.id, 'time_limit', new Date(now).toISOString());
      throw timeLimitRefusal(member.id);
    }
  }
  return { member, session };
}
