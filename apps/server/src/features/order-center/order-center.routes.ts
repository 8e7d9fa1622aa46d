import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  orderCenterAssociationResponse,
  orderCenterDetailsResponse,
  orderCenterFeeResponse,
  orderCenterQuery,
} from '@casino/shared/schemas/payments';
import { langField } from '@casino/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { orderCenterAssociation, orderCenterDetails, orderCenterFees } from './order-center.service.ts';

const langQuery = z.object({ lang: langField });

export const orderCenterRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const tags = ['order centre'];
  const security = [{ bearer: [] }];

  app.get(
    API.orderCenterDetails,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Deposit, withdrawal, bonus and fee totals for today, 3 and 7 Brazilian days',
        querystring: orderCenterQuery,
        response: { 200: envelopeSchema(orderCenterDetailsResponse) },
      },
    },
    async (request) => ok(request, await orderCenterDetails(ctx, memberOf(request).member.id, request.query.days as 1 | 3 | 7)),
  );

  app.get(
    API.orderCenterFee,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Fees charged, newest first',
        querystring: langQuery,
        response: { 200: envelopeSchema(orderCenterFeeResponse) },
      },
    },
    async (request) => ok(request, await orderCenterFees(ctx, memberOf(request).member.id)),
  );

  app.get(
    API.orderCenterAssociation,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'The member’s latest ledger entries',
        querystring: langQuery,
        response: { 200: envelopeSchema(orderCenterAssociationResponse) },
      },
    },
    async (request) => ok(request, await orderCenterAssociation(ctx, memberOf(request).member.id)),
  );
};
