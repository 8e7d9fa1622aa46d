import { createHash, randomBytes } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sleepUntil } from './feed.ts';

/**
 * Public randomness for the salts of the crash and double chains (docs/HOUSE-GAMES.md, "Salt from
 * a beacon"). A chain's terminating hash is published first; its salt is the value of the first
 * beacon round emitted after that publication (plus a margin), which nobody, the operator
 * included, could know when the chain was made. So the operator cannot make many chains and keep
 * one that is bad for players: every chain is committed before its salt exists.
 *
 * A beacon emits numbered rounds on a fixed timetable (round r at genesis + (r - 1) * period)
 * and each round has a public 32-byte value, written as 64 lowercase hex characters: that text
 * is the chain's salt.
 */
export interface RandomnessBeacon {
  readonly name: BeaconName;
  /** The first round emitted strictly after `timeMs` plus this beacon's safety margin. */
  roundAfter(timeMs: number): number;
  /** When `round` is emitted (epoch milliseconds). */
  roundTime(round: number): number;
  /**
   * The round's value once it is public: waits for its time, then fetches (and verifies) it,
   * retrying until it succeeds or `signal` aborts (then it rejects with the abort reason).
   */
  valueOf(round: number, signal: AbortSignal): Promise<string>;
}

export const BEACON_NAMES = ['drand-quicknet', 'sandbox'] as const;
export type BeaconName = (typeof BEACON_NAMES)[number];

/** What a page shows about a beacon: whether it proves anything, and where a round is public. */
export interface BeaconInfo {
  name: BeaconName;
  /** True for the offline development beacon, whose values come from this server. */
  sandbox: boolean;
  /** When a round is emitted (epoch milliseconds). */
  roundTime(round: number): number;
  /** Where anyone can read (and check) a round's value; null when there is no such place. */
  roundUrl(round: number): string | null;
}

const HEX_32 = /^[0-9a-f]{64}$/;

function scheduleOf(genesisMs: number, periodMs: number, marginMs: number) {
  return {
    roundTime: (round: number) => genesisMs + (round - 1) * periodMs,
    // Round r is emitted at genesis + (r - 1) * period; the first one after t + margin is
    // floor((t + margin - genesis) / period) + 2.
    roundAfter: (timeMs: number) => Math.max(1, Math.floor((timeMs + marginMs - genesisMs) / periodMs) + 2),
  };
}

/** Waits `ms` (shorter if aborted), then throws if aborted. */
async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await sleepUntil(Date.now() + ms, signal);
  signal.throwIfAborted();
}

// ---- drand quicknet (League of Entropy) --------------------------------------------------------

/**
 * drand's quicknet network: a round every 3 s since 2023-08-23, each value the SHA-256 of a BLS
 * signature (on G1, RFC 9380 hashing) of SHA-256(round as 8 bytes big-endian) under the League of
 * Entropy's group key (scheme bls-unchained-g1-rfc9380). The key and timetable are pinned here,
 * so a relay can only answer a round's true value: anything else fails the signature check.
 */
export const DRAND_QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisMs: 1_692_803_367_000,
  periodMs: 3_000,
  /** One period: a round our clock thinks is in the future cannot already be out with a skewed clock. */
  marginMs: 3_000,
  relays: ['https://api.drand.sh', 'https://api2.drand.sh', 'https://api3.drand.sh', 'https://drand.cloudflare.com'],
} as const;

const REQUEST_TIMEOUT_MS = 5_000;
const MAX_RETRY_MS = 30_000;

/** A round's public page (drand's HTTP API answers the round, its signature and its randomness). */
export function drandRoundUrl(round: number): string {
  return `${DRAND_QUICKNET.relays[0]}/${DRAND_QUICKNET.chainHash}/public/${round}`;
}

/** The message drand signs for a round: SHA-256 of the round number as 8 bytes, big-endian. */
function roundMessage(round: number): Uint8Array {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(round));
  return createHash('sha256').update(bytes).digest();
}

/**
 * Checks an answer of drand's API for `round`: the BLS signature against the pinned group key,
 * and the randomness as SHA-256 of the signature. Answers the randomness (the salt), or null.
 */
