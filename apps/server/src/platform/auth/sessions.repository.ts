import type { Database } from '../../db/database.ts';
import type { MemberSession } from '../../db/schema.ts';

export type RevokeReason = 'logout' | 'force_offline' | 'password_changed' | 'frozen' | 'expired' | 'time_limit';

export async function insertSession(
  db: Database,
  session: { member_id: number; token_hash: string; ip: string | null; user_agent: string | null; now: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('member_sessions')
    .values({
      member_id: session.member_id,
      token_hash: session.token_hash,
      ip: session.ip,
      user_agent: session.user_agent,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expires_at,
    })
    .execute();
}

export async function findSessionByTokenHash(db: Database, tokenHash: string): Promise<MemberSession | undefined> {
  return db.selectFrom('member_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function touchSession(db: Database, id: number, now: string): Promise<void> {
  await db.updateTable('member_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeSession(db: Database, id: number, reason: RevokeReason, now: string): Promise<void> {
  await db
    .updateTable('member_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a member (but `exceptId`); answers how many it revoked. */
export async function revokeMemberSessions(
  db: Database,
  memberId: number,
  reason: RevokeReason,
  now: string,
  exceptId?: number,
): Promise<number> {
  let query = db
    .updateTable('member_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function listMemberSessions(db: Database, memberId: number, limit = 50): Promise<MemberSession[]> {
  return db.selectFrom('member_sessions').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(limit).execute();
}
