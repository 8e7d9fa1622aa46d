import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  adminSupportAssignBody,
  adminSupportConversation,
  adminSupportDetail,
  adminSupportOperators,
  adminSupportPage,
  adminSupportQuery,
  adminSupportSummary,
  cannedReply,
  cannedReplyBody,
  cannedReplyList,
  cannedReplyParams,
  supportAttachment,
  supportAttachmentParams,
  supportConversationParams,
  supportMessageBody,
} from '@casino/shared/schemas/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import * as admin from './support-admin.service.ts';
import { imageHeaders, readImageUpload, registerImageMultipart } from './support-upload.ts';
import { readImage, uploadImage } from './support.service.ts';

/** The back office's support inbox (permission support.inbox; every write audited). */
export const supportAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const inbox = { preValidation: requireOperator(ctx, 'support.inbox') };
  const tags = ['back office'];
  const security = [{ bearer: [] }];
  const actorOf = (request: Parameters<typeof operatorOf>[0]) => ({ operatorId: operatorOf(request).operator.id, ip: request.ip });

  app.get(
    API.admin.supportConversations,
    {
      ...inbox,
      schema: {
        tags,
        security,
        summary: 'Support conversations: open, mine, unassigned, closed or all; unread first, then the latest',
        querystring: adminSupportQuery,
        response: { 200: envelopeSchema(adminSupportPage) },
      },
    },
    async (request) => ok(request, await admin.inbox(ctx, operatorOf(request).operator.id, request.query)),
  );

  app.get(
    API.admin.supportSummary,
    {
      ...inbox,
      schema: {
        tags,
        security,
        summary: 'The inbox counts (open, unassigned, mine, unread) for the navigation badge',
        response: { 200: envelopeSchema(adminSupportSummary) },
      },
    },
    async (request) => ok(request, await admin.summary(ctx, operatorOf(request).operator.id)),
  );

  app.get(
    API.admin.supportOperators,
    {
      ...inbox,
      schema: {
        tags,
        security,
        summary: 'Operators who may answer (for assignment)',
        response: { 200: envelopeSchema(adminSupportOperators) },
      },
    },
    async (request) => ok(request, await admin.operators(ctx)),
  );

  app.get(
    '/api/admin/support/conversations/:id',
    {
      ...inbox,
      schema: {
        tags,
        security,
        summary: 'One conversation with its messages; reading it clears the operators’ unread count',
        params: supportConversationParams,
        response: { 200: envelopeSchema(adminSupportDetail) },
      },
    },
    async (request) => ok(request, await admin.conversation(ctx, request.params.id)),
  );

  app.post(
    '/api/admin/support/conversations/:id/messages',
    {
      ...inbox,
      schema: {
        tags,
        security,
        summary: 'Answers the member (text and/or an uploaded image); takes an unassigned conversation; audited',
        params: supportConversationParams,
        body: supportMessageBody,
        response: { 200: envelopeSchema(adminSupportDetail) },
      },
    },
    async (request) => ok(request, await admin.reply(ctx, actorOf(request), request.params.id, request.body), 'support.sent'),
  );

  app.post(
    '/api/admin/support/conversations/:id/assign',
    {
      ...inbox,
      schema: {
        tags,
        security,
        summary: 'Assigns the conversation to an operator who may answer, or to nobody (operator_id null); audited',
        params: supportConversationParams,
        body: adminSupportAssignBody,
        response: { 200: envelopeSchema(adminSupportConversation) },
      },
    },
    async (request) =>
      ok(request, await admin.assign(ctx, actorOf(request), request.params.id, request.body.operator_id), 'support.assigned'),
  );

  app.post(
    '/api/admin/support/conversations/:id/close',
    {
      ...inbox,
      schema: {
        tags,
        security,
        summary: 'Closes the conversation (the member may reopen it by writing); audited',
        params: supportConversationParams,
        response: { 200: envelopeSchema(adminSupportConversation) },
      },
    },
    async (request) => ok(request, await admin.close(ctx, actorOf(request), request.params.id), 'support.closed'),
  );

  app.get(
    '/api/admin/support/attachments/:id',
    {
      ...inbox,
      schema: { tags, security, summary: 'An image of a support conversation', params: supportAttachmentParams },
    },
    async (request, reply) => {
      const image = await readImage(ctx, request.params.id, null);
      return reply.headers(imageHeaders(image.mime)).send(Buffer.from(image.bytes));
    },
  );

  await app.register(async (scope) => {
    await registerImageMultipart(scope);
    scope.post(
      API.admin.supportAttachments,
      {
        ...inbox,
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          summary: 'Uploads an image for an answer to come (multipart `image`: PNG, JPEG or WebP, 3 MB)',
          response: { 200: envelopeSchema(supportAttachment) },
        },
      },
      async (request) => {
        const upload = await readImageUpload(request);
        return ok(request, await uploadImage(ctx, { operatorId: operatorOf(request).operator.id }, upload.image, upload.fieldErrors));
      },
    );
  });

  app.get(
    API.admin.supportCanned,
    { ...inbox, schema: { tags, security, summary: 'The canned replies, by title', response: { 200: envelopeSchema(cannedReplyList) } } },
    async (request) => ok(request, await admin.cannedReplies(ctx)),
  );

  app.post(
    API.admin.supportCanned,
    {
      ...inbox,
      schema: {
        tags,
        security,
        summary: 'Adds a canned reply; audited',
        body: cannedReplyBody,
        response: { 200: envelopeSchema(cannedReply) },
      },
    },
    async (request) => ok(request, await admin.createCanned(ctx, actorOf(request), request.body), 'support.canned_saved'),
  );

  app.put(
    '/api/admin/support/canned-replies/:id',
    {
      ...inbox,
      schema: {
        tags,
        security,
        summary: 'Changes a canned reply; audited',
        params: cannedReplyParams,
        body: cannedReplyBody,
        response: { 200: envelopeSchema(cannedReply) },
      },
    },
    async (request) =>
      ok(request, await admin.updateCanned(ctx, actorOf(request), request.params.id, request.body), 'support.canned_saved'),
  );

  app.delete(
    '/api/admin/support/canned-replies/:id',
    {
      ...inbox,
      schema: {
        tags,
        security,
        summary: 'Removes a canned reply; audited',
        params: cannedReplyParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await admin.deleteCanned(ctx, actorOf(request), request.params.id);
      return ok(request, null, 'support.canned_deleted');
    },
  );
};
