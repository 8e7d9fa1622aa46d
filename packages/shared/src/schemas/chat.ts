import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { idField, langField } from './fields.ts';

/**
 * The community chat (issue 15): one room per site language, read by visitors, written by members.
 * `GET /api/chat/rooms`, `GET /api/chat/history?room=pt` (the last 50), `POST /api/chat/send`
 * and the websocket `/ws/chat?room=pt[&token=]`, whose server messages are `ChatServerMessage`.
 */
import { CHAT_MAX_LENGTH, CHAT_ROOMS } from '../constants.ts';

export { CHAT_MAX_LENGTH, CHAT_ROOMS, type ChatRoom } from '../constants.ts';
export const CHAT_HISTORY_SIZE = 50;

export const chatRoomField = z.enum(CHAT_ROOMS);

export const chatMessage = z.object({
  id: z.number().int(),
  room: z.string(),
  /** The author's nickname, or the account masked ("ma***23"). */
  nick: z.string(),
  text: z.string(),
  /** Nicks named with @nick in the text, as written in it (the client highlights its own). */
  mentions: z.array(z.string()),
  /** Written by an operator from the back office. */
  operator: z.boolean(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatRoomsResponse = z.object({
  rooms: z.array(z.object({ code: chatRoomField })),
  /** The caller's own nick (null for visitors), to highlight its mentions. */
  me: z.string().nullable(),
});
export type ChatRoomsResponse = z.infer<typeof chatRoomsResponse>;

export const chatHistoryQuery = z.object({ room: chatRoomField, lang: langField });
export const chatHistoryResponse = z.object({ room: chatRoomField, messages: z.array(chatMessage) });
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponse>;

/** The text's rules (length, links, phones, words) are the server's, each refused with its own message. */
export const chatSendBody = z.strictObject({
  room: chatRoomField,
  text: z.string().max(4_000),
  lang: langField,
});
export const chatSendResponse = z.object({ message: chatMessage });

export const chatServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: chatMessage }),
  /** A rain (features/rain): announced a minute before, open for claims, paid. */
  z.object({
    type: z.literal('rain'),
    rain_id: z.number().int(),
    phase: z.enum(['announced', 'open', 'paid']),
    at: z.string(),
    pot: z.string(),
  }),
  z.object({ type: z.literal('deleted'), room: z.string(), ids: z.array(z.number().int()) }),
  /** A member muted (until a time) or banned (until null); their messages may be gone too. */
  z.object({
    type: z.literal('muted'),
    nick: z.string(),
    kind: z.enum(['mute', 'ban']),
    until: z.string().nullable(),
  }),
  /** The answer to a message written on the socket that was refused: the same text as the HTTP 4xx. */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type ChatServerMessage = z.infer<typeof chatServerMessage>;

/** What a member may write on the socket (the same as POST /api/chat/send, the room is the socket's). */
export const chatClientMessage = z.object({ type: z.literal('send'), text: z.string() });

// ---- back office (permission chat.moderate) ----------------------------------------------------

export const adminChatMessagesQuery = pageQuerySchema.extend({
  room: chatRoomField.optional(),
  member_id: idField.optional(),
  lang: langField,
});
export const adminChatMessage = chatMessage.extend({
  member_id: z.number().int().nullable(),
  account: z.string().nullable(),
  deleted: z.boolean(),
});
export type AdminChatMessage = z.infer<typeof adminChatMessage>;
export const adminChatMessagePage = pageSchema(adminChatMessage);

export const adminChatSanctionBody = z.strictObject({
  member_id: idField,
  kind: z.enum(['mute', 'ban']),
  /** A mute's length (default 10 minutes, at most 30 days); a ban lasts until lifted. */
  minutes: z.coerce.number().int().min(1).max(43_200).optional(),
  reason: z.string().max(200).optional(),
  /** Also take down the member's messages of the last day (always done for a ban). */
  delete_messages: z.boolean().optional(),
  lang: langField,
});
export const adminChatSanctionResult = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  kind: z.enum(['mute', 'ban']),
  until: z.string().nullable(),
  messages_deleted: z.number().int(),
});
export const adminChatSanction = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  account: z.string(),
  nick: z.string(),
  kind: z.enum(['mute', 'ban']),
  until: z.string().nullable(),
  reason: z.string(),
  operator: z.string().nullable(),
  created_at: z.string(),
});
export type AdminChatSanction = z.infer<typeof adminChatSanction>;
export const adminChatSanctionPage = pageSchema(adminChatSanction);
export const adminChatSanctionQuery = pageQuerySchema.extend({ lang: langField });

export const adminChatSendBody = z.strictObject({ room: chatRoomField, text: z.string().max(4_000), lang: langField });
export const adminChatIdParams = z.object({ id: idField });
