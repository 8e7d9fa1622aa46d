import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  adminGame,
  adminGameIdParams,
  adminGamePage,
  adminGameQuery,
  adminProvider,
  gameResults,
  gameResultsQuery,
  gameUpdateBody,
  providerUpdateBody,
  roundDetail,
  roundLookupParams,
  roundLookupQuery,
} from '@casino/shared/schemas/games-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { ok } from '../../../lib/http.ts';
import { operatorOf, requireOperator } from '../../../platform/auth/operator-guard.ts';
import * as service from './games-admin.service.ts';

/** Back office: the games catalogue, providers, per-game results and the round lookup (DESIGN.md section 10). */
export const gamesAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['back office'];
  const security = [{ bearer: [] }];
  const actorOf = (request: Parameters<typeof operatorOf>[0]) => ({ operatorId: operatorOf(request).operator.id, ip: request.ip });

  app.get(
    API.admin.games,
    {
      preValidation: requireOperator(ctx, 'games.read'),
      schema: {
        tags,
        security,
        summary: 'Games of every provider, in catalogue order (filter by provider, category, enabled, name)',
        querystring: adminGameQuery,
        response: { 200: envelopeSchema(adminGamePage) },
      },
    },
    async (request) => ok(request, await service.listGames(ctx, request.query)),
  );

  app.patch(
    '/api/admin/games/:id',
    {
      preValidation: requireOperator(ctx, 'games.manage'),
      schema: {
        tags,
        security,
        summary: 'Change a game: enabled, sort, tags, flags, thumbnail, names, bet limits (RTP of external games only); audited',
        params: adminGameIdParams,
        body: gameUpdateBody,
        response: { 200: envelopeSchema(adminGame) },
      },
    },
    async (request) => {
      const { lang: _lang, ...changes } = request.body;
      return ok(request, await service.updateGame(ctx, actorOf(request), request.params.id, changes), 'admin.game_saved');
    },
  );

  app.get(
    API.admin.providers,
    {
      preValidation: requireOperator(ctx, 'games.read'),
      schema: {
        tags,
        security,
        summary: 'Game providers (platType) with their game counts; wallet secrets are never shown',
        response: { 200: envelopeSchema(z.array(adminProvider)) },
      },
    },
    async (request) => ok(request, await service.listProviders(ctx)),
  );

  app.patch(
    '/api/admin/game-providers/:id',
    {
      preValidation: requireOperator(ctx, 'games.manage'),
      schema: {
        tags,
        security,
        summary: 'Change a provider: name, enabled, sort; audited',
        params: adminGameIdParams,
        body: providerUpdateBody,
        response: { 200: envelopeSchema(adminProvider) },
      },
    },
    async (request) => {
      const { lang: _lang, ...changes } = request.body;
      return ok(request, await service.updateProvider(ctx, actorOf(request), request.params.id, changes), 'admin.provider_saved');
    },
  );

  app.get(
    API.admin.gameResults,
    {
      preValidation: requireOperator(ctx, 'games.read'),
      schema: {
        tags,
        security,
        summary: 'Per-game results of settled rounds over Brazilian days: bets, wins, GGR, observed vs declared RTP',
        querystring: gameResultsQuery,
        response: { 200: envelopeSchema(gameResults) },
      },
    },
    async (request) => ok(request, await service.gameResults(ctx, request.query)),
  );

  app.get(
    '/api/admin/game-rounds/:id',
    {
      preValidation: requireOperator(ctx, 'rounds.read'),
      schema: {
        tags,
        security,
        summary: 'A round by id or provider round uid, with its wallet transactions and (house games) its seed pair',
        params: roundLookupParams,
        querystring: roundLookupQuery,
        response: { 200: envelopeSchema(roundDetail) },
      },
    },
    async (request) =>
      ok(request, await service.lookupRound(ctx, request.params.id, request.query.plat_type || undefined, request.query.lang)),
  );
};
