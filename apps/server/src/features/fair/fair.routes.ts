import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { fairChainsSchema, fairSeedsSchema, rotateSeedAnswerSchema, rotateSeedBodySchema } from '@casino/shared/schemas/house-games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { chainsView, fairSeeds, rotateSeeds } from './fair.service.ts';

export const fairRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const tags = ['provably fair'];
  const security = [{ bearer: [] }];

  app.get(
    API.fair.seeds,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'The active seed pair (server seed hash, client seed, next nonce) and the revealed pairs',
        response: { 200: envelopeSchema(fairSeedsSchema) },
      },
    },
    async (request) => ok(request, await fairSeeds(ctx, memberOf(request).member.id)),
  );

  app.post(
    API.fair.rotate,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Reveal the active server seed and start a new pair with this (or a random) client seed',
        body: rotateSeedBodySchema,
        response: { 200: envelopeSchema(rotateSeedAnswerSchema) },
      },
    },
    async (request) => ok(request, await rotateSeeds(ctx, memberOf(request).member.id, request.body.client_seed), 'games.seeds_rotated'),
  );

  app.get(
    API.fair.chains,
    {
      schema: {
        tags,
        summary:
          "Every shared round's result chains (crash, double, live roulette, live Bac Bo, bingo 75 and 90): terminating hashes, the beacon rounds that salt them, and the salts",
        response: { 200: envelopeSchema(fairChainsSchema) },
      },
    },
    async (request) => ok(request, await chainsView(ctx)),
  );
};
