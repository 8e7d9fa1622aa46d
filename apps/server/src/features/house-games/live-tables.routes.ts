import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { ERRORS } from '@casino/shared/errors';
import {
  type LiveTableClientMessage,
  liveBacboBetAnswerSchema,
  liveBacboBetBodySchema,
  liveBacboStateSchema,
  liveRouletteBetAnswerSchema,
  liveRouletteBetBodySchema,
  liveRouletteStateSchema,
  liveTableClientMessage,
} from '@casino/shared/schemas/house-live-tables';
import type { HouseServerMessage } from '@casino/shared/schemas/house-games';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, ok } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { type Authenticated, authenticate } from '../../platform/auth/authenticate.ts';
import { bearerToken, memberOf, requireMember } from '../../platform/auth/guards.ts';
import type { FeedSocket } from './shared/feed.ts';

/**
 * The live tables (issue 14): live roulette and live Bac Bo, RNG shared rounds.
 * HTTP: GET API.house.liveRouletteState / liveBacboState (visitors too; a member also sees their
 * own stakes), POST API.house.liveRouletteBet { bets: [chips] } / liveBacboBet { amount, side }.
 * Websockets /ws/live-roulette and /ws/live-bacbo, as /ws/double: everyone may watch (the state
 * on connect, then bets and results); members connect with ?token=<bearer> and may send
 * `{ type: 'bet', ref, bets }` (roulette) or `{ type: 'bet', ref, amount, side }` (Bac Bo), each
 * answered by a `reply` with the same ref. The session is checked at connect and every 30 s.
 */

const tags = ['house games'];
const security = [{ bearer: [] }];
const RECHECK_MS = 30_000;
const MAX_SOCKETS_PER_MEMBER = 5;
const MAX_MESSAGES_PER_SECOND = 20;

async function optionalMemberId(ctx: AppContext, request: FastifyRequest): Promise<number | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  try {
    return (await authenticate(ctx, token)).member.id;
  } catch {
    return undefined;
  }
}

type Reply = { type: 'reply'; data: { ref: string | null; ok: boolean; message: string; error_code?: string; result?: unknown } };

