import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { competitionQuery, competitionResponse, fixtureDetail, fixtureQuery, sportsHomeResponse } from '@casino/shared/schemas/sports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { langField } from '@casino/shared/schemas/fields';
import { ok, requestLang } from '../../lib/http.ts';
import { competitionPage, fixturePage, sportsHome } from './sports-read.service.ts';

const tags = ['sports'];

/** The sportsbook's public pages: open to visitors, no session needed. */
export const sportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    API.sports.home,
    {
      schema: {
        tags,
        summary: 'Sportsbook home: matches live now, kick-offs in the next 24 hours, competitions with counts',
        querystring: z.object({ lang: langField }),
        response: { 200: envelopeSchema(sportsHomeResponse) },
      },
    },
    async (request) => ok(request, await sportsHome(ctx.db, requestLang(request))),
  );

  app.get(
    API.sports.competition,
    {
      schema: {
        tags,
        summary: 'A competition and its fixtures still to play or playing',
        querystring: competitionQuery,
        response: { 200: envelopeSchema(competitionResponse) },
      },
    },
    async (request) => ok(request, await competitionPage(ctx.db, request.query.code, requestLang(request))),
  );

  app.get(
    API.sports.fixture,
    {
      schema: {
        tags,
        summary: 'A fixture with every market, its goals so far and (virtual matches) the seed commitment',
        querystring: fixtureQuery,
        response: { 200: envelopeSchema(fixtureDetail) },
      },
    },
    async (request) => ok(request, await fixturePage(ctx.db, request.query.id, requestLang(request), ctx.config.VIRTUAL_MINUTE_MS)),
  );
};
