import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  adminCompetition,
  adminFixtureDetail,
  adminFixturePage,
  adminFixturesQuery,
  adminIdParams,
  adminMarket,
  competitionUpdateBody,
  competitionUpdateResponse,
  fixtureResultBody,
  fixtureResultResponse,
  liabilityBoard,
  liabilityQuery,
  marketStatusBody,
  sportsReport,
  sportsReportQuery,
  sportsSettings,
  sportsSettingsBody,
  sportsSettingsResponse,
} from '@casino/shared/schemas/sports-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { ok, requestLang } from '../../../lib/http.ts';
import { operatorOf, requireOperator } from '../../../platform/auth/operator-guard.ts';
import * as fixtures from './sports-admin.service.ts';
import * as book from './sports-book.service.ts';
import * as reports from './sports-report.service.ts';

const langQuery = z.object({ lang: z.string().max(8).optional() });

/**
 * Back office: sportsbook trading (DESIGN.md section 10, issue 6). Reads need 'sports.read',
 * every write 'sports.trade' and is audited.
 */
export const sportsAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['back office'];
  const security = [{ bearer: [] }];
  const read = requireOperator(ctx, 'sports.read');
  const trade = requireOperator(ctx, 'sports.trade');
  const actorOf = (request: Parameters<typeof operatorOf>[0]) => ({ operatorId: operatorOf(request).operator.id, ip: request.ip });

  app.get(
    API.admin.sportsFixtures,
    {
      preValidation: read,
      schema: {
        tags,
        security,
        summary: 'Fixtures (filter by competition, status, São Paulo days of kick-off, virtual) with open bets, stakes and liability',
        querystring: adminFixturesQuery,
        response: { 200: envelopeSchema(adminFixturePage) },
      },
    },
    async (request) => ok(request, await fixtures.listFixtures(ctx, request.query)),
  );

  app.get(
    API.admin.sportsFixture(':id'),
    {
      preValidation: read,
      schema: {
        tags,
        security,
        summary: 'A fixture with its markets (odds, state, liability per selection) and its result history',
        params: adminIdParams,
        querystring: langQuery,
        response: { 200: envelopeSchema(adminFixtureDetail) },
      },
    },
    async (request) => ok(request, await fixtures.fixtureDetail(ctx, request.params.id, request.query.lang)),
  );

  app.post(
    API.admin.sportsFixtureResult(':id'),
    {
      preValidation: trade,
      schema: {
        tags,
        security,
        summary:
          'Enters or corrects the result of a real fixture ({ home_score, away_score } or { cancelled: true }) and settles its bets; audited',
        params: adminIdParams,
        body: fixtureResultBody,
        response: { 200: envelopeSchema(fixtureResultResponse) },
      },
    },
    async (request) => {
      const { lang, ...body } = request.body;
      const answer = await fixtures.enterFixtureResult(ctx, actorOf(request), request.params.id, body, lang ?? requestLang(request));
      return ok(request, answer, answer.correction ? 'admin.sports_result_corrected' : 'admin.sports_result_entered');
    },
  );

  app.patch(
    API.admin.sportsMarket(':id'),
    {
      preValidation: trade,
      schema: {
        tags,
        security,
        summary: 'Suspends or reopens a market (new version; a settled or void market is final); audited',
        params: adminIdParams,
        body: marketStatusBody,
        response: { 200: envelopeSchema(adminMarket) },
      },
    },
    async (request) => {
      const market = await fixtures.setMarketStatus(ctx, actorOf(request), request.params.id, request.body.status, requestLang(request));
      return ok(request, market, market.status === 'open' ? 'admin.sports_market_opened' : 'admin.sports_market_suspended');
    },
  );

  app.get(
    API.admin.sportsCompetitions,
    {
      preValidation: read,
      schema: {
        tags,
        security,
        summary: 'Competitions with their margin, upcoming fixtures and open bets',
        querystring: langQuery,
        response: { 200: envelopeSchema(z.array(adminCompetition)) },
      },
    },
    async (request) => ok(request, await book.listCompetitions(ctx, request.query.lang)),
  );

  app.patch(
    API.admin.sportsCompetition(':id'),
    {
      preValidation: trade,
      schema: {
        tags,
        security,
        summary:
          'Shows or hides a competition, sets its margin (null: the default); a margin change reprices its scheduled fixtures; audited',
        params: adminIdParams,
        body: competitionUpdateBody,
        response: { 200: envelopeSchema(competitionUpdateResponse) },
      },
    },
    async (request) => {
      const { lang, ...changes } = request.body;
      const answer = await book.updateCompetition(ctx, actorOf(request), request.params.id, changes, lang ?? requestLang(request));
      return ok(request, answer, 'admin.sports_competition_saved');
    },
  );

  app.get(
    API.admin.sportsSettings,
    {
      preValidation: read,
      schema: {
        tags,
        security,
        summary: "The book's margins and limits",
        querystring: langQuery,
        response: { 200: envelopeSchema(sportsSettings) },
      },
    },
    async (request) => ok(request, await book.getSettings(ctx)),
  );

  app.put(
    API.admin.sportsSettings,
    {
      preValidation: trade,
      schema: {
        tags,
        security,
        summary: "Replaces the book's margins and limits (min ≤ max stake ≤ max payout ≤ max market liability); audited",
        body: sportsSettingsBody,
        response: { 200: envelopeSchema(sportsSettingsResponse) },
      },
    },
    async (request) => {
      const { lang: _lang, ...input } = request.body;
      return ok(request, await book.putSettings(ctx, actorOf(request), input), 'admin.sports_settings_saved');
    },
  );

  app.get(
    API.admin.sportsLiability,
    {
      preValidation: read,
      schema: {
        tags,
        security,
        summary: 'The markets of scheduled and live fixtures with the largest worst case for the book',
        querystring: liabilityQuery,
        response: { 200: envelopeSchema(liabilityBoard) },
      },
    },
    async (request) => ok(request, await reports.liabilityBoard(ctx, request.query)),
  );

  app.get(
    API.admin.sportsReport,
    {
      preValidation: read,
      schema: {
        tags,
        security,
        summary: 'Sportsbook GGR by São Paulo day and competition, with the ledger check figure of the house account',
        querystring: sportsReportQuery,
        response: { 200: envelopeSchema(sportsReport) },
      },
    },
    async (request) => ok(request, await reports.sportsReport(ctx, request.query)),
  );
};
