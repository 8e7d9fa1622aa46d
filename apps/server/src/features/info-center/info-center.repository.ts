import type { Database } from '../../db/database.ts';

/**
 * The information centre's tables: `notifications` (one row per member and message),
 * `announcements` (one row per site message, texts per language as JSON) and
 * `announcement_reads` (who opened which announcement). Every member query is scoped by the
 * member id the session gave, never by an id from the request alone.
 */

export interface PageWindow {
  page: number;
  page_size: number;
}

const offsetOf = (window: PageWindow) => (window.page - 1) * window.page_size;

// ---- a member's notifications -------------------------------------------------------------------

export async function pageMemberNotifications(db: Database, memberId: number, window: PageWindow) {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'params_json', 'read_at', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(window.page_size)
    .offset(offsetOf(window))
    .execute();
}

export async function countMemberNotifications(db: Database, memberId: number): Promise<{ total: number; unread: number }> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [eb.fn.countAll<number | string>().as('total'), eb.fn.count<number | string>('read_at').as('read')])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  const total = Number(row?.total ?? 0);
  return { total, unread: total - Number(row?.read ?? 0) };
}

export async function findMemberNotification(db: Database, memberId: number, id: number) {
  return db.selectFrom('notifications').select(['id', 'read_at']).where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
}

/** Marks one of the member's notifications read, or all of them when `id` is undefined. */
export async function markNotificationsRead(db: Database, memberId: number, id: number | undefined, at: string): Promise<void> {
  let query = db.updateTable('notifications').set({ read_at: at }).where('member_id', '=', memberId).where('read_at', 'is', null);
  if (id !== undefined) query = query.where('id', '=', id);
  await query.execute();
}

// ---- announcements a site shows ----------------------------------------------------------------

/** The site's announcements players see at `now`: enabled, started, not ended. */
function currentAnnouncements(db: Database, siteId: number, now: string) {
  return db
    .selectFrom('announcements')
    .where('announcements.site_id', '=', siteId)
    .where('announcements.enabled', '=', 1)
    .where((eb) => eb.or([eb('announcements.starts_at', 'is', null), eb('announcements.starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('announcements.ends_at', 'is', null), eb('announcements.ends_at', '>', now)]));
}

/** Pinned first, then newest; `read_at` is the reader's (null for a visitor or an unread one). */
export async function pageCurrentAnnouncements(db: Database, siteId: number, memberId: number | null, now: string, window: PageWindow) {
  return currentAnnouncements(db, siteId, now)
    .leftJoin('announcement_reads', (join) =>
      join.onRef('announcement_reads.announcement_id', '=', 'announcements.id').on('announcement_reads.member_id', '=', memberId ?? 0),
    )
    .select([
      'announcements.id',
      'announcements.title_json',
      'announcements.content_json',
      'announcements.pinned',
      'announcements.created_at',
      'announcement_reads.read_at',
    ])
    .orderBy('announcements.pinned', 'desc')
    .orderBy('announcements.id', 'desc')
    .limit(window.page_size)
    .offset(offsetOf(window))
    .execute();
}

export async function countCurrentAnnouncements(db: Database, siteId: number, now: string): Promise<number> {
  const row = await currentAnnouncements(db, siteId, now)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Current announcements of the site the member has not opened. */
export async function countUnreadAnnouncements(db: Database, siteId: number, memberId: number, now: string): Promise<number> {
  const row = await currentAnnouncements(db, siteId, now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('announcement_reads')
            .select('announcement_reads.announcement_id')
            .whereRef('announcement_reads.announcement_id', '=', 'announcements.id')
            .where('announcement_reads.member_id', '=', memberId),
        ),
      ),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findCurrentAnnouncement(db: Database, siteId: number, id: number, now: string) {
  return currentAnnouncements(db, siteId, now).select('announcements.id').where('announcements.id', '=', id).executeTakeFirst();
}

/** Records that the member opened the announcement; opening it again changes nothing. */
export async function markAnnouncementRead(db: Database, memberId: number, announcementId: number, at: string): Promise<void> {
  await db
    .insertInto('announcement_reads')
    .values({ member_id: memberId, announcement_id: announcementId, read_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'announcement_id']).doNothing())
    .execute();
}
