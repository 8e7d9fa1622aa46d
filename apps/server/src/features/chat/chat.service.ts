import { ERRORS } from '@casino/shared/errors';
import { CHAT_HISTORY_SIZE, CHAT_ROOMS, type ChatMessage } from '@casino/shared/schemas/chat';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { SAO_PAULO_TIME_ZONE } from '../../lib/sao-paulo.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { Actor } from '../../platform/audit/actor.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import * as repo from './chat.repository.ts';
import { cleanText, mentionsOf, refuseText, repeatKey } from './chat-text.ts';

/** The window CHAT_RATE_LIMIT counts in, and how long the same text may not come back. */
const RATE_WINDOW_MS = 30_000;
const REPEAT_WINDOW_MS = 120_000;
/** A ban (or a mute asked to) takes down the member's messages of the last day. */
const TAKE_DOWN_MS = 24 * 3_600_000;

/** "ma***23": enough for a player to find their own line, not enough to identify anyone. */
export function maskAccount(account: string): string {
  if (account.length <= 4) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

/** What the chat calls a member: the nickname they chose (profile), else the account masked. */
export function nickOf(member: { account: string; nickname: string | null }): string {
  const nickname = member.nickname?.trim();
  return nickname ? nickname.slice(0, 32) : maskAccount(member.account);
}

type MessageRow = Awaited<ReturnType<typeof repo.lastMessages>>[number];

function toMessage(row: MessageRow): ChatMessage {
  let mentions: string[] = [];
  try {
    mentions = JSON.parse(row.mentions) as string[];
  } catch {
    mentions = [];
  }
  return {
    id: Number(row.id),
    room: row.room,
    nick: row.nick,
    text: row.text,
    mentions,
    operator: row.operator_id !== null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function rooms() {
  return CHAT_ROOMS.map((code) => ({ code }));
}

/** The room's last 50 messages, oldest first (visitors too). */
export async function history(ctx: AppContext, room: string) {
  return (await repo.lastMessages(ctx.db, room, CHAT_HISTORY_SIZE)).map(toMessage);
}

/** A date as the reader reads it, in São Paulo time ("28/11/2026, 14:05"). */
function formatWhen(iso: string, lang: string): string {
  const locale = lang === 'pt' ? 'pt-BR' : lang;
  try {
    return new Intl.DateTimeFormat(locale, { timeZone: SAO_PAULO_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  } catch {
    return iso;
  }
}

/** Refuses a muted or banned member (403, with when the mute ends). */
async function ensureMayWrite(ctx: AppContext, memberId: number, now: string): Promise<void> {
  const sanctions = await repo.activeSanctions(ctx.db, memberId, now);
  const ban = sanctions.find((s) => s.kind === 'ban');
  if (ban) throw new AppError('CHAT_BANNED', { extra: { until: ban.until ? new Date(ban.until).toISOString() : null } });
  const mute = sanctions.filter((s) => s.kind === 'mute' && s.until).sort((a, b) => Date.parse(b.until!) - Date.parse(a.until!))[0];
  if (mute?.until) {
    const until = new Date(mute.until).toISOString();
    throw new AppError('CHAT_MUTED', { extra: { until }, messageValues: (lang) => ({ until: formatWhen(until, lang) }) });
  }
}

/**
 * A member writes in a room: the text rules (422 on the `text` field), muted or banned (403), then
 * the rate and the repeated text (429). Stored, then pushed to the room on every process.
 */
export async function send(
  ctx: AppContext,
  member: { id: number; account: string; nickname: string | null },
  room: string,
  rawText: string,
): Promise<ChatMessage> {
  const now = nowIso();
  await ensureMayWrite(ctx, member.id, now);
  const text = cleanText(rawText);
  const refusal = refuseText(text);
  if (refusal) {
    throw new AppError(refusal.code, { fieldErrors: { text: [ERRORS[refusal.code].message] }, messageValues: refusal.values });
  }
  const rateKey = `chat:rate:${member.id}`;
  if ((await ctx.counters.hit(rateKey, RATE_WINDOW_MS)) > ctx.config.CHAT_RATE_LIMIT) {
    const retryAfter = Math.max(1, Math.ceil((await ctx.counters.remainingMs(rateKey)) / 1000));
    throw new AppError('CHAT_TOO_FAST', { extra: { retry_after: retryAfter }, messageValues: { seconds: retryAfter } });
  }
  if ((await ctx.counters.hit(`chat:repeat:${member.id}:${sha256(repeatKey(text))}`, REPEAT_WINDOW_MS, { sliding: true })) > 1) {
    throw new AppError('CHAT_REPEATED');
  }
  const nick = nickOf(member);
  const mentions = mentionsOf(text);
  const row = { room, member_id: member.id, operator_id: null, nick, text, mentions: JSON.stringify(mentions), created_at: now };
  const id = await repo.insertMessage(ctx.db, row);
  const message = toMessage({ ...row, id, deleted_at: null });
  ctx.chatHub.broadcast(room, { type: 'message', message });
  return message;
}

/** The text of a refusal in the reader's language (the socket's error message). */
export function refusalText(error: AppError, lang: string): string {
  const values = typeof error.messageValues === 'function' ? error.messageValues(lang) : error.messageValues;
  const key = error.fieldErrors
    ? (Object.values(error.fieldErrors)[0]?.[0] ?? ERRORS[error.errorCode].message)
    : ERRORS[error.errorCode].message;
  return translate(lang, key, values);
}

// ---- back office ------------------------------------------------------------------------------

export async function listMessages(
  ctx: AppContext,
  filter: { room?: string | undefined; member_id?: number | undefined; page: number; page_size: number },
) {
  const { rows, total } = await repo.pageMessages(ctx.db, filter);
  return {
    list: rows.map((row) => ({
      ...toMessage(row),
      member_id: row.member_id === null ? null : Number(row.member_id),
      account: row.account ?? null,
      deleted: row.deleted_at !== null,
    })),
    total,
    page: filter.page,
    page_size: filter.page_size,
  };
}

/** Takes messages down on every socket (one `deleted` per room). */
function announceDeleted(ctx: AppContext, rows: { id: number; room: string }[]) {
  const byRoom = new Map<string, number[]>();
  for (const row of rows) byRoom.set(row.room, [...(byRoom.get(row.room) ?? []), row.id]);
  for (const [room, ids] of byRoom) ctx.chatHub.broadcast(room, { type: 'deleted', room, ids });
}

export async function deleteMessage(ctx: AppContext, actor: Actor, id: number) {
  const message = await repo.findMessage(ctx.db, id);
  if (!message) throw new AppError('CHAT_MESSAGE_NOT_FOUND');
  const deleted = await repo.markDeleted(ctx.db, [id], actor.operatorId, nowIso());
  if (deleted.length > 0) {
    await writeAudit(ctx.db, {
      operatorId: actor.operatorId,
      action: 'chat.delete',
      targetType: 'chat_message',
      targetId: id,
      before: { room: message.room, member_id: message.member_id, nick: message.nick, text: message.text },
      ip: actor.ip,
    });
    announceDeleted(ctx, [{ id, room: message.room }]);
  }
  return { id, deleted: true };
}

/**
 * Mutes a member for `minutes`, or bans them (until lifted). Audited; every socket hears `muted`;
 * a ban (or a mute with `delete_messages`) also takes down their messages of the last day.
 */
export async function sanction(
  ctx: AppContext,
  actor: Actor,
  input: {
    member_id: number;
    kind: 'mute' | 'ban';
    minutes?: number | undefined;
    reason?: string | undefined;
    delete_messages?: boolean | undefined;
  },
) {
  const member = await repo.memberNames(ctx.db, input.member_id);
  if (!member) throw fieldError('VALIDATION_FAILED', 'member_id', 'errors.not_found');
  const now = nowIso();
  const until = input.kind === 'mute' ? new Date(Date.now() + (input.minutes ?? 10) * 60_000).toISOString() : null;
  const reason = (input.reason ?? '').trim().slice(0, 200);
  const id = await repo.insertSanction(ctx.db, {
    member_id: member.id,
    kind: input.kind,
    until,
    reason,
    operator_id: actor.operatorId,
    created_at: now,
  });
  let removed: { id: number; room: string }[] = [];
  if (input.kind === 'ban' || input.delete_messages) {
    const recent = await repo.recentMessagesOf(ctx.db, member.id, new Date(Date.now() - TAKE_DOWN_MS).toISOString());
    const ids = await repo.markDeleted(
      ctx.db,
      recent.map((r) => Number(r.id)),
      actor.operatorId,
      now,
    );
    removed = recent.filter((r) => ids.includes(Number(r.id))).map((r) => ({ id: Number(r.id), room: r.room }));
  }
  await writeAudit(ctx.db, {
    operatorId: actor.operatorId,
    action: `chat.${input.kind}`,
    targetType: 'member',
    targetId: member.id,
    after: { sanction_id: id, until, reason, messages_deleted: removed.length },
    ip: actor.ip,
  });
  ctx.chatHub.broadcast('*', { type: 'muted', nick: nickOf(member), kind: input.kind, until });
  announceDeleted(ctx, removed);
  return { id, member_id: member.id, kind: input.kind, until, messages_deleted: removed.length };
}

export async function liftSanction(ctx: AppContext, actor: Actor, id: number) {
  const sanctionRow = await repo.findSanction(ctx.db, id);
  if (!sanctionRow) throw new AppError('CHAT_SANCTION_NOT_FOUND');
  const lifted = await repo.liftSanction(ctx.db, id, actor.operatorId, nowIso());
  if (lifted) {
    await writeAudit(ctx.db, {
      operatorId: actor.operatorId,
      action: 'chat.lift',
      targetType: 'member',
      targetId: Number(sanctionRow.member_id),
      before: { sanction_id: id, kind: sanctionRow.kind, until: sanctionRow.until, reason: sanctionRow.reason },
      ip: actor.ip,
    });
  }
  return { id, lifted: true };
}

export async function listSanctions(ctx: AppContext, window: { page: number; page_size: number }) {
  const { rows, total } = await repo.pageActiveSanctions(ctx.db, nowIso(), window);
  return {
    list: rows.map((row) => ({
      id: Number(row.id),
      member_id: Number(row.member_id),
      account: row.account,
      nick: nickOf(row),
      kind: row.kind as 'mute' | 'ban',
      until: row.until ? new Date(row.until).toISOString() : null,
      reason: row.reason,
      operator: row.operator_username ?? null,
      created_at: new Date(row.created_at).toISOString(),
    })),
    total,
    page: window.page,
    page_size: window.page_size,
  };
}

/** An operator writes in a room (shown as the site's team); audited. */
export async function operatorSend(ctx: AppContext, actor: Actor, room: string, rawText: string, nick: string): Promise<ChatMessage> {
  const text = cleanText(rawText);
  const refusal = refuseText(text);
  if (refusal && refusal.code !== 'CHAT_LINK_BLOCKED') throw fieldError(refusal.code, 'text');
  const now = nowIso();
  const mentions = mentionsOf(text);
  const row = { room, member_id: null, operator_id: actor.operatorId, nick, text, mentions: JSON.stringify(mentions), created_at: now };
  const id = await repo.insertMessage(ctx.db, row);
  await writeAudit(ctx.db, {
    operatorId: actor.operatorId,
    action: 'chat.send',
    targetType: 'chat_message',
    targetId: id,
    after: { room, text },
    ip: actor.ip,
  });
  const message = toMessage({ ...row, id, deleted_at: null });
  ctx.chatHub.broadcast(room, { type: 'message', message });
  return message;
}

/** The retention sweep: deletes the messages older than CHAT_RETENTION_DAYS; answers how many. */
export async function sweep(ctx: AppContext, now = Date.now()): Promise<number> {
  return repo.deleteOlderThan(ctx.db, new Date(now - ctx.config.CHAT_RETENTION_DAYS * 86_400_000).toISOString());
}

/** The sweep every hour on this process (deleting twice is harmless, so every process may run it). */
export function startChatSweep(ctx: AppContext, intervalMs = 3_600_000): { close(): void } {
  const run = () => {
    sweep(ctx)
      .then((removed) => {
        if (removed > 0) ctx.log.info({ removed }, 'chat retention sweep');
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'chat retention sweep failed'));
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return {
    close() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

/** CHAT_SWEEP, else on everywhere but in tests (which run sweeps by hand). */
export function chatSweepEnabled(config: AppContext['config']): boolean {
  return (config.CHAT_SWEEP ?? (config.NODE_ENV === 'test' ? 'off' : 'on')) === 'on';
}
