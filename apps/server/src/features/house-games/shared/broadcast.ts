import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * Fan-out of the shared rounds to every server process: the leader (and any process that takes a
 * bet or a cash-out) publishes, every process delivers to its own sockets. In-process by default;
 * with REDIS_URL each message goes through a Redis channel, so sockets on every process hear it.
 */
export interface Broadcast {
  publish(channel: string, message: BusMessage): void;
  subscribe(channel: string, listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

/** What travels on the bus: the public message plus what feeds need to merge it (member keys). */
export type BusMessage = { kind: string; [key: string]: unknown };

const PREFIX = 'house:';

export function createBroadcast(redis?: { publisher: Redis; subscriber: Redis }): Broadcast {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();
  if (redis) {
    redis.subscriber.on('message', (channel: string, text: string) => {
      if (channel.startsWith(PREFIX)) local.emit(channel, JSON.parse(text) as BusMessage);
    });
  }
  return {
    publish(channel, message) {
      if (redis) void redis.publisher.publish(`${PREFIX}${channel}`, JSON.stringify(message));
      else local.emit(`${PREFIX}${channel}`, message);
    },
    subscribe(channel, listener) {
      const name = `${PREFIX}${channel}`;
      local.on(name, listener);
      const count = (counts.get(name) ?? 0) + 1;
      counts.set(name, count);
      if (redis && count === 1) void redis.subscriber.subscribe(name);
      return () => {
        local.off(name, listener);
        const left = (counts.get(name) ?? 1) - 1;
        if (left > 0) counts.set(name, left);
        else {
          counts.delete(name);
          if (redis) void redis.subscriber.unsubscribe(name);
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
