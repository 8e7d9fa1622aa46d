import { EventEmitter } from 'node:events';
import { formatCentavos } from '@casino/shared/money';
import type { ServerMessage } from '@casino/shared/schemas/ws';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/database.ts';
import { memberBalances } from './balances.repository.ts';

/**
 * Pushes messages to a member's open websockets. In-process by default; with REDIS_URL every
 * server process publishes to Redis and delivers what its own sockets subscribe to.
 */
export interface Realtime {
  publish(memberId: number, message: ServerMessage): void;
  subscribe(memberId: number, listener: (message: ServerMessage) => void): () => void;
  /**
   * Whether a message to the member may reach a socket: always with Redis (another process may
   * hold it), else whether this process has one. Lets a job that moves many members' money (a
   * settlement) skip reading balances nobody would see.
   */
  mayReach(memberId: number): boolean;
  /**
   * A message for every open socket, visitors' included (an announcement): through Redis to every
   * process when REDIS_URL is set.
   */
  broadcast(message: ServerMessage): void;
  /**
   * A message for this process's sockets only: for news every process finds on its own (the live
   * feed reads the settled rounds on each process), so nothing crosses Redis twice.
   */
  broadcastLocal(message: ServerMessage): void;
  /** Every socket of this process hears the broadcasts; returns the unsubscribe. */
  subscribeBroadcast(listener: (message: ServerMessage) => void): () => void;
  /** How many sockets of this process hear the broadcasts (a feed with no audience reads nothing). */
  broadcastAudience(): number;
  close(): Promise<void>;
}

const CHANNEL_PREFIX = 'member:';
const BROADCAST_CHANNEL = 'broadcast';

export function createRealtime(redis?: { publisher: Redis; subscriber: Redis }): Realtime {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<number, number>();
  let audience = 0;

  if (redis) {
    redis.subscriber.on('message', (channel: string, text: string) => {
      if (channel.startsWith(CHANNEL_PREFIX) || channel === BROADCAST_CHANNEL) local.emit(channel, JSON.parse(text) as ServerMessage);
    });
  }

  return {
    broadcast(message) {
      if (redis) void redis.publisher.publish(BROADCAST_CHANNEL, JSON.stringify(message));
      else local.emit(BROADCAST_CHANNEL, message);
    },
    broadcastLocal(message) {
      local.emit(BROADCAST_CHANNEL, message);
    },
    broadcastAudience() {
      return audience;
    },
    subscribeBroadcast(listener) {
      local.on(BROADCAST_CHANNEL, listener);
      audience += 1;
      if (redis && audience === 1) void redis.subscriber.subscribe(BROADCAST_CHANNEL);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        local.off(BROADCAST_CHANNEL, listener);
        audience -= 1;
        if (redis && audience === 0) void redis.subscriber.unsubscribe(BROADCAST_CHANNEL);
      };
    },
    publish(memberId, message) {
      if (redis) void redis.publisher.publish(`${CHANNEL_PREFIX}${memberId}`, JSON.stringify(message));
      else local.emit(`${CHANNEL_PREFIX}${memberId}`, message);
    },
    mayReach(memberId) {
      return redis !== undefined || counts.has(memberId);
    },
    subscribe(memberId, listener) {
      const channel = `${CHANNEL_PREFIX}${memberId}`;
      local.on(channel, listener);
      const count = (counts.get(memberId) ?? 0) + 1;
      counts.set(memberId, count);
      if (redis && count === 1) void redis.subscriber.subscribe(channel);
      return () => {
        local.off(channel, listener);
        const left = (counts.get(memberId) ?? 1) - 1;
        if (left > 0) counts.set(memberId, left);
        else {
          counts.delete(memberId);
          if (redis) void redis.subscriber.unsubscribe(channel);
        }
      };
    },
    async close() {
      local.removeAllListeners();
      if (redis) {
        await redis.subscriber.quit();
        await redis.publisher.quit();
      }
    },
  };
}

/** Sends the member's current balances; call it after the transaction that moved them commits. */
export async function pushBalance(db: Database, realtime: Realtime, memberId: number): Promise<void> {
  await pushBalances(db, realtime, [memberId]);
}

/**
 * Sends the current balances of a few members (one read for all of them), after the commit;
 * reads nothing for members no socket could hear (a bet from a page without one).
 */
export async function pushBalances(db: Database, realtime: Realtime, memberIds: readonly number[]): Promise<void> {
  const reachable = memberIds.filter((id) => realtime.mayReach(id));
  if (reachable.length === 0) return;
  for (const [memberId, balances] of await memberBalances(db, reachable)) {
    realtime.publish(memberId, {
      type: 'balance',
      data: {
        money: formatCentavos(balances.cashCentavos),
        fs_money: formatCentavos(balances.rebateCentavos),
        ml_money: formatCentavos(balances.wageringRequiredCentavos),
      },
    });
  }
}

/**
 * Tells the member's open tabs that a notification of `kind` arrived (issue 15 item 7), so the
 * badge and the list refresh without a reload; call it after the transaction that wrote it commits.
 */
export function pushNotification(realtime: Realtime, memberId: number, kind: string): void {
  realtime.publish(memberId, { type: 'notification', data: { kind } });
}
