import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  announcementListResponse,
  infoListQuery,
  markReadBody,
  notificationListResponse,
  supportResponse,
  unreadResponse,
} from '@casino/shared/schemas/info-center';
import { idField, langField } from '@casino/shared/schemas/fields';
import { siteQuery } from '@casino/shared/schemas/site';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../db/schema.ts';
import { AppError, ok, requestLang } from '../../lib/http.ts';
import { bearerToken, memberOf, requireMember } from '../../platform/auth/guards.ts';
import { authenticate } from '../../platform/auth/authenticate.ts';
import { resolveSite } from '../../platform/sites/resolve-site.ts';
import * as service from './info-center.service.ts';

const announcementQuery = infoListQuery.extend({ site: siteQuery.shape.site, host: siteQuery.shape.host });
const announcementReadBody = z.strictObject({ id: idField, lang: langField });
const langQuery = z.object({ lang: langField });

/**
 * The information centre's player calls (spec section 7, all GET in the spec; the read marks and
 * the badge count are ours). Support and announcements are public; notifications, the read marks
 * and the badge need a member session.
 */
export const infoCenterRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const tags = ['information centre'];
  const security = [{ bearer: [] }];

  /** The caller when a live session comes with the request; a stale or missing one reads as a visitor. */
  async function optionalMember(request: FastifyRequest): Promise<Member | undefined> {
    const token = bearerToken(request);
    if (!token) return undefined;
    try {
      return (await authenticate(ctx, token)).member;
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  }

  app.get(
    API.info.support,
    {
      schema: {
        tags,
        summary: "The site's support link (messaging service), its hours (24/7) and social channels",
        querystring: siteQuery,
        response: { 200: envelopeSchema(supportResponse) },
      },
    },
    async (request) => {
      const site = await resolveSite(ctx.db, { ...request.query, requestHost: request.hostname });
      return ok(request, service.supportInfo(site));
    },
  );

  app.get(
    API.info.notification,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "The member's own notifications, newest first, translated, with the unread count",
        querystring: infoListQuery,
        response: { 200: envelopeSchema(notificationListResponse) },
      },
    },
    async (request) => ok(request, await service.listNotifications(ctx, memberOf(request).member.id, requestLang(request), request.query)),
  );

  app.post(
    API.info.notificationRead,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Marks one of the member’s notifications read ({ id }) or all of them ({}); answers the unread counts',
        body: markReadBody,
        response: { 200: envelopeSchema(unreadResponse) },
      },
    },
    async (request) => ok(request, await service.readNotifications(ctx, memberOf(request).member, request.body.id)),
  );

  app.get(
    API.info.announcement,
    {
      schema: {
        tags,
        security,
        summary: "The site's current announcements, pinned first, in the reader's language (is_read for a member)",
        querystring: announcementQuery,
        response: { 200: envelopeSchema(announcementListResponse) },
      },
    },
    async (request) => {
      const viewer = await optionalMember(request);
      const { site, host, lang: _lang, ...paging } = request.query;
      const chosen = await service.announcementSite(ctx, viewer, () => resolveSite(ctx.db, { site, host, requestHost: request.hostname }));
      return ok(request, await service.listAnnouncements(ctx, chosen, viewer, requestLang(request), paging));
    },
  );

  app.post(
    API.info.announcementRead,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Marks a current announcement of the member’s site read; answers the unread counts',
        body: announcementReadBody,
        response: { 200: envelopeSchema(unreadResponse) },
      },
    },
    async (request) => ok(request, await service.readAnnouncement(ctx, memberOf(request).member, request.body.id)),
  );

  app.get(
    API.info.unread,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'The unread badge: unread notifications plus unread current announcements',
        querystring: langQuery,
        response: { 200: envelopeSchema(unreadResponse) },
      },
    },
    async (request) => ok(request, await service.unreadCounts(ctx, memberOf(request).member)),
  );
};