export function verifyDrandQuicknet(round: number, answer: unknown): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const { round: answeredRound, signature, randomness } = answer as Record<string, unknown>;
  if (answeredRound !== round || typeof signature !== 'string' || !/^[0-9a-f]{96}$/.test(signature)) return null;
  const signatureBytes = Buffer.from(signature, 'hex');
  const value = createHash('sha256').update(signatureBytes).digest('hex');
  if (randomness !== undefined && randomness !== value) return null;
  const bls = bls12_381.shortSignatures;
  try {
    const valid = bls.verify(signatureBytes, bls.hash(roundMessage(round)), Buffer.from(DRAND_QUICKNET.publicKey, 'hex'));
    return valid ? value : null;
  } catch {
    return null; // not a point on the curve
  }
}

export type FetchLike = (url: string, init: { signal: AbortSignal }) => Promise<{ status: number; json(): Promise<unknown> }>;

const DRAND_SCHEDULE = scheduleOf(DRAND_QUICKNET.genesisMs, DRAND_QUICKNET.periodMs, DRAND_QUICKNET.marginMs);

export function drandQuicknetBeacon(
  log: { warn(obj: unknown, msg?: string): void },
  fetchJson: FetchLike = (url, init) => fetch(url, init),
): RandomnessBeacon {
  const schedule = DRAND_SCHEDULE;

  async function ask(relay: string, round: number, signal: AbortSignal): Promise<string | null> {
    const timeout = AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);
    const response = await fetchJson(`${relay}/${DRAND_QUICKNET.chainHash}/public/${round}`, { signal: timeout });
    if (response.status !== 200) return null; // not emitted yet (425/404) or a relay in trouble
    const value = verifyDrandQuicknet(round, await response.json());
    if (value === null) log.warn({ relay, round }, 'drand: a relay answered a round that does not verify');
    return value;
  }

  return {
    name: 'drand-quicknet',
    ...schedule,
    async valueOf(round, signal) {
      await sleepUntil(schedule.roundTime(round), signal);
      for (let attempt = 0; ; attempt += 1) {
        signal.throwIfAborted();
        const relay = DRAND_QUICKNET.relays[attempt % DRAND_QUICKNET.relays.length] as string;
        try {
          const value = await ask(relay, round, signal);
          if (value !== null) return value;
        } catch (error) {
          signal.throwIfAborted();
          log.warn({ err: error, relay, round }, 'drand: could not read the round');
        }
        await pause(Math.min(MAX_RETRY_MS, 500 * 2 ** Math.min(attempt, 6)), signal);
      }
    },
  };
}

// ---- the sandbox (offline development) ----------------------------------------------------------

const SANDBOX_SCHEDULE = scheduleOf(0, 1_000, 0);
const SANDBOX_KEPT_ROUNDS = 256;

/**
 * The offline beacon for development and tests (this machine may have no internet): a round a
 * second, each value 32 random bytes drawn by this process the first time the round is asked for
 * after its time, so it did not exist when the chain was committed. But it comes from the
 * operator's own server and proves nothing to a player: the API and /fairness label it
 * "sandbox beacon — development only", and NODE_ENV=production refuses it.
 */
export function sandboxBeacon(): RandomnessBeacon {
  const schedule = SANDBOX_SCHEDULE;
  const values = new Map<number, string>();
  return {
    name: 'sandbox',
    ...schedule,
    async valueOf(round, signal) {
      await sleepUntil(schedule.roundTime(round), signal);
      signal.throwIfAborted();
      let value = values.get(round);
      if (!value) {
        value = randomBytes(32).toString('hex');
        values.set(round, value);
        if (values.size > SANDBOX_KEPT_ROUNDS) values.delete(values.keys().next().value as number);
      }
      return value;
    },
  };
}

// ---- what pages show ----------------------------------------------------------------------------

export function beaconInfo(name: string): BeaconInfo | null {
  if (name === 'drand-quicknet') return { name, sandbox: false, roundTime: DRAND_SCHEDULE.roundTime, roundUrl: drandRoundUrl };
  if (name === 'sandbox') return { name, sandbox: true, roundTime: SANDBOX_SCHEDULE.roundTime, roundUrl: () => null };
  return null;
}

/** The beacon a FAIRNESS_BEACON setting names. */
export function configuredBeaconName(setting: 'sandbox' | 'drand'): BeaconName {
  return setting === 'drand' ? 'drand-quicknet' : 'sandbox';
}

export function isBeaconValue(value: string): boolean {
  return HEX_32.test(value);
}

export function beaconFromConfig(setting: 'sandbox' | 'drand', log: { warn(obj: unknown, msg?: string): void }): RandomnessBeacon {
  return setting === 'drand' ? drandQuicknetBeacon(log) : sandboxBeacon();
}
