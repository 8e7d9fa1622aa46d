import { isIPv4, isIPv6 } from 'node:net';
import { LANGUAGES, normalizeLanguage } from '@casino/shared/languages';
import type { Redis } from 'ioredis';
import { AppError } from './http.ts';

/**
 * Counts events per key in a window. In-process by default; Redis when REDIS_URL is set, so
 * several server processes share the counts (DESIGN.md section 12).
 */
export interface Counter {
  /**
   * Adds one and returns the count in the current window. A fixed window starts at the first hit;
   * a sliding one (`sliding: true`) is pushed back by every hit, so the count lives until
   * `windowMs` after the last one.
   */
  hit(key: string, windowMs: number, options?: { sliding?: boolean }): Promise<number>;
  count(key: string): Promise<number>;
  /** Milliseconds until the key's window ends; 0 when it has none. */
  remainingMs(key: string): Promise<number>;
  /** Sets the key to one for exactly `ms`, whatever window it had. */
  hold(key: string, ms: number): Promise<void>;
  reset(key: string): Promise<void>;
}

const MAX_KEYS = 100_000;

export class MemoryCounter implements Counter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number, options?: { sliding?: boolean }): Promise<number> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      if (options?.sliding) entry.resetAt = now + windowMs;
      return entry.count;
    }
    this.set(key, 1, now + windowMs, now);
    return 1;
  }

  async count(key: string): Promise<number> {
    const entry = this.entries.get(key);
    return entry && entry.resetAt > Date.now() ? entry.count : 0;
  }

  async remainingMs(key: string): Promise<number> {
    const entry = this.entries.get(key);
    return entry ? Math.max(0, entry.resetAt - Date.now()) : 0;
  }

  async hold(key: string, ms: number): Promise<void> {
    const now = Date.now();
    this.set(key, 1, now + ms, now);
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private set(key: string, count: number, resetAt: number, now: number) {
    this.entries.delete(key); // re-inserted last: the eviction order is the insertion order
    if (this.entries.size >= MAX_KEYS) this.evictExpired(now);
    this.entries.set(key, { count, resetAt });
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

  async hit(key: string, windowMs: number, options?: { sliding?: boolean }): Promise<number> {
    const multi = this.redis.multi().incr(`rl:${key}`);
    if (options?.sliding) multi.pexpire(`rl:${key}`, windowMs);
    else multi.pexpire(`rl:${key}`, windowMs, 'NX');
    const [[, count]] = (await multi.exec()) as [[unknown, number]];
    return count;
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(`rl:${key}`)) ?? 0);
  }

  async remainingMs(key: string): Promise<number> {
    // PTTL answers -2 for a missing key and -1 for one without expiry (never set by this class).
    return Math.max(0, await this.redis.pttl(`rl:${key}`));
  }

  async hold(key: string, ms: number): Promise<void> {
    await this.redis.set(`rl:${key}`, 1, 'PX', ms);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`rl:${key}`);
  }
}

/**
 * The part of a client address a limit counts. IPv4 addresses count alone (an IPv4-mapped IPv6
 * address is its IPv4 address); IPv6 addresses count by their /64 network, the smallest block a
 * provider hands one customer, so a stranger cannot get fresh counters by changing the host part.
 */
export function addressBucket(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const first = groupsOf(head);
  const last = tail === undefined ? [] : groupsOf(tail);
  const groups = [...first, ...Array<string>(8 - first.length - last.length).fill('0'), ...last];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface LoginThrottlePolicy {
  /** Wrong passwords for one account from one address before that address has to wait. */
  pairFreeFailures: number;
  /** How long one pair's failures are remembered after the last one. */
  pairWindowMs: number;
  /** The first wait; each further failure doubles it, up to `maxWaitMs`. */
  firstWaitMs: number;
  maxWaitMs: number;
  /** Wrong passwords from one address over all accounts in `addressWindowMs` before it waits the window out. */
  addressFailures: number;
  addressWindowMs: number;
}

/**
 * The login policy from LOGIN_MAX_FAILURES: that many wrong passwords for one account from one
 * address, then waits of 30 s doubling with each further failure up to 15 minutes; an address
 * that fails ten times as often over all accounts waits out its 15-minute window.
 */
export function loginPolicy(maxFailures: number): LoginThrottlePolicy {
  return {
    pairFreeFailures: maxFailures,
    pairWindowMs: 60 * 60_000,
    firstWaitMs: 30_000,
    maxWaitMs: 15 * 60_000,
    addressFailures: maxFailures * 10,
    addressWindowMs: 15 * 60_000,
  };
}

/**
 * Slows down password guessing without handing anyone a way to lock an account: failures are
 * counted per (account, address) pair, so a stranger's wrong passwords make only the stranger
 * wait, and the owner logs in from their own address meanwhile. A looser counter per address
 * stops one address from trying many accounts. Guessing one account from many addresses is met
 * by what follows the password (the captcha for members, the second factor for operators).
 */
export class LoginThrottle {
  constructor(
    private readonly counters: Counter,
    /** Separates the counters of different logins (members, operators). */
    private readonly scope: string,
    private readonly policy: LoginThrottlePolicy,
  ) {}

  /** Throws LOGIN_THROTTLED (429, with retry_after in seconds) while this pair or address must wait. */
  async assertAllowed(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    const pairWaitMs = await this.counters.remainingMs(keys.wait);
    if (pairWaitMs > 0) throw loginThrottled(pairWaitMs);
    if ((await this.counters.count(keys.address)) >= this.policy.addressFailures) {
      throw loginThrottled(await this.counters.remainingMs(keys.address));
    }
  }

  async recordFailure(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    const { policy } = this;
    const failures = await this.counters.hit(keys.pair, policy.pairWindowMs, { sliding: true });
    await this.counters.hit(keys.address, policy.addressWindowMs);
    if (failures >= policy.pairFreeFailures) {
      const doublings = Math.min(failures - policy.pairFreeFailures, 30);
      await this.counters.hold(keys.wait, Math.min(policy.firstWaitMs * 2 ** doublings, policy.maxWaitMs));
    }
  }

  /** The account's owner got in from this address: its count there starts again. */
  async recordSuccess(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    await this.counters.reset(keys.pair);
    await this.counters.reset(keys.wait);
  }

  private keys(account: string, ip: string) {
    const bucket = addressBucket(ip);
    const pair = `${this.scope}:pair:${account.toLowerCase()}|${bucket}`;
    return { pair, wait: `${pair}:wait`, address: `${this.scope}:addr:${bucket}` };
  }
}

/** 429 with the wait in seconds (`retry_after`, also the Retry-After header) and in words. */
export function loginThrottled(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('LOGIN_THROTTLED', { extra: { retry_after: seconds }, messageValues: (lang) => ({ when: inWords(seconds, lang) }) });
}

/** "em 30 segundos", "in 15 minutes", "15分钟后": the reader's language says where the words go. */
function inWords(seconds: number, lang: string): string {
  const code = normalizeLanguage(lang);
  const locale = LANGUAGES.find((l) => l.code === code)?.htmlLang ?? 'pt-BR';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  return seconds < 90 ? format.format(seconds, 'second') : format.format(Math.ceil(seconds / 60), 'minute');
}
