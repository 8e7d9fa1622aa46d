import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { rainClaimBody, rainClaimResult, rainCurrent, rainCurrentQuery } from '@casino/shared/schemas/rain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, ok, requestLang } from '../../lib/http.ts';
import { authenticate } from '../../platform/auth/authenticate.ts';
import { bearerToken, memberOf, requireMember } from '../../platform/auth/guards.ts';
import { resolveSite } from '../../platform/sites/resolve-site.ts';
import { claimRain, currentRain, siteById } from './rain.service.ts';

const tags = ['community'];
const security = [{ bearer: [] }];

/** The chat rain: GET /api/rain/current (visitors too) and POST /api/rain/claim (members). */
export const rainRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    API.rain.current,
    {
      schema: {
        tags,
        summary: 'The next rain (or the one running) and its pot; for a member, whether it is eligible and why not',
        querystring: rainCurrentQuery,
        response: { 200: envelopeSchema(rainCurrent) },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      let viewer: { id: number; site_id: number } | undefined;
      if (token) {
        try {
          viewer = (await authenticate(ctx, token)).member;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      // A member's rain is its own site's; a visitor's, the site it is looking at.
      const site =
        (viewer && (await siteById(ctx, viewer.site_id))) ||
        (await resolveSite(ctx.db, { site: request.query.site, requestHost: request.headers.host }));
      return ok(request, await currentRain(ctx, { id: site.id, regulated: site.regulated }, viewer?.id, requestLang(request)));
    },
  );

  app.post(
    API.rain.claim,
    {
      preValidation: requireMember(ctx),
      schema: {
        tags,
        security,
        summary: 'Claims a share of the open rain (paid when the window closes, split among everyone who claimed)',
        body: rainClaimBody,
        response: { 200: envelopeSchema(rainClaimResult) },
      },
    },
    async (request) => {
      const { member } = memberOf(request);
      return ok(request, await claimRain(ctx, member, request.body.rain_id), 'rain.claimed');
    },
  );
};
