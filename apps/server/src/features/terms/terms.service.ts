import { LANGUAGE_CODES, normalizeLanguage } from '@casino/shared/languages';
import {
  type AdminDocument,
  type adminDocumentCreateBody,
  type adminDocumentUpdateBody,
  type DocumentKind,
  type DocumentVersion,
  TERMS_NOTICE_DAYS,
  type TermsStatus,
} from '@casino/shared/schemas/terms';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member, Site } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { formatSaoPauloTime } from '../../lib/sao-paulo.ts';
import type { Actor } from '../../platform/audit/actor.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import { currentDocument, findDocument, insertAcceptance } from '../../platform/terms/terms.repository.ts';
import { currentTermsVersion, forgetTermsVersions } from '../../platform/terms/terms-standing.ts';
import * as repo from './terms.repository.ts';

/**
 * Terms, privacy and responsible-gaming policy documents (issue 15 item 4, docs in README): drafts
 * edited in the back office, published with the date they take effect. A change to a kind that
 * already has a published version takes effect at least TERMS_NOTICE_DAYS after publication; on
 * publication it is announced (a pinned information-centre announcement until the date, the
 * player site's banner from GET /api/terms/pending, and an e-mail to members who gave one).
 * From its date on, a member who has not accepted the terms gets 403 TERMS_NOT_ACCEPTED on bets
 * (platform/responsible/standing.ts asks platform/terms/terms-standing.ts).
 */

const DAY_MS = 86_400_000;
/** A date "now" sent from a form is a few seconds old when it arrives. */
const IMMEDIATE_SLACK_MS = 5 * 60_000;
const EMAIL_SLICE = 500;

type Texts = Record<string, string>;

function parseTexts(json: string): Texts {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as Texts) : {};
  } catch {
    return {};
  }
}

function inLanguage(texts: Texts, lang: string): { text: string; lang: string } {
  const wanted = normalizeLanguage(lang);
  if (texts[wanted]) return { text: texts[wanted], lang: wanted };
  return { text: texts.pt ?? Object.values(texts)[0] ?? '', lang: 'pt' };
}

type DocumentRow = NonNullable<Awaited<ReturnType<typeof currentDocument>>>;

function toVersion(row: DocumentRow, lang: string): DocumentVersion {
  const content = inLanguage(parseTexts(row.content_json), lang);
  return {
    kind: row.kind as DocumentKind,
    version: Number(row.version),
    title: inLanguage(parseTexts(row.title_json), lang).text,
    content: content.text,
    lang: content.lang,
    effective_at: row.effective_at as string,
    published_at: row.published_at as string,
  };
}

// ---- player ------------------------------------------------------------------------------------

export async function current(ctx: AppContext, site: Site, kind: DocumentKind, lang: string): Promise<DocumentVersion | null> {
  const row = await currentDocument(ctx.db, site.id, kind, clock.nowIso());
  return row ? toVersion(row, lang) : null;
}

export async function pending(ctx: AppContext, site: Site, lang: string) {
  const rows = await repo.pendingDocuments(ctx.db, site.id, clock.nowIso());
  return { list: rows.map((row) => toVersion(row, lang)) };
}

export async function status(ctx: AppContext, member: Member): Promise<TermsStatus> {
  const currentVersion = await currentTermsVersion(ctx.db, member.site_id);
  const accepted = member.terms_version ?? null;
  return {
    current_version: currentVersion,
    accepted_version: accepted,
    must_accept: currentVersion !== null && (accepted ?? 0) < currentVersion,
  };
}

/**
 * The member accepts a version that is published: the one in force, or one announced (accepting
 * early is allowed). Stored once per version with the time and the address.
 */
export async function accept(ctx: AppContext, member: Member, input: { version: number; kind: DocumentKind }, ip: string | null) {
  const row = await findDocument(ctx.db, member.site_id, input.kind, input.version);
  if (row?.status !== 'published') {
    throw new AppError('TERMS_VERSION_UNKNOWN', { fieldErrors: { version: ['terms.version_unknown'] } });
  }
  const now = clock.nowIso();
  await ctx.db
    .transaction()
    .execute((trx) =>
      insertAcceptance(trx, { memberId: member.id, documentId: Number(row.id), kind: input.kind, version: input.version, ip, now }),
    );
  return { kind: input.kind, version: input.version, accepted_at: now };
}

