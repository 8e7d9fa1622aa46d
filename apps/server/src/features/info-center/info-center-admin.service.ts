import { randomUUID } from 'node:crypto';
import type {
  AdminAnnouncement,
  AdminNotificationItem,
  AnnouncementState,
  adminAnnouncementCreateBody,
  adminAnnouncementQuery,
  adminAnnouncementUpdateBody,
  adminNotificationQuery,
  adminNotificationSendBody,
} from '@casino/shared/schemas/info-center-admin';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import * as repo from './info-center-admin.repository.ts';
import { marketingAudience } from '../../platform/communications/marketing.ts';
import type { Actor } from '../../platform/audit/actor.ts';

/**
 * The back office's information centre: notes to one member or to a whole site, and the site's
 * announcements. Every write is audited with who did it, from where, and what changed.
 */

/** Recipients written per insert when a note goes to a whole site. */
const BROADCAST_SLICE = 500;

type SendBody = z.output<typeof adminNotificationSendBody>;

async function siteIdOrDefault(ctx: AppContext, siteId: number | undefined): Promise<number> {
  if (siteId !== undefined) {
    if (!(await repo.findSite(ctx.db, siteId)))
      throw new AppError('VALIDATION_FAILED', { fieldErrors: { site_id: ['validation.invalid'] } });
    return siteId;
  }
  const fallback = await repo.findDefaultSiteId(ctx.db);
  if (fallback === undefined) throw new Error('no site configured: the first start seeds one');
  return fallback;
}

/**
 * Writes an operator's note to one member, or one row per member of a site. A whole site is
 * written in slices of BROADCAST_SLICE rows, each its own short insert, so a large site never
 * holds the database's writer (SQLite has one) long enough to delay bets and deposits.
 */
export async function sendNotification(ctx: AppContext, actor: Actor, body: SendBody) {
  const batch = randomUUID();
  const createdAt = nowIso();
  const note = { title: body.title, body: body.body, operatorId: actor.operatorId, createdAt };
  let recipients = 0;
  let target: { type: string; id: number };

  if (body.member_id !== undefined) {
    const member = await repo.findMember(ctx.db, body.member_id);
    if (!member) throw new AppError('VALIDATION_FAILED', { fieldErrors: { member_id: ['validation.member_unknown'] } });
    await repo.insertOperatorNotes(ctx.db, [member.id], { ...note, paramsJson: JSON.stringify({ batch, audience: 'member' }) });
    recipients = 1;
    target = { type: 'member', id: member.id };
    // Issue 15 item 7: the member's open tabs refresh the badge and the list at once.
    ctx.realtime.publish(member.id, { type: 'notification', data: { kind: 'operator' } });
  } else {
    const siteId = await siteIdOrDefault(ctx, body.site_id);
    const paramsJson = JSON.stringify({ batch, audience: 'all', site_id: siteId });
    for (let afterId = 0; ; ) {
      const ids = await repo.siteMemberIds(ctx.db, siteId, afterId, BROADCAST_SLICE);
      // A note to a whole site is marketing: paused, excluded and closed accounts do not get it.
      const audience = await marketingAudience(ctx.db, ids);
      await repo.insertOperatorNotes(ctx.db, audience, { ...note, paramsJson });
      recipients += audience.length;
      if (ids.length < BROADCAST_SLICE) break;
      afterId = ids[ids.length - 1]!;
    }
    target = { type: 'site', id: siteId };
    // Every open tab asks for its own count (a tab of a member left out finds nothing new).
    ctx.realtime.broadcast({ type: 'notification', data: { kind: 'operator' } });
  }

  await writeAudit(ctx.db, {
    operatorId: actor.operatorId,
    action: 'notification.send',
    targetType: target.type,
    targetId: target.id,
    after: { batch, title: body.title, body: body.body, recipients },
    ip: actor.ip,
  });
  return { recipients, batch };
}

function parseParams(json: string | null): { batch?: string; audience?: string; site_id?: number } {
  try {
    return json ? (JSON.parse(json) as { batch?: string; audience?: string; site_id?: number }) : {};
  } catch {
    return {};
  }
}

/** Operator sends, newest first, each with how many members received and read it. */
export async function listNotifications(ctx: AppContext, query: z.output<typeof adminNotificationQuery>) {
  const { rows, total } = await repo.pageOperatorSends(ctx.db, query);
  const list: AdminNotificationItem[] = rows.map((row) => {
    const params = parseParams(row.params_json);
    const all = params.audience === 'all';
    return {
      batch: params.batch ?? String(row.last_id),
      audience: all ? 'all' : 'member',
      member_id: all ? null : Number(row.member_id),
      member_account: all ? null : (row.member_account ?? null),
      site_id: all ? (params.site_id ?? null) : null,
      title: row.title,
      body: row.body,
      operator_username: row.operator_username ?? null,
      recipients: Number(row.recipients),
      read: Number(row.read),
      created_at: String(row.created_at),
    };
  });
  return { list, total, page: query.page, page_size: query.page_size };
}

// ---- announcements ------------------------------------------------------------------------------

