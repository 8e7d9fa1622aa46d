import { ROLE_PERMISSIONS, roleAllows } from '@casino/shared/schemas/admin';
import {
  type AdminSupportConversation,
  type AdminSupportDetail,
  type AdminSupportSummary,
  type CannedReply,
  SUPPORT_MAX_MESSAGES,
  type SupportInboxFilter,
  type SupportMessageBody,
} from '@casino/shared/schemas/support';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import type { Actor } from '../../platform/audit/actor.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import * as repo from './support.repository.ts';
import { checkAttachment, messageOf, previewOf, pushUnread } from './support.service.ts';

/**
 * The back office's support inbox (permission support.inbox): conversations by open, mine,
 * unassigned or closed; reading one clears the operators' unread; a reply, an assignment, a
 * close and each canned-reply change is audited with who, from where, before and after.
 */

/** Canned replies kept at most (the picker shows them all). */
const MAX_CANNED = 200;

type InboxRow = NonNullable<Awaited<ReturnType<typeof repo.findInboxConversation>>>;

function inboxOf(row: InboxRow): AdminSupportConversation {
  return {
    id: Number(row.id),
    member_id: Number(row.member_id),
    member_account: row.member_account,
    status: row.status === 'closed' ? 'closed' : 'open',
    assigned_operator_id: row.assigned_operator_id === null ? null : Number(row.assigned_operator_id),
    assigned_operator_username: row.assigned_operator_username ?? null,
    unread: Number(row.operator_unread),
    preview: row.last_preview,
    last_message_at: row.last_message_at,
    created_at: row.created_at,
    closed_at: row.closed_at,
  };
}

export async function inbox(
  ctx: AppContext,
  operatorId: number,
  query: { filter: SupportInboxFilter; member?: string | undefined; page: number; page_size: number },
) {
  const { rows, total } = await repo.pageInbox(ctx.db, {
    filter: query.filter,
    operatorId,
    member: query.member,
    page: query.page,
    pageSize: query.page_size,
  });
  return { list: rows.map(inboxOf), total, page: query.page, page_size: query.page_size };
}

export function summary(ctx: AppContext, operatorId: number): Promise<AdminSupportSummary> {
  return repo.inboxSummary(ctx.db, operatorId);
}

async function inboxRow(ctx: AppContext, id: number): Promise<InboxRow> {
  const row = await repo.findInboxConversation(ctx.db, id);
  if (!row) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
  return row;
}

/** One conversation and its messages; an operator reading it clears the operators' unread. */
export async function conversation(ctx: AppContext, id: number): Promise<AdminSupportDetail> {
  const row = await inboxRow(ctx, id);
  if (row.operator_unread > 0) await repo.clearUnread(ctx.db, id, 'operator');
  const messages = await repo.listMessages(ctx.db, id);
  return {
    ...inboxOf({ ...row, operator_unread: 0 }),
    messages: messages.map((message) => ({ ...messageOf(message), operator_username: message.operator_username ?? null })),
  };
}

/**
 * An operator's answer: the member has one more to read (pushed to its pages), and an unassigned
 * conversation becomes the replier's. A closed conversation takes no answer (the member reopens it
 * by writing).
 */
export async function reply(ctx: AppContext, actor: Actor, id: number, body: SupportMessageBody): Promise<AdminSupportDetail> {
  const attachmentId = await checkAttachment(ctx, body.attachment_id, { operatorId: actor.operatorId });
  const text = body.text ?? '';
  const memberId = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.lockConversation(trx, id);
    if (!row) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
    if (row.status !== 'open') throw new AppError('SUPPORT_CONVERSATION_CLOSED');
    if (row.message_count >= SUPPORT_MAX_MESSAGES) throw new AppError('SUPPORT_CONVERSATION_FULL');
    const now = nowIso();
    const messageId = await repo.insertMessage(trx, {
      conversationId: id,
      authorKind: 'operator',
      operatorId: actor.operatorId,
      text,
      attachmentId,
      now,
    });
    if (attachmentId !== null) await repo.giveAttachmentTo(trx, attachmentId, Number(row.member_id));
    await repo.bumpAfterOperatorMessage(trx, id, previewOf(text), now);
    if (row.assigned_operator_id === null) await repo.setAssignment(trx, id, actor.operatorId);
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'support.reply',
      targetType: 'support_conversation',
      targetId: id,
      after: { message_id: messageId, text, attachment_id: attachmentId },
      ip: actor.ip,
    });
    return Number(row.member_id);
  });
  await pushUnread(ctx, memberId, id);
  return conversation(ctx, id);
}

