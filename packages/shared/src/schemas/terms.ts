import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from '../languages.ts';
import { idField, langField } from './fields.ts';

/**
 * Terms, privacy and responsible-gaming policy documents (issue 15 item 4) and the reminder
 * popups (item 5). Documents are Markdown per language (Portuguese required; a reader without a
 * text of their own reads the Portuguese one), versioned per site and kind. A change to a document
 * in force is announced at least TERMS_NOTICE_DAYS before it takes effect (the spec's "terms update
 * notice: at least two weeks"); the first version of a kind may take effect at once.
 */

export const DOCUMENT_KINDS = ['terms', 'privacy', 'responsible'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const TERMS_NOTICE_DAYS = 14;
export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_CONTENT_MAX = 100_000;

export const documentKindField = z.enum(DOCUMENT_KINDS, { error: 'validation.invalid' });

const languageKey = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: 'validation.invalid' });

/** Texts per language: Portuguese required; an empty text for another language removes it. */
export const textsField = (max: number, required = true) =>
  z
    .partialRecord(languageKey, z.string({ error: 'validation.wrong_type' }).trim().max(max, { error: 'validation.too_long' }))
    .superRefine((texts, ctx) => {
      if (required && !texts.pt) ctx.addIssue({ code: 'custom', path: ['pt'], message: 'validation.required' });
    })
    .transform(
      (texts) => Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== '')) as Partial<Record<LanguageCode, string>>,
    );

/** An instant with its offset, stored in UTC. */
export const instantField = z
  .string({ error: 'validation.datetime_format' })
  .max(40, { error: 'validation.datetime_format' })
  .pipe(z.iso.datetime({ offset: true, error: 'validation.datetime_format' }))
  .transform((text) => new Date(text).toISOString());

// ---- player calls ------------------------------------------------------------------------------

export const termsCurrentQuery = z.object({
  kind: documentKindField.default('terms'),
  lang: langField,
  site: z.string().max(64).optional(),
});

/** A version as the player site reads it, in the reader's language. */
export const documentVersion = z.object({
  kind: documentKindField,
  version: z.number().int(),
  title: z.string(),
  /** Markdown; the site renders it without raw HTML. */
  content: z.string(),
  lang: z.string(),
  effective_at: z.string(),
  published_at: z.string(),
});
export type DocumentVersion = z.infer<typeof documentVersion>;

export const termsCurrentResponse = documentVersion.nullable();

/** Versions announced and not yet in force (the notice banner, and the text to read ahead). */
export const termsPendingResponse = z.object({
  list: z.array(documentVersion),
});

export const termsStatusResponse = z.object({
  /** The terms version in force, or null while the site has none. */
  current_version: z.number().int().nullable(),
  accepted_version: z.number().int().nullable(),
  /** True when terms in force wait for the member's acceptance (bets answer TERMS_NOT_ACCEPTED). */
  must_accept: z.boolean(),
});
export type TermsStatus = z.infer<typeof termsStatusResponse>;

export const termsAcceptBody = z.strictObject({
  version: z.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }),
  kind: documentKindField.default('terms'),
  lang: langField,
});

export const termsAcceptResponse = z.object({
  kind: documentKindField,
  version: z.number().int(),
  accepted_at: z.string(),
});

// ---- back office: documents ---------------------------------------------------------------------

export const adminDocumentQuery = z.object({ kind: documentKindField.optional(), site_id: idField.optional(), lang: langField });

export const adminDocument = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  kind: documentKindField,
  version: z.number().int(),
  status: z.enum(['draft', 'published']),
  /** draft, scheduled (published, not yet in force), current (in force) or superseded. */
  state: z.enum(['draft', 'scheduled', 'current', 'superseded']),
  titles: z.record(z.string(), z.string()),
  contents: z.record(z.string(), z.string()),
  effective_at: z.string().nullable(),
  published_at: z.string().nullable(),
  acceptances: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminDocument = z.infer<typeof adminDocument>;
export const adminDocumentList = z.object({ list: z.array(adminDocument) });

/** POST /api/admin/legal-documents: a new draft (its version is the next of its kind). */
export const adminDocumentCreateBody = z.strictObject({
  site_id: idField.optional(),
  kind: documentKindField,
  titles: textsField(DOCUMENT_TITLE_MAX),
  contents: textsField(DOCUMENT_CONTENT_MAX),
  lang: langField,
});
export type AdminDocumentCreateBody = z.input<typeof adminDocumentCreateBody>;

