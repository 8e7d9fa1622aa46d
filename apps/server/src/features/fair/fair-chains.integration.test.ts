import { createHash, createHmac } from 'node:crypto';
import { createContext, runInContext } from 'node:vm';
import { verifySnippet } from '@casino/games/verify-snippet';
import { API } from '@casino/shared/api-paths';
import type { LiveRouletteState } from '@casino/shared/schemas/house-live-tables';
import {
  type CrashState,
  type DoubleState,
  FAIR_CHAIN_GAMES,
  type FairChain,
  type FairChainsView,
} from '@casino/shared/schemas/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { get, houseTestApp } from '../house-games/house.test-helpers.ts';

/**
 * The public record of the shared rounds' chains (GET API.fair.chains: crash, double, live roulette,
 * live Bac Bo, bingo 75 and 90), checked the way a
 * player would: real schedulers on fast timings draw rounds from chains salted by the sandbox
 * beacon, and every ended round is recomputed from its hash and the published salt by code
 * written here with node:crypto alone (not packages/games), then by the /fairness snippet itself.
 */

let t: TestApp;
beforeAll(async () => {
  t = await houseTestApp({
    SHARED_ROUNDS: 'on',
    SHARED_CHAIN_LENGTH: '300',
    CRASH_BETTING_MS: '100',
    CRASH_PAUSE_MS: '0',
    CRASH_TICK_MS: '20',
    CRASH_SPEED: '1000',
    DOUBLE_BETTING_MS: '100',
    DOUBLE_SPIN_MS: '0',
    DOUBLE_PAUSE_MS: '0',
    LIVE_ROULETTE_BETTING_MS: '100',
    LIVE_ROULETTE_SPIN_MS: '0',
    LIVE_ROULETTE_PAUSE_MS: '0',
    LIVE_BACBO_BETTING_MS: '100',
    LIVE_BACBO_ROLL_MS: '0',
    LIVE_BACBO_PAUSE_MS: '0',
    BINGO_ROUNDS: 'on',
    BINGO_BUY_MS: '100',
    BINGO_BALL_MS: '10',
    BINGO_PAUSE_MS: '0',
  });
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

// ---- the published formula, written again from docs/HOUSE-GAMES.md with node:crypto only ----

const TWO_52 = 2n ** 52n;
/** r: the first 52 bits of HMAC-SHA256(key = round hash as ASCII hex text, message = salt as ASCII text). */
function top52(roundHash: string, salt: string): bigint {
  const digest = createHmac('sha256', Buffer.from(roundHash, 'ascii')).update(Buffer.from(salt, 'ascii')).digest('hex');
  return BigInt(`0x${digest.slice(0, 13)}`);
}
function crashPoint(roundHash: string, salt: string): string {
  const x100 = (97n * TWO_52) / (TWO_52 - top52(roundHash, salt));
  const point = x100 < 100n ? 100n : x100;
  return `${point / 100n}.${String(point % 100n).padStart(2, '0')}`;
}
const doubleRoll = (roundHash: string, salt: string) => Number((15n * top52(roundHash, salt)) / TWO_52);
const liveRouletteNumber = (roundHash: string, salt: string) => Number((37n * top52(roundHash, salt)) / TWO_52);
/** Steps of sha256-of-the-hex-text from the round hash to the commitment (the round's number in its chain). */
function stepsToCommitment(roundHash: string, commitment: string, length: number): number | null {
  let hash = roundHash;
  for (let steps = 1; steps <= length; steps += 1) {
    hash = createHash('sha256').update(hash, 'ascii').digest('hex');
    if (hash === commitment) return steps;
  }
  return null;
}

async function chains(): Promise<FairChainsView> {
  const answer = await t.app.inject({ method: 'GET', url: API.fair.chains });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as FairChainsView;
}

const activeChain = (view: FairChainsView, game: FairChain['game']) => view.chains.find((c) => c.game === game && c.status === 'active');

async function runSnippet(code: string): Promise<string[]> {
  const lines: string[] = [];
  await runInContext(code, createContext({ crypto: globalThis.crypto, TextEncoder, console: { log: (line: string) => lines.push(line) } }));
  return lines;
}

describe('the public record of the shared rounds', () => {
  it('publishes each chain before its beacon round, then that round value as salt, and never the seed', async () => {
    const view = await waitFor(async () => {
      const v = await chains();
      const ready = (game: FairChain['game']) => activeChain(v, game) && v.chains.some((c) => c.game === game && c.status === 'committed');
      return FAIR_CHAIN_GAMES.every(ready) ? v : undefined;
    }, 'every shared-round game playing from a salted chain, its successor committed');
    expect(view.beacon).toEqual({ name: 'sandbox', sandbox: true });
    // Every shared-round game is listed: crash, double, the live tables and the bingo rooms.
    expect(new Set(view.chains.map((c) => c.game))).toEqual(
      new Set(['crash', 'double', 'live-roulette', 'live-bac-bo', 'bingo-75', 'bingo-90']),
    );
    for (const game of FAIR_CHAIN_GAMES) {
      const chain = activeChain(view, game) as FairChain;
      expect(chain.terminating_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(chain.salt).toMatch(/^[0-9a-f]{64}$/);
      expect(chain.beacon).toMatchObject({ name: 'sandbox', sandbox: true, url: null });
      const committedAt = Date.parse(chain.committed_at);
      const roundTime = Date.parse(chain.beacon?.round_time as string);
      expect(roundTime).toBeGreaterThan(committedAt);
      expect(Date.parse(chain.salted_at as string)).toBeGreaterThanOrEqual(roundTime);
      // The successor is already committed, waiting for (or salted by) a later beacon round.
      const next = view.chains.find((c) => c.game === game && c.status === 'committed');
      expect(next?.id).toBeGreaterThan(chain.id);
      expect(next?.beacon?.round).toBeGreaterThanOrEqual(chain.beacon?.round as number);
      expect(Date.parse(next?.beacon?.round_time as string)).toBeGreaterThan(Date.parse(next?.committed_at as string));
    }
    const seeds = await t.ctx.db.selectFrom('shared_chains').select('seed').execute();
    const body = JSON.stringify(view);
    for (const { seed } of seeds) expect(body).not.toContain(seed);
    expect(body).not.toContain('"seed"');
  });

  it('lets anyone recompute every ended round from its hash and the published salt, and walk it to the commitment', async () => {
    const crash = await waitFor(async () => {
      const s = (await get(t, API.house.crashState)).body.data as CrashState;
      return s.history.length >= 6 ? s : undefined;
    }, 'six crash rounds');
    const double = await waitFor(async () => {
      const s = (await get(t, API.house.doubleState)).body.data as DoubleState;
      return s.history.length >= 6 ? s : undefined;
    }, 'six double rounds');
    const view = await chains();
    const crashChain = activeChain(view, 'crash') as FairChain;
    const doubleChain = activeChain(view, 'double') as FairChain;
    expect(crash.terminating_hash).toBe(crashChain.terminating_hash);
    expect(double.terminating_hash).toBe(doubleChain.terminating_hash);

    const crashSteps: number[] = [];
    for (const round of crash.history) {
      expect(crashPoint(round.hash, crashChain.salt as string)).toBe(round.crash_point);
      crashSteps.push(stepsToCommitment(round.hash, crashChain.terminating_hash, crashChain.length) ?? -1);
    }
    // Newest first: the rounds are the chain's last played, one hash apart, played backwards.
    expect(crashSteps.every((steps, i) => steps > 0 && (i === 0 || steps === (crashSteps[i - 1] as number) - 1))).toBe(true);
    expect(crashSteps[0]).toBeLessThanOrEqual(crashChain.rounds_played);
    for (const round of double.history) {
      expect(doubleRoll(round.hash, doubleChain.salt as string)).toBe(round.roll);
      expect(stepsToCommitment(round.hash, doubleChain.terminating_hash, doubleChain.length)).not.toBeNull();
    }

    // Live roulette's rounds come from its listed chain the same way (number = floor(37 r / 2^52)).
    const roulette = await waitFor(async () => {
      const s = (await get(t, API.house.liveRouletteState)).body.data as LiveRouletteState;
      return s.history.length >= 3 ? s : undefined;
    }, 'three live roulette rounds');
    const rouletteChain = activeChain(await chains(), 'live-roulette') as FairChain;
    expect(roulette.terminating_hash).toBe(rouletteChain.terminating_hash);
    for (const round of roulette.history) {
      expect(liveRouletteNumber(round.hash, rouletteChain.salt as string)).toBe(round.number);
      expect(stepsToCommitment(round.hash, rouletteChain.terminating_hash, rouletteChain.length)).not.toBeNull();
    }

    // The snippet /fairness gives to copy says the same.
    const [latestCrash] = crash.history;
    const crashLines = await runSnippet(
      verifySnippet({
        game: 'crash',
        roundHash: latestCrash?.hash as string,
        salt: crashChain.salt as string,
        terminatingHash: crashChain.terminating_hash,
        chainLength: crashChain.length,
      }),
    );
    expect(crashLines).toEqual([
      `crash point: ${latestCrash?.crash_point}x`,
      `chain: leads to the published terminating hash in ${crashSteps[0]} steps (round ${crashSteps[0]} of the chain)`,
    ]);
    const [latestDouble] = double.history;
    const doubleLines = await runSnippet(
      verifySnippet({
        game: 'double',
        roundHash: latestDouble?.hash as string,
        salt: doubleChain.salt as string,
        terminatingHash: doubleChain.terminating_hash,
        chainLength: doubleChain.length,
      }),
    );
    expect(doubleLines[0]?.startsWith(`double roll: ${latestDouble?.roll} (`)).toBe(true);
    expect(doubleLines[1]).toMatch(/^chain: leads to the published terminating hash in \d+ steps/);
  });
});
