import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { langField } from '@casino/shared/schemas/fields';
import { virtualResponse } from '@casino/shared/schemas/sports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { ok, requestLang } from '../../../lib/http.ts';
import { virtualLeaguePage } from './virtual.service.ts';

/** The virtual league's page: public (visitors see the matches and prices too). */
export const virtualRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    API.sports.virtual,
    {
      schema: {
        tags: ['sports'],
        summary: 'The virtual football league: the round playing (or open for bets), the next one, the last results',
        querystring: z.object({ lang: langField }),
        response: { 200: envelopeSchema(virtualResponse) },
      },
    },
    async (request) => ok(request, await virtualLeaguePage(ctx, requestLang(request))),
  );
};
