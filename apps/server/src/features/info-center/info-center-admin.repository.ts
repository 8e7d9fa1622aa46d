import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AnnouncementState } from '@casino/shared/schemas/info-center-admin';

/**
 * The back office's side of the information centre tables. Operator notes are `notifications`
 * rows of kind 'operator' whose params_json holds the send's batch id (and its audience), so one
 * send to a whole site reads back as one line with its recipient and read counts.
 */

export interface PageWindow {
  page: number;
  page_size: number;
}

export interface OperatorNote {
  memberId: number;
  title: string;
  body: string;
  paramsJson: string;
  operatorId: number;
  createdAt: string;
}

export async function findMember(db: Database, memberId: number) {
  return db.selectFrom('members').select(['id', 'site_id']).where('id', '=', memberId).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function findSite(db: Database, siteId: number) {
  return db.selectFrom('sites').select(['id', 'name']).where('id', '=', siteId).executeTakeFirst();
}

export async function findDefaultSiteId(db: Database): Promise<number | undefined> {
  const row = await db.selectFrom('sites').select('id').orderBy('id').limit(1).executeTakeFirst();
  return row?.id;
}

/** The next `limit` member ids of a site after `afterId` (keyset paging, so a big site is read in slices). */
export async function siteMemberIds(db: Database, siteId: number, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('members')
    .select('id')
    .where('site_id', '=', siteId)
    .where('deleted_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** One insert for a slice of recipients of the same note. */
export async function insertOperatorNotes(db: Database, memberIds: number[], note: Omit<OperatorNote, 'memberId'>): Promise<void> {
  if (memberIds.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      memberIds.map((memberId) => ({
        member_id: memberId,
        kind: 'operator',
        title: note.title,
        body: note.body,
        params_json: note.paramsJson,
        operator_id: note.operatorId,
        read_at: null,
        created_at: note.createdAt,
      })),
    )
    .execute();
}

/** Operator sends, newest first: one line per batch with its recipients and reads. */
export async function pageOperatorSends(db: Database, window: PageWindow) {
  const sends = db
    .selectFrom('notifications')
    .where('notifications.kind', '=', 'operator')
    .groupBy(['notifications.params_json', 'notifications.title', 'notifications.body', 'notifications.operator_id']);
  const [rows, total] = await Promise.all([
    sends
      .leftJoin('operators', 'operators.id', 'notifications.operator_id')
      .leftJoin('members', 'members.id', 'notifications.member_id')
      .groupBy('operators.username')
      .select((eb) => [
        'notifications.params_json',
        'notifications.title',
        'notifications.body',
        'operators.username as operator_username',
        eb.fn.max('notifications.id').as('last_id'),
        eb.fn.min('notifications.created_at').as('created_at'),
        eb.fn.min('notifications.member_id').as('member_id'),
        eb.fn.min('members.account').as('member_account'),
        eb.fn.countAll<number | string>().as('recipients'),
        eb.fn.count<number | string>('notifications.read_at').as('read'),
      ])
      .orderBy('last_id', 'desc')
      .limit(window.page_size)
      .offset((window.page - 1) * window.page_size)
      .execute(),
    db.selectFrom(sends.select('notifications.params_json').as('s')).select(sql<number | string>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

// ---- announcements ------------------------------------------------------------------------------

export interface AnnouncementValues {
  site_id: number;
  title_json: string;
  content_json: string;
  pinned: number;
  enabled: number;
  starts_at: string | null;
  ends_at: string | null;
  operator_id: number | null;
}

function announcementRows(db: Database) {
  return db
    .selectFrom('announcements')
    .innerJoin('sites', 'sites.id', 'announcements.site_id')
    .leftJoin('operators', 'operators.id', 'announcements.operator_id')
    .select((eb) => [
      'announcements.id',
      'announcements.site_id',
      'sites.name as site_name',
      'announcements.title_json',
      'announcements.content_json',
      'announcements.pinned',
      'announcements.enabled',
      'announcements.starts_at',
      'announcements.ends_at',
      'announcements.created_at',
      'announcements.updated_at',
      'operators.username as operator_username',
      eb
        .selectFrom('announcement_reads')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('announcement_reads.announcement_id', '=', 'announcements.id')
        .as('reads'),
    ]);
}
export type AnnouncementRow = Awaited<ReturnType<ReturnType<typeof announcementRows>['executeTakeFirstOrThrow']>>;

export async function findAnnouncement(db: Database, id: number): Promise<AnnouncementRow | undefined> {
  return announcementRows(db).where('announcements.id', '=', id).executeTakeFirst();
}

export interface AnnouncementFilter extends PageWindow {
  site_id?: number | undefined;
  state?: AnnouncementState | undefined;
}

/** Announcements for the back office, newest first, filtered by site and by what players see `now`. */
export async function pageAnnouncements(db: Database, filter: AnnouncementFilter, now: string) {
  let query = db.selectFrom('announcements');
  if (filter.site_id !== undefined) query = query.where('announcements.site_id', '=', filter.site_id);
  if (filter.state === 'disabled') query = query.where('announcements.enabled', '=', 0);
  if (filter.state === 'scheduled') query = query.where('announcements.enabled', '=', 1).where('announcements.starts_at', '>', now);
  if (filter.state === 'ended') query = query.where('announcements.enabled', '=', 1).where('announcements.ends_at', '<=', now);
  if (filter.state === 'live') {
    query = query
      .where('announcements.enabled', '=', 1)
      .where((eb) => eb.or([eb('announcements.starts_at', 'is', null), eb('announcements.starts_at', '<=', now)]))
      .where((eb) => eb.or([eb('announcements.ends_at', 'is', null), eb('announcements.ends_at', '>', now)]));
  }
  const ids = query.select('announcements.id');
  const [rows, total] = await Promise.all([
    announcementRows(db)
      .where('announcements.id', 'in', ids)
      .orderBy('announcements.id', 'desc')
      .limit(filter.page_size)
      .offset((filter.page - 1) * filter.page_size)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function insertAnnouncement(db: Database, values: AnnouncementValues, at: string): Promise<number> {
  const row = await db
    .insertInto('announcements')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAnnouncement(db: Database, id: number, values: Partial<AnnouncementValues>, at: string): Promise<void> {
  await db
    .updateTable('announcements')
    .set({ ...values, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Removes an announcement with its read marks (they mean nothing without it). */
export async function deleteAnnouncement(db: Database, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('announcement_reads').where('announcement_id', '=', id).execute();
    await trx.deleteFrom('announcements').where('id', '=', id).execute();
  });
}
