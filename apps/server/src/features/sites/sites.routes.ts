import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  activityDetail,
  languageListResponse,
  languageOption,
  siteData as siteDataSchema,
  siteQuery,
  socialLink,
} from '@casino/shared/schemas/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { PUBLIC_ETAG } from '../../lib/etag.ts';
import { ok } from '../../lib/http.ts';
import { activityDetails, languageList, siteData } from './sites.service.ts';
import { parseSocialLinks } from '../../platform/sites/social-links.ts';
import { resolveSite } from '../../platform/sites/resolve-site.ts';

export const sitesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    API.languageList,
    {
      config: PUBLIC_ETAG,
      schema: {
        tags: ['site'],
        summary: 'Languages of a site (by site name or host)',
        querystring: siteQuery,
        response: {
          200: envelopeSchema(languageListResponse).extend({ languageList: z.array(languageOption) }),
        },
      },
    },
    async (request) => {
      const site = await resolveSite(ctx.db, { ...request.query, requestHost: request.hostname });
      const { supported, options } = languageList();
      return {
        ...ok(request, { supported_language: supported, default_language: site.default_lang }),
        languageList: options,
      };
    },
  );

  app.get(
    API.dynamicWebs,
    {
      config: PUBLIC_ETAG,
      schema: {
        tags: ['site'],
        summary: 'Site data (brand, support, links)',
        querystring: siteQuery,
        response: { 200: envelopeSchema(siteDataSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        siteData(await resolveSite(ctx.db, { ...request.query, requestHost: request.hostname }), ctx.config.LICENCE_NUMBER ?? null),
      ),
  );

  app.get(
    API.socialLinks,
    {
      config: PUBLIC_ETAG,
      schema: {
        tags: ['site'],
        summary: 'Social media links of a site',
        querystring: siteQuery,
        response: { 200: envelopeSchema(z.array(socialLink)) },
      },
    },
    async (request) => ok(request, parseSocialLinks(await resolveSite(ctx.db, { ...request.query, requestHost: request.hostname }))),
  );

  app.get(
    API.activityDetails,
    {
      config: PUBLIC_ETAG,
      schema: {
        tags: ['site'],
        summary: 'Activities shown to players',
        querystring: siteQuery,
        response: { 200: envelopeSchema(z.array(activityDetail)) },
      },
    },
    async (request) => {
      const site = await resolveSite(ctx.db, { ...request.query, requestHost: request.hostname });
      return ok(request, await activityDetails(ctx.db, site, request.query.lang ?? 'pt'));
    },
  );
};
