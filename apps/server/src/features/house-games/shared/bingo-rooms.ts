import { BINGO_ROOMS, type BingoRoom } from '@casino/games/bingo';
import { Redis } from 'ioredis';
import type { Config } from '../../../config.ts';
import type { GameContext } from '../house-game.ts';
import { BalancePushes } from './balance-pushes.ts';
import { beaconFromConfig } from './beacon.ts';
import { BingoGame } from './bingo-rules.ts';
import { type Broadcast, createBroadcast } from './broadcast.ts';
import { createLeadership, type Leadership } from './leader.ts';
import { batcherFor } from './tx-batcher.ts';

/**
 * The bingo rooms of this process: every process serves their sockets and sells cards; the one
 * leader (its own lock, 'bingo') draws the balls and settles. Started when the routes register,
 * stopped when the server closes (before the database).
 */
export interface BingoRooms {
  readonly rooms: Readonly<Record<BingoRoom, BingoGame>>;
  readonly leading: boolean;
  close(): Promise<void>;
}

export function bingoEnabled(config: Config): boolean {
  return (config.BINGO_ROUNDS ?? config.SHARED_ROUNDS) === 'on';
}

/** One set of rooms per database handle: a second app built on the same context shares them. */
const running = new WeakMap<object, { rooms: BingoRooms; users: number }>();

export function startBingoRooms(ctx: GameContext, config: Config): BingoRooms {
  const shared = running.get(ctx.db);
  if (shared) {
    shared.users += 1;
    return shared.rooms;
  }
  const inner = createBingoRooms(ctx, config);
  const entry: { rooms: BingoRooms; users: number } = {
    users: 1,
    rooms: {
      rooms: inner.rooms,
      get leading() {
        return inner.leading;
      },
      async close() {
        entry.users -= 1;
        if (entry.users > 0) return;
        running.delete(ctx.db);
        await inner.close();
      },
    },
  };
  running.set(ctx.db, entry);
  return entry.rooms;
}

function createBingoRooms(ctx: GameContext, config: Config): BingoRooms {
  let bus: Broadcast = createBroadcast();
  if (config.REDIS_URL) {
    bus = createBroadcast({
      publisher: new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }),
      subscriber: new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }),
    });
  }
  const batcher = batcherFor(ctx.db, ctx.dialect);
  const balances = new BalancePushes(ctx);
  const beacon = beaconFromConfig(config.FAIRNESS_BEACON, ctx.log);
  const kit = { ctx, bus, batcher, balances, beacon };
  const timings = {
    bettingMs: config.BINGO_BUY_MS,
    ballMs: config.BINGO_BALL_MS,
    pauseMs: config.BINGO_PAUSE_MS,
    chainLength: config.SHARED_CHAIN_LENGTH,
    maxCards: config.BINGO_MAX_CARDS,
  };
  const rooms = {
    'bingo-75': new BingoGame(kit, timings, 'bingo-75'),
    'bingo-90': new BingoGame(kit, timings, 'bingo-90'),
  } as const;
  for (const room of BINGO_ROOMS) rooms[room].start();

  let leading = false;
  let leadership: Leadership | undefined;
  if (bingoEnabled(config)) {
    leadership = createLeadership(ctx.db, ctx.dialect, ctx.log, 'bingo');
    leadership.run(async (signal) => {
      leading = true;
      ctx.log.info('bingo: this process draws the rooms');
      const inner = new AbortController();
      const stop = () => inner.abort();
      signal.addEventListener('abort', stop);
      try {
        const results = await Promise.allSettled(BINGO_ROOMS.map((room) => rooms[room].lead(inner.signal).finally(stop)));
        const failed = results.find((r) => r.status === 'rejected');
        if (failed && !signal.aborted) throw failed.reason;
      } finally {
        signal.removeEventListener('abort', stop);
        leading = false;
      }
    });
  }

  return {
    rooms,
    get leading() {
      return leading;
    },
    async close() {
      await leadership?.close();
      await batcher.drain();
      await balances.drain();
      for (const room of BINGO_ROOMS) rooms[room].stop();
      await bus.close();
    },
  };
}
