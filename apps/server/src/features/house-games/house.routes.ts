import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  crashBetAnswerSchema,
  crashBetBodySchema,
  crashCashoutAnswerSchema,
  crashCashoutBodySchema,
  crashStateSchema,
  diceAnswerSchema,
  diceBetBodySchema,
  doubleBetAnswerSchema,
  doubleBetBodySchema,
  doubleStateSchema,
  houseConfigQuerySchema,
  houseConfigSchema,
  houseRoundParamsSchema,
  houseRoundSchema,
  minesActiveAnswerSchema,
  minesAnswerSchema,
  minesCashoutBodySchema,
  minesRevealBodySchema,
  minesStartBodySchema,
  plinkoAnswerSchema,
  plinkoBetBodySchema,
  rouletteAnswerSchema,
  rouletteBetBodySchema,
  slotAnswerSchema,
  slotSpinBodySchema,
} from '@casino/shared/schemas/house-games';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, ok, requestLang } from '../../lib/http.ts';
import { bearerToken, memberOf, requireMember } from '../../platform/auth/guards.ts';
import { authenticate } from '../../platform/auth/authenticate.ts';
import { houseConfig, houseRound } from './house-info.service.ts';
import { isSlotCode, playDice, playPlinko, playRoulette, playSlot } from './instant.service.ts';
import { activeMines, cashOutMines, revealMines, startMines } from './mines.service.ts';

const tags = ['house games'];
const security = [{ bearer: [] }];

/** The member behind an optional bearer token (state reads work for visitors too). */
async function optionalMemberId(ctx: AppContext, request: FastifyRequest): Promise<number | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  try {
    return (await authenticate(ctx, token)).member.id;
  } catch {
    return undefined;
  }
}

export const houseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const memberId = (request: FastifyRequest) => memberOf(request).member.id;
  // A crash cash-out is priced at the instant the request arrived, before parsing and auth.
  const receivedAt = new WeakMap<FastifyRequest, number>();

  app.get(
    API.house.config,
    {
      schema: {
        tags,
        summary: 'A house game’s limits, declared RTP and the constants its screen needs (paytables, tables, limits)',
        querystring: houseConfigQuerySchema,
        response: { 200: envelopeSchema(houseConfigSchema) },
      },
    },
    async (request) => ok(request, await houseConfig(ctx, request.query.code, requestLang(request))),
  );

  app.get(
    API.house.round(':id'),
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'One of the member’s house rounds with its seeds (server seed once revealed), for the verify page',
        params: houseRoundParamsSchema,
        response: { 200: envelopeSchema(houseRoundSchema) },
      },
    },
    async (request) => ok(request, await houseRound(ctx, memberId(request), request.params.id)),
  );

  // ---- instant games ---------------------------------------------------------------------------

  app.post(
    API.house.dice,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Roll the dice over or under a target',
        body: diceBetBodySchema,
        response: { 200: envelopeSchema(diceAnswerSchema) },
      },
    },
    async (request) => ok(request, await playDice(ctx, memberId(request), request.body)),
  );

  app.post(
    API.house.plinko,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Drop a plinko ball (8-16 rows, three risks)',
        body: plinkoBetBodySchema,
        response: { 200: envelopeSchema(plinkoAnswerSchema) },
      },
    },
    async (request) => ok(request, await playPlinko(ctx, memberId(request), request.body)),
  );

  app.post(
    API.house.roulette,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Spin the European roulette with every chip on the table',
        body: rouletteBetBodySchema,
        response: { 200: envelopeSchema(rouletteAnswerSchema) },
      },
    },
    async (request) => ok(request, await playRoulette(ctx, memberId(request), request.body.bets)),
  );

  app.post(
    API.house.slot(':code'),
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Spin a house slot (free spins resolved in the same round)',
        params: z.object({ code: z.string().max(64) }),
        body: slotSpinBodySchema,
        response: { 200: envelopeSchema(slotAnswerSchema) },
      },
    },
    async (request) => {
      const { code } = request.params;
      if (!isSlotCode(code)) throw new AppError('GAME_NOT_FOUND');
      return ok(request, await playSlot(ctx, memberId(request), code, request.body.amount));
    },
  );

  // ---- mines -----------------------------------------------------------------------------------

  app.post(
    API.house.minesStart,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Start a mines board (stake and mines count)',
        body: minesStartBodySchema,
        response: { 200: envelopeSchema(minesAnswerSchema) },
      },
    },
    async (request) => ok(request, await startMines(ctx, memberId(request), request.body)),
  );

  app.post(
    API.house.minesReveal,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Reveal a tile of the open board (0-24)',
        body: minesRevealBodySchema,
        response: { 200: envelopeSchema(minesAnswerSchema) },
      },
    },
    async (request) => ok(request, await revealMines(ctx, memberId(request), request.body)),
  );

  app.post(
    API.house.minesCashout,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Cash the open board out at its multiplier',
        body: minesCashoutBodySchema,
        response: { 200: envelopeSchema(minesAnswerSchema) },
      },
    },
    async (request) => ok(request, await cashOutMines(ctx, memberId(request), request.body)),
  );

  app.get(
    API.house.minesActive,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'The member’s open mines board (to resume it), or null',
        response: { 200: envelopeSchema(minesActiveAnswerSchema) },
      },
    },
    async (request) => ok(request, await activeMines(ctx, memberId(request))),
  );

  // ---- crash and double --------------------------------------------------------------------------

  app.get(
    API.house.crashState,
    {
      schema: {
        tags,
        summary: 'The current crash round (with the member’s bet when logged in)',
        response: { 200: envelopeSchema(crashStateSchema) },
      },
    },
    async (request) => ok(request, await ctx.houseRounds.crash.state(await optionalMemberId(ctx, request))),
  );

  app.post(
    API.house.crashBet,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Bet on the crash round in its betting window, with an optional auto cash-out',
        body: crashBetBodySchema,
        response: { 200: envelopeSchema(crashBetAnswerSchema) },
      },
    },
    async (request) => ok(request, await ctx.houseRounds.crash.bet(memberOf(request).member, request.body), 'games.bet_placed'),
  );

  app.post(
    API.house.crashCashout,
    {
      onRequest: async (request) => {
        receivedAt.set(request, Date.now());
      },
      ...member,
      schema: {
        tags,
        security,
        summary: 'Cash out at the multiplier of the instant the server receives the request',
        body: crashCashoutBodySchema,
        response: { 200: envelopeSchema(crashCashoutAnswerSchema) },
      },
    },
    async (request) => {
      const answer = await ctx.houseRounds.crash.cashOut(
        memberOf(request).member,
        receivedAt.get(request) ?? Date.now(),
        request.body.round_id,
      );
      return ok(request, answer, 'games.cashed_out', { multiplier: answer.multiplier });
    },
  );

  app.get(
    API.house.doubleState,
    {
      schema: {
        tags,
        summary: 'The current double round (with the member’s stakes when logged in)',
        response: { 200: envelopeSchema(doubleStateSchema) },
      },
    },
    async (request) => ok(request, await ctx.houseRounds.double.state(await optionalMemberId(ctx, request))),
  );

  app.post(
    API.house.doubleBet,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Bet on red, black or white in the double round’s betting window',
        body: doubleBetBodySchema,
        response: { 200: envelopeSchema(doubleBetAnswerSchema) },
      },
    },
    async (request) => ok(request, await ctx.houseRounds.double.bet(memberOf(request).member, request.body), 'games.bet_placed'),
  );
};
