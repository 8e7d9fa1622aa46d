import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { drawingBody, drawingHeaders, withdrawal, withdrawalListBody, withdrawalListResponse } from '@casino/shared/schemas/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { fieldError, ok } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { memberWithdrawals, requestWithdrawal } from './withdrawals.service.ts';

/** The request's idempotency key: the Idempotency-Key header or request_id in the body (both must agree). */
function requestKeyOf(header: string | undefined, bodyField: string | undefined): string | undefined {
  if (header !== undefined && bodyField !== undefined && header !== bodyField) {
    throw fieldError('VALIDATION_FAILED', 'request_id', 'validation.idempotency_key_mismatch');
  }
  return header ?? bodyField;
}

export const withdrawalsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const tags = ['withdrawals'];
  const security = [{ bearer: [] }];

  app.post(
    API.drawing,
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          'Ask to withdraw to one of the member’s PIX keys (the money leaves cash at once). Idempotent by the Idempotency-Key header ' +
          'or request_id, per member: a retry with the same key and body answers the first withdrawal; another body under the key is ' +
          '409 IDEMPOTENCY_KEY_REUSED',
        headers: drawingHeaders,
        body: drawingBody,
        response: { 200: envelopeSchema(withdrawal) },
      },
    },
    async (request) => {
      const requestKey = requestKeyOf(request.headers['idempotency-key'], request.body.request_id);
      const view = await requestWithdrawal(ctx, memberOf(request).member, request.body, requestKey);
      return ok(request, view, 'money.withdrawal_submitted');
    },
  );

  app.post(
    API.drawingList,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'The member’s withdrawals, newest first',
        body: withdrawalListBody,
        response: { 200: envelopeSchema(withdrawalListResponse) },
      },
    },
    async (request) => {
      const page = request.body?.page ?? 1;
      const pageSize = request.body?.page_size ?? 20;
      return ok(request, await memberWithdrawals(ctx, memberOf(request).member.id, page, pageSize));
    },
  );
};
