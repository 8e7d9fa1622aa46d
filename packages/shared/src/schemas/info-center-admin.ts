import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { LANGUAGE_CODES, type LanguageCode } from '../languages.ts';
import { idField, langField } from './fields.ts';

/**
 * The back office's information centre (DESIGN.md section 10): operator notes sent to one member
 * or to every member of a site, and the site's announcements with a title and content per
 * language (Portuguese required, the other seven optional: a reader without a text of their own
 * reads the Portuguese one). Texts are plain text; clients never render them as HTML.
 */

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 2_000;
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MAX = 10_000;

const requiredText = (max: number) =>
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' });

// ---- notifications ------------------------------------------------------------------------------

/**
 * POST /api/admin/notifications: to one member (`member_id`) or to every member of a site
 * (`all: true`, the default site unless `site_id` names one). Exactly one of the two.
 */
export const adminNotificationSendBody = z
  .strictObject({
    member_id: idField.optional(),
    all: z.literal(true, { error: 'validation.invalid' }).optional(),
    site_id: idField.optional(),
    title: requiredText(NOTIFICATION_TITLE_MAX),
    body: requiredText(NOTIFICATION_BODY_MAX),
    lang: langField,
  })
  .superRefine((value, ctx) => {
    if ((value.member_id === undefined) === (value.all === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['member_id'], message: 'validation.notification_audience' });
    }
  });
export type AdminNotificationSendBody = z.input<typeof adminNotificationSendBody>;

export const adminNotificationSent = z.object({
  /** Rows written: 1 for a member, the site's member count for `all`. */
  recipients: z.number().int(),
  batch: z.string(),
});
export type AdminNotificationSent = z.infer<typeof adminNotificationSent>;

export const adminNotificationQuery = pageQuerySchema.extend({ lang: langField });

/** One send as operators see it: its text, who wrote it, how many received and read it. */
export const adminNotificationItem = z.object({
  batch: z.string(),
  audience: z.enum(['member', 'all']),
  /** The member of a one-member send; null for `all`. */
  member_id: z.number().int().nullable(),
  member_account: z.string().nullable(),
  site_id: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
  operator_username: z.string().nullable(),
  recipients: z.number().int(),
  read: z.number().int(),
  created_at: z.string(),
});
export type AdminNotificationItem = z.infer<typeof adminNotificationItem>;
export const adminNotificationPage = pageSchema(adminNotificationItem);

// ---- announcements ------------------------------------------------------------------------------

const languageKey = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: 'validation.invalid' });

/** Texts per language: Portuguese required; an empty text for another language removes it. */
const textsField = (max: number) =>
  z
    .partialRecord(languageKey, z.string({ error: 'validation.wrong_type' }).trim().max(max, { error: 'validation.too_long' }))
    .superRefine((texts, ctx) => {
      if (!texts.pt) ctx.addIssue({ code: 'custom', path: ['pt'], message: 'validation.required' });
    })
    .transform(
      (texts) => Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== '')) as Partial<Record<LanguageCode, string>>,
    );

/** An instant with its offset ("2025-03-01T12:00:00Z", "2025-03-01T09:00:00-03:00"), stored in UTC; null: unbounded. */
const instantField = z
  .string({ error: 'validation.datetime_format' })
  .max(40, { error: 'validation.datetime_format' })
  .pipe(z.iso.datetime({ offset: true, error: 'validation.datetime_format' }))
  .transform((text) => new Date(text).toISOString())
  .nullable();

const announcementFields = {
  titles: textsField(ANNOUNCEMENT_TITLE_MAX),
  contents: textsField(ANNOUNCEMENT_CONTENT_MAX),
  pinned: z.boolean({ error: 'validation.wrong_type' }),
  enabled: z.boolean({ error: 'validation.wrong_type' }),
  starts_at: instantField,
  ends_at: instantField,
};

function endsAfterStarts(value: { starts_at?: string | null | undefined; ends_at?: string | null | undefined }, ctx: z.RefinementCtx) {
  if (value.starts_at && value.ends_at && Date.parse(value.ends_at) <= Date.parse(value.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'validation.ends_before_starts' });
  }
}

/** POST /api/admin/announcements. pinned and enabled default to false and true; no dates: always shown. */
export const adminAnnouncementCreateBody = z
  .strictObject({
    site_id: idField.optional(),
    titles: announcementFields.titles,
    contents: announcementFields.contents,
    pinned: announcementFields.pinned.default(false),
    enabled: announcementFields.enabled.default(true),
    starts_at: announcementFields.starts_at.default(null),
    ends_at: announcementFields.ends_at.default(null),
    lang: langField,
  })
  .superRefine(endsAfterStarts);
export type AdminAnnouncementCreateBody = z.input<typeof adminAnnouncementCreateBody>;

/** PATCH /api/admin/announcements/:id: any of the fields; titles and contents replace the whole set. */
export const adminAnnouncementUpdateBody = z
  .strictObject({
    titles: announcementFields.titles.optional(),
    contents: announcementFields.contents.optional(),
    pinned: announcementFields.pinned.optional(),
    enabled: announcementFields.enabled.optional(),
    starts_at: announcementFields.starts_at.optional(),
    ends_at: announcementFields.ends_at.optional(),
    lang: langField,
  })
  .superRefine(endsAfterStarts);
export type AdminAnnouncementUpdateBody = z.input<typeof adminAnnouncementUpdateBody>;

export const adminAnnouncementIdParams = z.object({ id: idField });

export const ANNOUNCEMENT_STATES = ['live', 'scheduled', 'ended', 'disabled'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

export const adminAnnouncementQuery = pageQuerySchema.extend({
  lang: langField,
  site_id: idField.optional(),
  state: z.enum(ANNOUNCEMENT_STATES, { error: 'validation.invalid' }).optional(),
});

export const adminAnnouncement = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: z.string(),
  titles: z.record(z.string(), z.string()),
  contents: z.record(z.string(), z.string()),
  pinned: z.boolean(),
  enabled: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Whether players see it now: enabled and within its dates. */
  state: z.enum(ANNOUNCEMENT_STATES),
  /** Members who opened it. */
  reads: z.number().int(),
  operator_username: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;
export const adminAnnouncementPage = pageSchema(adminAnnouncement);
