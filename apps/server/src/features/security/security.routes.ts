import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  bindEmailBody,
  changePasswordBody,
  securityStatusResponse,
  sendEmailCodeBody,
  sendEmailCodeResponse,
  setWithdrawalPasswordBody,
  verifyPasswordBody,
  verifyPasswordResponse,
} from '@casino/shared/schemas/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLang } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import * as security from './security.service.ts';

export const securityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const tags = ['security'];
  const bearer = [{ bearer: [] }];

  app.get(
    API.security.status,
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'What the security centre can do for this member',
        response: { 200: envelopeSchema(securityStatusResponse) },
      },
    },
    async (request) => ok(request, security.securityStatus(memberOf(request).member)),
  );

  app.post(
    API.security.changePassword,
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'Change the login password',
        body: changePasswordBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const { member: m, session } = memberOf(request);
      await security.changePassword(ctx, m, session, request.body);
      return ok(request, null, 'security.password_changed');
    },
  );

  app.post(
    API.security.setWithdrawalPassword,
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'Set or change the withdrawal password',
        body: setWithdrawalPasswordBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await security.setWithdrawalPassword(ctx, memberOf(request).member, request.body);
      return ok(request, null, 'security.qk_pwd_set');
    },
  );

  app.post(
    API.security.verifyPassword,
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'Check the login password',
        body: verifyPasswordBody,
        response: { 200: envelopeSchema(verifyPasswordResponse) },
      },
    },
    async (request) => {
      await security.verifyLoginPassword(ctx, memberOf(request).member, request.body.password);
      return ok(request, { verified: true as const }, 'security.password_verified');
    },
  );

  app.post(
    API.security.sendEmailCode,
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'Send a 6-digit code to an email address',
        body: sendEmailCodeBody,
        response: { 200: envelopeSchema(sendEmailCodeResponse) },
      },
    },
    async (request) =>
      ok(
        request,
        await security.sendEmailCode(ctx, memberOf(request).member, request.body.email, requestLang(request)),
        'security.email_code_sent',
      ),
  );

  app.post(
    API.security.bindEmail,
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'Bind the email with the code',
        body: bindEmailBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await security.bindEmail(ctx, memberOf(request).member, request.body.email, request.body.code);
      return ok(request, null, 'security.email_bound');
    },
  );
};