export const adminDocumentUpdateBody = z.strictObject({
  titles: textsField(DOCUMENT_TITLE_MAX).optional(),
  contents: textsField(DOCUMENT_CONTENT_MAX).optional(),
  lang: langField,
});

export const adminDocumentPublishBody = z.strictObject({ effective_at: instantField, lang: langField });
export type AdminDocumentPublishBody = z.input<typeof adminDocumentPublishBody>;

export const idParams = z.object({ id: idField });

// ---- popups --------------------------------------------------------------------------------------

export const POPUP_AUDIENCES = ['all', 'visitors', 'members', 'vip'] as const;
export type PopupAudience = (typeof POPUP_AUDIENCES)[number];

/** A popup as the player site shows it; `modal` is open by default, `off` false by default. */
export const popupItem = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  image_url: z.string().nullable(),
  link_url: z.string().nullable(),
  modal: z.boolean(),
  off: z.boolean(),
});
export type PopupItem = z.infer<typeof popupItem>;
export const popupListResponse = z.object({ list: z.array(popupItem) });
export const popupOffResponse = z.object({ id: z.number().int(), off: z.boolean() });

const urlField = z
  .string({ error: 'validation.wrong_type' })
  .trim()
  .max(500, { error: 'validation.too_long' })
  .refine((value) => value === '' || /^(https:\/\/|\/(?!\/))/.test(value), { error: 'validation.invalid' })
  .transform((value) => (value === '' ? null : value))
  .nullable();

const popupFields = {
  titles: textsField(DOCUMENT_TITLE_MAX),
  texts: textsField(2_000, false),
  image_url: urlField,
  link_url: urlField,
  audience: z.enum(POPUP_AUDIENCES, { error: 'validation.invalid' }),
  vip_min_level: z.number({ error: 'validation.wrong_type' }).int().min(0).max(100).nullable(),
  modal: z.boolean({ error: 'validation.wrong_type' }),
  active: z.boolean({ error: 'validation.wrong_type' }),
  sort: z.number({ error: 'validation.wrong_type' }).int().min(0).max(10_000),
  starts_at: instantField.nullable(),
  ends_at: instantField.nullable(),
};

function popupDates(value: { starts_at?: string | null | undefined; ends_at?: string | null | undefined }, ctx: z.RefinementCtx) {
  if (value.starts_at && value.ends_at && Date.parse(value.ends_at) <= Date.parse(value.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'validation.ends_before_starts' });
  }
}

export const adminPopupCreateBody = z
  .strictObject({
    site_id: idField.optional(),
    titles: popupFields.titles,
    texts: popupFields.texts.default({}),
    image_url: popupFields.image_url.default(null),
    link_url: popupFields.link_url.default(null),
    audience: popupFields.audience.default('all'),
    vip_min_level: popupFields.vip_min_level.default(null),
    modal: popupFields.modal.default(true),
    active: popupFields.active.default(true),
    sort: popupFields.sort.default(0),
    starts_at: popupFields.starts_at.default(null),
    ends_at: popupFields.ends_at.default(null),
    lang: langField,
  })
  .superRefine(popupDates);
export type AdminPopupCreateBody = z.input<typeof adminPopupCreateBody>;

export const adminPopupUpdateBody = z
  .strictObject({
    titles: popupFields.titles.optional(),
    texts: popupFields.texts.optional(),
    image_url: popupFields.image_url.optional(),
    link_url: popupFields.link_url.optional(),
    audience: popupFields.audience.optional(),
    vip_min_level: popupFields.vip_min_level.optional(),
    modal: popupFields.modal.optional(),
    active: popupFields.active.optional(),
    sort: popupFields.sort.optional(),
    starts_at: popupFields.starts_at.optional(),
    ends_at: popupFields.ends_at.optional(),
    lang: langField,
  })
  .superRefine(popupDates);

export const adminPopup = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  titles: z.record(z.string(), z.string()),
  texts: z.record(z.string(), z.string()),
  image_url: z.string().nullable(),
  link_url: z.string().nullable(),
  audience: z.enum(POPUP_AUDIENCES),
  vip_min_level: z.number().int().nullable(),
  modal: z.boolean(),
  active: z.boolean(),
  sort: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  offs: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPopup = z.infer<typeof adminPopup>;
export const adminPopupList = z.object({ list: z.array(adminPopup) });
