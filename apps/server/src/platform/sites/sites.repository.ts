import type { Database } from '../../db/database.ts';
import type { Site } from '../../db/schema.ts';

export async function findSiteByName(db: Database, name: string): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function findSiteByHost(db: Database, host: string): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().where('host', '=', host).executeTakeFirst();
}

export async function findSiteById(db: Database, id: number): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findDefaultSite(db: Database): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().orderBy('id').limit(1).executeTakeFirst();
}

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
