import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SHELL_SCRIPT } from '@casino/shared/app-shell';
import { installZodMessageKeys } from '@casino/shared/zod-messages';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { z } from 'zod';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { activitiesRoutes } from './features/promotions/activities.routes.ts';
import { depositBonusRoutes } from './features/promotions/deposit-bonus.routes.ts';
import { agencyAdminRoutes } from './features/agency/agency-admin.routes.ts';
import { agencyBindRoutes } from './features/agency/agency-bind.routes.ts';
import { agencyRoutes } from './features/agency/agency.routes.ts';
import { infoCenterAdminRoutes } from './features/info-center/info-center-admin.routes.ts';
import { feedRoutes } from './features/feed/feed.routes.ts';
import { infoCenterRoutes } from './features/info-center/info-center.routes.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { chatAdminRoutes } from './features/chat/chat-admin.routes.ts';
import { popupsAdminRoutes, popupsRoutes } from './features/popups/popups.routes.ts';
import { termsAdminRoutes, termsRoutes } from './features/terms/terms.routes.ts';
import { historyRoutes } from './features/promotions/history.routes.ts';
import { rainAdminRoutes } from './features/rain/rain-admin.routes.ts';
import { rainRoutes } from './features/rain/rain.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { depositsRoutes } from './features/deposits/deposits.routes.ts';
import { gamesAdminRoutes } from './features/games/admin/games-admin.routes.ts';
import { promotionsAdminRoutes } from './features/promotions/admin/promotions-admin.routes.ts';
import { sportsAdminRoutes } from './features/sports/admin/sports-admin.routes.ts';
import type { Deliver } from './features/deposits/sandbox-bank.ts';
import { wsRoutes } from './features/realtime/ws.routes.ts';
import { memberBanksRoutes } from './features/member-banks/member-banks.routes.ts';
import { orderCenterRoutes } from './features/order-center/order-center.routes.ts';
import { withdrawalsAdminRoutes } from './features/withdrawals/withdrawals-admin.routes.ts';
import { withdrawalsRoutes } from './features/withdrawals/withdrawals.routes.ts';
import { gamesRoutes } from './features/games/games.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { fairRoutes } from './features/fair/fair.routes.ts';
import { blackjackRoutes } from './features/house-games/blackjack.routes.ts';
import { cardGamesRoutes } from './features/house-games/card-games.routes.ts';
import { bingoRoutes } from './features/house-games/bingo.routes.ts';
import { houseRoutes } from './features/house-games/house.routes.ts';
import { houseWsRoutes } from './features/house-games/house-ws.routes.ts';
import { liveTablesRoutes } from './features/house-games/live-tables.routes.ts';
import { tableGamesRoutes } from './features/house-games/table-games.routes.ts';
import { seamlessRoutes } from './features/seamless/seamless.routes.ts';
import { sandboxProviderRoutes } from './features/sandbox-provider/sandbox-provider.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { securityRoutes } from './features/security/security.routes.ts';
import { kycAdminRoutes } from './features/kyc/kyc-admin.routes.ts';
import { responsibleAdminRoutes } from './features/responsible-admin/responsible-admin.routes.ts';
import { kycRoutes } from './features/kyc/kyc.routes.ts';
import { supportAdminRoutes } from './features/support/support-admin.routes.ts';
import { supportRoutes } from './features/support/support.routes.ts';
import { responsibleRoutes } from './features/responsible/responsible.routes.ts';
import { sitesRoutes } from './features/sites/sites.routes.ts';
import { sportsRoutes } from './features/sports/sports.routes.ts';
import { sportsBetsRoutes } from './features/sports/bets/bets.routes.ts';
import { virtualRoutes } from './features/sports/virtual/virtual.routes.ts';
import { rebatesAdminRoutes } from './features/rebates/rebates-admin.routes.ts';
import { rebatesRoutes } from './features/rebates/rebates.routes.ts';
import { vipAdminRoutes } from './features/vip/vip-admin.routes.ts';
import { vipRoutes } from './features/vip/vip.routes.ts';
import { installErrorHandler } from './lib/error-handler.ts';
import { installPublicEtags } from './lib/etag.ts';
import { AppError, sendError } from './lib/http.ts';
import { serveSites } from './lib/static-sites.ts';
import { findNulField, validatorCompiler } from './lib/validation.ts';
import { LIMIT_HIT_CODES, recordLimitHit, ResponsibleRefusal } from './platform/responsible/standing.ts';

installZodMessageKeys();

/** The body of a call that takes none (the client-wide `lang` is still accepted). */
const NO_BODY = z.object({});

export interface BuildOptions {
  /** Serve the built SPAs (off in API tests). */
  serveSites?: boolean;
  /** How the sandbox bank delivers its webhook (tests deliver through inject). */
  sandboxDeliver?: Deliver;
}