// ---- back office -------------------------------------------------------------------------------

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

type ListedRow = NonNullable<Awaited<ReturnType<typeof repo.documentById>>>;

function toAdmin(row: ListedRow, currentIds: Map<string, number>, nowIso: string): AdminDocument {
  const id = Number(row.id);
  let state: AdminDocument['state'] = 'draft';
  if (row.status === 'published') {
    if ((row.effective_at as string) > nowIso) state = 'scheduled';
    else state = currentIds.get(row.kind) === id ? 'current' : 'superseded';
  }
  return {
    id,
    site_id: Number(row.site_id),
    kind: row.kind as DocumentKind,
    version: Number(row.version),
    status: row.status as 'draft' | 'published',
    state,
    titles: parseTexts(row.title_json),
    contents: parseTexts(row.content_json),
    effective_at: row.effective_at,
    published_at: row.published_at,
    acceptances: Number(row.acceptances ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function currentIdsOf(ctx: AppContext, siteId: number, nowIso: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const kind of ['terms', 'privacy', 'responsible']) {
    const row = await currentDocument(ctx.db, siteId, kind, nowIso);
    if (row) ids.set(kind, Number(row.id));
  }
  return ids;
}

export async function listDocuments(ctx: AppContext, query: { kind?: DocumentKind | undefined; site_id?: number | undefined }) {
  const siteId = await siteIdOrDefault(ctx, query.site_id);
  const nowIso = clock.nowIso();
  const currentIds = await currentIdsOf(ctx, siteId, nowIso);
  const rows = await repo.listDocuments(ctx.db, siteId, query.kind);
  return { list: rows.map((row) => toAdmin(row, currentIds, nowIso)) };
}

async function adminDocument(ctx: AppContext, id: number): Promise<AdminDocument> {
  const row = await repo.documentById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const nowIso = clock.nowIso();
  return toAdmin(row, await currentIdsOf(ctx, Number(row.site_id), nowIso), nowIso);
}

export const getDocument = adminDocument;

export async function createDraft(ctx: AppContext, actor: Actor, body: z.output<typeof adminDocumentCreateBody>) {
  const siteId = await siteIdOrDefault(ctx, body.site_id);
  const now = clock.nowIso();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const version = await repo.nextVersion(trx, siteId, body.kind);
    const inserted = await repo.insertDraft(trx, {
      siteId,
      kind: body.kind,
      version,
      titleJson: JSON.stringify(body.titles),
      contentJson: JSON.stringify(body.contents),
      operatorId: actor.operatorId,
      now,
    });
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'legal_document.create',
      targetType: 'legal_document',
      targetId: inserted,
      after: { site_id: siteId, kind: body.kind, version, titles: body.titles },
      ip: actor.ip,
    });
    return inserted;
  });
  return adminDocument(ctx, id);
}

export async function updateDraft(ctx: AppContext, actor: Actor, id: number, body: z.output<typeof adminDocumentUpdateBody>) {
  const before = await adminDocument(ctx, id);
  if (before.status !== 'draft') throw new AppError('TERMS_NOT_DRAFT');
  const changes: { title_json?: string; content_json?: string } = {};
  if (body.titles) changes.title_json = JSON.stringify(body.titles);
  if (body.contents) changes.content_json = JSON.stringify(body.contents);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.updateDraft(trx, id, changes, clock.nowIso()))) throw new AppError('TERMS_NOT_DRAFT');
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'legal_document.update',
      targetType: 'legal_document',
      targetId: id,
      before: { titles: before.titles, contents: before.contents },
      after: { titles: body.titles ?? before.titles, contents: body.contents ?? before.contents },
      ip: actor.ip,
    });
  });
  return adminDocument(ctx, id);
}

export async function deleteDraft(ctx: AppContext, actor: Actor, id: number) {
  const before = await adminDocument(ctx, id);
  if (before.status !== 'draft') throw new AppError('TERMS_NOT_DRAFT');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteDraft(trx, id))) throw new AppError('TERMS_NOT_DRAFT');
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'legal_document.delete',
      targetType: 'legal_document',
      targetId: id,
      before: { kind: before.kind, version: before.version, titles: before.titles },
      ip: actor.ip,
    });
  });
  return { id };
}