function replyOf(ref: string | null, lang: string, outcome: { ok: true; result: unknown } | { ok: false; error: unknown }): Reply {
  if (outcome.ok) return { type: 'reply', data: { ref, ok: true, message: translate(lang, 'games.bet_placed'), result: outcome.result } };
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

export const liveTablesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const roulette = ctx.houseRounds.liveRoulette;
  const bacbo = ctx.houseRounds.liveBacbo;

  app.get(
    API.house.liveRouletteState,
    {
      schema: {
        tags,
        summary: 'The current live roulette round (RNG table; with the member’s spots when logged in)',
        response: { 200: envelopeSchema(liveRouletteStateSchema) },
      },
    },
    async (request) => ok(request, await roulette.state(await optionalMemberId(ctx, request))),
  );

  app.post(
    API.house.liveRouletteBet,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Place chips on the live roulette table in its betting window (all of them or none)',
        body: liveRouletteBetBodySchema,
        response: { 200: envelopeSchema(liveRouletteBetAnswerSchema) },
      },
    },
    async (request) => ok(request, await roulette.bet(memberOf(request).member, request.body.bets), 'games.bet_placed'),
  );

  app.get(
    API.house.liveBacboState,
    {
      schema: {
        tags,
        summary: 'The current live Bac Bo round (RNG table; with the member’s stakes when logged in)',
        response: { 200: envelopeSchema(liveBacboStateSchema) },
      },
    },
    async (request) => ok(request, await bacbo.state(await optionalMemberId(ctx, request))),
  );

  app.post(
    API.house.liveBacboBet,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Bet on Player, Banker or Tie in the live Bac Bo round’s betting window',
        body: liveBacboBetBodySchema,
        response: { 200: envelopeSchema(liveBacboBetAnswerSchema) },
      },
    },
    async (request) => ok(request, await bacbo.bet(memberOf(request).member, request.body), 'games.bet_placed'),
  );

  // ---- websockets ------------------------------------------------------------------------------

  const perMember = new Map<number, number>();
  const tables: {
    path: string;
    feed: () => (typeof roulette)['feed'];
    state: (memberId?: number) => Promise<unknown>;
    bet: (m: Authenticated['member'], message: LiveTableClientMessage) => Promise<unknown>;
  }[] = [
    {
      path: API.house.socket('live-roulette'),
      feed: () => roulette.feed,
      state: async (memberId?: number) => ({ type: 'live-roulette.state', data: await roulette.state(memberId) }),
      bet: (m: Authenticated['member'], message: LiveTableClientMessage) => {
        if (!message.bets) throw new AppError('VALIDATION_FAILED', { fieldErrors: { bets: ['games.roulette_no_bets'] } });
        return roulette.bet(m, message.bets);
      },
    },
    {
      path: API.house.socket('live-bacbo'),
      feed: () => bacbo.feed,
      state: async (memberId?: number) => ({ type: 'live-bacbo.state', data: await bacbo.state(memberId) }),
      bet: (m: Authenticated['member'], message: LiveTableClientMessage) => {
        if (message.amount === undefined)
          throw new AppError('VALIDATION_FAILED', { fieldErrors: { amount: ['validation.amount_invalid'] } });
        if (!message.side) throw new AppError('VALIDATION_FAILED', { fieldErrors: { side: ['games.bacbo_bet_invalid'] } });
        return bacbo.bet(m, { amount: message.amount, side: message.side });
      },
    },
  ];

  for (const table of tables) {
    app.get(table.path, { websocket: true, schema: { hide: true } }, (socket, request) => {
      const feed = table.feed();
      const query = request.query as Record<string, unknown>;
      const token = typeof query.token === 'string' && query.token !== '' ? query.token : undefined;
      const socketLang = typeof query.lang === 'string' ? query.lang : 'pt';
      const feedSocket = socket as unknown as FeedSocket;
      const send = (message: unknown) => feed.send(feedSocket, message as HouseServerMessage);
      let recheck: NodeJS.Timeout | undefined;
      let counted: number | undefined;
      let closed = false;
      let windowStart = Date.now();
      let windowCount = 0;

      const admitted = admit();
      socket.on('close', () => {
        closed = true;
        feed.remove(feedSocket);
        if (recheck) clearInterval(recheck);
        if (counted !== undefined) {
          const left = (perMember.get(counted) ?? 1) - 1;
          if (left > 0) perMember.set(counted, left);
          else perMember.delete(counted);
        }
      });
      socket.on('message', (raw: Buffer) => {
        const now = Date.now();
        if (now - windowStart >= 1_000) {
          windowStart = now;
          windowCount = 0;
        }
        windowCount += 1;
        if (windowCount > MAX_MESSAGES_PER_SECOND) return;
        void admitted.then((auth) => {
          if (auth !== null) onMessage(raw, auth);
        });
      });

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
        if (!feed.add(feedSocket)) {
          socket.close(4429, 'server busy');
          return null;
        }
        try {
          send(await table.state(auth?.member.id));
        } catch (error) {
          if (!(error instanceof AppError)) request.log.warn({ err: error }, `${table.path} socket state failed`);
        }
        return auth;
      }

      function onMessage(raw: Buffer, auth: Authenticated | undefined) {
        let ref: string | null = null;
        let lang = socketLang;
        let message: LiveTableClientMessage;
        try {
          const value = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
          if (typeof value?.ref === 'string') ref = value.ref.slice(0, 64);
          if (typeof value?.lang === 'string') lang = value.lang;
          const result = liveTableClientMessage.safeParse(value);
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
          .then(() => table.bet(auth.member, message))
          .then((result) => send(replyOf(ref, lang, { ok: true, result })))
          .catch((error) => {
            if (!(error instanceof AppError)) request.log.error({ err: error }, `${table.path} socket bet failed`);
            send(replyOf(ref, lang, { ok: false, error }));
          });
      }
    });
  }
};