function parseTexts(json: string): Record<string, string> {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** What players see of an announcement at `now`. */
export function announcementState(
  row: { enabled: number; starts_at: string | null; ends_at: string | null },
  now: number,
): AnnouncementState {
  if (row.enabled !== 1) return 'disabled';
  if (row.starts_at && Date.parse(row.starts_at) > now) return 'scheduled';
  if (row.ends_at && Date.parse(row.ends_at) <= now) return 'ended';
  return 'live';
}

function toAdminAnnouncement(row: repo.AnnouncementRow, now = Date.now()): AdminAnnouncement {
  return {
    id: row.id,
    site_id: row.site_id,
    site_name: row.site_name,
    titles: parseTexts(row.title_json),
    contents: parseTexts(row.content_json),
    pinned: row.pinned === 1,
    enabled: row.enabled === 1,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    state: announcementState(row, now),
    reads: Number(row.reads ?? 0),
    operator_username: row.operator_username ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function announcementOrThrow(ctx: AppContext, id: number) {
  const row = await repo.findAnnouncement(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listAnnouncements(ctx: AppContext, query: z.output<typeof adminAnnouncementQuery>) {
  const now = nowIso();
  const { rows, total } = await repo.pageAnnouncements(ctx.db, query, now);
  const at = Date.parse(now);
  return { list: rows.map((row) => toAdminAnnouncement(row, at)), total, page: query.page, page_size: query.page_size };
}

export async function getAnnouncement(ctx: AppContext, id: number) {
  return toAdminAnnouncement(await announcementOrThrow(ctx, id));
}

/** The audited view of an announcement: its settings and texts, without counters. */
function auditView(announcement: AdminAnnouncement) {
  const { reads: _reads, state: _state, operator_username: _by, created_at: _c, updated_at: _u, site_name: _s, ...rest } = announcement;
  return rest;
}

export async function createAnnouncement(ctx: AppContext, actor: Actor, body: z.output<typeof adminAnnouncementCreateBody>) {
  const siteId = await siteIdOrDefault(ctx, body.site_id);
  const id = await repo.insertAnnouncement(
    ctx.db,
    {
      site_id: siteId,
      title_json: JSON.stringify(body.titles),
      content_json: JSON.stringify(body.contents),
      pinned: body.pinned ? 1 : 0,
      enabled: body.enabled ? 1 : 0,
      starts_at: body.starts_at,
      ends_at: body.ends_at,
      operator_id: actor.operatorId,
    },
    nowIso(),
  );
  const created = await getAnnouncement(ctx, id);
  await writeAudit(ctx.db, {
    operatorId: actor.operatorId,
    action: 'announcement.create',
    targetType: 'announcement',
    targetId: id,
    after: auditView(created),
    ip: actor.ip,
  });
  announceChange(ctx, created);
  return created;
}

type UpdateBody = Omit<z.output<typeof adminAnnouncementUpdateBody>, 'lang'>;

/** Changes what the body names; the dates are checked against the stored ones as well. */
export async function updateAnnouncement(ctx: AppContext, actor: Actor, id: number, body: UpdateBody) {
  const before = toAdminAnnouncement(await announcementOrThrow(ctx, id));
  const startsAt = body.starts_at === undefined ? before.starts_at : body.starts_at;
  const endsAt = body.ends_at === undefined ? before.ends_at : body.ends_at;
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { ends_at: ['validation.ends_before_starts'] } });
  }
  const changes: Partial<repo.AnnouncementValues> = {};
  if (body.titles !== undefined) changes.title_json = JSON.stringify(body.titles);
  if (body.contents !== undefined) changes.content_json = JSON.stringify(body.contents);
  if (body.pinned !== undefined) changes.pinned = body.pinned ? 1 : 0;
  if (body.enabled !== undefined) changes.enabled = body.enabled ? 1 : 0;
  if (body.starts_at !== undefined) changes.starts_at = body.starts_at;
  if (body.ends_at !== undefined) changes.ends_at = body.ends_at;
  await repo.updateAnnouncement(ctx.db, id, changes, nowIso());
  const after = await getAnnouncement(ctx, id);
  await writeAudit(ctx.db, {
    operatorId: actor.operatorId,
    action: 'announcement.update',
    targetType: 'announcement',
    targetId: id,
    ...changedFields(auditView(before), auditView(after)),
    ip: actor.ip,
  });
  announceChange(ctx, before, after);
  return after;
}

/**
 * Issue 15 item 7: open tabs hear of an announcement players see (or saw until now) and refresh
 * their badge and list; a scheduled or disabled one stays quiet.
 */
function announceChange(ctx: AppContext, ...versions: AdminAnnouncement[]): void {
  const shown = versions.find((version) => version.state === 'live');
  if (shown) ctx.realtime.broadcast({ type: 'announcement', data: { id: shown.id } });
}

/** Only the fields that changed, before and after, so the audit log reads as a diff. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: was, after: now };
}

export async function deleteAnnouncement(ctx: AppContext, actor: Actor, id: number) {
  const before = toAdminAnnouncement(await announcementOrThrow(ctx, id));
  await repo.deleteAnnouncement(ctx.db, id);
  await writeAudit(ctx.db, {
    operatorId: actor.operatorId,
    action: 'announcement.delete',
    targetType: 'announcement',
    targetId: id,
    before: auditView(before),
    ip: actor.ip,
  });
  announceChange(ctx, before);
  return { id };
}
