import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Counter, MemoryCounter, RedisCounter } from './rate-limiter.ts';

// The counters behind login, captcha and email-code limits; Redis shares them between servers.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let redis: Redis;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
});
afterAll(async () => {
  await redis.quit();
});

const counters: [string, () => Counter][] = [
  ['memory', () => new MemoryCounter()],
  ['redis', () => new RedisCounter(redis)],
];

describe.each(counters)('%s counter', (_name, make) => {
  it('counts hits in a window, concurrently, and forgets after it', async () => {
    const counter = make();
    const key = `test:${process.env.TEST_DB}:${Math.random().toString(36).slice(2)}`;
    const counts = await Promise.all(Array.from({ length: 20 }, () => counter.hit(key, 300)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await counter.count(key)).toBe(20);
    await new Promise((r) => setTimeout(r, 350));
    expect(await counter.count(key)).toBe(0);
    expect(await counter.hit(key, 300)).toBe(1);
    await counter.reset(key);
    expect(await counter.count(key)).toBe(0);
  });
});
