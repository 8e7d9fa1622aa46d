import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  adminAnnouncement,
  adminAnnouncementCreateBody,
  adminAnnouncementIdParams,
  adminAnnouncementPage,
  adminAnnouncementQuery,
  adminAnnouncementUpdateBody,
  adminNotificationPage,
  adminNotificationQuery,
  adminNotificationSendBody,
  adminNotificationSent,
} from '@casino/shared/schemas/info-center-admin';
import { langField } from '@casino/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import * as service from './info-center-admin.service.ts';

const langQuery = z.object({ lang: langField });

/** Back office: operator notes and site announcements (permission info.manage; every write audited). */
export const infoCenterAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['back office'];
  const security = [{ bearer: [] }];
  const manage = { preValidation: requireOperator(ctx, 'info.manage') };
  const actorOf = (request: Parameters<typeof operatorOf>[0]) => ({ operatorId: operatorOf(request).operator.id, ip: request.ip });

  app.post(
    API.admin.notifications,
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Sends a note to one member ({ member_id }) or to every member of a site ({ all: true }); audited',
        body: adminNotificationSendBody,
        response: { 200: envelopeSchema(adminNotificationSent) },
      },
    },
    async (request) => {
      const sent = await service.sendNotification(ctx, actorOf(request), request.body);
      return ok(request, sent, 'admin.notification_sent', { count: sent.recipients });
    },
  );

  app.get(
    API.admin.notifications,
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Operator notes sent, newest first: one line per send with recipients and reads',
        querystring: adminNotificationQuery,
        response: { 200: envelopeSchema(adminNotificationPage) },
      },
    },
    async (request) => ok(request, await service.listNotifications(ctx, request.query)),
  );

  app.get(
    API.admin.announcements,
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Announcements, newest first, by site and by state (live, scheduled, ended, disabled)',
        querystring: adminAnnouncementQuery,
        response: { 200: envelopeSchema(adminAnnouncementPage) },
      },
    },
    async (request) => ok(request, await service.listAnnouncements(ctx, request.query)),
  );

  app.post(
    API.admin.announcements,
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Creates an announcement (titles and contents per language, Portuguese required); audited',
        body: adminAnnouncementCreateBody,
        response: { 200: envelopeSchema(adminAnnouncement) },
      },
    },
    async (request) => ok(request, await service.createAnnouncement(ctx, actorOf(request), request.body), 'admin.announcement_saved'),
  );

  app.get(
    '/api/admin/announcements/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'One announcement with all its languages',
        params: adminAnnouncementIdParams,
        querystring: langQuery,
        response: { 200: envelopeSchema(adminAnnouncement) },
      },
    },
    async (request) => ok(request, await service.getAnnouncement(ctx, request.params.id)),
  );

  app.patch(
    '/api/admin/announcements/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Changes an announcement: texts, pinned, enabled, dates; audited with before and after',
        params: adminAnnouncementIdParams,
        body: adminAnnouncementUpdateBody,
        response: { 200: envelopeSchema(adminAnnouncement) },
      },
    },
    async (request) => {
      const { lang: _lang, ...changes } = request.body;
      return ok(request, await service.updateAnnouncement(ctx, actorOf(request), request.params.id, changes), 'admin.announcement_saved');
    },
  );

  app.delete(
    '/api/admin/announcements/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Deletes an announcement and its read marks; audited with what it was',
        params: adminAnnouncementIdParams,
        querystring: langQuery,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(request, await service.deleteAnnouncement(ctx, actorOf(request), request.params.id), 'admin.announcement_deleted'),
  );
};
