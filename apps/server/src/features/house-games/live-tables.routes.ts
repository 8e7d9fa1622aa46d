import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  liveBacboBetAnswerSchema,
  liveBacboBetBodySchema,
  liveBacboStateSchema,
  liveRouletteBetAnswerSchema,
  liveRouletteBetBodySchema,
  liveRouletteStateSchema,
  liveTableClientMessage,
} from '@casino/shared/schemas/house-live-tables';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, ok } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { authenticate } from '../../platform/auth/authenticate.ts';
import { bearerToken, memberOf, requireMember } from '../../platform/auth/guards.ts';
import { roundSockets } from './shared/round-socket.ts';

/**
 * The live tables (issue 14): live roulette and live Bac Bo, RNG shared rounds.
 * HTTP: GET API.house.liveRouletteState / liveBacboState (visitors too; a member also sees their
 * own stakes), POST API.house.liveRouletteBet { bets: [chips] } / liveBacboBet { amount, side }.
 * Websockets /ws/live-roulette and /ws/live-bacbo, as /ws/double: everyone may watch (the state
 * on connect, then bets and results); members connect with ?token=<bearer> and may send
 * `{ type: 'bet', ref, bets }` (roulette) or `{ type: 'bet', ref, amount, side }` (Bac Bo), each
 * answered by a `reply` with the same ref (shared/round-socket.ts).
 */

const tags = ['house games'];
const security = [{ bearer: [] }];

async function optionalMemberId(ctx: AppContext, request: FastifyRequest): Promise<number | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  try {
    return (await authenticate(ctx, token)).member.id;
  } catch {
    return undefined;
  }
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

  // ---- websockets (shared/round-socket.ts) --------------------------------------------------
  const route = roundSockets(app, ctx);
  route({
    path: API.house.socket('live-roulette'),
    feed: roulette.feed,
    state: async (memberId) => ({ type: 'live-roulette.state', data: await roulette.state(memberId) }),
    schema: liveTableClientMessage,
    act: async (member, message, { lang }) => {
      if (!message.bets) throw new AppError('VALIDATION_FAILED', { fieldErrors: { bets: ['games.roulette_no_bets'] } });
      return { result: await roulette.bet(member, message.bets), message: translate(lang, 'games.bet_placed') };
    },
  });
  route({
    path: API.house.socket('live-bacbo'),
    feed: bacbo.feed,
    state: async (memberId) => ({ type: 'live-bacbo.state', data: await bacbo.state(memberId) }),
    schema: liveTableClientMessage,
    act: async (member, message, { lang }) => {
      if (message.amount === undefined) throw new AppError('VALIDATION_FAILED', { fieldErrors: { amount: ['validation.amount_invalid'] } });
      if (!message.side) throw new AppError('VALIDATION_FAILED', { fieldErrors: { side: ['games.bacbo_bet_invalid'] } });
      return {
        result: await bacbo.bet(member, { amount: message.amount, side: message.side }),
        message: translate(lang, 'games.bet_placed'),
      };
    },
  });
};