/** Roles whose operators may answer (the assignment list and its check). */
const ANSWERING_ROLES = Object.keys(ROLE_PERMISSIONS).filter((role) => roleAllows(role, 'support.inbox'));

export async function operators(ctx: AppContext) {
  const rows = await repo.listOperatorsOfRoles(ctx.db, ANSWERING_ROLES);
  return { list: rows.map((row) => ({ id: Number(row.id), username: row.username })) };
}

/** To an operator who may answer, or to nobody (null). */
export async function assign(ctx: AppContext, actor: Actor, id: number, operatorId: number | null): Promise<AdminSupportConversation> {
  const row = await inboxRow(ctx, id);
  if (operatorId !== null) {
    const operator = await repo.findOperator(ctx.db, operatorId);
    if (operator?.status !== 1 || !roleAllows(operator.role, 'support.inbox')) {
      throw new AppError('VALIDATION_FAILED', { fieldErrors: { operator_id: ['validation.support_operator_invalid'] } });
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setAssignment(trx, id, operatorId);
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'support.assign',
      targetType: 'support_conversation',
      targetId: id,
      before: { assigned_operator_id: row.assigned_operator_id === null ? null : Number(row.assigned_operator_id) },
      after: { assigned_operator_id: operatorId },
      ip: actor.ip,
    });
  });
  return inboxOf(await inboxRow(ctx, id));
}

export async function close(ctx: AppContext, actor: Actor, id: number): Promise<AdminSupportConversation> {
  const row = await inboxRow(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.closeConversation(trx, id, nowIso()))) throw new AppError('SUPPORT_CONVERSATION_CLOSED');
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'support.close',
      targetType: 'support_conversation',
      targetId: id,
      before: { status: row.status },
      after: { status: 'closed' },
      ip: actor.ip,
    });
  });
  await pushUnread(ctx, Number(row.member_id), id);
  return inboxOf(await inboxRow(ctx, id));
}

// ---- canned replies ----

function cannedOf(row: { id: number; title: string; text: string; updated_at: string }): CannedReply {
  return { id: Number(row.id), title: row.title, text: row.text, updated_at: row.updated_at };
}

export async function cannedReplies(ctx: AppContext) {
  return { list: (await repo.listCanned(ctx.db)).map(cannedOf) };
}

export async function createCanned(ctx: AppContext, actor: Actor, body: { title: string; text: string }): Promise<CannedReply> {
  if ((await repo.countCanned(ctx.db)) >= MAX_CANNED) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { title: ['validation.support_canned_too_many'] } });
  }
  const id = await ctx.db.transaction().execute(async (trx) => {
    const created = await repo.insertCanned(trx, { title: body.title, text: body.text, operatorId: actor.operatorId, now: nowIso() });
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'support.canned_create',
      targetType: 'support_canned_reply',
      targetId: created,
      after: body,
      ip: actor.ip,
    });
    return created;
  });
  return cannedOf((await repo.findCanned(ctx.db, id))!);
}

async function cannedRow(ctx: AppContext, id: number) {
  const row = await repo.findCanned(ctx.db, id);
  if (!row) throw new AppError('SUPPORT_CANNED_NOT_FOUND');
  return row;
}

export async function updateCanned(ctx: AppContext, actor: Actor, id: number, body: { title: string; text: string }): Promise<CannedReply> {
  const before = await cannedRow(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateCanned(trx, id, { ...body, now: nowIso() });
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'support.canned_update',
      targetType: 'support_canned_reply',
      targetId: id,
      before: { title: before.title, text: before.text },
      after: body,
      ip: actor.ip,
    });
  });
  return cannedOf(await cannedRow(ctx, id));
}

export async function deleteCanned(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const before = await cannedRow(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteCanned(trx, id);
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'support.canned_delete',
      targetType: 'support_canned_reply',
      targetId: id,
      before: { title: before.title, text: before.text },
      ip: actor.ip,
    });
  });
}
