import { Redis } from 'ioredis';
import type { Config } from '../../../config.ts';
import type { GameContext } from '../house-game.ts';
import { BalancePushes } from './balance-pushes.ts';
import { beaconFromConfig } from './beacon.ts';
import { type Broadcast, createBroadcast } from './broadcast.ts';
import { CrashGame } from './crash-rules.ts';
import { DoubleGame } from './double-rules.ts';
import { createLeadership, type Leadership } from './leader.ts';
import { LiveBacboGame } from './live-bacbo-rules.ts';
import { LiveRouletteGame } from './live-roulette-rules.ts';
import { batcherFor } from './tx-batcher.ts';

/**
 * The shared-round games of this process: their feeds (every process serves sockets and takes
 * bets) and, on the one leader process, their schedulers. Started by the runtime after the
 * context exists and stopped first on shutdown, so no timer outlives the database.
 */
export interface HouseRounds {
  readonly crash: CrashGame;
  readonly double: DoubleGame;
  /** The live tables (issue 14): RNG roulette and Bac Bo. */
  readonly liveRoulette: LiveRouletteGame;
  readonly liveBacbo: LiveBacboGame;
  /** Whether this process currently runs the schedulers. */
  readonly leading: boolean;
  close(): Promise<void>;
}

export async function startHouseRounds(ctx: GameContext, config: Config): Promise<HouseRounds> {
  let bus: Broadcast = createBroadcast();
  if (config.REDIS_URL) {
    bus = createBroadcast({
      publisher: new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }),
      subscriber: new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }),
    });
  }
  const batcher = batcherFor(ctx.db, ctx.dialect);
  const balances = new BalancePushes(ctx);
  // One beacon for both games: the sandbox keeps the values it drew, drand answers the same anyway.
  const beacon = beaconFromConfig(config.FAIRNESS_BEACON, ctx.log);
  const kit = { ctx, bus, batcher, balances, beacon };
  const crash = new CrashGame(kit, {
    bettingMs: config.CRASH_BETTING_MS,
    pauseMs: config.CRASH_PAUSE_MS,
    tickMs: config.CRASH_TICK_MS,
    speed: config.CRASH_SPEED,
    chainLength: config.SHARED_CHAIN_LENGTH,
  });
  const double = new DoubleGame(kit, {
    bettingMs: config.DOUBLE_BETTING_MS,
    spinMs: config.DOUBLE_SPIN_MS,
    pauseMs: config.DOUBLE_PAUSE_MS,
    chainLength: config.SHARED_CHAIN_LENGTH,
  });
  const liveRoulette = new LiveRouletteGame(kit, {
    bettingMs: config.LIVE_ROULETTE_BETTING_MS,
    spinMs: config.LIVE_ROULETTE_SPIN_MS,
    pauseMs: config.LIVE_ROULETTE_PAUSE_MS,
    chainLength: config.SHARED_CHAIN_LENGTH,
  });
  const liveBacbo = new LiveBacboGame(kit, {
    bettingMs: config.LIVE_BACBO_BETTING_MS,
    rollMs: config.LIVE_BACBO_ROLL_MS,
    pauseMs: config.LIVE_BACBO_PAUSE_MS,
    chainLength: config.SHARED_CHAIN_LENGTH,
  });
  crash.start();
  double.start();
  liveRoulette.start();
  liveBacbo.start();

  let leading = false;
  let leadership: Leadership | undefined;
  if (config.SHARED_ROUNDS === 'on') {
    leadership = createLeadership(ctx.db, ctx.dialect, ctx.log);
    leadership.run(async (signal) => {
      leading = true;
      ctx.log.info('shared rounds: this process runs crash and double');
      // One game failing stops the other too, and leadership restarts both after a pause.
      const inner = new AbortController();
      const stop = () => inner.abort();
      signal.addEventListener('abort', stop);
      try {
        const results = await Promise.allSettled([
          crash.lead(inner.signal).finally(stop),
          double.lead(inner.signal).finally(stop),
          liveRoulette.lead(inner.signal).finally(stop),
          liveBacbo.lead(inner.signal).finally(stop),
        ]);
        const failed = results.find((r) => r.status === 'rejected');
        if (failed && !signal.aborted) throw failed.reason;
      } finally {
        signal.removeEventListener('abort', stop);
        leading = false;
      }
    });
  }

  return {
    crash,
    double,
    liveRoulette,
    liveBacbo,
    get leading() {
      return leading;
    },
    async close() {
      await leadership?.close();
      await batcher.drain();
      await balances.drain();
      crash.stop();
      double.stop();
      liveRoulette.stop();
      liveBacbo.stop();
      await bus.close();
    },
  };
}
