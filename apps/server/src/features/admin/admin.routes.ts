import { API } from '@casino/shared/api-paths';
import { envelopeSchema, pageQuerySchema } from '@casino/shared/envelope';
import {
  adjustmentBody,
  auditPage,
  auditQuery,
  createOperatorBody,
  memberActionBody,
  memberDetail as memberDetailSchema,
  memberIdParams,
  memberPage,
  memberSearchQuery,
  ledgerPage,
  ledgerQuery,
  operator,
  operatorLoginBody,
  operatorLoginResponse,
  operatorSecondFactorBody,
  outboxPage,
} from '@casino/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { pageAudit } from '../../platform/audit/audit.repository.ts';
import { adjustMemberCash, memberLedger } from './ledger-admin.service.ts';
import * as membersAdmin from './members-admin.service.ts';
import {
  createOperator,
  listOperators,
  operatorLogin,
  operatorLoginSecondFactor,
  operatorLogout,
  toOperatorView,
} from './operators.service.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import { operatorSecurityRoutes } from './second-factor.routes.ts';

const tags = ['back office'];
const security = [{ bearer: [] }];

export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    API.admin.login,
    { schema: { tags, summary: 'Operator login', body: operatorLoginBody, response: { 200: envelopeSchema(operatorLoginResponse) } } },
    async (request) => ok(request, await operatorLogin(ctx, request.body.username, request.body.password, request.ip)),
  );

  app.post(
    API.admin.loginSecondFactor,
    {
      schema: {
        tags,
        summary: 'Second step of an operator login with TOTP: the challenge and a code (or a recovery code)',
        body: operatorSecondFactorBody,
        response: { 200: envelopeSchema(operatorLoginResponse) },
      },
    },
    async (request) => ok(request, await operatorLoginSecondFactor(ctx, request.body.challenge, request.body.code, request.ip)),
  );

  app.post(
    API.admin.logout,
    {
      preValidation: requireOperator(ctx, undefined, { beforeEnrolment: true }),
      schema: { tags, security, summary: 'Operator logout', response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const { operator: op, sessionId } = operatorOf(request);
      await operatorLogout(ctx, sessionId, op.id, request.ip);
      return ok(request, null);
    },
  );

  app.get(
    API.admin.me,
    {
      preValidation: requireOperator(ctx, undefined, { beforeEnrolment: true }),
      schema: { tags, security, summary: 'The operator and its permissions', response: { 200: envelopeSchema(operator) } },
    },
    async (request) => ok(request, toOperatorView(ctx.config, operatorOf(request).operator)),
  );

  await app.register(operatorSecurityRoutes, { ctx });

  app.get(
    API.admin.members,
    {
      preValidation: requireOperator(ctx, 'members.read'),
      schema: { tags, security, summary: 'Search members', querystring: memberSearchQuery, response: { 200: envelopeSchema(memberPage) } },
    },
    async (request) => ok(request, await membersAdmin.searchMembers(ctx, request.query)),
  );

  app.get(
    '/api/admin/members/:id',
    {
      preValidation: requireOperator(ctx, 'members.read'),
      schema: {
        tags,
        security,
        summary: 'A member with its sessions',
        params: memberIdParams,
        response: { 200: envelopeSchema(memberDetailSchema) },
      },
    },
    async (request) => ok(request, await membersAdmin.memberDetail(ctx, request.params.id)),
  );

  const action = { tags, security, params: memberIdParams, body: memberActionBody, response: { 200: envelopeSchema(memberDetailSchema) } };

  app.post(
    '/api/admin/members/:id/force-offline',
    { preValidation: requireOperator(ctx, 'members.write'), schema: { ...action, summary: 'End every session of the member' } },
    async (request) => {
      const actor = { operatorId: operatorOf(request).operator.id, ip: request.ip };
      return ok(request, await membersAdmin.forceOffline(ctx, actor, request.params.id, request.body?.reason), 'admin.forced_offline');
    },
  );

  app.post(
    '/api/admin/members/:id/freeze',
    {
      preValidation: requireOperator(ctx, 'members.write'),
      schema: { ...action, summary: 'Freeze the member (ends its sessions, refuses logins)' },
    },
    async (request) => {
      const actor = { operatorId: operatorOf(request).operator.id, ip: request.ip };
      return ok(request, await membersAdmin.setFrozen(ctx, actor, request.params.id, true, request.body?.reason), 'admin.frozen');
    },
  );

  app.post(
    '/api/admin/members/:id/unfreeze',
    { preValidation: requireOperator(ctx, 'members.write'), schema: { ...action, summary: 'Unfreeze the member' } },
    async (request) => {
      const actor = { operatorId: operatorOf(request).operator.id, ip: request.ip };
      return ok(request, await membersAdmin.setFrozen(ctx, actor, request.params.id, false, request.body?.reason), 'admin.unfrozen');
    },
  );

  app.get(
    '/api/admin/members/:id/ledger',
    {
      preValidation: requireOperator(ctx, 'ledger.read'),
      schema: {
        tags,
        security,
        summary: "A member's ledger entries, newest first",
        params: memberIdParams,
        querystring: ledgerQuery,
        response: { 200: envelopeSchema(ledgerPage) },
      },
    },
    async (request) => ok(request, await memberLedger(ctx, request.params.id, request.query.page, request.query.page_size)),
  );

  app.post(
    '/api/admin/members/:id/adjust',
    {
      preValidation: requireOperator(ctx, 'ledger.adjust'),
      schema: {
        tags,
        security,
        summary: "Adjust a member's cash (credit or debit, with a reason)",
        params: memberIdParams,
        body: adjustmentBody,
        response: { 200: envelopeSchema(memberDetailSchema) },
      },
    },
    async (request) => {
      // The back office sends an Idempotency-Key per form submission: a double click posts once.
      const given = request.headers['idempotency-key'];
      const requestId = typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : request.id;
      const actor = { operatorId: operatorOf(request).operator.id, ip: request.ip, requestId };
      await adjustMemberCash(ctx, actor, request.params.id, request.body);
      return ok(request, await membersAdmin.memberDetail(ctx, request.params.id), 'admin.adjusted');
    },
  );

  app.get(
    API.admin.outbox,
    {
      preValidation: requireOperator(ctx, 'outbox.read'),
      schema: {
        tags,
        security,
        summary: 'Emails kept or sent',
        querystring: pageQuerySchema.extend({ lang: z.string().max(8).optional() }),
        response: { 200: envelopeSchema(outboxPage) },
      },
    },
    async (request) => ok(request, await membersAdmin.pageOutbox(ctx, request.query.page, request.query.page_size)),
  );

  app.get(
    API.admin.auditLog,
    {
      preValidation: requireOperator(ctx, 'audit.read'),
      schema: {
        tags,
        security,
        summary: 'Audit log of operator actions',
        querystring: auditQuery,
        response: { 200: envelopeSchema(auditPage) },
      },
    },
    async (request) => ok(request, await pageAudit(ctx.db, request.query)),
  );

  app.get(
    API.admin.operators,
    {
      preValidation: requireOperator(ctx, 'operators.manage'),
      schema: { tags, security, summary: 'Operators', response: { 200: envelopeSchema(z.array(operator)) } },
    },
    async (request) => ok(request, await listOperators(ctx)),
  );

  app.post(
    API.admin.operators,
    {
      preValidation: requireOperator(ctx, 'operators.manage'),
      schema: { tags, security, summary: 'Create an operator', body: createOperatorBody, response: { 200: envelopeSchema(operator) } },
    },
    async (request) =>
      ok(request, await createOperator(ctx, operatorOf(request).operator, request.body, request.ip), 'admin.operator_created'),
  );
};
