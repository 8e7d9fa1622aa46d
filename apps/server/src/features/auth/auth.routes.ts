import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { captchaResponse, emptyBody, login2Body, loginResponse, register2Body, userInfo } from '@casino/shared/schemas/auth';
import { completeRegulatedProfileBody, REGULATED_PROFILE_FIELDS } from '@casino/shared/schemas/regulated-profile';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, ok } from '../../lib/http.ts';
import { resolveSite } from '../../platform/sites/resolve-site.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { createCaptcha } from './captcha.service.ts';
import { findMemberById } from '../../platform/members/members.repository.ts';
import { type ClientInfo, login, logout, register, userInfoOf } from './auth.service.ts';
import { completeRegulatedProfile } from './regulated-profile.ts';

export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

const CAPTCHA_PER_MINUTE = 120;

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    API.captcha,
    {
      schema: {
        tags: ['auth'],
        summary: 'A new image captcha (single use, 5 minutes)',
        body: emptyBody,
        response: { 200: envelopeSchema(captchaResponse) },
      },
    },
    async (request) => {
      if ((await ctx.counters.hit(`captcha:ip:${request.ip}`, 60_000)) > CAPTCHA_PER_MINUTE) throw new AppError('RATE_LIMITED');
      return ok(request, await createCaptcha(ctx));
    },
  );

  app.post(
    API.register,
    {
      schema: {
        tags: ['auth'],
        summary: 'Register a member (logs it in)',
        body: register2Body,
        querystring: z.object({ site: z.string().max(64).optional(), lang: z.string().max(8).optional() }),
        response: { 200: envelopeSchema(loginResponse) },
      },
    },
    async (request) => {
      const site = await resolveSite(ctx.db, { site: request.query.site, requestHost: request.hostname });
      const body = request.body;
      const regulated = Object.fromEntries(REGULATED_PROFILE_FIELDS.map((field) => [field, body[field]]));
      const result = await register(
        ctx,
        site,
        {
          account: body.account,
          password: body.password,
          realname: body.realname,
          phone: body.phone,
          qk_pwd: body.qk_pwd || undefined,
          invite_code: body.invite_code || undefined,
          captcha_key: body.captcha_key,
          captcha: body.captcha,
          lang: request.query.lang ?? body.lang,
          regulated,
        },
        clientOf(request),
      );
      return ok(request, result, 'auth.registered');
    },
  );

  app.post(
    API.login,
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in by account name or phone',
        body: login2Body,
        response: { 200: envelopeSchema(loginResponse) },
      },
    },
    async (request) => ok(request, await login(ctx, request.body, clientOf(request)), 'auth.logged_in'),
  );

  app.post(
    API.me,
    {
      preValidation: requireMember(ctx),
      schema: {
        tags: ['auth'],
        summary: "The member's user info",
        security: [{ bearer: [] }],
        body: emptyBody,
        response: { 200: envelopeSchema(userInfo) },
      },
    },
    async (request) => {
      const { member } = memberOf(request);
      // A level the member's deposits and bets have passed shows at once, its reward in the balance.
      const raised = await ctx.memberHooks.refreshLevel(ctx, member.id);
      return ok(request, await userInfoOf(ctx, (raised && (await findMemberById(ctx.db, member.id))) || member));
    },
  );

  app.post(
    API.regulatedProfile,
    {
      preValidation: requireMember(ctx),
      schema: {
        tags: ['auth'],
        summary:
          "The regulated profile's data of a member whose site became regulated: CPF (in the CPF registry under the member's name and birth date), birth date (18+), e-mail, address and the sign-up loss and time limits; answers the user info",
        security: [{ bearer: [] }],
        body: completeRegulatedProfileBody,
        response: { 200: envelopeSchema(userInfo) },
      },
    },
    async (request) => {
      const { member } = memberOf(request);
      await completeRegulatedProfile(ctx, member, request.body);
      const updated = await findMemberById(ctx.db, member.id);
      return ok(request, await userInfoOf(ctx, updated ?? member), 'auth.profile_completed');
    },
  );

  app.post(
    API.logout,
    {
      preValidation: requireMember(ctx),
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        security: [{ bearer: [] }],
        body: emptyBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await logout(ctx, memberOf(request).session);
      return ok(request, null, 'auth.logged_out');
    },
  );
};
