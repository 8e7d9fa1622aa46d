import { createHash, randomBytes } from 'node:crypto';
import {
  SUPPORT_IMAGE_MAX_BYTES,
  SUPPORT_IMAGE_MIME_TYPES,
  SUPPORT_MAX_MESSAGES,
  SUPPORT_MAX_OPEN_CONVERSATIONS,
  type SupportAttachment,
  type SupportConversation,
  type SupportConversationDetail,
  type SupportConversationPage,
  type SupportMessage,
  type SupportMessageBody,
} from '@casino/shared/schemas/support';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { sniffFileType } from '../../lib/file-types.ts';
import { AppError } from '../../lib/http.ts';
import * as repo from './support.repository.ts';

/**
 * The member's side of the support chat: open a conversation with a first message, write more,
 * read (which clears the unread count), and send images. A member only ever reaches its own
 * conversations and images: another's read as not found.
 */

/** Messages per member per minute, and new conversations per member per day. */
const MESSAGES_PER_MINUTE = 10;
const CONVERSATIONS_PER_DAY = 10;
/** Images uploaded per uploader per hour. */
const UPLOADS_PER_HOUR = 20;
const PREVIEW_CHARS = 120;

type ConversationRow = NonNullable<Awaited<ReturnType<typeof repo.findConversation>>>;
type MessageRow = Awaited<ReturnType<typeof repo.listMessages>>[number];

/** The start of a text on one line, for lists. */
export function previewOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_CHARS);
}

export function attachmentOf(row: Pick<MessageRow, 'attachment_id' | 'attachment_mime' | 'attachment_size'>): SupportAttachment | null {
  if (row.attachment_id === null || row.attachment_mime === null) return null;
  return {
    id: Number(row.attachment_id),
    mime: row.attachment_mime as SupportAttachment['mime'],
    size_bytes: Number(row.attachment_size ?? 0),
  };
}

export function messageOf(row: MessageRow): SupportMessage {
  return {
    id: Number(row.id),
    author: row.author_kind === 'operator' ? 'operator' : 'member',
    text: row.text,
    attachment: attachmentOf(row),
    created_at: row.created_at,
  };
}

function conversationOf(row: ConversationRow): SupportConversation {
  return {
    id: Number(row.id),
    status: row.status === 'closed' ? 'closed' : 'open',
    unread: Number(row.member_unread),
    preview: row.last_preview,
    last_message_at: row.last_message_at,
    created_at: row.created_at,
  };
}

/** Tells the member's open pages its unread total (after the write that changed it committed). */
export async function pushUnread(ctx: AppContext, memberId: number, conversationId: number): Promise<void> {
  if (!ctx.realtime.mayReach(memberId)) return;
  const unread = await repo.memberUnreadTotal(ctx.db, memberId);
  ctx.realtime.publish(memberId, { type: 'support', data: { unread, conversation_id: conversationId } });
}

async function throttle(ctx: AppContext, key: string, windowMs: number, max: number): Promise<void> {
  if ((await ctx.counters.hit(key, windowMs)) > max) throw new AppError('RATE_LIMITED');
}

const attachmentRefused = () =>
  new AppError('VALIDATION_FAILED', { fieldErrors: { attachment_id: ['validation.support_attachment_invalid'] } });

/**
 * The image a message names: uploaded by this very sender and not sent yet. Anything else (another
 * member's image, one already sent) is refused as a field error, naming nothing about it.
 */
export async function checkAttachment(
  ctx: AppContext,
  attachmentId: number | undefined,
  sender: { memberId: number } | { operatorId: number },
): Promise<number | null> {
  if (attachmentId === undefined) return null;
  const attachment = await repo.findAttachment(ctx.db, attachmentId);
  const mine =
    attachment !== undefined &&
    ('memberId' in sender
      ? attachment.operator_id === null && Number(attachment.member_id) === sender.memberId
      : Number(attachment.operator_id) === sender.operatorId);
  if (!mine || (await repo.attachmentSent(ctx.db, attachmentId))) throw attachmentRefused();
  return attachmentId;
}

/** POST /api/support/conversations: a new conversation with its first message. */
export async function openConversation(ctx: AppContext, memberId: number, body: SupportMessageBody): Promise<SupportConversationDetail> {
  await throttle(ctx, `support:message:${memberId}`, 60_000, MESSAGES_PER_MINUTE);
  if ((await repo.countOpenForMember(ctx.db, memberId)) >= SUPPORT_MAX_OPEN_CONVERSATIONS) throw new AppError('SUPPORT_TOO_MANY_OPEN');
  await throttle(ctx, `support:open:${memberId}`, 86_400_000, CONVERSATIONS_PER_DAY);
  const attachmentId = await checkAttachment(ctx, body.attachment_id, { memberId });
  const text = body.text ?? '';
  const id = await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const conversationId = await repo.insertConversation(trx, { memberId, now });
    await repo.insertMessage(trx, { conversationId, authorKind: 'member', operatorId: null, text, attachmentId, now });
    await repo.bumpAfterMemberMessage(trx, conversationId, previewOf(text), now);
    return conversationId;
  });
  return memberConversation(ctx, memberId, id);
}

