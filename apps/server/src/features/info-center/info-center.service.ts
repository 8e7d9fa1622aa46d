import { normalizeLanguage } from '@casino/shared/languages';
import type { AnnouncementItem, NotificationItem } from '@casino/shared/schemas/info-center';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import type { Member, Site } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { findSiteById } from '../../platform/sites/sites.repository.ts';
import { parseSocialLinks } from '../../platform/sites/social-links.ts';
import * as repo from './info-center.repository.ts';
import { notificationText } from './notification-text.ts';

/**
 * The player's information centre (spec sections 3 and 7): the site's support link, the member's
 * own notifications with read state, and the site's current announcements in the reader's
 * language. A member only ever sees and marks their own rows: every query takes the member id
 * from the session.
 */

/** Support is stated to be available around the clock (spec section 1). */
const SUPPORT_HOURS = '24/7';

export interface Paging {
  page: number;
  page_size: number;
}

/** GET /api/informationcenter/support: the messaging link, the hours and the site's social channels. */
export function supportInfo(site: Site) {
  return {
    url: site.support_url,
    hours: SUPPORT_HOURS,
    channels: parseSocialLinks(site)
      .filter((link) => typeof link?.url === 'string' && link.url !== '')
      .map((link) => ({ name: String(link.name ?? ''), url: link.url, icon: link.icon ? String(link.icon) : null })),
  };
}

/** The member's notifications, newest first, translated for the reader, with the unread count. */
export async function listNotifications(ctx: AppContext, memberId: number, lang: string, paging: Paging) {
  const [rows, counts] = await Promise.all([
    repo.pageMemberNotifications(ctx.db, memberId, paging),
    repo.countMemberNotifications(ctx.db, memberId),
  ]);
  const list: NotificationItem[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    ...notificationText(lang, row),
    is_read: row.read_at !== null,
    created_at: row.created_at,
  }));
  return { list, total: counts.total, page: paging.page, page_size: paging.page_size, unread: counts.unread };
}

/**
 * Marks one of the member's notifications read (another member's id is answered exactly like an
 * id that does not exist), or all of them; answers the fresh unread counts for the badge.
 */
export async function readNotifications(ctx: AppContext, member: Member, id: number | undefined) {
  if (id !== undefined && !(await repo.findMemberNotification(ctx.db, member.id, id))) {
    throw new AppError('NOTIFICATION_NOT_FOUND');
  }
  await repo.markNotificationsRead(ctx.db, member.id, id, nowIso());
  return unreadCounts(ctx, member);
}

async function memberSite(ctx: AppContext, member: Member): Promise<Site> {
  const site = await findSiteById(ctx.db, member.site_id);
  if (!site) throw new Error(`member ${member.id} belongs to no site`);
  return site;
}

/** A text of the reader's language, else the Portuguese one (always present), else any. */
export function pickText(json: string, lang: string): string {
  try {
    const texts = JSON.parse(json) as Record<string, unknown>;
    const chosen = texts[normalizeLanguage(lang)] ?? texts.pt ?? Object.values(texts)[0];
    return typeof chosen === 'string' ? chosen : '';
  } catch {
    return '';
  }
}

/**
 * The site's current announcements, pinned first, in the reader's language. For a member each
 * carries is_read and the answer the unread count; a visitor reads them all as unread and
 * gets no count (nothing can be remembered for them).
 */
export async function listAnnouncements(ctx: AppContext, site: Site, member: Member | undefined, lang: string, paging: Paging) {
  const now = nowIso();
  const [rows, total, unread] = await Promise.all([
    repo.pageCurrentAnnouncements(ctx.db, site.id, member?.id ?? null, now, paging),
    repo.countCurrentAnnouncements(ctx.db, site.id, now),
    member ? repo.countUnreadAnnouncements(ctx.db, site.id, member.id, now) : Promise.resolve(0),
  ]);
  const list: AnnouncementItem[] = rows.map((row) => ({
    id: row.id,
    title: pickText(row.title_json, lang),
    content: pickText(row.content_json, lang),
    pinned: row.pinned === 1,
    is_read: row.read_at !== null,
    created_at: row.created_at,
  }));
  return { list, total, page: paging.page, page_size: paging.page_size, unread };
}

/** The member opened an announcement of their site that is shown now; anything else is not found. */
export async function readAnnouncement(ctx: AppContext, member: Member, id: number) {
  const site = await memberSite(ctx, member);
  const now = nowIso();
  if (!(await repo.findCurrentAnnouncement(ctx.db, site.id, id, now))) throw new AppError('NOT_FOUND');
  await repo.markAnnouncementRead(ctx.db, member.id, id, now);
  return unreadCounts(ctx, member, site);
}

/** The badge: unread notifications plus unread current announcements. */
export async function unreadCounts(ctx: AppContext, member: Member, knownSite?: Site) {
  const site = knownSite ?? (await memberSite(ctx, member));
  const [counts, announcements] = await Promise.all([
    repo.countMemberNotifications(ctx.db, member.id),
    repo.countUnreadAnnouncements(ctx.db, site.id, member.id, nowIso()),
  ]);
  return { notifications: counts.unread, announcements, total: counts.unread + announcements };
}

/** The site an announcement list is for: the member's own, else the one the request names. */
export async function announcementSite(ctx: AppContext, member: Member | undefined, resolve: () => Promise<Site>): Promise<Site> {
  return member ? memberSite(ctx, member) : resolve();
}