/** The whole HTTP application as one Fastify instance; tests call `inject` on it. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 64 * 1024,
    trustProxy: ctx.config.TRUST_PROXY,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // Calls like POST /api/auth/me carry no payload; an absent or empty body reads as {}.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    return defaultJsonParser(request, String(body), done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
  // Guards run in preValidation, so a visitor hears 401 before any 422 about the body; a route-level
  // preHandler would run after validation, so none is allowed. A call that writes and declares no
  // body takes none: unknown body fields are 422 on every route (lib/validation.ts). Only routes
  // whose body is signed read it raw and check it themselves (config.signedBody).
  app.addHook('onRoute', (route) => {
    if (route.preHandler) throw new Error(`${route.method} ${route.url}: put guards in preValidation, not preHandler`);
    const writes = [route.method].flat().some((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method));
    const signed = (route.config as { signedBody?: boolean } | undefined)?.signedBody === true;
    if (writes && route.url.startsWith('/api/') && !route.schema?.body && !signed) route.schema = { ...route.schema, body: NO_BODY };
  });
  // Parts validated by a schema were checked for NUL characters by the validator; this covers the
  // parts a route declares no schema for (PostgreSQL cannot store a NUL in text).
  app.addHook('preHandler', async (request) => {
    const schema = request.routeOptions.schema;
    const unchecked = (part: unknown, declared: unknown) => (declared ? undefined : findNulField(part));
    const field =
      unchecked(request.body, schema?.body) ?? unchecked(request.query, schema?.querystring) ?? unchecked(request.params, schema?.params);
    if (field !== undefined) throw new AppError('VALIDATION_FAILED', { fieldErrors: { [field]: ['validation.invalid'] } });
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // The catalogue and the site data (routes with config PUBLIC_ETAG) are revalidated by ETag.
  installPublicEtags(app);
  // A limit's refusal rolled its transaction back; the hit is counted here, for the risk flags.
  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof ResponsibleRefusal && LIMIT_HIT_CODES.has(error.errorCode)) await recordLimitHit(ctx.db, error.memberId);
  });

  // The security headers, built once: @fastify/helmet rebuilt helmet's middleware (parsing the CSP
  // directives) on every request, 4% of a dice bet's server time (bench/bets.bench.ts).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The player site's one inline script, the shell's (packages/shared/src/app-shell.ts), by its hash.
        scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // None of them depends on the request: helmet runs once here, and every answer gets what it set.
  const headers = staticHeadersOf(securityHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Aurora Bet API',
        version: '1.0.0',
        description: 'Player site and back office API. Every answer is { code, status, message, data }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // One websocket server for every socket route (/ws, /ws/crash, /ws/double): registering the
  // plugin per feature would route each upgrade once per registration.
  await app.register(websocket, { options: { maxPayload: 4 * 1024 } });
  await app.register(healthRoutes, { ctx });
  await app.register(sitesRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(securityRoutes, { ctx });
  await app.register(responsibleRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(kycRoutes, { ctx });
  await app.register(kycAdminRoutes, { ctx });
  await app.register(supportRoutes, { ctx });
  await app.register(supportAdminRoutes, { ctx });
  await app.register(responsibleAdminRoutes, { ctx });
  await app.register(depositsRoutes, { ctx, ...(options.sandboxDeliver ? { deliver: options.sandboxDeliver } : {}) });
  await app.register(wsRoutes, { ctx });
  await app.register(memberBanksRoutes, { ctx });
  await app.register(withdrawalsRoutes, { ctx });
  await app.register(withdrawalsAdminRoutes, { ctx });
  await app.register(orderCenterRoutes, { ctx });
  await app.register(gamesRoutes, { ctx });
  await app.register(seamlessRoutes, { ctx });
  await app.register(sandboxProviderRoutes, { ctx });
  await app.register(gamesAdminRoutes, { ctx });
  await app.register(fairRoutes, { ctx });
  await app.register(houseRoutes, { ctx });
  await app.register(bingoRoutes, { ctx });
  await app.register(liveTablesRoutes, { ctx });
  await app.register(cardGamesRoutes, { ctx });
  await app.register(blackjackRoutes, { ctx });
  await app.register(tableGamesRoutes, { ctx });
  await app.register(houseWsRoutes, { ctx });
  await app.register(activitiesRoutes, { ctx });
  await app.register(depositBonusRoutes, { ctx });
  await app.register(vipRoutes, { ctx });
  await app.register(vipAdminRoutes, { ctx });
  await app.register(rebatesRoutes, { ctx });
  await app.register(rebatesAdminRoutes, { ctx });
  await app.register(agencyRoutes, { ctx });
  await app.register(agencyBindRoutes, { ctx });
  await app.register(agencyAdminRoutes, { ctx });
  await app.register(infoCenterRoutes, { ctx });
  await app.register(infoCenterAdminRoutes, { ctx });
  await app.register(chatRoutes, { ctx });
  await app.register(chatAdminRoutes, { ctx });
  await app.register(termsRoutes, { ctx });
  await app.register(termsAdminRoutes, { ctx });
  await app.register(popupsRoutes, { ctx });
  await app.register(popupsAdminRoutes, { ctx });
  await app.register(feedRoutes, { ctx });
  await app.register(rainRoutes, { ctx });
  await app.register(rainAdminRoutes, { ctx });
  await app.register(historyRoutes, { ctx });
  await app.register(promotionsAdminRoutes, { ctx });
  await app.register(sportsRoutes, { ctx });
  await app.register(sportsAdminRoutes, { ctx });
  await app.register(sportsBetsRoutes, { ctx });
  await app.register(virtualRoutes, { ctx });

  if (options.serveSites !== false) await serveSites(app);
  else {
    app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError('NOT_FOUND')));
  }
  return app;
}

/**
 * The headers a helmet middleware sets, read by running it once on a stand-in response. Throws if
 * it did not finish at once (a middleware that waits or depends on the request cannot be replayed).
 */
function staticHeadersOf(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: unknown) {
      headers.push([name, String(value)]);
      return response;
    },
    removeHeader() {},
  };
  let finished = false;
  middleware({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('the security headers middleware did not finish synchronously');
  return headers;
}
