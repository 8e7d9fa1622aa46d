import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  agencyBindBody,
  agencyBindResponse,
  bindByCodeBody,
  bindDeclinedResponse,
  bindJoinedResponse,
  bindRequestIdBody,
  bindRequestsResponse,
} from '@casino/shared/schemas/agency';
import { langField } from '@casino/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { acceptBindRequest, bindByCode, declineBindRequest, listBindRequests, requestBinding } from './agency-bind.service.ts';

const tags = ['agency'];
const security = [{ bearer: [] }];
const langQuery = z.object({ lang: langField });

/**
 * Joining an agent's team by the member's consent: the agent asks (spec: phone, invite code, UID),
 * the member accepts or declines in the information centre, or enters an invite code itself.
 */
export const agencyBindRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preValidation = requireMember(ctx);

  app.post(
    API.agency.bind,
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: 'Asks a recently registered member without inviter (phone, invite code, UID) to join the caller’s team',
        description: 'Nothing is bound until the member accepts the request in its information centre.',
        body: agencyBindBody,
        response: { 200: envelopeSchema(agencyBindResponse) },
      },
    },
    async (request) => ok(request, await requestBinding(ctx, memberOf(request).member, request.body), 'agency.bind_requested'),
  );

  app.get(
    API.agency.bindRequests,
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: 'The caller’s open requests to join an agent’s team',
        querystring: langQuery,
        response: { 200: envelopeSchema(bindRequestsResponse) },
      },
    },
    async (request) => ok(request, await listBindRequests(ctx, memberOf(request).member)),
  );

  app.post(
    API.agency.bindAccept,
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: 'The caller accepts one of its requests and joins that agent’s team',
        body: bindRequestIdBody,
        response: { 200: envelopeSchema(bindJoinedResponse) },
      },
    },
    async (request) => ok(request, await acceptBindRequest(ctx, memberOf(request).member, request.body.id), 'agency.joined'),
  );

  app.post(
    API.agency.bindDecline,
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: 'The caller declines one of its requests (that agent cannot ask again)',
        body: bindRequestIdBody,
        response: { 200: envelopeSchema(bindDeclinedResponse) },
      },
    },
    async (request) => ok(request, await declineBindRequest(ctx, memberOf(request).member, request.body.id), 'agency.declined'),
  );

  app.post(
    API.agency.bindByCode,
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: 'The caller enters an agent’s invite code and joins that agent’s team (first week only, once)',
        body: bindByCodeBody,
        response: { 200: envelopeSchema(bindJoinedResponse) },
      },
    },
    async (request) => ok(request, await bindByCode(ctx, memberOf(request).member, request.body.invite_code), 'agency.joined'),
  );
};
