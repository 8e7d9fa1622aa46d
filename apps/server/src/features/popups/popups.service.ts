import { normalizeLanguage } from '@casino/shared/languages';
import type { AdminPopup, adminPopupCreateBody, adminPopupUpdateBody, PopupAudience, PopupItem } from '@casino/shared/schemas/terms';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member, Site } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/http.ts';
import type { Actor } from '../../platform/audit/actor.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import * as repo from './popups.repository.ts';

/**
 * The reminder popups (spec section 4: "the reminder popup has an off flag (default false). The
 * modal flag is open by default."; issue 15 item 5). Operators configure them per site: texts per
 * language, an image, a link, an audience (everyone, visitors, members, or VIP levels from a
 * minimum), dates and an active switch. The player site shows each live one once per visit; a
 * member's "don't remind me" is the off flag stored here (a visitor's stays in the browser).
 */

type Texts = Record<string, string>;

function parseTexts(json: string): Texts {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as Texts) : {};
  } catch {
    return {};
  }
}

function inLanguage(texts: Texts, lang: string): string {
  return texts[normalizeLanguage(lang)] ?? texts.pt ?? Object.values(texts)[0] ?? '';
}

/** The popups a visitor (no member) or a member sees now on a site, each with its off flag. */
export async function livePopups(ctx: AppContext, site: Site, member: Member | undefined, lang: string): Promise<{ list: PopupItem[] }> {
  const audiences: PopupAudience[] = member ? ['all', 'members', 'vip'] : ['all', 'visitors'];
  const rows = (await repo.livePopups(ctx.db, site.id, audiences, clock.nowIso())).filter(
    (row) => row.audience !== 'vip' || (member !== undefined && Number(member.level) >= Number(row.vip_min_level ?? 0)),
  );
  const off = member
    ? await repo.offPopupIds(
        ctx.db,
        member.id,
        rows.map((row) => Number(row.id)),
      )
    : new Set<number>();
  return {
    list: rows.map((row) => ({
      id: Number(row.id),
      title: inLanguage(parseTexts(row.title_json), lang),
      text: inLanguage(parseTexts(row.text_json), lang),
      image_url: row.image_url,
      link_url: row.link_url,
      modal: row.modal === 1,
      off: off.has(Number(row.id)),
    })),
  };
}

/** The member's "don't remind me": stored once; a popup of another site is not found. */
export async function turnOff(ctx: AppContext, member: Member, id: number) {
  const row = await repo.popupById(ctx.db, id);
  if (!row || Number(row.site_id) !== member.site_id) throw new AppError('POPUP_NOT_FOUND');
  await repo.setOff(ctx.db, member.id, id, clock.nowIso());
  return { id, off: true };
}

// ---- back office ---------------------------------------------------------------------------------

async function siteIdOrDefault(ctx: AppContext, siteId: number | undefined): Promise<number> {
  if (siteId !== undefined) {
    if (!(await repo.siteExists(ctx.db, siteId)))
      throw new AppError('VALIDATION_FAILED', { fieldErrors: { site_id: ['validation.invalid'] } });
    return siteId;
  }
  const fallback = await repo.defaultSiteId(ctx.db);
  if (fallback === undefined) throw new Error('no site configured: the first start seeds one');
  return fallback;
}

type AdminRow = NonNullable<Awaited<ReturnType<typeof repo.adminPopupById>>>;

function toAdmin(row: AdminRow): AdminPopup {
  return {
    id: Number(row.id),
    site_id: Number(row.site_id),
    titles: parseTexts(row.title_json),
    texts: parseTexts(row.text_json),
    image_url: row.image_url,
    link_url: row.link_url,
    audience: row.audience as PopupAudience,
    vip_min_level: row.vip_min_level === null ? null : Number(row.vip_min_level),
    modal: row.modal === 1,
    active: row.active === 1,
    sort: Number(row.sort),
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    offs: Number(row.offs ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listPopups(ctx: AppContext, query: { site_id?: number | undefined }) {
  const siteId = await siteIdOrDefault(ctx, query.site_id);
  return { list: (await repo.listPopups(ctx.db, siteId)).map(toAdmin) };
}

async function adminPopup(ctx: AppContext, id: number): Promise<AdminPopup> {
  const row = await repo.adminPopupById(ctx.db, id);
  if (!row) throw new AppError('POPUP_NOT_FOUND');
  return toAdmin(row);
}

export const getPopup = adminPopup;

type CreateBody = z.output<typeof adminPopupCreateBody>;
type UpdateBody = z.output<typeof adminPopupUpdateBody>;

function valuesOf(body: Partial<CreateBody>): Partial<repo.PopupValues> {
  const values: Partial<repo.PopupValues> = {};
  if (body.titles !== undefined) values.title_json = JSON.stringify(body.titles);
  if (body.texts !== undefined) values.text_json = JSON.stringify(body.texts);
  if (body.image_url !== undefined) values.image_url = body.image_url;
  if (body.link_url !== undefined) values.link_url = body.link_url;
  if (body.audience !== undefined) values.audience = body.audience;
  if (body.vip_min_level !== undefined) values.vip_min_level = body.vip_min_level;
  if (body.modal !== undefined) values.modal = body.modal ? 1 : 0;
  if (body.active !== undefined) values.active = body.active ? 1 : 0;
  if (body.sort !== undefined) values.sort = body.sort;
  if (body.starts_at !== undefined) values.starts_at = body.starts_at;
  if (body.ends_at !== undefined) values.ends_at = body.ends_at;
  return values;
}

export async function createPopup(ctx: AppContext, actor: Actor, body: CreateBody) {
  const siteId = await siteIdOrDefault(ctx, body.site_id);
  const now = clock.nowIso();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertPopup(trx, siteId, valuesOf(body) as repo.PopupValues, actor.operatorId, now);
    const { lang: _lang, ...after } = body;
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'popup.create',
      targetType: 'popup',
      targetId: inserted,
      after,
      ip: actor.ip,
    });
    return inserted;
  });
  return adminPopup(ctx, id);
}

export async function updatePopup(ctx: AppContext, actor: Actor, id: number, body: UpdateBody) {
  const before = await adminPopup(ctx, id);
  const { lang: _lang, ...changes } = body;
  const merged = { ...before, ...changes };
  if (merged.starts_at && merged.ends_at && Date.parse(merged.ends_at) <= Date.parse(merged.starts_at)) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { ends_at: ['validation.ends_before_starts'] } });
  }
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updatePopup(trx, id, valuesOf(changes), actor.operatorId, clock.nowIso());
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'popup.update',
      targetType: 'popup',
      targetId: id,
      before,
      after: changes,
      ip: actor.ip,
    });
  });
  return adminPopup(ctx, id);
}

export async function deletePopup(ctx: AppContext, actor: Actor, id: number) {
  const before = await adminPopup(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deletePopup(trx, id);
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'popup.delete',
      targetType: 'popup',
      targetId: id,
      before,
      ip: actor.ip,
    });
  });
  return { id };
}
