import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { idField, langField } from './fields.ts';

/**
 * Support chat (issue 15 item 6): a member opens a conversation from the page, operators answer
 * from the back office's inbox. Texts are plain (no markup), attachments are images only (PNG,
 * JPEG or WebP by their bytes), uploaded first and then named by id in a message.
 */

export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_AUTHORS = ['member', 'operator'] as const;

/** Characters of one message. */
export const SUPPORT_TEXT_MAX = 2000;
/** One image, at most 3 MB. */
export const SUPPORT_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
export const SUPPORT_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Conversations a member may have open at once (a new one waits until one is closed). */
export const SUPPORT_MAX_OPEN_CONVERSATIONS = 3;
/** Messages in one conversation; past this the member starts a new one. */
export const SUPPORT_MAX_MESSAGES = 500;
export const SUPPORT_CANNED_TITLE_MAX = 80;

const messageText = z
  .string({ error: 'validation.wrong_type' })
  .trim()
  .max(SUPPORT_TEXT_MAX, { error: 'validation.support_text_too_long' })
  .optional();

/** A message: its text, an uploaded image, or both; never neither. */
const messageFields = {
  text: messageText,
  attachment_id: idField.optional(),
  lang: langField,
};
const hasContent = (body: { text?: string | undefined; attachment_id?: number | undefined }) =>
  (body.text !== undefined && body.text.length > 0) || body.attachment_id !== undefined;

/** POST /api/support/conversations and POST /api/support/conversations/{id}/messages. */
export const supportMessageBody = z
  .strictObject(messageFields)
  .refine(hasContent, { error: 'validation.support_message_empty', path: ['text'] });
export type SupportMessageBody = z.output<typeof supportMessageBody>;

export const supportConversationParams = z.object({ id: idField });
export const supportAttachmentParams = z.object({ id: idField });

/** The uploaded image, before and after it is sent in a message. */
export const supportAttachment = z.object({
  id: z.number().int(),
  mime: z.enum(SUPPORT_IMAGE_MIME_TYPES),
  size_bytes: z.number().int(),
});
export type SupportAttachment = z.infer<typeof supportAttachment>;

/** One message as the member reads it: operators appear as the support team, not by name. */
export const supportMessage = z.object({
  id: z.number().int(),
  author: z.enum(SUPPORT_AUTHORS),
  text: z.string(),
  attachment: supportAttachment.nullable(),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

export const supportConversation = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_STATUSES),
  /** Operator messages the member has not read yet. */
  unread: z.number().int(),
  /** The start of the last message (at most 120 characters), or an empty text for an image. */
  preview: z.string(),
  last_message_at: z.string(),
  created_at: z.string(),
});
export type SupportConversation = z.infer<typeof supportConversation>;

/** GET /api/support/conversations: the member's own, newest activity first, with its unread total. */
export const supportConversationPage = pageSchema(supportConversation).extend({ unread_total: z.number().int() });
export type SupportConversationPage = z.infer<typeof supportConversationPage>;
export const supportConversationQuery = pageQuerySchema.extend({ lang: langField });

/** GET /api/support/conversations/{id}: the conversation and its messages, oldest first (reading it clears its unread). */
export const supportConversationDetail = supportConversation.extend({ messages: z.array(supportMessage) });
export type SupportConversationDetail = z.infer<typeof supportConversationDetail>;

// ---- back office ----

export const SUPPORT_INBOX_FILTERS = ['open', 'mine', 'unassigned', 'closed', 'all'] as const;
export type SupportInboxFilter = (typeof SUPPORT_INBOX_FILTERS)[number];

export const adminSupportQuery = pageQuerySchema.extend({
  filter: z.enum(SUPPORT_INBOX_FILTERS, { error: 'validation.invalid' }).default('open'),
  /** A member's account or id. */
  member: z.string().trim().max(32).optional(),
  lang: langField,
});

export const adminSupportConversation = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  member_account: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  assigned_operator_id: z.number().int().nullable(),
  assigned_operator_username: z.string().nullable(),
  /** Member messages no operator has read yet. */
  unread: z.number().int(),
  preview: z.string(),
  last_message_at: z.string(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type AdminSupportConversation = z.infer<typeof adminSupportConversation>;
export const adminSupportPage = pageSchema(adminSupportConversation);

export const adminSupportMessage = supportMessage.extend({ operator_username: z.string().nullable() });
export type AdminSupportMessage = z.infer<typeof adminSupportMessage>;
export const adminSupportDetail = adminSupportConversation.extend({ messages: z.array(adminSupportMessage) });
export type AdminSupportDetail = z.infer<typeof adminSupportDetail>;

/** The inbox's counts, for the navigation badge. */
export const adminSupportSummary = z.object({
  open: z.number().int(),
  unassigned: z.number().int(),
  mine: z.number().int(),
  /** Unread member messages over the open conversations. */
  unread: z.number().int(),
});
export type AdminSupportSummary = z.infer<typeof adminSupportSummary>;

/** POST /api/admin/support/conversations/{id}/assign: to an operator, or nobody (null). */
export const adminSupportAssignBody = z.strictObject({ operator_id: idField.nullable(), lang: langField });

/** Operators who may answer (permission support.inbox): the assignment list. */
export const adminSupportOperator = z.object({ id: z.number().int(), username: z.string() });
export const adminSupportOperators = z.object({ list: z.array(adminSupportOperator) });

export const cannedReply = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  updated_at: z.string(),
});
export type CannedReply = z.infer<typeof cannedReply>;
export const cannedReplyList = z.object({ list: z.array(cannedReply) });
export const cannedReplyBody = z.strictObject({
  title: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(SUPPORT_CANNED_TITLE_MAX, {
    error: 'validation.too_long',
  }),
  text: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(SUPPORT_TEXT_MAX, { error: 'validation.support_text_too_long' }),
  lang: langField,
});
export const cannedReplyParams = z.object({ id: idField });
