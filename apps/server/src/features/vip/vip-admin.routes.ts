import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { adminVipLevel, vipLevelParams, vipLevelUpdateBody } from '@casino/shared/schemas/vip-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import { listVipLevels, updateVipLevel } from './vip-admin.service.ts';

/** Back office: the VIP table (DESIGN.md section 10). */
export const vipAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['back office'];
  const security = [{ bearer: [] }];

  app.get(
    API.admin.vipLevels,
    {
      preValidation: requireOperator(ctx, 'promotions.read'),
      schema: {
        tags,
        security,
        summary: 'The VIP table: thresholds (recharge, betting, slot and live betting) and level-up rewards, in reais',
        response: { 200: envelopeSchema(z.array(adminVipLevel)) },
      },
    },
    async (request) => ok(request, await listVipLevels(ctx)),
  );

  app.patch(
    API.admin.vipLevel(':level'),
    {
      preValidation: requireOperator(ctx, 'promotions.manage'),
      schema: {
        tags,
        security,
        summary: 'Change a VIP level: name, thresholds, level-up reward (the table must keep climbing); audited',
        params: vipLevelParams,
        body: vipLevelUpdateBody,
        response: { 200: envelopeSchema(adminVipLevel) },
      },
    },
    async (request) => {
      const { lang: _lang, ...changes } = request.body;
      const actor = { operatorId: operatorOf(request).operator.id, ip: request.ip };
      return ok(request, await updateVipLevel(ctx, actor, request.params.level, changes), 'admin.vip_level_saved');
    },
  );
};
