import type { Database } from '../../db/database.ts';
import type { AgencyBindRequestStatus } from '../../db/schema.ts';

/**
 * Queries of the bind requests (`agency_bind_requests`): an agent's request that a member join its
 * team, answered by that member. Every member-side query is scoped by the member id the session
 * gave. Rows only; agency-bind.service.ts maps them to answers.
 */

/** Marks the member's pending requests that lapsed as expired (they no longer block a new one). */
export async function expireLapsed(trx: Database, memberId: number, now: string): Promise<void> {
  await trx
    .updateTable('agency_bind_requests')
    .set({ status: 'expired', decided_at: now })
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();
}

/** The member's open request, if any (at most one: a unique index on pending rows). */
export async function findPending(db: Database, memberId: number, now: string) {
  return db
    .selectFrom('agency_bind_requests')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Whether the member ever declined a request of this agent (the agent may not ask again). */
export async function hasDeclined(db: Database, memberId: number, agentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('agency_bind_requests')
    .select('id')
    .where('member_id', '=', memberId)
    .where('agent_id', '=', agentId)
    .where('status', '=', 'declined')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRequest(trx: Database, row: { member_id: number; agent_id: number; created_at: string; expires_at: string }) {
  return trx
    .insertInto('agency_bind_requests')
    .values({ ...row, status: 'pending', decided_at: null })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** One of the member's requests by id; another member's request reads as missing. */
export async function findMemberRequest(db: Database, memberId: number, id: number) {
  return db.selectFrom('agency_bind_requests').selectAll().where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
}

/**
 * Moves one of the member's requests from pending (and not lapsed) to `status`. Answers false
 * when it was not pending any more: a concurrent answer came first, or it lapsed.
 */
export async function decide(
  trx: Database,
  memberId: number,
  id: number,
  status: Extract<AgencyBindRequestStatus, 'accepted' | 'declined'>,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('agency_bind_requests')
    .set({ status, decided_at: now })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes the member's open requests once it joined a team some other way. */
export async function cancelPending(trx: Database, memberId: number, now: string): Promise<void> {
  await trx
    .updateTable('agency_bind_requests')
    .set({ status: 'cancelled', decided_at: now })
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .execute();
}

/** The member's open requests with the asking agent's account and invite code, newest first. */
export async function listOpen(db: Database, memberId: number, now: string) {
  return db
    .selectFrom('agency_bind_requests as r')
    .innerJoin('members as a', 'a.id', 'r.agent_id')
    .select(['r.id', 'r.agent_id', 'a.account as agent_account', 'a.invite_code', 'r.created_at', 'r.expires_at'])
    .where('r.member_id', '=', memberId)
    .where('r.status', '=', 'pending')
    .where('r.expires_at', '>', now)
    .orderBy('r.id', 'desc')
    .execute();
}

/** A system notification in the member's information centre, translated when listed (info.kinds.<kind>). */
export async function notify(db: Database, memberId: number, kind: string, params: Record<string, string | number>, now: string) {
  await db
    .insertInto('notifications')
    .values({
      member_id: memberId,
      kind,
      title: '',
      body: '',
      params_json: JSON.stringify(params),
      operator_id: null,
      read_at: null,
      created_at: now,
    })
    .execute();
}
