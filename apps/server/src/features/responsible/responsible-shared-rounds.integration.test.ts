import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration, type TestApp } from '../../test/test-app.ts';
import { cashOf, expectLedgerSound, houseTestApp, player, post } from '../house-games/house.test-helpers.ts';

/**
 * Crash and double take their stakes through the shared-round engine (a batch of savepoints on
 * SQLite, a transaction each on PostgreSQL): responsible gaming refuses there too, with its code,
 * and the refused stake moves nothing while the others in the round stand.
 */

let t: TestApp;
beforeAll(async () => {
  // Long betting windows: both games stay open for bets while the test runs.
  t = await houseTestApp({ SHARED_ROUNDS: 'on', CRASH_BETTING_MS: '60000', DOUBLE_BETTING_MS: '60000' });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

describe('limits in the shared rounds', () => {
  it('refuses crash and double stakes past a wager or loss limit, and a paused member, moving nothing', async () => {
    const p = await player(t, 100_000);
    expect((await post(t, API.responsible.limits, { kind: 'wager', period: 'day', value: 500 }, p.token)).status).toBe(200);
    expect((await post(t, API.house.crashBet, { amount: '5.00' }, p.token)).status).toBe(200);
    const double = await post(t, `${API.house.doubleBet}?lang=en`, { amount: '1.00', color: 'red' }, p.token);
    expect([double.status, (double.body as { error_code?: string }).error_code]).toEqual([403, 'WAGER_LIMIT_REACHED']);
    expect(await cashOf(t, p.id)).toBe(99_500);

    const q = await player(t, 100_000);
    await post(t, API.responsible.limits, { kind: 'loss', period: 'week', value: 100 }, q.token);
    const crash = await post(t, API.house.crashBet, { amount: '2.00' }, q.token);
    expect([crash.status, (crash.body as { error_code?: string }).error_code]).toEqual([403, 'LOSS_LIMIT_REACHED']);
    expect(await cashOf(t, q.id)).toBe(100_000);

    const r = await player(t, 100_000);
    const { password } = registration();
    const paused = await post(t, API.responsible.pause, { days: 1, password }, r.token);
    expect(paused.status).toBe(200);
    const bet = await post(t, API.house.doubleBet, { amount: '1.00', color: 'black' }, r.token);
    expect((bet.body as { error_code?: string }).error_code).toBe('ACCOUNT_PAUSED');
    expect(await cashOf(t, r.id)).toBe(100_000);
  });
});
