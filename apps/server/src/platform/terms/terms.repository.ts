import type { Database } from '../../db/database.ts';

/** The published terms versions of a site (version and effective date), for the standing cache. */
export function publishedTermsVersions(db: Database, siteId: number) {
  return db
    .selectFrom('legal_documents')
    .select(['id', 'version', 'effective_at'])
    .where('site_id', '=', siteId)
    .where('kind', '=', 'terms')
    .where('status', '=', 'published')
    .orderBy('version', 'desc')
    .execute();
}

/** The member's site and accepted terms version (calls that did not read the member row). */
export function memberTermsRow(db: Database, memberId: number) {
  return db.selectFrom('members').select(['id', 'site_id', 'terms_version']).where('id', '=', memberId).executeTakeFirst();
}

/** The version of `kind` in force on a site at `nowIso` (the highest published one whose date has come). */
export function currentDocument(db: Database, siteId: number, kind: string, nowIso: string) {
  return db
    .selectFrom('legal_documents')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .where('status', '=', 'published')
    .where('effective_at', '<=', nowIso)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findDocument(db: Database, siteId: number, kind: string, version: number) {
  return db
    .selectFrom('legal_documents')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Records an acceptance (once per member and version) and, for terms, the member's accepted version. */
export async function insertAcceptance(
  db: Database,
  row: { memberId: number; documentId: number; kind: string; version: number; ip: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('legal_acceptances')
    .values({
      member_id: row.memberId,
      document_id: row.documentId,
      kind: row.kind,
      version: row.version,
      ip: row.ip?.slice(0, 64) ?? null,
      accepted_at: row.now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'document_id']).doNothing())
    .execute();
  if (row.kind === 'terms') {
    await db
      .updateTable('members')
      .set({ terms_version: row.version })
      .where('id', '=', row.memberId)
      .where((eb) => eb.or([eb('terms_version', 'is', null), eb('terms_version', '<', row.version)]))
      .execute();
  }
}
