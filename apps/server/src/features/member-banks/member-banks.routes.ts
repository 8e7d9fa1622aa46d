import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { memberBankSaveBody, memberBanksResponse } from '@casino/shared/schemas/payments';
import { langField } from '@casino/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { memberBanks, saveMemberBank } from './member-banks.service.ts';

// The display call carries nothing but the language; the shared contract has no schema for it.
const displayBody = z.object({ lang: langField }).optional();
const langQuery = z.object({ lang: langField });

export const memberBanksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const tags = ['pix keys'];
  const security = [{ bearer: [] }];
  const response = { 200: envelopeSchema(memberBanksResponse) };

  app.post(
    API.memberBanksSave,
    { ...member, schema: { tags, security, summary: 'Save a PIX key in the member’s own CPF', body: memberBankSaveBody, response } },
    async (request) => ok(request, await saveMemberBank(ctx, memberOf(request).member, request.body), 'money.key_saved'),
  );

  app.post(
    API.memberBanksDisplay,
    { ...member, schema: { tags, security, summary: 'The member’s PIX keys, masked', body: displayBody, response } },
    async (request) => ok(request, await memberBanks(ctx, memberOf(request).member.id)),
  );

  app.get(
    API.memberBank,
    { ...member, schema: { tags, security, summary: 'The member’s PIX keys, masked', querystring: langQuery, response } },
    async (request) => ok(request, await memberBanks(ctx, memberOf(request).member.id)),
  );
};
