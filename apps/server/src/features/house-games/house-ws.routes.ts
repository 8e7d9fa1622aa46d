import { API } from '@casino/shared/api-paths';
import { houseClientMessage } from '@casino/shared/schemas/house-games';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { roundSockets } from './shared/round-socket.ts';

/**
 * /ws/crash and /ws/double (shared/round-socket.ts): everyone may watch (the state on connect,
 * then ticks, bets, cash-outs and results); members connect with ?token=<bearer> and may also send
 * `{ type: 'bet', ref, amount, auto_cashout | color }` and `{ type: 'cashout', ref }`, each
 * answered by a `reply` with the same ref.
 */
export const houseWsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = roundSockets(app, ctx);
  const { crash, double } = ctx.houseRounds;

  route({
    path: API.house.socket('crash'),
    feed: crash.feed,
    state: async (memberId) => ({ type: 'crash.state', data: await crash.state(memberId) }),
    schema: houseClientMessage,
    act: async (member, message, { receivedAt, lang }) => {
      if (message.type === 'cashout') {
        const result = await crash.cashOut(member, receivedAt);
        return { result, message: translate(lang, 'games.cashed_out', { multiplier: result.multiplier }) };
      }
      const result = await crash.bet(member, { amount: message.amount, auto_cashout: message.auto_cashout ?? null });
      return { result, message: translate(lang, 'games.bet_placed') };
    },
  });

  route({
    path: API.house.socket('double'),
    feed: double.feed,
    state: async (memberId) => ({ type: 'double.state', data: await double.state(memberId) }),
    schema: houseClientMessage,
    act: async (member, message, { lang }) => {
      if (message.type === 'cashout') throw new AppError('BAD_PARAMETERS');
      if (!message.color) throw new AppError('VALIDATION_FAILED', { fieldErrors: { color: ['games.color_invalid'] } });
      const result = await double.bet(member, { amount: message.amount, color: message.color });
      return { result, message: translate(lang, 'games.bet_placed') };
    },
  });
};
