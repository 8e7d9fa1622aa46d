import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  day7BalanceItemSchema,
  day7BalanceQuerySchema,
  day7LoginAnswerSchema,
  day7LoginBodySchema,
  followBodySchema,
  followListQuerySchema,
  gameDetailQuerySchema,
  gameItemSchema,
  gameListAnswerSchema,
  gameListQuerySchema,
  gameRecordAnswerSchema,
  gameRecordBodySchema,
  gameRowQuerySchema,
  providerItemSchema,
} from '@casino/shared/schemas/games';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { PUBLIC_ETAG } from '../../lib/etag.ts';
import { AppError, ok, requestLang } from '../../lib/http.ts';
import { bearerToken, memberOf, requireMember } from '../../platform/auth/guards.ts';
import { authenticate } from '../../platform/auth/authenticate.ts';
import { launchGame, platformBalances } from './day7.service.ts';
import { flaggedGames, follow, followedGames, gameDetail, listGames, listProviders, recentlyPlayed, unfollow } from './games.service.ts';
import { gameRecords } from './records.service.ts';

const tags = ['games'];
const security = [{ bearer: [] }];
const langQuery = z.object({ lang: z.string().max(8).optional() });

/** Catalogue, favourites, recently played, game records and the day7 hand-off. */
export const gamesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = requireMember(ctx);
  const memberOnly = { preValidation: member };
  /** Lists are open to visitors; a member's session only adds `is_followed`. */
  const viewerId = async (request: FastifyRequest): Promise<number | undefined> => {
    const token = bearerToken(request);
    if (!token) return undefined;
    try {
      return (await authenticate(ctx, token)).member.id;
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  };

  app.get(
    API.games.apis,
    {
      config: PUBLIC_ETAG,
      schema: {
        tags,
        summary: 'Game providers (platType) with their game counts',
        querystring: langQuery,
        response: { 200: envelopeSchema(z.array(providerItemSchema)) },
      },
    },
    async (request) => ok(request, await listProviders(ctx)),
  );

  app.get(
    API.games.list,
    {
      config: PUBLIC_ETAG,
      schema: {
        tags,
        summary: 'Games by category, tag, provider or name (any language, case and accent blind), paged',
        querystring: gameListQuerySchema,
        response: { 200: envelopeSchema(gameListAnswerSchema) },
      },
    },
    async (request) => ok(request, await listGames(ctx, request.query, requestLang(request), await viewerId(request))),
  );

  for (const flag of ['popular', 'promotion'] as const) {
    app.get(
      flag === 'popular' ? API.games.popular : API.games.promotion,
      {
        config: PUBLIC_ETAG,
        schema: {
          tags,
          summary: flag === 'popular' ? 'Popular games (home page row)' : 'Games on promotion (home page row)',
          querystring: gameRowQuerySchema,
          response: { 200: envelopeSchema(z.array(gameItemSchema)) },
        },
      },
      async (request) => ok(request, await flaggedGames(ctx, flag, requestLang(request), await viewerId(request))),
    );
  }

  app.get(
    API.games.recent,
    {
      ...memberOnly,
      schema: {
        tags,
        security,
        summary: 'The member’s recently played games, newest first',
        querystring: langQuery,
        response: { 200: envelopeSchema(z.array(gameItemSchema)) },
      },
    },
    async (request) => ok(request, await recentlyPlayed(ctx, memberOf(request).member.id, requestLang(request))),
  );

  app.get(
    API.games.detail,
    {
      config: PUBLIC_ETAG,
      schema: { tags, summary: 'One game by code', querystring: gameDetailQuerySchema, response: { 200: envelopeSchema(gameItemSchema) } },
    },
    async (request) => ok(request, await gameDetail(ctx, request.query.code, requestLang(request), await viewerId(request))),
  );

  // ---- favourites ----
  app.post(
    API.games.follow,
    {
      ...memberOnly,
      schema: {
        tags,
        security,
        summary: 'The member’s favourite games (the session decides whose; another member_id is refused)',
        querystring: followListQuerySchema,
        response: { 200: envelopeSchema(z.array(gameItemSchema)) },
      },
    },
    async (request) => {
      const me = memberOf(request).member;
      if (request.query.member_id !== undefined && request.query.member_id !== me.id) throw new AppError('FORBIDDEN');
      return ok(request, await followedGames(ctx, me.id, requestLang(request)));
    },
  );

  app.post(
    API.games.followSet,
    { ...memberOnly, schema: { tags, security, summary: 'Follow a game (idempotent)', body: followBodySchema, querystring: langQuery } },
    async (request) => {
      await follow(ctx, memberOf(request).member.id, request.body.game_id);
      return ok(request, { game_id: request.body.game_id, is_followed: true });
    },
  );

  app.post(
    API.games.followDelete,
    {
      ...memberOnly,
      schema: { tags, security, summary: 'Stop following a game (idempotent)', body: followBodySchema, querystring: langQuery },
    },
    async (request) => {
      await unfollow(ctx, memberOf(request).member.id, request.body.game_id);
      return ok(request, { game_id: request.body.game_id, is_followed: false });
    },
  );

  // ---- game record ----
  app.post(
    API.gameRecord,
    {
      ...memberOnly,
      schema: {
        tags,
        security,
        summary: 'The member’s rounds: today, the last 3 or 7 days (Brazil time), newest first',
        querystring: langQuery,
        body: gameRecordBodySchema,
        response: { 200: envelopeSchema(gameRecordAnswerSchema) },
      },
    },
    async (request) => ok(request, await gameRecords(ctx, memberOf(request).member.id, request.body, requestLang(request))),
  );

  // ---- day7 bridge ----
  app.post(
    API.day7Login,
    {
      ...memberOnly,
      schema: {
        tags,
        security,
        summary: 'Hand-off into a game: the in-app house game, or a provider’s launch URL with a fresh session',
        querystring: langQuery,
        body: day7LoginBodySchema,
        response: { 200: envelopeSchema(day7LoginAnswerSchema) },
      },
    },
    async (request) => ok(request, await launchGame(ctx, memberOf(request).member, request.body, requestLang(request))),
  );

  app.get(
    API.day7Balance,
    {
      ...memberOnly,
      schema: {
        tags,
        security,
        summary: 'The balance each platform plays with (seamless wallet: the cash balance)',
        querystring: day7BalanceQuerySchema,
        response: { 200: envelopeSchema(z.array(day7BalanceItemSchema)) },
      },
    },
    async (request) => ok(request, await platformBalances(ctx, memberOf(request).member.id, request.query.platType)),
  );
};
