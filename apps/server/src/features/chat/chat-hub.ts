import { EventEmitter } from 'node:events';
import type { ChatServerMessage } from '@casino/shared/schemas/chat';
import { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import type { ChatHub } from '../../context.ts';

export type { ChatHub } from '../../context.ts';

/** One Redis channel for every room: chat traffic is small, and each process filters by room. */
const CHANNEL = 'chat:rooms';
/** Local event name of the messages meant for every room (rains). */
const ALL = '*';

interface Envelope {
  room: string;
  message: ChatServerMessage;
}

/**
 * The chat's fan-out to every server process (features/chat): a message published on one process
 * reaches the sockets of every process. In-process by default; with REDIS_URL through one Redis
 * channel (two connections of its own: a subscribed connection can do nothing else). Created once
 * in bootstrap.ts and reached as `ctx.chatHub` (the rain announces itself with
 * `ctx.chatHub.broadcast('*', { type: 'rain', ... })`).
 */
export function createChatHub(redis?: { publisher: Redis; subscriber: Redis }): ChatHub {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (envelope: Envelope) => local.emit(envelope.room, envelope.message, envelope.room);
  let subscribed: Promise<unknown> | undefined;
  if (redis) {
    redis.subscriber.on('message', (channel: string, text: string) => {
      if (channel !== CHANNEL) return;
      try {
        deliver(JSON.parse(text) as Envelope);
      } catch {
        // A malformed message on our channel is dropped, never thrown into the subscriber.
      }
    });
    subscribed = redis.subscriber.subscribe(CHANNEL);
  }
  return {
    broadcast(room, message) {
      const envelope: Envelope = { room, message };
      if (redis) void redis.publisher.publish(CHANNEL, JSON.stringify(envelope));
      else deliver(envelope);
    },
    subscribe(room, listener) {
      const onRoom = (message: ChatServerMessage) => listener(message);
      local.on(room, onRoom);
      local.on(ALL, onRoom);
      return () => {
        local.off(room, onRoom);
        local.off(ALL, onRoom);
      };
    },
    async ready() {
      await subscribed;
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

/** The hub the configuration asks for: through Redis with REDIS_URL, in-process without. */
export function chatHubFromConfig(config: Pick<Config, 'REDIS_URL'>): ChatHub {
  if (!config.REDIS_URL) return createChatHub();
  return createChatHub({
    publisher: new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }),
    subscriber: new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }),
  });
}
