import type { Database } from '../../db/database.ts';

/** Identity checks (migration 0015): submissions, their documents, the member's state, provider events. */

export function findMemberIdentity(db: Database, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'account', 'realname', 'cpf', 'birth_date', 'kyc_status', 'kyc_reason'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export function setMemberKyc(db: Database, memberId: number, status: string, reason: string | null, now: string) {
  return db.updateTable('members').set({ kyc_status: status, kyc_reason: reason, updated_at: now }).where('id', '=', memberId).execute();
}

/** none or rejected -> pending, conditionally: false when documents already wait or were approved. */
export async function markMemberPending(db: Database, memberId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ kyc_status: 'pending', kyc_reason: null, updated_at: now })
    .where('id', '=', memberId)
    .where('kyc_status', 'in', ['none', 'rejected'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The member's newest submission: what its status answers. */
export function findLatestSubmission(db: Database, memberId: number) {
  return db.selectFrom('kyc_submissions').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function findSubmission(db: Database, id: number) {
  return db.selectFrom('kyc_submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSubmissionByReference(db: Database, provider: string, reference: string) {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', reference)
    .executeTakeFirst();
}

export async function insertSubmission(
  db: Database,
  row: {
    member_id: number;
    full_name: string;
    cpf: string | null;
    birth_date: string | null;
    provider: string;
    provider_ref: string;
    now: string;
  },
): Promise<number> {
  const { now, ...values } = row;
  const inserted = await db
    .insertInto('kyc_submissions')
    .values({ ...values, status: 'pending', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertDocuments(
  db: Database,
  rows: {
    submission_id: number;
    side: string;
    storage_key: string;
    mime: string;
    size_bytes: number;
    sha256: string;
    created_at: string;
  }[],
): Promise<void> {
  await db.insertInto('kyc_documents').values(rows).execute();
}

export function listDocuments(db: Database, submissionIds: number[]) {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('kyc_documents').selectAll().where('submission_id', 'in', submissionIds).orderBy('id').execute();
}

export function findDocument(db: Database, submissionId: number, side: string) {
  return db.selectFrom('kyc_documents').selectAll().where('submission_id', '=', submissionId).where('side', '=', side).executeTakeFirst();
}

/**
 * Records a decision. The provider's applies only to a pending submission (an operator may have
 * decided first, and an operator's word stands); an operator's applies whatever the state. Answers
 * whether the row changed.
 */
export async function decideSubmission(
  db: Database,
  id: number,
  decision: { status: 'approved' | 'rejected'; reason: string | null; by: 'provider' | 'operator'; operatorId: number | null; now: string },
): Promise<boolean> {
  let query = db
    .updateTable('kyc_submissions')
    .set({
      status: decision.status,
      reason: decision.reason,
      decided_by: decision.by,
      operator_id: decision.operatorId,
      decided_at: decision.now,
      updated_at: decision.now,
    })
    .where('id', '=', id);
  if (decision.by === 'provider') query = query.where('status', '=', 'pending');
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Remembers a provider event id; false when it was seen before (a replay). */
export async function recordWebhookEvent(db: Database, provider: string, eventId: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('kyc_webhook_events')
    .values({ provider, event_id: eventId, received_at: now })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function pageSubmissions(db: Database, filter: { status?: string | undefined; page: number; page_size: number }) {
  let query = db
    .selectFrom('kyc_submissions')
    .innerJoin('members', 'members.id', 'kyc_submissions.member_id')
    .leftJoin('operators', 'operators.id', 'kyc_submissions.operator_id');
  if (filter.status) query = query.where('kyc_submissions.status', '=', filter.status);
  const [list, total] = await Promise.all([
    query
      .selectAll('kyc_submissions')
      .select(['members.account as member_account', 'operators.username as operator_username'])
      // The queue oldest first (first come, first served); decided ones newest first.
      .orderBy('kyc_submissions.id', filter.status === 'pending' ? 'asc' : 'desc')
      .limit(filter.page_size)
      .offset((filter.page - 1) * filter.page_size)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(total.n) };
}

export function findSubmissionWithNames(db: Database, id: number) {
  return db
    .selectFrom('kyc_submissions')
    .innerJoin('members', 'members.id', 'kyc_submissions.member_id')
    .leftJoin('operators', 'operators.id', 'kyc_submissions.operator_id')
    .selectAll('kyc_submissions')
    .select(['members.account as member_account', 'operators.username as operator_username'])
    .where('kyc_submissions.id', '=', id)
    .executeTakeFirst();
}
