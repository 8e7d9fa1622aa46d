import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { feedWinsResponse } from '@casino/shared/schemas/feed';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { feedWins, startFeedTail } from './feed.service.ts';

/**
 * The live feed (issue 15 item 3): GET /api/feed/wins for everyone (visitors too), and this
 * process's tail of the settled rounds, which pushes `{ type: 'win' }` on /ws while sockets listen.
 */
export const feedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tail = startFeedTail(ctx);
  app.addHook('onClose', async () => tail.stop());

  app.get(
    API.feed.wins,
    {
      schema: {
        tags: ['live feed'],
        summary: "The latest settled rounds of every game and the São Paulo day's biggest multipliers (players masked)",
        response: { 200: envelopeSchema(feedWinsResponse) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=2');
      return ok(request, await feedWins(ctx));
    },
  );
};