/**
 * Publishes a draft to take effect at `effectiveAt`. The first version of a kind may take effect
 * at once (a date in the past is read as now); a later one at least TERMS_NOTICE_DAYS ahead
 * (422 TERMS_NOTICE_TOO_SHORT on effective_at otherwise), and never before the last one's date.
 */
export async function publish(ctx: AppContext, actor: Actor, id: number, requestedAt: string) {
  const doc = await adminDocument(ctx, id);
  if (doc.status !== 'draft') throw new AppError('TERMS_NOT_DRAFT');
  const nowMs = clock.nowMs();
  const now = new Date(nowMs).toISOString();
  const previous = await repo.latestPublished(ctx.db, doc.site_id, doc.kind);
  let effectiveAt = requestedAt;
  if (!previous) {
    if (Date.parse(requestedAt) < nowMs - IMMEDIATE_SLACK_MS) {
      throw new AppError('VALIDATION_FAILED', { fieldErrors: { effective_at: ['terms.effective_in_past'] } });
    }
    if (Date.parse(requestedAt) < nowMs) effectiveAt = now;
  } else {
    const earliest = nowMs + TERMS_NOTICE_DAYS * DAY_MS;
    if (Date.parse(requestedAt) < earliest - IMMEDIATE_SLACK_MS || (previous.effective_at && requestedAt <= previous.effective_at)) {
      throw new AppError('TERMS_NOTICE_TOO_SHORT', {
        fieldErrors: { effective_at: ['terms.notice_too_short'] },
        extra: { earliest_effective_at: new Date(earliest).toISOString() },
        messageValues: (lang) => ({ days: TERMS_NOTICE_DAYS, when: formatSaoPauloTime(new Date(earliest).toISOString(), lang) }),
      });
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.publish(trx, id, effectiveAt, actor.operatorId, now))) throw new AppError('TERMS_NOT_DRAFT');
    if (previous) {
      // The notice in the information centre, every language, shown until the new version applies.
      const titles: Texts = {};
      const contents: Texts = {};
      for (const lang of LANGUAGE_CODES) {
        const values = {
          kind: translate(lang, `terms.kinds.${doc.kind}`),
          version: doc.version,
          when: formatSaoPauloTime(effectiveAt, lang),
        };
        titles[lang] = translate(lang, 'terms.notice_title', values);
        contents[lang] = translate(lang, 'terms.notice_body', values);
      }
      await repo.insertNoticeAnnouncement(trx, {
        siteId: doc.site_id,
        titleJson: JSON.stringify(titles),
        contentJson: JSON.stringify(contents),
        startsAt: now,
        endsAt: new Date(Date.parse(effectiveAt) + 7 * DAY_MS).toISOString(),
        operatorId: actor.operatorId,
        now,
      });
    }
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'legal_document.publish',
      targetType: 'legal_document',
      targetId: id,
      before: { status: 'draft' },
      after: { status: 'published', kind: doc.kind, version: doc.version, effective_at: effectiveAt },
      ip: actor.ip,
    });
  });
  forgetTermsVersions(doc.site_id);
  if (previous) await emailNotice(ctx, doc, effectiveAt);
  return adminDocument(ctx, id);
}

/** The notice by e-mail to members who gave one (written to the outbox; sent when SMTP is set). */
async function emailNotice(ctx: AppContext, doc: AdminDocument, effectiveAt: string) {
  for (let afterId = 0; ; ) {
    const rows = await repo.membersWithEmail(ctx.db, doc.site_id, afterId, EMAIL_SLICE);
    for (const row of rows) {
      const lang = normalizeLanguage(row.lang);
      const values = {
        kind: translate(lang, `terms.kinds.${doc.kind}`),
        version: doc.version,
        when: formatSaoPauloTime(effectiveAt, lang),
      };
      await ctx.mailer.send(ctx.db, {
        to: row.email as string,
        subject: translate(lang, 'terms.notice_title', values),
        text: translate(lang, 'terms.notice_body', values),
      });
    }
    if (rows.length < EMAIL_SLICE) break;
    afterId = Number(rows[rows.length - 1]!.id);
  }
}
