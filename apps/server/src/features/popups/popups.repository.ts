import type { Database } from '../../db/database.ts';

/** Queries of the reminder popups (issue 15 item 5). */

/** Active popups of a site shown at `nowIso` to an audience (audiences listed), in their order. */
export function livePopups(db: Database, siteId: number, audiences: readonly string[], nowIso: string) {
  return db
    .selectFrom('popups')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('active', '=', 1)
    .where('audience', 'in', audiences)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', nowIso)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', nowIso)]))
    .orderBy('sort')
    .orderBy('id', 'desc')
    .execute();
}

export async function offPopupIds(db: Database, memberId: number, popupIds: readonly number[]): Promise<Set<number>> {
  if (popupIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('popup_offs')
    .select('popup_id')
    .where('member_id', '=', memberId)
    .where('popup_id', 'in', popupIds)
    .execute();
  return new Set(rows.map((row) => Number(row.popup_id)));
}

export function popupById(db: Database, id: number) {
  return db.selectFrom('popups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setOff(db: Database, memberId: number, popupId: number, now: string): Promise<void> {
  await db
    .insertInto('popup_offs')
    .values({ member_id: memberId, popup_id: popupId, off_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'popup_id']).doNothing())
    .execute();
}

// ---- back office --------------------------------------------------------------------------------

export function listPopups(db: Database, siteId: number) {
  return db
    .selectFrom('popups as p')
    .selectAll('p')
    .select((eb) =>
      eb
        .selectFrom('popup_offs as o')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('o.popup_id', '=', 'p.id')
        .as('offs'),
    )
    .where('p.site_id', '=', siteId)
    .orderBy('p.sort')
    .orderBy('p.id', 'desc')
    .execute();
}

export function adminPopupById(db: Database, id: number) {
  return db
    .selectFrom('popups as p')
    .selectAll('p')
    .select((eb) =>
      eb
        .selectFrom('popup_offs as o')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('o.popup_id', '=', 'p.id')
        .as('offs'),
    )
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export interface PopupValues {
  title_json: string;
  text_json: string;
  image_url: string | null;
  link_url: string | null;
  audience: string;
  vip_min_level: number | null;
  modal: number;
  active: number;
  sort: number;
  starts_at: string | null;
  ends_at: string | null;
}

export async function insertPopup(db: Database, siteId: number, values: PopupValues, operatorId: number, now: string): Promise<number> {
  const row = await db
    .insertInto('popups')
    .values({ site_id: siteId, ...values, operator_id: operatorId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePopup(db: Database, id: number, values: Partial<PopupValues>, operatorId: number, now: string) {
  await db
    .updateTable('popups')
    .set({ ...values, operator_id: operatorId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deletePopup(db: Database, id: number) {
  await db.deleteFrom('popup_offs').where('popup_id', '=', id).execute();
  await db.deleteFrom('popups').where('id', '=', id).execute();
}

export function siteExists(db: Database, siteId: number) {
  return db.selectFrom('sites').select('id').where('id', '=', siteId).executeTakeFirst();
}

export function defaultSiteId(db: Database) {
  return db
    .selectFrom('sites')
    .select('id')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
    .then((row) => (row ? Number(row.id) : undefined));
}
