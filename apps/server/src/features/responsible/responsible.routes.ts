import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  limitsAnswer,
  pauseBody,
  realityCheckBody,
  responsibleStatus,
  selfExclusionBody,
  setLimitsBody,
  statementAnswer,
  statementQuery,
} from '@casino/shared/schemas/responsible';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import * as responsible from './responsible.service.ts';

/** The member's responsible-gaming tools (issue 12): each member reads and changes only its own. */
export const responsibleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const tags = ['responsible gaming'];
  const security = [{ bearer: [] }];

  app.get(
    API.responsible.limits,
    {
      ...member,
      schema: { tags, security, summary: 'The member’s limits, pending changes and use', response: { 200: envelopeSchema(limitsAnswer) } },
    },
    async (request) => ok(request, { limits: await responsible.limitViews(ctx, memberOf(request).member.id) }),
  );

  app.post(
    API.responsible.limits,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Set limits: lower applies at once, a raise or removal after 24 hours',
        body: setLimitsBody,
        response: { 200: envelopeSchema(limitsAnswer) },
      },
    },
    async (request) => {
      const limits = await responsible.setLimits(ctx, memberOf(request).member.id, request.body);
      return ok(request, { limits }, 'responsible.limits_saved');
    },
  );

  app.post(
    API.responsible.realityCheck,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Reality-check interval (0 switches it off)',
        body: realityCheckBody,
        response: { 200: envelopeSchema(z.object({ reality_check_minutes: z.number().int() })) },
      },
    },
    async (request) => {
      await responsible.setRealityCheck(ctx, memberOf(request).member.id, request.body.minutes);
      return ok(request, { reality_check_minutes: request.body.minutes }, 'responsible.reality_check_saved');
    },
  );

  app.post(
    API.responsible.pause,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Pause play for 1, 7, 30 or 42 days (cannot be lifted early)',
        body: pauseBody,
        response: { 200: envelopeSchema(z.object({ until: z.string() })) },
      },
    },
    async (request) => {
      const until = await responsible.pause(ctx, memberOf(request).member, request.body);
      return ok(request, { until }, 'responsible.paused_saved');
    },
  );

  app.post(
    API.responsible.selfExclusion,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Self-exclusion for 1, 3, 6 or 12 months, or indefinitely (cannot be lifted early)',
        body: selfExclusionBody,
        response: { 200: envelopeSchema(z.object({ until: z.string().nullable() })) },
      },
    },
    async (request) => {
      const answer = await responsible.selfExclude(ctx, memberOf(request).member, request.body);
      return ok(request, answer, 'responsible.excluded_saved');
    },
  );

  app.get(
    API.responsible.status,
    {
      ...member,
      schema: { tags, security, summary: 'All of the member’s settings in one call', response: { 200: envelopeSchema(responsibleStatus) } },
    },
    async (request) => {
      const { member: m, session } = memberOf(request);
      return ok(request, await responsible.status(ctx, m, session));
    },
  );

  app.get(
    API.responsible.statement,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Deposits, withdrawals, stakes, wins, bonuses, net and time per São Paulo day (format=csv for a file)',
        querystring: statementQuery,
        response: { 200: z.union([envelopeSchema(statementAnswer), z.string()]) },
      },
    },
    async (request, reply) => {
      const answer = await responsible.statement(ctx, memberOf(request).member.id, request.query);
      if (request.query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="statement-${answer.from}-${answer.to}.csv"`)
          .send(responsible.statementCsv(answer));
      }
      return ok(request, answer);
    },
  );
};
