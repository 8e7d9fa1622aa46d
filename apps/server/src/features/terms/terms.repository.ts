import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Queries of the terms documents (player and back office); the bet-path ones are in platform/terms. */

export function defaultSiteId(db: Database) {
  return db
    .selectFrom('sites')
    .select('id')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
    .then((row) => (row ? Number(row.id) : undefined));
}

export function siteExists(db: Database, siteId: number) {
  return db.selectFrom('sites').select('id').where('id', '=', siteId).executeTakeFirst();
}

/** Published versions of a site whose date has not come yet (the notice banner). */
export function pendingDocuments(db: Database, siteId: number, nowIso: string) {
  return db
    .selectFrom('legal_documents')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('status', '=', 'published')
    .where('effective_at', '>', nowIso)
    .orderBy('effective_at')
    .execute();
}

export function listDocuments(db: Database, siteId: number, kind: string | undefined) {
  let query = db
    .selectFrom('legal_documents as d')
    .selectAll('d')
    .select((eb) =>
      eb
        .selectFrom('legal_acceptances as a')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('a.document_id', '=', 'd.id')
        .as('acceptances'),
    )
    .where('d.site_id', '=', siteId);
  if (kind) query = query.where('d.kind', '=', kind);
  return query.orderBy('d.kind').orderBy('d.version', 'desc').execute();
}

export function documentById(db: Database, id: number) {
  return db
    .selectFrom('legal_documents as d')
    .selectAll('d')
    .select((eb) =>
      eb
        .selectFrom('legal_acceptances as a')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('a.document_id', '=', 'd.id')
        .as('acceptances'),
    )
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function nextVersion(db: Database, siteId: number, kind: string): Promise<number> {
  const row = await db
    .selectFrom('legal_documents')
    .select((eb) => eb.fn.coalesce(eb.fn.max<number>('version'), sql<number>`0`).as('v'))
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.v) + 1;
}

export async function insertDraft(
  db: Database,
  row: { siteId: number; kind: string; version: number; titleJson: string; contentJson: string; operatorId: number | null; now: string },
): Promise<number> {
  const inserted = await db
    .insertInto('legal_documents')
    .values({
      site_id: row.siteId,
      kind: row.kind,
      version: row.version,
      status: 'draft',
      title_json: row.titleJson,
      content_json: row.contentJson,
      effective_at: null,
      published_at: null,
      operator_id: row.operatorId,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateDraft(db: Database, id: number, changes: { title_json?: string; content_json?: string }, now: string) {
  const result = await db
    .updateTable('legal_documents')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteDraft(db: Database, id: number) {
  const result = await db.deleteFrom('legal_documents').where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The latest published version of a kind (any date), to check a new version's notice against. */
export function latestPublished(db: Database, siteId: number, kind: string) {
  return db
    .selectFrom('legal_documents')
    .select(['id', 'version', 'effective_at'])
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .where('status', '=', 'published')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function publish(db: Database, id: number, effectiveAt: string, operatorId: number, now: string) {
  const result = await db
    .updateTable('legal_documents')
    .set({ status: 'published', effective_at: effectiveAt, published_at: now, operator_id: operatorId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The site-wide information-centre notice of a new version: an announcement shown until its date. */
export async function insertNoticeAnnouncement(
  db: Database,
  row: { siteId: number; titleJson: string; contentJson: string; startsAt: string; endsAt: string; operatorId: number; now: string },
) {
  await db
    .insertInto('announcements')
    .values({
      site_id: row.siteId,
      title_json: row.titleJson,
      content_json: row.contentJson,
      pinned: 1,
      enabled: 1,
      starts_at: row.startsAt,
      ends_at: row.endsAt,
      operator_id: row.operatorId,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

/** Members of a site with an e-mail, by id after `afterId` (the notice's e-mails, in slices). */
export function membersWithEmail(db: Database, siteId: number, afterId: number, limit: number) {
  return db
    .selectFrom('members')
    .select(['id', 'email', 'lang'])
    .where('site_id', '=', siteId)
    .where('email', 'is not', null)
    .where('deleted_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The member's acceptances, newest first. */
export function acceptancesOf(db: Database, memberId: number) {
  return db
    .selectFrom('legal_acceptances')
    .select(['kind', 'version', 'ip', 'accepted_at'])
    .where('member_id', '=', memberId)
    .orderBy('accepted_at', 'desc')
    .execute();
}
