import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { pingDatabase } from '../../db/database.ts';
import { ok } from '../../lib/http.ts';

const startedAt = Date.now();

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    API.health,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: envelopeSchema(z.object({ status: z.literal('ok'), database: z.string(), uptime_s: z.number().int() })) },
      },
    },
    async (request) => {
      await pingDatabase(ctx.db);
      return ok(request, { status: 'ok' as const, database: ctx.dialect, uptime_s: Math.round((Date.now() - startedAt) / 1000) });
    },
  );
};
