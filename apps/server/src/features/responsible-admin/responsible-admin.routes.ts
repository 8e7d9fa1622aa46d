import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  adminBalanceReturn,
  adminBalanceReturnPage,
  adminBalanceReturnPaidBody,
  adminBalanceReturnParams,
  adminBalanceReturnsQuery,
  adminCentralCheckPage,
  adminCentralChecksQuery,
  adminCentralListAddBody,
  adminCentralListPage,
  adminCentralListParams,
  adminCentralListQuery,
  adminCommunicationPage,
  adminCommunicationsQuery,
  adminMemberParams,
  adminResponsibleMemberPage,
  adminResponsibleMembersQuery,
  adminRiskFlagsAnswer,
} from '@casino/shared/schemas/responsible-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import * as service from './responsible-admin.service.ts';

/** Back office: the responsible-gaming view (responsible.read) and its writes (responsible.manage, audited). */
export const responsibleAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['back office'];
  const security = [{ bearer: [] }];
  const read = { preValidation: requireOperator(ctx, 'responsible.read') };
  const manage = { preValidation: requireOperator(ctx, 'responsible.manage') };
  const actorOf = (request: Parameters<typeof operatorOf>[0]) => ({ operatorId: operatorOf(request).operator.id, ip: request.ip });

  app.get(
    API.admin.responsibleMembers,
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Members with limits, pauses, exclusions or a closure (or one member by id), with their risk flags',
        querystring: adminResponsibleMembersQuery,
        response: { 200: envelopeSchema(adminResponsibleMemberPage) },
      },
    },
    async (request) => ok(request, await service.responsibleMembers(ctx, request.query)),
  );

  app.get(
    '/api/admin/responsible/members/:id/risk-flags',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: "A member's risk flags over the last 7 São Paulo days (docs/RESPONSIBLE-GAMING.md)",
        params: adminMemberParams,
        response: { 200: envelopeSchema(adminRiskFlagsAnswer) },
      },
    },
    async (request) => ok(request, await service.memberRiskFlags(ctx, request.params.id)),
  );

  app.get(
    '/api/admin/responsible/members/:id/communications',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: "A member's communications log, newest first: date and time, channel, kind and the text sent",
        params: adminMemberParams,
        querystring: adminCommunicationsQuery,
        response: { 200: envelopeSchema(adminCommunicationPage) },
      },
    },
    async (request) => ok(request, await service.memberCommunications(ctx, request.params.id, request.query.page, request.query.page_size)),
  );

  app.get(
    API.admin.centralChecks,
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Consultations of the federal self-exclusion register and their answers, newest first',
        querystring: adminCentralChecksQuery,
        response: { 200: envelopeSchema(adminCentralCheckPage) },
      },
    },
    async (request) => ok(request, await service.centralChecks(ctx, request.query)),
  );

  app.get(
    API.admin.balanceReturns,
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Balance returns after exclusions (paid by PIX, queued for the back office, paid by hand)',
        querystring: adminBalanceReturnsQuery,
        response: { 200: envelopeSchema(adminBalanceReturnPage) },
      },
    },
    async (request) => ok(request, await service.balanceReturns(ctx, request.query)),
  );

  app.post(
    '/api/admin/responsible/returns/:id/paid',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: "Marks a queued balance return paid by other means: the member's cash leaves through the ledger; audited",
        params: adminBalanceReturnParams,
        body: adminBalanceReturnPaidBody,
        response: { 200: envelopeSchema(adminBalanceReturn.nullable()) },
      },
    },
    async (request) =>
      ok(
        request,
        await service.markBalanceReturnPaid(ctx, actorOf(request), request.params.id, request.body.note),
        'central.return_marked',
      ),
  );

  app.get(
    API.admin.centralList,
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'The sandbox federal self-exclusion list: CPFs the register answers "Impedido" for',
        querystring: adminCentralListQuery,
        response: { 200: envelopeSchema(adminCentralListPage) },
      },
    },
    async (request) => ok(request, await service.centralList(ctx, request.query.page, request.query.page_size)),
  );

  app.post(
    API.admin.centralList,
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Adds a CPF to the sandbox federal list (audited); its account is blocked at the next check',
        body: adminCentralListAddBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.addToCentralList(ctx, actorOf(request), request.body.cpf, request.body.note);
      return ok(request, null, 'central.list_added');
    },
  );

  app.delete(
    '/api/admin/responsible/central-list/:cpf',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Removes a CPF from the sandbox federal list (audited)',
        params: adminCentralListParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.removeFromCentralList(ctx, actorOf(request), request.params.cpf);
      return ok(request, null, 'central.list_removed');
    },
  );
};
