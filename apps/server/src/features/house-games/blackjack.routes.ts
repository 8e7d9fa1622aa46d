import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  blackjackActiveAnswerSchema,
  blackjackAnswerSchema,
  blackjackInsuranceBodySchema,
  blackjackMoveBodySchema,
  blackjackStartBodySchema,
} from '@casino/shared/schemas/house-blackjack';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { activeBlackjack, playBlackjack, startBlackjack } from './blackjack.service.ts';

const tags = ['house games'];
const security = [{ bearer: [] }];

/** Blackjack's calls (API.house.blackjack.*): start a hand, play it move by move, resume it. */
export const blackjackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const memberId = (request: FastifyRequest) => memberOf(request).member.id;
  const answer = { 200: envelopeSchema(blackjackAnswerSchema) };

  app.post(
    API.house.blackjack.start,
    {
      ...member,
      schema: { tags, security, summary: 'Deal a blackjack hand (takes the stake)', body: blackjackStartBodySchema, response: answer },
    },
    async (request) => ok(request, await startBlackjack(ctx, memberId(request), request.body)),
  );

  const moves = [
    ['hit', 'Take a card on the hand in play'],
    ['stand', 'Stand on the hand in play'],
    ['double', 'Double the hand in play (its stake again, one card)'],
    ['split', 'Split a pair into two hands (the first stake again; up to 4 hands, aces once)'],
  ] as const;
  for (const [move, summary] of moves) {
    app.post(
      API.house.blackjack[move],
      { ...member, schema: { tags, security, summary, body: blackjackMoveBodySchema, response: answer } },
      async (request) => ok(request, await playBlackjack(ctx, memberId(request), move, request.body.round_id)),
    );
  }

  app.post(
    API.house.blackjack.insurance,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Take (half the stake, pays 2:1) or decline insurance when the dealer shows an ace',
        body: blackjackInsuranceBodySchema,
        response: answer,
      },
    },
    async (request) =>
      ok(request, await playBlackjack(ctx, memberId(request), request.body.accept ? 'insurance' : 'no_insurance', request.body.round_id)),
  );

  app.get(
    API.house.blackjack.active,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'The member’s open blackjack hand (to resume it), or null',
        response: { 200: envelopeSchema(blackjackActiveAnswerSchema) },
      },
    },
    async (request) => ok(request, await activeBlackjack(ctx, memberId(request))),
  );
};
