import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  activityIdParams,
  activityUpdateBody,
  adminActivities,
  adminActivity,
  adminBonusCredits,
  adminRedeemCode,
  adminRedeemCodes,
  bonusCreditsQuery,
  promotionsReport,
  promotionsReportQuery,
  redeemCodeCreateBody,
  redeemCodesQuery,
  redeemCodeUpdateBody,
  siteProfile,
  siteProfileBody,
  siteQuery,
} from '@casino/shared/schemas/promotions-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { ok } from '../../../lib/http.ts';
import { operatorOf, requireOperator } from '../../../platform/auth/operator-guard.ts';
import * as activities from './activities-admin.service.ts';
import * as claims from './claims-admin.service.ts';
import * as costReport from './cost-report.service.ts';
import * as redeemCodes from './redeem-codes-admin.service.ts';
import * as siteProfiles from './site-profile.service.ts';

/**
 * Back office: activity configuration with claims and cost, the claims list, the cost report by
 * day, redeem codes and the regulated profile (DESIGN.md sections 7, 10, 15). Reads need
 * promotions.read, changes promotions.manage; every change is audited.
 */
export const promotionsAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['back office'];
  const security = [{ bearer: [] }];
  const actorOf = (request: Parameters<typeof operatorOf>[0]) => ({ operatorId: operatorOf(request).operator.id, ip: request.ip });

  app.get(
    API.admin.activities,
    {
      preValidation: requireOperator(ctx, 'promotions.read'),
      schema: {
        tags,
        security,
        summary: "The site's activities: settings, config and its JSON Schema, claims and cost to date; the regulated switch",
        querystring: siteQuery,
        response: { 200: envelopeSchema(adminActivities) },
      },
    },
    async (request) => ok(request, await activities.listActivities(ctx, request.query.site_id)),
  );

  app.patch(
    '/api/admin/activities/:id',
    {
      preValidation: requireOperator(ctx, 'promotions.manage'),
      schema: {
        tags,
        security,
        summary: "Change an activity: on/off, dates, VIP gate, wagering, deposit link, texts, config (the module's schema); audited",
        params: activityIdParams,
        body: activityUpdateBody,
        response: { 200: envelopeSchema(adminActivity) },
      },
    },
    async (request) => {
      const { lang: _lang, ...changes } = request.body;
      return ok(request, await activities.updateActivity(ctx, actorOf(request), request.params.id, changes), 'admin.activity_saved');
    },
  );

  app.get(
    API.admin.bonusCredits,
    {
      preValidation: requireOperator(ctx, 'promotions.read'),
      schema: {
        tags,
        security,
        summary: 'Claims (every bonus credited), newest first: by source, member id or account, São Paulo days',
        querystring: bonusCreditsQuery,
        response: { 200: envelopeSchema(adminBonusCredits) },
      },
    },
    async (request) => ok(request, await claims.listBonusCredits(ctx, request.query)),
  );

  app.get(
    API.admin.promotionsReport,
    {
      preValidation: requireOperator(ctx, 'promotions.read'),
      schema: {
        tags,
        security,
        summary: 'Promotions cost by São Paulo day and source, with the ledger check figure and the reconciliation of claims',
        querystring: promotionsReportQuery,
        response: { 200: envelopeSchema(promotionsReport) },
      },
    },
    async (request) => ok(request, await costReport.promotionsReport(ctx, request.query)),
  );

  app.get(
    API.admin.redeemCodes,
    {
      preValidation: requireOperator(ctx, 'promotions.read'),
      schema: {
        tags,
        security,
        summary: 'Redeem codes, newest first, with their uses and cost',
        querystring: redeemCodesQuery,
        response: { 200: envelopeSchema(adminRedeemCodes) },
      },
    },
    async (request) => ok(request, await redeemCodes.listRedeemCodes(ctx, request.query)),
  );

  app.post(
    API.admin.redeemCodes,
    {
      preValidation: requireOperator(ctx, 'promotions.manage'),
      schema: {
        tags,
        security,
        summary: 'Create a redeem code (A-Z 0-9, 4 to 32; amount in reais); audited',
        body: redeemCodeCreateBody,
        response: { 200: envelopeSchema(adminRedeemCode) },
      },
    },
    async (request) => {
      const { lang: _lang, ...input } = request.body;
      return ok(request, await redeemCodes.createRedeemCode(ctx, actorOf(request), input), 'admin.redeem_code_created');
    },
  );

  app.patch(
    '/api/admin/redeem-codes/:id',
    {
      preValidation: requireOperator(ctx, 'promotions.manage'),
      schema: {
        tags,
        security,
        summary: 'Switch a redeem code on or off, or change its uses, VIP gate or dates; audited',
        params: activityIdParams,
        body: redeemCodeUpdateBody,
        response: { 200: envelopeSchema(adminRedeemCode) },
      },
    },
    async (request) => {
      const { lang: _lang, ...changes } = request.body;
      return ok(request, await redeemCodes.updateRedeemCode(ctx, actorOf(request), request.params.id, changes), 'admin.redeem_code_saved');
    },
  );

  app.patch(
    API.admin.siteProfile,
    {
      preValidation: requireOperator(ctx, 'promotions.manage'),
      schema: {
        tags,
        security,
        summary:
          'The regulated profile (Lei 14.790/2023: on, every deposit-linked activity is refused) and bonus stacking (off: one bonus per deposit); audited',
        body: siteProfileBody,
        response: { 200: envelopeSchema(siteProfile) },
      },
    },
    async (request) => {
      const { site_id, regulated, bonus_stacking } = request.body;
      return ok(
        request,
        await siteProfiles.updateSiteProfile(ctx, actorOf(request), site_id, { regulated, bonus_stacking }),
        'admin.site_profile_saved',
      );
    },
  );
};
