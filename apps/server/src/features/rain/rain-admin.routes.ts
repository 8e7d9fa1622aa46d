import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  adminRainDetail,
  adminRainIdParams,
  adminRainPage,
  adminRainQuery,
  rainSettings,
  rainSettingsBody,
  rainSiteQuery,
} from '@casino/shared/schemas/rain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import * as service from './rain-admin.service.ts';

/** Back office: the chat rain's settings (promotions.manage, audited), its rains and their payouts (promotions.read). */
export const rainAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['back office'];
  const security = [{ bearer: [] }];
  const read = { preValidation: requireOperator(ctx, 'promotions.read') };
  const manage = { preValidation: requireOperator(ctx, 'promotions.manage') };

  app.get(
    API.admin.rainSettings,
    {
      ...read,
      schema: {
        tags,
        security,
        summary: "A site's rain settings (saved, or the server's RAIN_* defaults)",
        querystring: rainSiteQuery,
        response: { 200: envelopeSchema(rainSettings) },
      },
    },
    async (request) => ok(request, await service.getSettings(ctx, request.query.site_id)),
  );

  app.put(
    API.admin.rainSettings,
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: "Changes a site's rain settings (the next rain announced takes them); audited with before and after",
        body: rainSettingsBody,
        response: { 200: envelopeSchema(rainSettings) },
      },
    },
    async (request) => {
      const actor = { operatorId: operatorOf(request).operator.id, ip: request.ip };
      return ok(request, await service.updateSettings(ctx, actor, request.body), 'rain.settings_saved');
    },
  );

  app.get(
    API.admin.rains,
    {
      ...read,
      schema: {
        tags,
        security,
        summary: "A site's rains, newest first: pot, claims, members paid, amount paid",
        querystring: adminRainQuery,
        response: { 200: envelopeSchema(adminRainPage) },
      },
    },
    async (request) => ok(request, await service.listRains(ctx, request.query)),
  );

  app.get(
    '/api/admin/rain/rains/:id',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'One rain with every claim and payout (member, share, wagering)',
        params: adminRainIdParams,
        response: { 200: envelopeSchema(adminRainDetail) },
      },
    },
    async (request) => ok(request, await service.rainDetail(ctx, request.params.id)),
  );
};
