import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './http.ts';
import { addressBucket, type Counter, LoginThrottle, type LoginThrottlePolicy, MemoryCounter, RedisCounter } from './rate-limiter.ts';

// The counters behind login, captcha and email-code limits; Redis shares them between servers. The
// login throttle on both: a stranger's failures make only the stranger's address wait.
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

describe.each(counters)('%s counter windows', (_name, make) => {
  const freshKey = () => `test:${process.env.TEST_DB}:${Math.random().toString(36).slice(2)}`;

  it('pushes a sliding window back with every hit, and not a fixed one', async () => {
    const counter = make();
    const [fixed, sliding] = [freshKey(), freshKey()];
    await counter.hit(fixed, 600);
    await counter.hit(sliding, 600, { sliding: true });
    await new Promise((r) => setTimeout(r, 400));
    await counter.hit(fixed, 600);
    await counter.hit(sliding, 600, { sliding: true });
    await new Promise((r) => setTimeout(r, 400));
    expect(await counter.count(fixed)).toBe(0);
    expect(await counter.count(sliding)).toBe(2);
  });

  it('holds a key for exactly the time asked, replacing its window, and tells what is left', async () => {
    const counter = make();
    const key = freshKey();
    expect(await counter.remainingMs(key)).toBe(0);
    await counter.hit(key, 60_000);
    await counter.hold(key, 300);
    const left = await counter.remainingMs(key);
    expect(left).toBeGreaterThan(200);
    expect(left).toBeLessThanOrEqual(300);
    expect(await counter.count(key)).toBe(1);
    await new Promise((r) => setTimeout(r, 350));
    expect(await counter.remainingMs(key)).toBe(0);
    expect(await counter.count(key)).toBe(0);
  });
});

describe.each(counters)('%s login throttle', (_name, make) => {
  const policy: LoginThrottlePolicy = {
    pairFreeFailures: 3,
    pairWindowMs: 10_000,
    firstWaitMs: 300,
    maxWaitMs: 1_000,
    addressFailures: 8,
    addressWindowMs: 10_000,
  };
  const throttled = async (promise: Promise<void>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    return error instanceof AppError && error.errorCode === 'LOGIN_THROTTLED' ? (error.extra?.retry_after as number) : null;
  };

  it("makes only the stranger's address wait, longer with each failure, and forgets the owner's on success", async () => {
    const throttle = new LoginThrottle(make(), `t${Math.random().toString(36).slice(2)}`, policy);
    for (let i = 0; i < 2; i++) await throttle.recordFailure('admin', '203.0.113.9');
    expect(await throttled(throttle.assertAllowed('admin', '203.0.113.9'))).toBeNull();
    await throttle.recordFailure('admin', '203.0.113.9'); // the third: 300 ms to wait
    expect(await throttled(throttle.assertAllowed('admin', '203.0.113.9'))).toBe(1);
    // The owner, elsewhere, is not held back; another account from the stranger's address neither.
    expect(await throttled(throttle.assertAllowed('admin', '198.51.100.7'))).toBeNull();
    expect(await throttled(throttle.assertAllowed('other', '203.0.113.9'))).toBeNull();
    await new Promise((r) => setTimeout(r, 350));
    expect(await throttled(throttle.assertAllowed('admin', '203.0.113.9'))).toBeNull();
    await throttle.recordFailure('admin', '203.0.113.9'); // the fourth: 600 ms
    await new Promise((r) => setTimeout(r, 350));
    expect(await throttled(throttle.assertAllowed('admin', '203.0.113.9'))).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await throttled(throttle.assertAllowed('admin', '203.0.113.9'))).toBeNull();
    // The owner fails twice at home and then gets in: the count at home starts again.
    await throttle.recordFailure('admin', '198.51.100.7');
    await throttle.recordFailure('admin', '198.51.100.7');
    await throttle.recordSuccess('admin', '198.51.100.7');
    await throttle.recordFailure('admin', '198.51.100.7');
    await throttle.recordFailure('admin', '198.51.100.7');
    expect(await throttled(throttle.assertAllowed('admin', '198.51.100.7'))).toBeNull();
  });

  it('stops an address that tries many accounts, and counts an IPv6 network as one address', async () => {
    const throttle = new LoginThrottle(make(), `t${Math.random().toString(36).slice(2)}`, policy);
    for (let i = 0; i < 8; i++) await throttle.recordFailure(`user${i}`, `2001:db8:1:2::${i + 1}`);
    expect(await throttled(throttle.assertAllowed('someone-else', '2001:db8:1:2:ffff::1'))).toBe(10);
    expect(await throttled(throttle.assertAllowed('someone-else', '2001:db8:1:3::1'))).toBeNull();
  });
});

describe('addressBucket', () => {
  it('keeps IPv4, unwraps IPv4-mapped addresses and cuts IPv6 to its /64', () => {
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('2001:db8:0:0:1::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('2001:db8:aa:bb:cc:dd:ee:ff')).toBe('2001:db8:aa:bb::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
  });
});
