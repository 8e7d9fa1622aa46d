import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  adminChatIdParams,
  adminChatMessagePage,
  adminChatMessagesQuery,
  adminChatSanctionBody,
  adminChatSanctionPage,
  adminChatSanctionQuery,
  adminChatSanctionResult,
  adminChatSendBody,
  chatSendResponse,
} from '@casino/shared/schemas/chat';
import { langField } from '@casino/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLang } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import * as service from './chat.service.ts';

const langQuery = z.object({ lang: langField });

/** Back office: the chat's messages by room, delete, mute, ban and lift (permission chat.moderate; every action audited and pushed to the sockets). */
export const chatAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['back office'];
  const security = [{ bearer: [] }];
  const moderate = { preValidation: requireOperator(ctx, 'chat.moderate') };
  const actorOf = (request: Parameters<typeof operatorOf>[0]) => ({ operatorId: operatorOf(request).operator.id, ip: request.ip });

  app.get(
    API.admin.chatMessages,
    {
      ...moderate,
      schema: {
        tags,
        security,
        summary: "The chat's messages, newest first (deleted ones marked), by room or member",
        querystring: adminChatMessagesQuery,
        response: { 200: envelopeSchema(adminChatMessagePage) },
      },
    },
    async (request) => ok(request, await service.listMessages(ctx, request.query)),
  );

  app.delete(
    API.admin.chatMessage(':id'),
    {
      ...moderate,
      schema: {
        tags,
        security,
        summary: 'Deletes a message: gone from every open chat at once; audited',
        params: adminChatIdParams,
        querystring: langQuery,
        response: { 200: envelopeSchema(z.object({ id: z.number().int(), deleted: z.boolean() })) },
      },
    },
    async (request) => ok(request, await service.deleteMessage(ctx, actorOf(request), request.params.id), 'chat.deleted'),
  );

  app.post(
    API.admin.chatSend,
    {
      ...moderate,
      schema: {
        tags,
        security,
        summary: "Writes in a room as the site's team; audited",
        body: adminChatSendBody,
        response: { 200: envelopeSchema(chatSendResponse) },
      },
    },
    async (request) => {
      const nick = translate(requestLang(request), 'chat.team_nick');
      return ok(request, { message: await service.operatorSend(ctx, actorOf(request), request.body.room, request.body.text, nick) });
    },
  );

  app.get(
    API.admin.chatSanctions,
    {
      ...moderate,
      schema: {
        tags,
        security,
        summary: 'Mutes and bans in force, newest first',
        querystring: adminChatSanctionQuery,
        response: { 200: envelopeSchema(adminChatSanctionPage) },
      },
    },
    async (request) => ok(request, await service.listSanctions(ctx, request.query)),
  );

  app.post(
    API.admin.chatSanctions,
    {
      ...moderate,
      schema: {
        tags,
        security,
        summary: 'Mutes a member for N minutes, or bans them until lifted (a ban also takes down their last day of messages); audited',
        body: adminChatSanctionBody,
        response: { 200: envelopeSchema(adminChatSanctionResult) },
      },
    },
    async (request) => {
      const result = await service.sanction(ctx, actorOf(request), request.body);
      return ok(request, result, result.kind === 'ban' ? 'chat.banned_done' : 'chat.muted_done');
    },
  );

  app.delete(
    API.admin.chatSanction(':id'),
    {
      ...moderate,
      schema: {
        tags,
        security,
        summary: 'Lifts a mute or a ban; audited',
        params: adminChatIdParams,
        querystring: langQuery,
        response: { 200: envelopeSchema(z.object({ id: z.number().int(), lifted: z.boolean() })) },
      },
    },
    async (request) => ok(request, await service.liftSanction(ctx, actorOf(request), request.params.id), 'chat.lifted'),
  );
};
