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
