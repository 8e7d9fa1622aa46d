import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  supportAttachment,
  supportAttachmentParams,
  supportConversationDetail,
  supportConversationPage,
  supportConversationParams,
  supportConversationQuery,
  supportMessageBody,
} from '@casino/shared/schemas/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { imageHeaders, readImageUpload, registerImageMultipart } from './support-upload.ts';
import * as service from './support.service.ts';

/** Support chat, the member's side (issue 15 item 6): its own conversations only. */
export const supportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const tags = ['support'];
  const security = [{ bearer: [] }];

  app.post(
    API.support.conversations,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Opens a conversation with the support team with its first message (text and/or an uploaded image)',
        body: supportMessageBody,
        response: { 200: envelopeSchema(supportConversationDetail) },
      },
    },
    async (request) => ok(request, await service.openConversation(ctx, memberOf(request).member.id, request.body), 'support.opened'),
  );

  app.get(
    API.support.conversations,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "The member's conversations, newest activity first, with the unread total",
        querystring: supportConversationQuery,
        response: { 200: envelopeSchema(supportConversationPage) },
      },
    },
    async (request) => ok(request, await service.memberConversations(ctx, memberOf(request).member.id, request.query)),
  );

  app.get(
    '/api/support/conversations/:id',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'One of the member’s conversations with its messages; reading it clears its unread count',
        params: supportConversationParams,
        response: { 200: envelopeSchema(supportConversationDetail) },
      },
    },
    async (request) => ok(request, await service.memberConversation(ctx, memberOf(request).member.id, request.params.id)),
  );

  app.post(
    '/api/support/conversations/:id/messages',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Writes in one of the member’s conversations (a closed one reopens)',
        params: supportConversationParams,
        body: supportMessageBody,
        response: { 200: envelopeSchema(supportConversationDetail) },
      },
    },
    async (request) =>
      ok(request, await service.postMemberMessage(ctx, memberOf(request).member.id, request.params.id, request.body), 'support.sent'),
  );

  app.get(
    '/api/support/attachments/:id',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'An image of one of the member’s conversations (PNG, JPEG or WebP)',
        params: supportAttachmentParams,
      },
    },
    async (request, reply) => {
      const image = await service.readImage(ctx, request.params.id, memberOf(request).member.id);
      return reply.headers(imageHeaders(image.mime)).send(Buffer.from(image.bytes));
    },
  );

  // The image upload is multipart/form-data (`image`): the parser lives in this scope only. The route
  // declares no JSON body, so a JSON call is held to an empty one (lib/validation.ts).
  await app.register(async (scope) => {
    await registerImageMultipart(scope);
    scope.post(
      API.support.attachments,
      {
        ...member,
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          summary: 'Uploads an image for a message to come (multipart `image`: PNG, JPEG or WebP by its bytes, 3 MB)',
          response: { 200: envelopeSchema(supportAttachment) },
        },
      },
      async (request) => {
        const upload = await readImageUpload(request);
        return ok(request, await service.uploadImage(ctx, { memberId: memberOf(request).member.id }, upload.image, upload.fieldErrors));
      },
    );
  });
};
