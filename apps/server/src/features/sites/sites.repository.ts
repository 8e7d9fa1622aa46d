import type { Database } from '../../db/database.ts';

/** The site's live activities, in their display order (the home page's activity list). */
export async function listActivities(db: Database, siteId: number, nowIso: string) {
  return db
    .selectFrom('activities')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', nowIso)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', nowIso)]))
    .orderBy('sort')
    .orderBy('id')
    .limit(100)
    .execute();
}
