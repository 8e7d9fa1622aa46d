import type { Database } from '../../db/database.ts';
import { precompiled } from '../../db/precompiled.ts';
import type { Member, MemberSession } from '../../db/schema.ts';

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

const SESSION_COLUMNS = [
  'id',
  'member_id',
  'token_hash',
  'ip',
  'user_agent',
  'created_at',
  'last_seen_at',
  'expires_at',
  'revoked_at',
  'revoked_reason',
] as const satisfies readonly (keyof MemberSession)[];

const sessionWithMember = precompiled((db, p: { tokenHash: string }) =>
  db
    .selectFrom('member_sessions as s')
    .leftJoin('members as m', (join) => join.onRef('m.id', '=', 's.member_id').on('m.deleted_at', 'is', null))
    .selectAll('m')
    .select(SESSION_COLUMNS.map((column) => `s.${column} as s_${column}` as const))
    .where('s.token_hash', '=', p.tokenHash),
);

/**
 * A token's session and its member (undefined when deleted) in one statement: every signed-in
 * request reads them, so it is one round trip, not two.
 */
export async function findSessionWithMember(
  db: Database,
  tokenHash: string,
): Promise<{ session: MemberSession; member: Member | undefined } | undefined> {
  const row = (await sessionWithMember(db, { tokenHash })).rows[0];
  if (!row) return undefined;
  const fields = row as unknown as Record<string, unknown>;
  const session = Object.fromEntries(SESSION_COLUMNS.map((column) => [column, fields[`s_${column}`]])) as unknown as MemberSession;
  for (const column of SESSION_COLUMNS) delete fields[`s_${column}`];
  return { session, member: fields.id === null ? undefined : (fields as unknown as Member) };
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
