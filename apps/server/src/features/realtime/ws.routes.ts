import { API } from '@casino/shared/api-paths';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/http.ts';
import { authenticate } from '../../platform/auth/authenticate.ts';
import { pushBalance } from '../../platform/realtime/realtime.ts';

const RECHECK_MS = 30_000;
const MAX_SOCKETS_PER_MEMBER = 5;
/**
 * Visitors' sockets (the live feed on a page without a session), per address and per process.
 * Generous per address: Brazilian mobile carriers put many phones behind one (CGNAT).
 */
const MAX_VISITOR_SOCKETS_PER_ADDRESS = 50;
const MAX_VISITOR_SOCKETS = 20_000;

/**
 * /ws?token=<bearer>: the member's balance and order changes, pushed, and the broadcasts (the
 * live feed's rounds, announcements). The session is checked at connect and every 30 s, so a
 * session forced off (or expired) loses its socket too. Without a token the socket is a
 * visitor's: it hears the broadcasts only (public by nature), nothing of any member.
 */
export const wsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The websocket plugin itself is registered once, in app.ts.
  const open = new Map<number, number>();
  const visitors = new Map<string, number>();
  let visitorTotal = 0;

  function forward(socket: { readyState: number; OPEN: number; send(data: string): void }) {
    return (message: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
  }

  app.get(API.websocket, { websocket: true, schema: { hide: true } }, async (socket, request) => {
    const token = String((request.query as Record<string, unknown>).token ?? '');
    if (token === '') {
      const address = request.ip;
      if (visitorTotal >= MAX_VISITOR_SOCKETS || (visitors.get(address) ?? 0) >= MAX_VISITOR_SOCKETS_PER_ADDRESS) {
        socket.close(4429, 'too many connections');
        return;
      }
      visitors.set(address, (visitors.get(address) ?? 0) + 1);
      visitorTotal += 1;
      const unsubscribeVisitor = ctx.realtime.subscribeBroadcast(forward(socket));
      socket.on('close', () => {
        unsubscribeVisitor();
        visitorTotal -= 1;
        const left = (visitors.get(address) ?? 1) - 1;
        if (left > 0) visitors.set(address, left);
        else visitors.delete(address);
      });
      socket.on('message', () => {});
      return;
    }
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
    const unsubscribeMember = ctx.realtime.subscribe(memberId, forward(socket));
    const unsubscribeBroadcast = ctx.realtime.subscribeBroadcast(forward(socket));
    const unsubscribe = () => {
      unsubscribeMember();
      unsubscribeBroadcast();
    };
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
