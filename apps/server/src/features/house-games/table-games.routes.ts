import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  bacboAnswerSchema,
  bacboBetBodySchema,
  baccaratAnswerSchema,
  baccaratBetBodySchema,
  kenoAnswerSchema,
  kenoBetBodySchema,
  limboAnswerSchema,
  limboBetBodySchema,
} from '@casino/shared/schemas/house-table-games';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { playBacbo, playBaccarat, playKeno, playLimbo } from './table-games.service.ts';

const tags = ['house games'];
const security = [{ bearer: [] }];

/** Issue 14's instant table games: keno, limbo, baccarat and bac bo (one request, one settled round). */
export const tableGamesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const memberId = (request: FastifyRequest) => memberOf(request).member.id;

  app.post(
    API.house.keno,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Keno: pick 1-10 numbers of 1..40 and a risk table; 10 numbers are drawn',
        body: kenoBetBodySchema,
        response: { 200: envelopeSchema(kenoAnswerSchema) },
      },
    },
    async (request) => ok(request, await playKeno(ctx, memberId(request), request.body)),
  );

  app.post(
    API.house.limbo,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Limbo: win target × stake when the result reaches the target (1.01x to 1,000,000x)',
        body: limboBetBodySchema,
        response: { 200: envelopeSchema(limboAnswerSchema) },
      },
    },
    async (request) => ok(request, await playLimbo(ctx, memberId(request), request.body)),
  );

  app.post(
    API.house.baccarat,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Baccarat (Punto Banco, 8 decks): bets on player, banker, tie and the pairs, dealt at once',
        body: baccaratBetBodySchema,
        response: { 200: envelopeSchema(baccaratAnswerSchema) },
      },
    },
    async (request) => ok(request, await playBaccarat(ctx, memberId(request), request.body.bets)),
  );

  app.post(
    API.house.bacbo,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Bac Bo: two dice per side; bets on player, banker and tie',
        body: bacboBetBodySchema,
        response: { 200: envelopeSchema(bacboAnswerSchema) },
      },
    },
    async (request) => ok(request, await playBacbo(ctx, memberId(request), request.body.bets)),
  );
};
