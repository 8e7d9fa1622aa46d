import { seamlessAnswerSchema } from '@casino/shared/schemas/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { handleSeamlessCall } from './seamless.service.ts';

/** Largest callback body: a few hundred bytes in practice. */
const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * POST /api/seamless/:platType/:action, the callbacks an external provider makes (balance, bet,
 * win, rollback, betwin). The signature covers the raw body, so this scope reads JSON as text.
 */
export const seamlessRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/seamless/:platType/:action',
    {
      // The service checks the signature over the raw text, then parses it with strictBody.
      config: { signedBody: true },
      schema: {
        tags: ['seamless wallet'],
        summary: 'Provider callbacks, HMAC-signed (X-Signature, X-Timestamp, X-Nonce); see docs/SEAMLESS-WALLET.md',
        params: z.object({ platType: z.string().max(32), action: z.string().max(16) }),
        response: {
          200: seamlessAnswerSchema,
          400: seamlessAnswerSchema,
          401: seamlessAnswerSchema,
          403: seamlessAnswerSchema,
          404: seamlessAnswerSchema,
          409: seamlessAnswerSchema,
          422: seamlessAnswerSchema,
        },
      },
    },
    async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const result = await handleSeamlessCall(ctx, request.params.platType, request.params.action, rawBody, request.headers);
      return reply.status(result.httpStatus).header('cache-control', 'no-store').send(result.answer);
    },
  );
};
