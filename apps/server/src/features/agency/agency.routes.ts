import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  agencyOverviewResponse,
  agencyRewardBody,
  agencyRewardResponse,
  inviteRecordBody,
  inviteRecordResponse,
  mechanismRatesResponse,
  mechanismSettlementResponse,
  subordinateRegisterBody,
  subordinateRegisterResponse,
  subordinatesQuery,
  subordinatesResponse,
} from '@casino/shared/schemas/agency';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLang } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { clientOf } from '../auth/auth.routes.ts';
import { registerSubordinate } from './agency-members.service.ts';
import { agencyOverview, agencyReward, agencySubordinates, inviteRecord, mechanismRates, mechanismSettlement } from './agency.service.ts';

const tags = ['agency'];
const security = [{ bearer: [] }];
const langQuery = z.object({ lang: z.string().max(8).optional() });

/** The agency centre: the caller's team, rewards and invitations; the mechanism is public. */
export const agencyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = requireMember(ctx);
  const preValidation = member;

  app.get(
    API.agency.overview,
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: "The caller's invite code and link, team counts and commissions",
        querystring: langQuery,
        response: { 200: envelopeSchema(agencyOverviewResponse) },
      },
    },
    async (request) => ok(request, await agencyOverview(ctx, memberOf(request).member, requestLang(request))),
  );

  app.get(
    API.agency.subordinates,
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: "The caller's subordinates by level (indirect accounts masked)",
        querystring: subordinatesQuery,
        response: { 200: envelopeSchema(subordinatesResponse) },
      },
    },
    async (request) => ok(request, await agencySubordinates(ctx, memberOf(request).member, request.query)),
  );

  app.post(
    API.agency.subordinateRegister,
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: 'The caller registers a subordinate under its own invite code',
        body: subordinateRegisterBody,
        response: { 200: envelopeSchema(subordinateRegisterResponse) },
      },
    },
    async (request) => {
      const body = request.body;
      const lang = requestLang(request);
      const created = await registerSubordinate(ctx, memberOf(request).member, { ...body, lang }, clientOf(request));
      return ok(request, created, 'agency.subordinate_registered');
    },
  );

  app.post(
    API.agency.inviteRecord,
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: 'The invitation record: one row per subordinate with its direct or indirect reward',
        body: inviteRecordBody,
        response: { 200: envelopeSchema(inviteRecordResponse) },
      },
    },
    async (request) => ok(request, await inviteRecord(ctx, memberOf(request).member, request.body)),
  );

  app.post(
    API.agency.reward,
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: "The caller's commissions by day, source and level (settled, and today's pending)",
        body: agencyRewardBody,
        response: { 200: envelopeSchema(agencyRewardResponse) },
      },
    },
    async (request) => ok(request, await agencyReward(ctx, memberOf(request).member, request.body)),
  );

  app.get(
    API.agency.mechanismRecharge,
    {
      schema: {
        tags,
        summary: 'Commission rates on subordinates’ recharges, by level',
        querystring: langQuery,
        response: { 200: envelopeSchema(mechanismRatesResponse) },
      },
    },
    async (request) => ok(request, await mechanismRates(ctx, 'recharge')),
  );

  app.get(
    API.agency.mechanismBetting,
    {
      schema: {
        tags,
        summary: 'Commission rates on subordinates’ valid bets, by level',
        querystring: langQuery,
        response: { 200: envelopeSchema(mechanismRatesResponse) },
      },
    },
    async (request) => ok(request, await mechanismRates(ctx, 'betting')),
  );

  app.get(
    API.agency.mechanismSettlement,
    {
      schema: {
        tags,
        summary: 'When commissions are settled, the last day settled, minimum payout and turnover',
        querystring: langQuery,
        response: { 200: envelopeSchema(mechanismSettlementResponse) },
      },
    },
    async (request) => ok(request, await mechanismSettlement(ctx)),
  );
};
