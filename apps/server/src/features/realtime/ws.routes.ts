import { API } from '@casino/shared/api-paths';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/http.ts';
import { authenticate } from '../../platform/auth/authenticate.ts';
import { pushBalance } from '../../platform/realtime/realtime.ts';

const RECHECK_MS = 30_000;
const MAX_SOCKETS_PER_MEMBER = 5;

/**
 * /ws?token=<bearer>: the member's balance and order changes, pushed. The session is checked at
 * connect and every 30 s, so a session forced off (or expired) loses its socket too.
 */
export const wsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The websocket plugin itself is registered once, in app.ts.
  const open = new Map<number, number>();

  app.get(API.websocket, { websocket: true, schema: { hide: true } }, async (socket, request) => {
    const token = String((request.query as Record<string, unknown>).token ?? '');
    let memberId: number;
    try {
      memberId = (await authenticate(ctx, token)).member.id;
    } catch (error) {
      socket.close(4401, error instanceof AppError ? 'unauthenticated' : 'error');
      return;
    }
    if ((open.get(memberId) ?? 0) >= MAX_SOCKETS_PER_MEMBER) {
      socket.close(4429, 'too many connections');
      return;
    }
    open.set(memberId, (open.get(memberId) ?? 0) + 1);
    const unsubscribe = ctx.realtime.subscribe(memberId, (message) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    });
    const recheck = setInterval(() => {
      authenticate(ctx, token).catch(() => socket.close(4401, 'unauthenticated'));
    }, RECHECK_MS);
    socket.on('close', () => {
      clearInterval(recheck);
      unsubscribe();
      const left = (open.get(memberId) ?? 1) - 1;
      if (left > 0) open.set(memberId, left);
      else open.delete(memberId);
    });
    // Players only listen; anything they send is ignored.
    socket.on('message', () => {});
    await pushBalance(ctx.db, ctx.realtime, memberId);
  });
};
