import type { Redis } from 'ioredis';

/**
 * Counts events per key in a fixed window. In-process by default; Redis when REDIS_URL is set, so
 * several server processes share the counts (DESIGN.md section 12).
 */
export interface Counter {
  /** Adds one and returns the count in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

const MAX_KEYS = 100_000;

export class MemoryCounter implements Counter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      return entry.count;
    }
    if (this.entries.size >= MAX_KEYS) this.evictExpired(now);
    this.entries.set(key, { count: 1, resetAt: now + windowMs });
    return 1;
  }

  async count(key: string): Promise<number> {
    const entry = this.entries.get(key);
    return entry && entry.resetAt > Date.now() ? entry.count : 0;
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private evictExpired(now: number) {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    // Still full of live keys: drop the oldest inserted, bounded memory wins over precision.
    for (const key of this.entries.keys()) {
      if (this.entries.size < MAX_KEYS) break;
      this.entries.delete(key);
    }
  }
}

export class RedisCounter implements Counter {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowMs: number): Promise<number> {
    const [[, count]] = (await this.redis.multi().incr(`rl:${key}`).pexpire(`rl:${key}`, windowMs, 'NX').exec()) as [[unknown, number]];
    return count;
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(`rl:${key}`)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`rl:${key}`);
  }
}
