import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { idField, langField } from '@casino/shared/schemas/fields';
import { siteQuery } from '@casino/shared/schemas/site';
import {
  adminPopup,
  adminPopupCreateBody,
  adminPopupList,
  adminPopupUpdateBody,
  idParams,
  popupListResponse,
  popupOffResponse,
} from '@casino/shared/schemas/terms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLang } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import { viewerAndSite } from '../../platform/sites/viewer.ts';
import * as service from './popups.service.ts';

/** Player calls of the reminder popups (issue 15 item 5). */
export const popupsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['popups'];

  app.get(
    API.popups.list,
    {
      schema: {
        tags,
        summary:
          'The popups shown on entering the site, for a visitor or the member, each with its off flag (default false); modal is open by default',
        querystring: siteQuery,
        response: { 200: envelopeSchema(popupListResponse) },
      },
    },
    async (request) => {
      const { site, member } = await viewerAndSite(ctx, request, request.query);
      return ok(request, await service.livePopups(ctx, site, member, requestLang(request)));
    },
  );

  app.post(
    '/api/popups/:id/off',
    {
      preValidation: requireMember(ctx),
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'The member’s “don’t remind me”: the popup’s off flag, stored per member',
        params: z.object({ id: idField }),
        querystring: z.object({ lang: langField }),
        response: { 200: envelopeSchema(popupOffResponse) },
      },
    },
    async (request) => ok(request, await service.turnOff(ctx, memberOf(request).member, request.params.id)),
  );
};

/** Back office: popups CRUD (permission info.manage; every write audited). */
export const popupsAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['back office'];
  const security = [{ bearer: [] }];
  const manage = { preValidation: requireOperator(ctx, 'info.manage') };
  const actorOf = (request: Parameters<typeof operatorOf>[0]) => ({ operatorId: operatorOf(request).operator.id, ip: request.ip });
  const langQuery = z.object({ lang: langField });

  app.get(
    API.admin.popups,
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'The site’s popups with how many members turned each off',
        querystring: z.object({ site_id: idField.optional(), lang: langField }),
        response: { 200: envelopeSchema(adminPopupList) },
      },
    },
    async (request) => ok(request, await service.listPopups(ctx, request.query)),
  );

  app.post(
    API.admin.popups,
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Creates a popup (texts per language, Portuguese title required; modal open by default); audited',
        body: adminPopupCreateBody,
        response: { 200: envelopeSchema(adminPopup) },
      },
    },
    async (request) => ok(request, await service.createPopup(ctx, actorOf(request), request.body), 'terms.popup_saved'),
  );

  app.get(
    '/api/admin/popups/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'One popup',
        params: idParams,
        querystring: langQuery,
        response: { 200: envelopeSchema(adminPopup) },
      },
    },
    async (request) => ok(request, await service.getPopup(ctx, request.params.id)),
  );

  app.patch(
    '/api/admin/popups/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Changes a popup; audited with before and after',
        params: idParams,
        body: adminPopupUpdateBody,
        response: { 200: envelopeSchema(adminPopup) },
      },
    },
    async (request) => ok(request, await service.updatePopup(ctx, actorOf(request), request.params.id, request.body), 'terms.popup_saved'),
  );

  app.delete(
    '/api/admin/popups/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Deletes a popup and its off flags; audited',
        params: idParams,
        querystring: langQuery,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => ok(request, await service.deletePopup(ctx, actorOf(request), request.params.id), 'terms.popup_deleted'),
  );
};
