import { doubleColor, doublePayout, doubleRollFromHash } from '@casino/games/double';
import { API } from '@casino/shared/api-paths';
import type { DoubleState } from '@casino/shared/schemas/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import { cashOf, cents, expectLedgerSound, get, houseTestApp, player, post, roundsOf } from '../house.test-helpers.ts';

/** Double with a real scheduler on fast timings: several colours per round, one game round per member. */

let t: TestApp;
beforeAll(async () => {
  t = await houseTestApp({
    SHARED_ROUNDS: 'on',
    DOUBLE_BETTING_MS: '700',
    DOUBLE_SPIN_MS: '150',
    DOUBLE_PAUSE_MS: '100',
    CRASH_BETTING_MS: '60000',
  });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const code = (r: { body: unknown }) => (r.body as { error_code?: string }).error_code;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function state(token?: string): Promise<DoubleState> {
  return (await get(t, API.house.doubleState, token)).body.data as DoubleState;
}

const bettingRound = () =>
  waitFor(async () => {
    const s = await state();
    return s.phase === 'betting' && s.betting_ends_at - Date.now() > 350 ? s : undefined;
  }, 'a double round open for bets');

async function ended(roundId: number) {
  return waitFor(async () => {
    const row = await t.ctx.db.selectFrom('shared_rounds').selectAll().where('id', '=', roundId).executeTakeFirstOrThrow();
    if (row.status !== 'ended') return undefined;
    const open = await t.ctx.db
      .selectFrom('shared_bets')
      .select('id')
      .where('round_id', '=', roundId)
      .where('status', '=', 'open')
      .execute();
    return open.length === 0 ? row : undefined;
  }, `double round ${roundId} to end`);
}

describe('double', { timeout: 60_000 }, () => {
  it('takes bets on several colours and pays the winning one', async () => {
    const p = await player(t, 10_000);
    const round = await bettingRound();
    const red = await post(t, API.house.doubleBet, { amount: '4.00', color: 'red' }, p.token);
    const white = await post(t, API.house.doubleBet, { amount: '1.00', color: 'white' }, p.token);
    expect(red.status).toBe(200);
    expect(white.status).toBe(200);
    expect(red.body.data.round_id).toBe(round.round_id);
    const again = await post(t, API.house.doubleBet, { amount: '1.00', color: 'red' }, p.token);
    expect(code(again)).toBe('ALREADY_BET');
    expect(await cashOf(t, p.id)).toBe(9_500);
    const mine = await state(p.token);
    expect(mine.my_bets?.map((b) => b.color).sort()).toEqual(['red', 'white']);
    expect(cents(mine.totals.red)).toBeGreaterThanOrEqual(400);

    const row = await ended(round.round_id);
    const expected = doublePayout(400, 'red', row.result) + doublePayout(100, 'white', row.result);
    expect(await cashOf(t, p.id)).toBe(9_500 + expected);
    const records = await roundsOf(t, p.id, 'double');
    expect(records).toHaveLength(1);
    expect(records[0]?.bet_centavos).toBe(500);
    expect(records[0]?.win_centavos).toBe(expected);
    expect(records[0]?.status).toBe('settled');

    // The roll comes from the round's chain hash and the chain's salt.
    const view = await get(t, API.house.round(records[0]!.id), p.token);
    const chain = view.body.data.chain;
    expect(doubleRollFromHash(chain.hash, chain.salt)).toBe(row.result);
    const after = await waitFor(async () => {
      const s = await state();
      return s.history.some((h) => h.round_id === round.round_id) ? s : undefined;
    }, 'the round in the history');
    const item = after.history.find((h) => h.round_id === round.round_id)!;
    expect(item.roll).toBe(row.result);
    expect(item.color).toBe(doubleColor(row.result));
  });

  it('refuses bets outside the window and bad input, with no money moved', async () => {
    const p = await player(t, 10_000);
    for (const [body, expected] of [
      [{ amount: '1.00', color: 'green' }, 'VALIDATION_FAILED'],
      [{ amount: '-1.00', color: 'red' }, 'VALIDATION_FAILED'],
      [{ amount: '0.011', color: 'red' }, 'VALIDATION_FAILED'],
      [{ amount: '1000.01', color: 'red' }, 'BET_ABOVE_MAX'],
      [{ amount: '150.00', color: 'black' }, 'INSUFFICIENT_FUNDS'],
    ] as const) {
      await bettingRound();
      const r = await post(t, API.house.doubleBet, body, p.token);
      expect(code(r), JSON.stringify(body)).toBe(expected);
    }
    await waitFor(async () => ((await state()).phase === 'spinning' ? true : undefined), 'the wheel to spin');
    const late = await post(t, API.house.doubleBet, { amount: '1.00', color: 'black' }, p.token);
    expect(late.status).toBe(422);
    expect(code(late)).toBe('BETTING_CLOSED');
    expect(await cashOf(t, p.id)).toBe(10_000);
    expect(code(await post(t, API.house.doubleBet, { amount: '1.00', color: 'red' }))).toBe('NOT_LOGGED_IN');
  });
});
