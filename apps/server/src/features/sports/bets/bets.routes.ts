import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { cashoutBody, cashoutResponse, myBetsBody, myBetsResponse, placeBetBody, placeBetResponse } from '@casino/shared/schemas/sports';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { AppError, ok } from '../../../lib/http.ts';
import { bearerToken, memberOf, requireMember } from '../../../platform/auth/guards.ts';
import { placeBets } from './betting.service.ts';
import { cashOut } from './cashout.service.ts';
import { listMyBets } from './my-bets.service.ts';

const tags = ['sportsbook'];
const security = [{ bearer: [] }];

/** The member's side of the sportsbook: place a slip, list my bets, cash out. */
export const sportsBetsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const memberId = (request: FastifyRequest) => memberOf(request).member.id;

  app.post(
    API.sports.place,
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          'Place a bet slip: singles (one bet per selection) or one accumulator, priced again at placement under the odds-change policy; idempotent by request_id',
        body: placeBetBody,
        response: { 200: envelopeSchema(placeBetResponse) },
      },
    },
    async (request) => ok(request, await placeBets(ctx, memberId(request), request.body), 'sports.bet_placed'),
  );

  app.post(
    API.sports.myBets,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'The member’s bets (open or settled), newest first, with legs, results and the cash-out offer now',
        body: myBetsBody,
        response: { 200: envelopeSchema(myBetsResponse) },
      },
    },
    async (request) => ok(request, await listMyBets(ctx, memberId(request), request.body)),
  );

  app.post(
    API.sports.cashout,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Cash out an open bet for the offer the member accepted (409 with the new offer when it moved)',
        body: cashoutBody,
        response: { 200: envelopeSchema(cashoutResponse) },
      },
    },
    async (request) => ok(request, await cashOut(ctx, memberId(request), request.body), 'sports.cashed_out'),
  );
};