/** POST /api/support/conversations/{id}/messages: the member writes again (a closed conversation reopens). */
export async function postMemberMessage(
  ctx: AppContext,
  memberId: number,
  conversationId: number,
  body: SupportMessageBody,
): Promise<SupportConversationDetail> {
  await ownConversation(ctx, memberId, conversationId);
  await throttle(ctx, `support:message:${memberId}`, 60_000, MESSAGES_PER_MINUTE);
  const attachmentId = await checkAttachment(ctx, body.attachment_id, { memberId });
  const text = body.text ?? '';
  await ctx.db.transaction().execute(async (trx) => {
    const conversation = await repo.lockConversation(trx, conversationId);
    if (!conversation) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
    if (conversation.message_count >= SUPPORT_MAX_MESSAGES) throw new AppError('SUPPORT_CONVERSATION_FULL');
    const now = nowIso();
    await repo.insertMessage(trx, { conversationId, authorKind: 'member', operatorId: null, text, attachmentId, now });
    await repo.bumpAfterMemberMessage(trx, conversationId, previewOf(text), now);
  });
  return memberConversation(ctx, memberId, conversationId);
}

async function ownConversation(ctx: AppContext, memberId: number, conversationId: number): Promise<ConversationRow> {
  const conversation = await repo.findConversation(ctx.db, conversationId);
  if (!conversation || Number(conversation.member_id) !== memberId) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
  return conversation;
}

/** GET /api/support/conversations/{id}: the member reads it, which clears its unread (and tells the other tabs). */
export async function memberConversation(ctx: AppContext, memberId: number, conversationId: number): Promise<SupportConversationDetail> {
  const before = await ownConversation(ctx, memberId, conversationId);
  if (before.member_unread > 0) {
    await repo.clearUnread(ctx.db, conversationId, 'member');
    await pushUnread(ctx, memberId, conversationId);
  }
  const messages = await repo.listMessages(ctx.db, conversationId);
  return { ...conversationOf({ ...before, member_unread: 0 }), messages: messages.map(messageOf) };
}

/** GET /api/support/conversations: the member's own, newest activity first, and the unread total. */
export async function memberConversations(
  ctx: AppContext,
  memberId: number,
  query: { page: number; page_size: number },
): Promise<SupportConversationPage> {
  const [{ rows, total }, unread] = await Promise.all([
    repo.pageMemberConversations(ctx.db, memberId, query.page, query.page_size),
    repo.memberUnreadTotal(ctx.db, memberId),
  ]);
  return { list: rows.map(conversationOf), total, page: query.page, page_size: query.page_size, unread_total: unread };
}

// ---- images ----

/** One image as the upload read it: its bytes, or that it was over the limit (the rest was not read). */
export type UploadedImage = { bytes: Uint8Array; tooLarge: false } | { bytes: null; tooLarge: true } | undefined;

/**
 * Stores an image for a message to come (members and operators alike): present, at most 3 MB,
 * and a PNG, JPEG or WebP by its bytes, else 422 on the `image` field. Kept the way identity
 * documents are (ctx.fileStorage: a private folder or bucket), never served publicly.
 */
export async function uploadImage(
  ctx: AppContext,
  uploader: { memberId: number } | { operatorId: number },
  file: UploadedImage,
  fieldErrors: Record<string, string[]> = {},
): Promise<SupportAttachment> {
  const errors = { ...fieldErrors };
  const refuse = (key: string) => {
    errors.image = [key];
    return new AppError('VALIDATION_FAILED', { fieldErrors: errors });
  };
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
  if (!file || (file.bytes !== null && file.bytes.length === 0)) throw refuse('validation.support_image_required');
  if (file.tooLarge || file.bytes.length > SUPPORT_IMAGE_MAX_BYTES) throw refuse('validation.support_image_too_large');
  const type = sniffFileType(file.bytes, SUPPORT_IMAGE_MIME_TYPES);
  if (!type) throw refuse('validation.support_image_type');

  const owner = 'memberId' in uploader ? `m${uploader.memberId}` : `o${uploader.operatorId}`;
  await throttle(ctx, `support:upload:${owner}`, 3_600_000, UPLOADS_PER_HOUR);
  const storageKey = `support/${owner}/${randomBytes(12).toString('hex')}.${type.extension}`;
  await ctx.fileStorage.put(storageKey, file.bytes, type.mime);
  try {
    const id = await repo.insertAttachment(ctx.db, {
      memberId: 'memberId' in uploader ? uploader.memberId : null,
      operatorId: 'operatorId' in uploader ? uploader.operatorId : null,
      storageKey,
      mime: type.mime,
      sizeBytes: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      now: nowIso(),
    });
    return { id, mime: type.mime, size_bytes: file.bytes.length };
  } catch (error) {
    await ctx.fileStorage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/** An image's bytes for whoever may see it: `memberId` null is an operator (any image). */
export async function readImage(
  ctx: AppContext,
  attachmentId: number,
  memberId: number | null,
): Promise<{ mime: string; bytes: Uint8Array }> {
  const attachment = await repo.findAttachment(ctx.db, attachmentId);
  if (!attachment || (memberId !== null && Number(attachment.member_id) !== memberId)) throw new AppError('SUPPORT_ATTACHMENT_NOT_FOUND');
  const bytes = await ctx.fileStorage.get(attachment.storage_key);
  if (!bytes) throw new AppError('SUPPORT_ATTACHMENT_NOT_FOUND');
  return { mime: attachment.mime, bytes };
}
