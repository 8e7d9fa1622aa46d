import { BINGO_ROOMS, type BingoRoom, isBingoRoom } from '@casino/games/bingo';
import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { bingoBuyAnswerSchema, bingoBuyBodySchema, bingoRoomsSchema } from '@casino/shared/schemas/house-bingo';
import type { HouseServerMessage } from '@casino/shared/schemas/house-games';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, ok } from '../../lib/http.ts';
import { authenticate } from '../../platform/auth/authenticate.ts';
import { bearerToken, memberOf, requireMember } from '../../platform/auth/guards.ts';
import { startBingoRooms } from './shared/bingo-rooms.ts';
import type { FeedSocket } from './shared/feed.ts';

const tags = ['house games'];
const security = [{ bearer: [] }];

async function optionalMemberId(ctx: AppContext, request: FastifyRequest): Promise<number | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  try {
    return (await authenticate(ctx, token)).member.id;
  } catch {
    return undefined;
  }
}

/**
 * Bingo (issue 14 item 5): GET API.house.bingoRooms, POST API.house.bingoBuy and the watch-only
 * socket /ws/bingo (?room=bingo-75|bingo-90; both rooms when absent). Cards are bought over HTTP;
 * the socket carries the rooms' states, sales and balls. The rooms run on this process from
 * registration until the server closes.
 */
export const bingoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const bingo = startBingoRooms(ctx, ctx.config);
  app.addHook('onClose', async () => bingo.close());

  app.get(
    API.house.bingoRooms,
    {
      schema: {
        tags,
        summary: 'The bingo rooms: their round, card price, pot, jackpot, and the member’s cards when signed in',
        response: { 200: envelopeSchema(bingoRoomsSchema) },
      },
    },
    async (request) => {
      const memberId = await optionalMemberId(ctx, request);
      const rooms = [];
      for (const room of BINGO_ROOMS) {
        try {
          rooms.push(await bingo.rooms[room].state(memberId));
        } catch (error) {
          if (!(error instanceof AppError)) throw error; // no round yet: the room is left out
        }
      }
      return ok(request, { rooms });
    },
  );

  app.post(
    API.house.bingoBuy,
    {
      preValidation: requireMember(ctx),
      schema: {
        tags,
        security,
        summary: 'Buy 1 to BINGO_MAX_CARDS cards for the room’s round in its buying window',
        body: bingoBuyBodySchema,
        response: { 200: envelopeSchema(bingoBuyAnswerSchema) },
      },
    },
    async (request) => {
      const { room, cards } = request.body;
      return ok(request, await bingo.rooms[room].buy(memberOf(request).member, { cards }), 'bingo.bought');
    },
  );

  app.get(API.house.socket('bingo'), { websocket: true, schema: { hide: true } }, (socket, request) => {
    const query = request.query as Record<string, unknown>;
    const wanted: BingoRoom[] = typeof query.room === 'string' && isBingoRoom(query.room) ? [query.room] : [...BINGO_ROOMS];
    const feedSocket = socket as unknown as FeedSocket;
    let closed = false;
    socket.on('close', () => {
      closed = true;
      for (const room of wanted) bingo.rooms[room].feed.remove(feedSocket);
    });
    // Watch only: anything sent is ignored.
    socket.on('message', () => {});
    void (async () => {
      for (const room of wanted) {
        if (closed) return;
        const game = bingo.rooms[room];
        if (!game.feed.add(feedSocket)) {
          socket.close(4429, 'server busy');
          return;
        }
        try {
          game.feed.send(feedSocket, { type: 'bingo.state', data: await game.state() } as unknown as HouseServerMessage);
        } catch (error) {
          if (!(error instanceof AppError)) request.log.warn({ err: error }, 'bingo socket state failed');
        }
      }
    })();
  });
};
