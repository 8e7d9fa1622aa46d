import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  CHAT_ROOMS,
  type ChatServerMessage,
  chatClientMessage,
  chatHistoryQuery,
  chatHistoryResponse,
  chatRoomsResponse,
  chatSendBody,
  chatSendResponse,
} from '@casino/shared/schemas/chat';
import { langField } from '@casino/shared/schemas/fields';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../db/schema.ts';
import { AppError, ok } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { authenticate } from '../../platform/auth/authenticate.ts';
import { bearerToken, memberOf, requireMember } from '../../platform/auth/guards.ts';
import * as service from './chat.service.ts';

const RECHECK_MS = 30_000;
/** A process holds at most this many chat sockets (visitors included). */
const MAX_SOCKETS = 20_000;
const socketQuery = z.object({ room: z.string().optional(), token: z.string().optional(), lang: langField });

/**
 * The community chat's player calls (issue 15 item 1): the rooms, a room's last 50 messages
 * (visitors too), a member's message, and the websocket /ws/chat that pushes the room's messages
 * (visitors read; a member may also write on it).
 */
export const chatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['chat'];
  const security = [{ bearer: [] }];
  let sockets = 0;

  /** The caller when a live session comes with the request; a stale or missing one reads as a visitor. */
  async function optionalMember(token: string | undefined): Promise<Member | undefined> {
    if (!token) return undefined;
    try {
      return (await authenticate(ctx, token)).member;
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  }

  app.get(
    API.chat.rooms,
    {
      schema: {
        tags,
        summary: 'The chat rooms (one per site language) and, for a member, the nick others see',
        querystring: z.object({ lang: langField }),
        response: { 200: envelopeSchema(chatRoomsResponse) },
      },
    },
    async (request: FastifyRequest) => {
      const member = await optionalMember(bearerToken(request));
      return ok(request, { rooms: service.rooms(), me: member ? service.nickOf(member) : null });
    },
  );

  app.get(
    API.chat.history,
    {
      schema: {
        tags,
        summary: "A room's last 50 messages, oldest first (visitors too)",
        querystring: chatHistoryQuery,
        response: { 200: envelopeSchema(chatHistoryResponse) },
      },
    },
    async (request) => ok(request, { room: request.query.room, messages: await service.history(ctx, request.query.room) }),
  );

  app.post(
    API.chat.send,
    {
      preValidation: requireMember(ctx),
      schema: {
        tags,
        security,
        summary:
          'A member writes in a room: refused 422 (too long, a link, a phone number, a swear word), 403 (muted, banned) or 429 (too fast, repeated)',
        body: chatSendBody,
        response: { 200: envelopeSchema(chatSendResponse) },
      },
    },
    async (request) => {
      const message = await service.send(ctx, memberOf(request).member, request.body.room, request.body.text);
      return ok(request, { message });
    },
  );

  app.get(API.chat.socket, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const query = socketQuery.safeParse(request.query);
    const room = query.success ? query.data.room : undefined;
    if (!room || !(CHAT_ROOMS as readonly string[]).includes(room)) {
      socket.close(4422, 'unknown room');
      return;
    }
    if (sockets >= MAX_SOCKETS) {
      socket.close(4429, 'too many connections');
      return;
    }
    const lang = (query.success ? query.data.lang : undefined) ?? room;
    const token = query.success ? query.data.token : undefined;
    sockets += 1;
    const send = (message: ChatServerMessage) => {
      if (socket.readyState === socket.OPEN && socket.bufferedAmount < 1_000_000) socket.send(JSON.stringify(message));
    };
    const unsubscribe = ctx.chatHub.subscribe(room, send);
    // Listeners first, the session after: a message sent right after the handshake waits for it.
    let member: Promise<Member | undefined> = optionalMember(token).catch(() => undefined);
    let recheck: ReturnType<typeof setInterval> | undefined;
    socket.on('close', () => {
      if (recheck) clearInterval(recheck);
      unsubscribe();
      sockets -= 1;
    });
    socket.on('message', (raw: Buffer) => {
      let parsed: z.infer<typeof chatClientMessage>;
      try {
        const result = chatClientMessage.safeParse(JSON.parse(raw.toString()));
        if (!result.success) return;
        parsed = result.data;
      } catch {
        return;
      }
      member
        .then((writer) => {
          if (!writer) {
            send({ type: 'error', code: 'CHAT_LOGIN_REQUIRED', message: translate(lang, 'chat.login_required') });
            return;
          }
          return service.send(ctx, writer, room, parsed.text).then(() => undefined);
        })
        .catch((error: unknown) => {
          if (error instanceof AppError) send({ type: 'error', code: error.errorCode, message: service.refusalText(error, lang) });
          else {
            ctx.log.error({ err: error }, 'chat message over the socket failed');
            send({ type: 'error', code: 'INTERNAL', message: translate(lang, 'errors.internal') });
          }
        });
    });
    // A session forced off (or expired) goes back to reading as a visitor.
    if (token) {
      recheck = setInterval(() => {
        member = optionalMember(token).catch(() => undefined);
      }, RECHECK_MS);
    }
  });
};
