import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { idField, langField } from './fields.ts';

/** Information centre (spec sections 3, 7): support link, per-member notifications, site announcements. */
export const supportResponse = z.object({
  /** The messaging service (WhatsApp/Telegram link of the site). */
  url: z.string(),
  /** "24/7". */
  hours: z.string(),
  channels: z.array(z.object({ name: z.string(), url: z.string(), icon: z.string().nullable() })),
});

export const infoListQuery = pageQuerySchema.extend({ lang: langField });

export const notificationItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** Translated for system kinds; as written for operator notes. */
  title: z.string(),
  body: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const notificationListResponse = pageSchema(notificationItem).extend({ unread: z.number().int() });

export const announcementItem = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  pinned: z.boolean(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type AnnouncementItem = z.infer<typeof announcementItem>;
export const announcementListResponse = pageSchema(announcementItem).extend({ unread: z.number().int() });

/** Mark one notification read ({ id }), or all ({}). */
export const markReadBody = z.strictObject({ id: idField.optional(), lang: langField }).default({});
export const unreadResponse = z.object({ notifications: z.number().int(), announcements: z.number().int(), total: z.number().int() });
