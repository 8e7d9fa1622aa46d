import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  hiloActiveAnswerSchema,
  hiloAnswerSchema,
  hiloCashoutBodySchema,
  hiloGuessBodySchema,
  hiloStartBodySchema,
  videoPokerActiveAnswerSchema,
  videoPokerAnswerSchema,
  videoPokerDealBodySchema,
  videoPokerDrawBodySchema,
} from '@casino/shared/schemas/house-card-games';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { activeHilo, activeVideoPoker, cashOutHilo, dealVideoPoker, drawVideoPoker, guessHilo, startHilo } from './card-games.service.ts';

const tags = ['house games'];
const security = [{ bearer: [] }];

/** The stateful card games: Hi-Lo and video poker (Jacks or Better 9/6). */
export const cardGamesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const memberId = (request: FastifyRequest) => memberOf(request).member.id;

  // ---- Hi-Lo ------------------------------------------------------------------------------------

  app.post(
    API.house.hiloStart,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Start a Hi-Lo round (takes the stake, shows the first card)',
        body: hiloStartBodySchema,
        response: { 200: envelopeSchema(hiloAnswerSchema) },
      },
    },
    async (request) => ok(request, await startHilo(ctx, memberId(request), request.body)),
  );

  app.post(
    API.house.hiloGuess,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Guess the next card of the open Hi-Lo round: higher, lower, same, or skip it',
        body: hiloGuessBodySchema,
        response: { 200: envelopeSchema(hiloAnswerSchema) },
      },
    },
    async (request) => ok(request, await guessHilo(ctx, memberId(request), request.body)),
  );

  app.post(
    API.house.hiloCashout,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Cash the open Hi-Lo round out at its multiplier (after a correct guess)',
        body: hiloCashoutBodySchema,
        response: { 200: envelopeSchema(hiloAnswerSchema) },
      },
    },
    async (request) => ok(request, await cashOutHilo(ctx, memberId(request), request.body)),
  );

  app.get(
    API.house.hiloActive,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'The member’s open Hi-Lo round (to resume it), or null',
        response: { 200: envelopeSchema(hiloActiveAnswerSchema) },
      },
    },
    async (request) => ok(request, await activeHilo(ctx, memberId(request))),
  );

  // ---- video poker ------------------------------------------------------------------------------

  app.post(
    API.house.videoPokerDeal,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Deal a video poker hand (Jacks or Better 9/6): takes the stake, shows five cards',
        body: videoPokerDealBodySchema,
        response: { 200: envelopeSchema(videoPokerAnswerSchema) },
      },
    },
    async (request) => ok(request, await dealVideoPoker(ctx, memberId(request), request.body)),
  );

  app.post(
    API.house.videoPokerDraw,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Draw: replace the cards not held, rank the hand and pay it by the 9/6 table',
        body: videoPokerDrawBodySchema,
        response: { 200: envelopeSchema(videoPokerAnswerSchema) },
      },
    },
    async (request) => ok(request, await drawVideoPoker(ctx, memberId(request), request.body)),
  );

  app.get(
    API.house.videoPokerActive,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'The member’s dealt video poker hand waiting for its draw (to resume it), or null',
        response: { 200: envelopeSchema(videoPokerActiveAnswerSchema) },
      },
    },
    async (request) => ok(request, await activeVideoPoker(ctx, memberId(request))),
  );
};
