import { ERRORS } from '@casino/shared/errors';
import type { HouseServerMessage } from '@casino/shared/schemas/house-games';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../../lib/http.ts';
import { translate } from '../../../lib/i18n.ts';
import { type Authenticated, authenticate } from '../../../platform/auth/authenticate.ts';
import type { AppContext, RoundFeed } from '../../../context.ts';
import type { FeedSocket } from './feed.ts';

const RECHECK_MS = 30_000;
const MAX_SOCKETS_PER_MEMBER = 5;
const MAX_MESSAGES_PER_SECOND = 20;

type Reply = Extract<HouseServerMessage, { type: 'reply' }>;

/** What a socket message's action answers: its result and the translated success text. */
export type SocketOutcome = { result: unknown; message: string };

/** One shared-round game's socket: where it is, what it streams and what a member may send. */
export type RoundGameSocket<M> = {
  path: string;
  feed: RoundFeed;
  /** The round as the watcher (or the member, with their own stakes) sees it on connect. */
  state: (memberId: number | undefined) => Promise<unknown>;
  /** The client message's schema (`ref` and `lang` are read before it). */
  schema: z.ZodType<M>;
  act: (member: Authenticated['member'], message: M, context: { receivedAt: number; lang: string }) => Promise<SocketOutcome>;
};

/** A translated reply to a socket message: the error's message, or the success text. */
function replyOf(ref: string | null, lang: string, outcome: ({ ok: true } & SocketOutcome) | { ok: false; error: unknown }): Reply {
  if (outcome.ok) return { type: 'reply', data: { ref, ok: true, message: outcome.message, result: outcome.result } };
  const error = outcome.error;
  if (error instanceof AppError) {
    const values = typeof error.messageValues === 'function' ? error.messageValues(lang) : error.messageValues;
    const fieldKey = error.fieldErrors ? Object.values(error.fieldErrors)[0]?.[0] : undefined;
    return {
      type: 'reply',
      data: { ref, ok: false, error_code: error.errorCode, message: translate(lang, fieldKey ?? ERRORS[error.errorCode].message, values) },
    };
  }
  return { type: 'reply', data: { ref, ok: false, error_code: 'INTERNAL', message: translate(lang, ERRORS.INTERNAL.message) } };
}

/**
 * The websocket of a shared-round game (crash, double, the live tables), one route per game:
 * everyone may watch (the state on connect, then what the round's feed streams); members connect
 * with ?token=<bearer>, at most five sockets each across the games registered by one
 * `roundSockets`, and may send their game's messages, each answered by a `reply` with the same
 * `ref`. The session is checked at connect and every 30 s; more than 20 messages a second are
 * dropped.
 */
export function roundSockets(app: FastifyInstance, ctx: AppContext) {
  const perMember = new Map<number, number>();

  return function route<M>(game: RoundGameSocket<M>): void {
    app.get(game.path, { websocket: true, schema: { hide: true } }, (socket, request) => {
      const query = request.query as Record<string, unknown>;
      const token = typeof query.token === 'string' && query.token !== '' ? query.token : undefined;
      const socketLang = typeof query.lang === 'string' ? query.lang : 'pt';
      const feedSocket = socket as unknown as FeedSocket;
      const send = (message: unknown) => game.feed.send(feedSocket, message as HouseServerMessage);
      let recheck: NodeJS.Timeout | undefined;
      let counted: number | undefined;
      let closed = false;
      let windowStart = Date.now();
      let windowCount = 0;

      // Listeners are attached at once: a message sent right after the upgrade waits for the
      // session check instead of being lost while it runs.
      const admitted = admit();
      socket.on('close', () => {
        closed = true;
        game.feed.remove(feedSocket);
        if (recheck) clearInterval(recheck);
        if (counted !== undefined) {
          const left = (perMember.get(counted) ?? 1) - 1;
          if (left > 0) perMember.set(counted, left);
          else perMember.delete(counted);
        }
      });
      socket.on('message', (raw: Buffer) => {
        const receivedAt = Date.now();
        if (receivedAt - windowStart >= 1_000) {
          windowStart = receivedAt;
          windowCount = 0;
        }
        windowCount += 1;
        if (windowCount > MAX_MESSAGES_PER_SECOND) return;
        void admitted.then((auth) => {
          if (auth !== null) onMessage(raw, receivedAt, auth);
        });
      });

      /** Checks the session (members) and joins the feed; null when the socket was refused. */
      async function admit(): Promise<Authenticated | undefined | null> {
        let auth: Authenticated | undefined;
        if (token) {
          try {
            auth = await authenticate(ctx, token);
          } catch (error) {
            socket.close(4401, error instanceof AppError ? 'unauthenticated' : 'error');
            return null;
          }
          if (closed) return null;
          const count = perMember.get(auth.member.id) ?? 0;
          if (count >= MAX_SOCKETS_PER_MEMBER) {
            socket.close(4429, 'too many connections');
            return null;
          }
          perMember.set(auth.member.id, count + 1);
          counted = auth.member.id;
          recheck = setInterval(() => {
            authenticate(ctx, token).catch(() => socket.close(4401, 'unauthenticated'));
          }, RECHECK_MS);
        }
        if (closed) return null;
        if (!game.feed.add(feedSocket)) {
          socket.close(4429, 'server busy');
          return null;
        }
        try {
          send(await game.state(auth?.member.id));
        } catch (error) {
          // No round yet (the scheduler is starting): the first state message will follow.
          if (!(error instanceof AppError)) request.log.warn({ err: error }, `${game.path} socket state failed`);
        }
        return auth;
      }

      function onMessage(raw: Buffer, receivedAt: number, auth: Authenticated | undefined) {
        let ref: string | null = null;
        let lang = socketLang;
        let message: M;
        try {
          const value = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
          if (typeof value?.ref === 'string') ref = value.ref.slice(0, 64);
          if (typeof value?.lang === 'string') lang = value.lang;
          const result = game.schema.safeParse(value);
          if (!result.success) {
            const key = result.error.issues[0]?.message ?? 'errors.bad_parameters';
            const error = new AppError('VALIDATION_FAILED', { fieldErrors: { _: [key.includes('.') ? key : 'errors.bad_parameters'] } });
            send(replyOf(ref, lang, { ok: false, error }));
            return;
          }
          message = result.data;
        } catch {
          send(replyOf(ref, lang, { ok: false, error: new AppError('BAD_PARAMETERS') }));
          return;
        }
        if (!auth) {
          send(replyOf(ref, lang, { ok: false, error: new AppError('NOT_LOGGED_IN') }));
          return;
        }
        Promise.resolve()
          .then(() => game.act(auth.member, message, { receivedAt, lang }))
          .then((done) => send(replyOf(ref, lang, { ok: true, ...done })))
          .catch((error) => {
            if (!(error instanceof AppError)) request.log.error({ err: error }, `${game.path} socket action failed`);
            send(replyOf(ref, lang, { ok: false, error }));
          });
      }
    });
  };
}
