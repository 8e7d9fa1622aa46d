import { API } from '@casino/shared/api-paths';
import { ERRORS } from '@casino/shared/errors';
import { type HouseClientMessage, houseClientMessage, type HouseServerMessage } from '@casino/shared/schemas/house-games';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { type Authenticated, authenticate } from '../../platform/auth/authenticate.ts';
import type { FeedSocket } from './shared/feed.ts';

const RECHECK_MS = 30_000;
const MAX_SOCKETS_PER_MEMBER = 5;
const MAX_MESSAGES_PER_SECOND = 20;

type Game = 'crash' | 'double';

/** A translated reply to a socket message: the error's message, or the success text. */
function replyOf(
  ref: string | null,
  lang: string,
  outcome: { ok: true; result: unknown; message: string } | { ok: false; error: unknown },
): HouseServerMessage {
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
 * /ws/crash and /ws/double: everyone may watch (the state on connect, then ticks, bets, cash-outs
 * and results); members connect with ?token=<bearer> and may also send
 * `{ type: 'bet', ref, amount, auto_cashout | color }` and `{ type: 'cashout', ref }`, each
 * answered by a `reply` with the same ref. The session is checked at connect and every 30 s.
 */
export const houseWsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const perMember = new Map<number, number>();

  for (const game of ['crash', 'double'] as const satisfies readonly Game[]) {
    const rounds = game === 'crash' ? ctx.houseRounds.crash : ctx.houseRounds.double;

    app.get(API.house.socket(game), { websocket: true, schema: { hide: true } }, (socket, request) => {
      const query = request.query as Record<string, unknown>;
      const token = typeof query.token === 'string' && query.token !== '' ? query.token : undefined;
      const socketLang = typeof query.lang === 'string' ? query.lang : 'pt';
      const feedSocket = socket as unknown as FeedSocket;
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
        rounds.feed.remove(feedSocket);
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
        if (!rounds.feed.add(feedSocket)) {
          socket.close(4429, 'server busy');
          return null;
        }
        try {
          const memberId = auth?.member.id;
          rounds.feed.send(
            feedSocket,
            game === 'crash'
              ? { type: 'crash.state', data: await ctx.houseRounds.crash.state(memberId) }
              : { type: 'double.state', data: await ctx.houseRounds.double.state(memberId) },
          );
        } catch (error) {
          // No round yet (the scheduler is starting): the first state message will follow.
          if (!(error instanceof AppError)) request.log.warn({ err: error }, `${game} socket state failed`);
        }
        return auth;
      }

      function onMessage(raw: Buffer, receivedAt: number, auth: Authenticated | undefined) {
        let parsed: HouseClientMessage | undefined;
        let ref: string | null = null;
        let lang = socketLang;
        try {
          const value = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
          if (typeof value?.ref === 'string') ref = value.ref.slice(0, 64);
          if (typeof value?.lang === 'string') lang = value.lang;
          const result = houseClientMessage.safeParse(value);
          if (!result.success) {
            const key = result.error.issues[0]?.message ?? 'errors.bad_parameters';
            const error = new AppError('VALIDATION_FAILED', { fieldErrors: { _: [key.includes('.') ? key : 'errors.bad_parameters'] } });
            rounds.feed.send(feedSocket, replyOf(ref, lang, { ok: false, error }));
            return;
          }
          parsed = result.data;
        } catch {
          rounds.feed.send(feedSocket, replyOf(ref, lang, { ok: false, error: new AppError('BAD_PARAMETERS') }));
          return;
        }
        if (!auth) {
          rounds.feed.send(feedSocket, replyOf(ref, lang, { ok: false, error: new AppError('NOT_LOGGED_IN') }));
          return;
        }
        const member = auth.member;
        const message = parsed;
        const act = async (): Promise<{ result: unknown; message: string }> => {
          if (message.type === 'cashout') {
            if (game !== 'crash') throw new AppError('BAD_PARAMETERS');
            const result = await ctx.houseRounds.crash.cashOut(member, receivedAt);
            return { result, message: translate(lang, 'games.cashed_out', { multiplier: result.multiplier }) };
          }
          if (game === 'crash') {
            const result = await ctx.houseRounds.crash.bet(member, { amount: message.amount, auto_cashout: message.auto_cashout ?? null });
            return { result, message: translate(lang, 'games.bet_placed') };
          }
          if (!message.color) throw new AppError('VALIDATION_FAILED', { fieldErrors: { color: ['games.color_invalid'] } });
          const result = await ctx.houseRounds.double.bet(member, { amount: message.amount, color: message.color });
          return { result, message: translate(lang, 'games.bet_placed') };
        };
        act()
          .then((done) => rounds.feed.send(feedSocket, replyOf(ref, lang, { ok: true, ...done })))
          .catch((error) => {
            if (!(error instanceof AppError)) request.log.error({ err: error }, `${game} socket action failed`);
            rounds.feed.send(feedSocket, replyOf(ref, lang, { ok: false, error }));
          });
      }
    });
  }
};
