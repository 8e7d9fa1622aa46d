import { crashPayout, crashPointFromHash, multiplierAt, verifyChain } from '@casino/games/crash';
import { API } from '@casino/shared/api-paths';
import type { CrashState } from '@casino/shared/schemas/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import { cashOf, cents, expectLedgerSound, get, houseTestApp, player, post, roundsOf } from '../house.test-helpers.ts';

/**
 * Crash with real schedulers on fast timings (a half-second betting window, the curve running 50
 * times faster than in production): bets in and out of the window, cash-outs priced at receipt,
 * auto cash-outs paid at their targets, busts, races and the websocket.
 */

const SPEED = 50;
let t: TestApp;
beforeAll(async () => {
  t = await houseTestApp({
    SHARED_ROUNDS: 'on',
    CRASH_BETTING_MS: '600',
    CRASH_PAUSE_MS: '100',
    CRASH_TICK_MS: '20',
    CRASH_SPEED: String(SPEED),
    DOUBLE_BETTING_MS: '60000',
  });
});
afterAll(async () => {
  await t.close();
});

const code = (r: { body: unknown }) => (r.body as { error_code?: string }).error_code;
const hundredths = (text: string) => cents(text);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function state(token?: string): Promise<CrashState> {
  const r = await get(t, API.house.crashState, token);
  expect(r.status).toBe(200);
  return r.body.data as CrashState;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The crash point of a round, as only the server (and this test, reading the database) knows it. */
async function secretResult(roundId: number): Promise<number> {
  const row = await t.ctx.db.selectFrom('shared_rounds').select('result').where('id', '=', roundId).executeTakeFirstOrThrow();
  return row.result;
}

/** A round open for bets with at least `leftMs` of its window left and a crash point of at least `minResult`. */
async function bettingRound(minResult = 100, leftMs = 300): Promise<CrashState> {
  return waitFor(async () => {
    const s = await state();
    if (s.phase !== 'betting' || s.betting_ends_at - Date.now() < leftMs) return undefined;
    return (await secretResult(s.round_id)) >= minResult ? s : undefined;
  }, `a betting round crashing at ${minResult} or more`);
}

async function roundEnded(roundId: number): Promise<void> {
  await waitFor(async () => {
    const row = await t.ctx.db.selectFrom('shared_rounds').select('status').where('id', '=', roundId).executeTakeFirstOrThrow();
    if (row.status !== 'ended') return undefined;
    const open = await t.ctx.db
      .selectFrom('shared_bets')
      .select('id')
      .where('round_id', '=', roundId)
      .where('status', '=', 'open')
      .execute();
    return open.length === 0 ? true : undefined;
  }, `round ${roundId} to end`);
}

async function running(roundId: number, atLeast: number): Promise<CrashState> {
  return waitFor(async () => {
    const s = await state();
    if (s.round_id !== roundId) throw new Error('the round ended before the test could act');
    return s.phase === 'running' && hundredths(s.multiplier) >= atLeast ? s : undefined;
  }, `round ${roundId} running at ${atLeast}`);
}

// Waiting for a round with a suitable crash point can take several rounds on a busy machine.
describe('crash', { timeout: 90_000 }, () => {
  it('prices a cash-out at the instant it arrives and refuses a second one', async () => {
    const p = await player(t, 10_000);
    const round = await bettingRound(400);
    const bet = await post(t, API.house.crashBet, { amount: '10.00' }, p.token);
    expect(bet.status).toBe(200);
    expect(bet.body.data.round_id).toBe(round.round_id);
    expect(await cashOf(t, p.id)).toBe(9_000);
    const mine = (await state(p.token)).my_bet;
    expect(mine?.status).toBe('open');

    const live = await running(round.round_id, 120);
    const startedAt = live.started_at as number;
    const sentAt = Date.now();
    const cash = await post(t, API.house.crashCashout, {}, p.token);
    const answeredAt = Date.now();
    expect(cash.status).toBe(200);
    const at = hundredths(cash.body.data.multiplier);
    expect(at).toBeGreaterThanOrEqual(multiplierAt((sentAt - startedAt) * SPEED));
    expect(at).toBeLessThanOrEqual(multiplierAt((answeredAt - startedAt) * SPEED));
    expect(at).toBeLessThan(await secretResult(round.round_id));
    const win = crashPayout(1_000, at);
    expect(cents(cash.body.data.win)).toBe(win);
    expect(await cashOf(t, p.id)).toBe(9_000 + win);

    const twice = await post(t, API.house.crashCashout, {}, p.token);
    expect(twice.status).toBe(409);
    expect(code(twice)).toBe('ALREADY_CASHED_OUT');
    expect(await cashOf(t, p.id)).toBe(9_000 + win);

    await roundEnded(round.round_id);
    const [record] = await roundsOf(t, p.id, 'crash');
    expect(record?.status).toBe('settled');
    expect(record?.bet_centavos).toBe(1_000);
    expect(record?.win_centavos).toBe(win);

    // The verify page: the round's hash, once revealed, gives the crash point and leads to the chain's end.
    const view = await get(t, API.house.round(record!.id), p.token);
    const chain = view.body.data.chain;
    expect(chain.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(crashPointFromHash(chain.hash, chain.salt)).toBe(chain.result);
    expect(chain.result).toBe(await secretResult(round.round_id));
    expect(verifyChain(chain.hash, chain.terminating_hash, 200)).toBe(chain.chain_index + 1);
  });

  it('pays auto cash-outs exactly at their targets; targets above the crash point lose', async () => {
    const winner = await player(t, 10_000);
    const loser = await player(t, 10_000);
    const round = await bettingRound(200);
    const result = await secretResult(round.round_id);
    expect((await post(t, API.house.crashBet, { amount: '3.33', auto_cashout: '1.50' }, winner.token)).status).toBe(200);
    const above = Math.min(result + 1, 1_000_000);
    const lose = await post(t, API.house.crashBet, { amount: '1.00', auto_cashout: (above / 100).toFixed(2) }, loser.token);
    expect(lose.status).toBe(200);
    await roundEnded(round.round_id);
    expect(await cashOf(t, winner.id)).toBe(10_000 - 333 + crashPayout(333, 150));
    const bet = await t.ctx.db.selectFrom('shared_bets').selectAll().where('member_id', '=', winner.id).executeTakeFirstOrThrow();
    expect(bet.status).toBe('won');
    expect(bet.cashout_x100).toBe(150);
    if (above > result) expect(await cashOf(t, loser.id)).toBe(9_900);
    await expectLedgerSound(t);
  });

  it('refuses bets after the window, cash-outs before the start and after the bust', async () => {
    const p = await player(t, 10_000);
    const round = await bettingRound(100, 400);
    expect((await post(t, API.house.crashBet, { amount: '2.00' }, p.token)).status).toBe(200);
    const early = await post(t, `${API.house.crashCashout}?lang=en`, {}, p.token);
    expect(early.status).toBe(409);
    expect(code(early)).toBe('ROUND_NOT_STARTED');
    const second = await post(t, API.house.crashBet, { amount: '2.00' }, p.token);
    expect(code(second)).toBe('ALREADY_BET');

    await waitFor(async () => ((await state()).phase !== 'betting' ? true : undefined), 'the window to close');
    const late = await post(t, `${API.house.crashBet}?lang=en`, { amount: '2.00' }, p.token);
    expect(late.status).toBe(422);
    expect(code(late)).toBe('BETTING_CLOSED');
    expect(late.body.message).toBe('Betting for this round is closed.');

    await roundEnded(round.round_id);
    const after = await post(t, API.house.crashCashout, {}, p.token);
    expect(after.status).toBe(409);
    expect(code(after)).toBe('ROUND_FINISHED');
    expect(await cashOf(t, p.id)).toBe(9_800);
    const bets = await t.ctx.db.selectFrom('shared_bets').selectAll().where('member_id', '=', p.id).execute();
    expect(bets).toHaveLength(1);
    expect(bets[0]?.status).toBe('lost');
    const [record] = await roundsOf(t, p.id, 'crash');
    expect(record?.status).toBe('settled');
    expect(record?.win_centavos).toBe(0);
  });

  it('refuses bad stakes and targets with no money moved', async () => {
    const p = await player(t, 10_000);
    await bettingRound(100, 400);
    for (const [body, expected] of [
      [{ amount: '-1.00' }, 'VALIDATION_FAILED'],
      [{ amount: '1.001' }, 'VALIDATION_FAILED'],
      [{ amount: '1000.01' }, 'BET_ABOVE_MAX'],
      [{ amount: '0.09' }, 'BET_BELOW_MIN'],
      [{ amount: '1.00', auto_cashout: '1.00' }, 'VALIDATION_FAILED'],
      [{ amount: '1.00', auto_cashout: '1.015' }, 'VALIDATION_FAILED'],
      [{ amount: '1.00', auto_cashout: '10000.01' }, 'VALIDATION_FAILED'],
      [{ amount: '200.00' }, 'INSUFFICIENT_FUNDS'],
    ] as const) {
      const r = await post(t, API.house.crashBet, body, p.token);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(code(r), JSON.stringify(body)).toBe(expected);
    }
    expect(await cashOf(t, p.id)).toBe(10_000);
    const visitor = await post(t, API.house.crashBet, { amount: '1.00' });
    expect(code(visitor)).toBe('NOT_LOGGED_IN');
    expect(code(await post(t, API.house.crashCashout, {}, p.token))).toBe('NO_ACTIVE_BET');
  });

  it('two tabs spending the whole balance at once never take it below zero', async () => {
    const p = await player(t, 1_000);
    await bettingRound(100, 400);
    const [crash, dice] = await Promise.all([
      post(t, API.house.crashBet, { amount: '10.00' }, p.token),
      post(t, API.house.dice, { amount: '10.00', target: '0.01', direction: 'under' }, p.token),
    ]);
    const ok = [crash, dice].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of [crash, dice].filter((x) => x.status !== 200)) expect(code(r)).toBe('INSUFFICIENT_FUNDS');
    expect(await cashOf(t, p.id)).toBeGreaterThanOrEqual(0);

    const q = await player(t, 1_000);
    await bettingRound(100, 400);
    const twin = await Promise.all([
      post(t, API.house.crashBet, { amount: '10.00' }, q.token),
      post(t, API.house.crashBet, { amount: '10.00' }, q.token),
    ]);
    expect(twin.filter((r) => r.status === 200)).toHaveLength(1);
    expect(code(twin.find((r) => r.status !== 200)!)).toMatch(/ALREADY_BET|INSUFFICIENT_FUNDS/);
    expect(await cashOf(t, q.id)).toBe(0);
  });

  it('racing cash-outs pay once', async () => {
    const p = await player(t, 10_000);
    const round = await bettingRound(300);
    await post(t, API.house.crashBet, { amount: '5.00' }, p.token);
    await running(round.round_id, 110);
    const results = await Promise.all([1, 2, 3].map(() => post(t, API.house.crashCashout, {}, p.token)));
    const paid = results.filter((r) => r.status === 200);
    expect(paid).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(code(r)).toBe('ALREADY_CASHED_OUT');
    expect(await cashOf(t, p.id)).toBe(9_500 + cents(paid[0]!.body.data.win));
    await roundEnded(round.round_id);
    const wins = await t.ctx.db
      .selectFrom('wallet_transactions')
      .select('id')
      .where('member_id', '=', p.id)
      .where('kind', '=', 'win')
      .execute();
    expect(wins).toHaveLength(1);
    await expectLedgerSound(t);
  });

  it('streams the round over /ws/crash: visitors watch, members bet and cash out', async () => {
    const p = await player(t, 10_000);
    const visitor = await t.app.injectWS(API.house.socket('crash'));
    const seen: { type: string; data: any }[] = [];
    visitor.on('message', (raw: Buffer) => seen.push(JSON.parse(raw.toString())));
    await waitFor(async () => (seen.some((m) => m.type === 'crash.state') ? true : undefined), 'the first state');
    visitor.send(JSON.stringify({ type: 'bet', ref: 'v1', amount: '1.00', lang: 'en' }));
    const refused = await waitFor(async () => seen.find((m) => m.type === 'reply' && m.data.ref === 'v1'), 'the reply to a visitor');
    expect(refused.data.ok).toBe(false);
    expect(refused.data.error_code).toBe('NOT_LOGGED_IN');

    const round = await bettingRound(400);
    const ws = await t.app.injectWS(`${API.house.socket('crash')}?token=${p.token}`);
    const mine: { type: string; data: any }[] = [];
    ws.on('message', (raw: Buffer) => mine.push(JSON.parse(raw.toString())));
    ws.send(JSON.stringify({ type: 'bet', ref: 'b1', amount: '4.00', auto_cashout: null }));
    const placed = await waitFor(async () => mine.find((m) => m.type === 'reply' && m.data.ref === 'b1'), 'the bet reply');
    expect(placed.data.ok).toBe(true);
    expect(placed.data.result.round_id).toBe(round.round_id);
    const listed = await waitFor(
      async () =>
        seen.find(
          (m) =>
            m.type === 'crash.bets' &&
            m.data.bets.some((b: { player: string }) => b.player === `${p.account.slice(0, 2)}***${p.account.slice(-2)}`),
        ),
      'the bet in the live list',
    );
    expect(listed.data.round_id).toBe(round.round_id);

    await running(round.round_id, 110);
    ws.send(JSON.stringify({ type: 'cashout', ref: 'c1' }));
    const cashed = await waitFor(async () => mine.find((m) => m.type === 'reply' && m.data.ref === 'c1'), 'the cash-out reply');
    expect(cashed.data.ok).toBe(true);
    expect(await cashOf(t, p.id)).toBe(9_600 + cents(cashed.data.result.win));
    await waitFor(async () => (seen.some((m) => m.type === 'crash.cashouts') ? true : undefined), 'the cash-out in the live list');
    expect(seen.some((m) => m.type === 'crash.tick')).toBe(true);
    ws.terminate();
    visitor.terminate();
  });
});
