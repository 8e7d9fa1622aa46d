import { FEED_LATEST_SIZE, FEED_TOP_SIZE, type FeedEntry, type FeedWinsResponse } from '@casino/shared/schemas/feed';
import { formatCentavos } from '@casino/shared/money';
import type { AppContext } from '../../context.ts';
import { maskAccount } from '../../lib/mask-account.ts';
import { dayRange, saoPauloDay } from '../../lib/sao-paulo.ts';
import * as repo from './feed.repository.ts';

/**
 * The live feed (issue 15 item 3): the latest settled rounds of every game and the day's biggest
 * multipliers, players masked. Nothing is written for it and the bet path does not know it
 * exists: the answer is read from game_rounds (cached briefly, so a crowd on the home page is a
 * few reads a second at most), and each process tails the settled rounds once a second while it
 * has sockets listening, pushing what is new to them as `{ type: 'win' }`. Every process reads
 * the rounds itself, so with several processes (and Redis or not) each socket hears each round
 * once, and only rounds that committed are ever shown.
 */

type FeedContext = Pick<AppContext, 'db' | 'realtime' | 'log'>;

const LATEST_CACHE_MS = 2_000;
/** The day's top list scans the day's settled rounds: read less often; pushes keep screens current meanwhile. */
const TOP_CACHE_MS = 15_000;

function namesOf(json: string): Record<string, string> {
  const names: Record<string, string> = {};
  try {
    const parsed = JSON.parse(json) as unknown;
    if (parsed && typeof parsed === 'object') {
      for (const [lang, name] of Object.entries(parsed)) if (typeof name === 'string' && name.trim() !== '') names[lang] = name;
    }
  } catch {
    // A malformed catalogue row keeps its default name.
  }
  return names;
}

export function toEntry(row: repo.FeedRow): FeedEntry {
  const bet = Number(row.bet_centavos);
  const win = Number(row.win_centavos);
  const hundredths = bet > 0 ? Math.floor((win * 100) / bet) : 0;
  return {
    id: Number(row.id),
    game_code: row.game_code,
    game_name: row.game_name,
    game_names: namesOf(row.game_names_json),
    game_kind: row.game_kind,
    player: maskAccount(row.account),
    bet: formatCentavos(bet),
    win: formatCentavos(win),
    multiplier: `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`,
    at: new Date(row.settled_at ?? Date.now()).toISOString(),
  };
}

type Cached<T> = { at: number; value: Promise<T> };
type FeedCache = { latest?: Cached<FeedEntry[]>; top?: Cached<FeedEntry[]> & { day: string } };
const caches = new WeakMap<object, FeedCache>();

/** A read shared by every caller for `ttlMs`; a failed read is not remembered. */
function remembered<T>(entry: Cached<T> | undefined, ttlMs: number, load: () => Promise<T>, keep: (entry: Cached<T> | undefined) => void) {
  if (entry && Date.now() - entry.at < ttlMs) return entry.value;
  const fresh: Cached<T> = { at: Date.now(), value: load() };
  keep(fresh);
  fresh.value.catch(() => keep(undefined));
  return fresh.value;
}

/** GET /api/feed/wins: the latest rounds and the São Paulo day's biggest multipliers. */
export async function feedWins(ctx: Pick<AppContext, 'db'>): Promise<FeedWinsResponse> {
  const cache = caches.get(ctx.db) ?? {};
  caches.set(ctx.db, cache);
  const day = saoPauloDay();
  const latest = remembered(
    cache.latest,
    LATEST_CACHE_MS,
    async () => (await repo.latestRounds(ctx.db, FEED_LATEST_SIZE)).map(toEntry),
    (entry) => {
      cache.latest = entry;
    },
  );
  // Yesterday's list is never today's, however fresh.
  const top = remembered(
    cache.top?.day === day ? cache.top : undefined,
    TOP_CACHE_MS,
    async () => (await repo.topMultipliers(ctx.db, dayRange(day), FEED_TOP_SIZE)).map(toEntry),
    (entry) => {
      cache.top = entry ? { ...entry, day } : undefined;
    },
  );
  return { day, latest: await latest, top: await top };
}

/** Forgets the cached answers (tests that play rounds and read the feed at once). */
export function forgetFeedCache(ctx: Pick<AppContext, 'db'>): void {
  caches.delete(ctx.db);
}

export const TAIL_INTERVAL_MS = 1_000;
/** How far back each read looks again: a round written with an earlier time may commit a little later (PostgreSQL). */
const TAIL_OVERLAP_MS = 5_000;
/** Rows read per tick: a busy second shows its newest rounds, not all of them. */
const TAIL_READ_LIMIT = 200;
/** Messages per tick: the strip shows a dozen lines; more would only cost the sockets. */
const TAIL_PUSH_LIMIT = 20;

export interface FeedTail {
  /** One read and push now (the timer calls it; tests too). */
  tick(): Promise<void>;
  stop(): void;
}

/**
 * This process's tail of the settled rounds: while any socket listens, reads the rounds settled
 * since the last read (with an overlap, ids already pushed skipped) and pushes the newest to its
 * own sockets. With no socket listening it reads nothing, and starts from a moment ago when one comes.
 */
export function startFeedTail(ctx: FeedContext, intervalMs = TAIL_INTERVAL_MS): FeedTail {
  // One tail per push channel: two apps on one context (tests) would otherwise push each round twice.
  const shared = tails.get(ctx.realtime);
  if (shared) {
    shared.users += 1;
    return { tick: shared.tail.tick, stop: () => release(ctx.realtime) };
  }
  const tail = newTail(ctx, intervalMs);
  tails.set(ctx.realtime, { tail, users: 1 });
  return { tick: tail.tick, stop: () => release(ctx.realtime) };
}

const tails = new WeakMap<object, { tail: FeedTail; users: number }>();

function release(realtime: object): void {
  const shared = tails.get(realtime);
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  shared.tail.stop();
  tails.delete(realtime);
}

function newTail(ctx: FeedContext, intervalMs: number): FeedTail {
  let floor: string | undefined;
  let newest: string | undefined;
  const seen = new Map<number, string>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;

  async function read(): Promise<void> {
    if (ctx.realtime.broadcastAudience() === 0) {
      floor = undefined;
      newest = undefined;
      seen.clear();
      return;
    }
    if (floor === undefined || newest === undefined) {
      // The first listener came within the last interval: rounds of that moment are news to it.
      floor = new Date(Date.now() - 2 * intervalMs).toISOString();
      newest = floor;
    }
    const sinceMs = Math.max(Date.parse(newest) - TAIL_OVERLAP_MS, Date.parse(floor));
    const since = new Date(sinceMs).toISOString();
    const rows = await repo.roundsSettledSince(ctx.db, since, TAIL_READ_LIMIT);
    const fresh = rows.filter((row) => !seen.has(Number(row.id)));
    for (const row of rows) {
      const at = new Date(row.settled_at ?? since).toISOString();
      seen.set(Number(row.id), at);
      if (at > newest) newest = at;
    }
    for (const [id, at] of seen) if (at < since) seen.delete(id);
    // Oldest first, so a screen that prepends each one ends with the newest on top.
    for (const row of fresh.slice(0, TAIL_PUSH_LIMIT).reverse()) {
      ctx.realtime.broadcastLocal({ type: 'win', data: toEntry(row) });
    }
  }

  function tick(): Promise<void> {
    running ??= read()
      .catch((error) => ctx.log.warn({ err: error }, 'live feed read failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().then(schedule);
    }, intervalMs);
    timer.unref();
  }
  schedule();

  return {
    tick,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
