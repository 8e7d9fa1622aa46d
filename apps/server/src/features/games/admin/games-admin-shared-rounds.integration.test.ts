import { crashPointFromHash, nextChainHash } from '@casino/games/crash';
import { doubleColor, doubleRollFromHash } from '@casino/games/double';
import { API } from '@casino/shared/api-paths';
import type { RoundDetail } from '@casino/shared/schemas/games-admin';
import type { CrashState, DoubleState } from '@casino/shared/schemas/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, type TestApp } from '../../../test/test-app.ts';
import { cents, expectLedgerSound, get, houseTestApp, player, post, roundsOf } from '../../house-games/house.test-helpers.ts';

/**
 * The round lookup of crash and double: bets played through the real schedulers on fast timings,
 * then looked up as an operator would in a dispute. The shared round's hash and result stay
 * hidden while the round is in play and show once it is over, with the chain's public salt and
 * terminating hash, the member's stakes, auto cash-out and cash-out multiplier.
 */

const SPEED = 20;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await houseTestApp({
    SHARED_ROUNDS: 'on',
    CRASH_BETTING_MS: '800',
    CRASH_PAUSE_MS: '100',
    CRASH_TICK_MS: '20',
    CRASH_SPEED: String(SPEED),
    DOUBLE_BETTING_MS: '800',
    DOUBLE_SPIN_MS: '1000',
    DOUBLE_PAUSE_MS: '100',
  });
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function sharedRow(id: number) {
  return t.ctx.db.selectFrom('shared_rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function lookup(id: number | string, platType?: string): Promise<RoundDetail> {
  const query = platType ? `?plat_type=${encodeURIComponent(platType)}` : '';
  const r = await get(t, `${API.admin.gameRound(encodeURIComponent(String(id)))}${query}`, admin);
  expect(r.status).toBe(200);
  return r.body.data as RoundDetail;
}

async function roundOver(roundId: number) {
  return waitFor(async () => {
    const row = await sharedRow(roundId);
    if (row.status !== 'ended') return undefined;
    const open = await t.ctx.db
      .selectFrom('shared_bets')
      .select('id')
      .where('round_id', '=', roundId)
      .where('status', '=', 'open')
      .execute();
    return open.length === 0 ? row : undefined;
  }, `shared round ${roundId} to end`);
}

/** Walks the chain step from a revealed hash: it reaches the published terminating hash in chain_index + 1 steps. */
function walksToTerminating(hash: string, steps: number, terminating: string): boolean {
  let current = hash;
  for (let i = 0; i < steps; i += 1) current = nextChainHash(current);
  return current === terminating;
}

describe('round lookup of shared rounds', { timeout: 120_000 }, () => {
  it("shows a crash bet's shared round: hidden hash while betting and running, revealed and checkable once it ended", async () => {
    const p = await player(t, 10_000);
    // A round open for bets for a while yet, whose (secret) crash point leaves the curve running
    // long enough to look it up and cash out: 3.00x takes ~0.9 s at this speed.
    const crashState = async () => (await get(t, API.house.crashState)).body.data as CrashState;
    const open = await waitFor(async () => {
      const s = await crashState();
      if (s.phase !== 'betting' || s.betting_ends_at - Date.now() < 450) return undefined;
      return (await sharedRow(s.round_id)).result >= 300 ? s : undefined;
    }, 'a crash round open for bets that crashes at 3.00x or more');
    const bet = await post(t, API.house.crashBet, { amount: '10.00', auto_cashout: '50.00' }, p.token);
    expect(bet.status).toBe(200);
    expect(bet.body.data.round_id).toBe(open.round_id);
    const [gameRound] = await roundsOf(t, p.id, 'crash');
    if (!gameRound) throw new Error('the bet made no game round');

    const betting = await lookup(gameRound.id);
    const chain = await t.ctx.db
      .selectFrom('shared_chains')
      .select(['salt', 'terminating_hash'])
      .where('id', '=', (await sharedRow(open.round_id)).chain_id)
      .executeTakeFirstOrThrow();
    expect(betting.shared_round).toMatchObject({
      id: open.round_id,
      game: 'crash',
      status: 'betting',
      crash_point: null,
      roll: null,
      color: null,
      hash: null,
      salt: chain.salt,
      terminating_hash: chain.terminating_hash,
      started_at: null,
      ended_at: null,
    });
    expect(betting.shared_round?.bets).toEqual([
      expect.objectContaining({ choice: 'crash', amount: '10.00', auto_cashout: '50.00', cashout: null, win: '0.00', status: 'open' }),
    ]);
    // Never the chain's secret seed, under any name.
    const seed = await t.ctx.db.selectFrom('shared_chains').select('seed').where('salt', '=', chain.salt).executeTakeFirstOrThrow();
    expect(JSON.stringify(betting)).not.toContain(seed.seed);

    // Running: the round started, its crash point and hash are still the future.
    await waitFor(async () => {
      const s = await crashState();
      if (s.round_id !== open.round_id) throw new Error('the round ended before the test could look at it running');
      return s.phase === 'running' && cents(s.multiplier) >= 110 ? s : undefined;
    }, 'the crash round running');
    const running = await lookup(gameRound.id);
    expect(running.shared_round?.status).toBe('running');
    expect(running.shared_round?.started_at).not.toBeNull();
    expect(running.shared_round?.hash).toBeNull();
    expect(running.shared_round?.crash_point).toBeNull();
    const secret = await sharedRow(open.round_id);
    expect(JSON.stringify(running)).not.toContain(secret.hash);

    const cashout = await post(t, API.house.crashCashout, {}, p.token);
    expect(cashout.status).toBe(200);
    const at = cashout.body.data.multiplier as string;

    const ended = await roundOver(open.round_id);
    const detail = await lookup(gameRound.id);
    const shared = detail.shared_round;
    if (!shared) throw new Error('no shared round in the lookup');
    expect(shared.status).toBe('ended');
    expect(shared.hash).toBe(ended.hash);
    expect(shared.crash_point).toBe((ended.result / 100).toFixed(2));
    expect(crashPointFromHash(shared.hash as string, shared.salt as string)).toBe(ended.result);
    expect(walksToTerminating(shared.hash as string, shared.chain_index + 1, shared.terminating_hash as string)).toBe(true);
    expect(shared.ended_at).not.toBeNull();
    expect(shared.bets).toEqual([
      expect.objectContaining({ choice: 'crash', amount: '10.00', auto_cashout: '50.00', cashout: at, win: detail.win, status: 'won' }),
    ]);
    expect(cents(detail.win)).toBeGreaterThan(1_000);

    // Also by the provider round uid, and from the round uid alone for a round whose outcome lacks the id.
    expect((await lookup(gameRound.round_uid, 'house')).shared_round?.id).toBe(open.round_id);
    await t.ctx.db.updateTable('game_rounds').set({ outcome_json: null }).where('id', '=', gameRound.id).execute();
    expect((await lookup(gameRound.id)).shared_round?.hash).toBe(ended.hash);
  });

  it("shows a double member's stakes and the roll once the wheel spins, the hash once the round ended", async () => {
    const p = await player(t, 10_000);
    const doubleState = async () => (await get(t, API.house.doubleState)).body.data as DoubleState;
    const open = await waitFor(async () => {
      const s = await doubleState();
      return s.phase === 'betting' && s.betting_ends_at - Date.now() > 450 ? s : undefined;
    }, 'a double round open for bets');
    expect((await post(t, API.house.doubleBet, { amount: '4.00', color: 'red' }, p.token)).status).toBe(200);
    expect((await post(t, API.house.doubleBet, { amount: '1.00', color: 'white' }, p.token)).status).toBe(200);
    const [gameRound] = await roundsOf(t, p.id, 'double');
    if (!gameRound) throw new Error('the bets made no game round');

    const betting = await lookup(gameRound.id);
    expect(betting.shared_round).toMatchObject({
      id: open.round_id,
      game: 'double',
      status: 'betting',
      roll: null,
      color: null,
      hash: null,
    });
    expect(betting.shared_round?.bets.map((b) => [b.choice, b.amount, b.status])).toEqual([
      ['red', '4.00', 'open'],
      ['white', '1.00', 'open'],
    ]);

    // Spinning: the roll is public (the wheel stops on it), the hash is still the chain's future.
    await waitFor(async () => {
      const s = await doubleState();
      if (s.round_id !== open.round_id) throw new Error('the round ended before the test could look at it spinning');
      return s.phase === 'spinning' ? s : undefined;
    }, 'the double round spinning');
    const spinning = await lookup(gameRound.id);
    const secret = await sharedRow(open.round_id);
    expect(spinning.shared_round).toMatchObject({ status: 'spinning', roll: secret.result, color: doubleColor(secret.result), hash: null });
    expect(JSON.stringify(spinning)).not.toContain(secret.hash);

    const ended = await roundOver(open.round_id);
    const detail = await lookup(gameRound.id);
    const shared = detail.shared_round;
    if (!shared) throw new Error('no shared round in the lookup');
    expect(shared).toMatchObject({
      status: 'ended',
      roll: ended.result,
      color: doubleColor(ended.result),
      hash: ended.hash,
      crash_point: null,
    });
    expect(doubleRollFromHash(shared.hash as string, shared.salt as string)).toBe(ended.result);
    expect(walksToTerminating(shared.hash as string, shared.chain_index + 1, shared.terminating_hash as string)).toBe(true);
    const won = doubleColor(ended.result);
    expect(shared.bets.map((b) => [b.choice, b.status])).toEqual([
      ['red', won === 'red' ? 'won' : 'lost'],
      ['white', won === 'white' ? 'won' : 'lost'],
    ]);
    expect(shared.bets.reduce((sum, b) => sum + cents(b.win), 0)).toBe(cents(detail.win));
    expect(shared.bets.every((b) => b.auto_cashout === null && b.cashout === null)).toBe(true);
  });

  it('has no shared round for an instant house game', async () => {
    const p = await player(t, 10_000);
    const r = await post(t, API.house.dice, { amount: '1.00', target: '50.50', direction: 'over' }, p.token);
    expect(r.status).toBe(200);
    const [gameRound] = await roundsOf(t, p.id, 'dice');
    if (!gameRound) throw new Error('the dice bet made no game round');
    const detail = await lookup(gameRound.id);
    expect(detail.seed).not.toBeNull();
    expect(detail.shared_round).toBeUndefined();
  });
});
