import { randomUUID } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../db/database.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { cashOf, cents, expectLedgerSound, get, houseTestApp, player, post, roundsOf } from '../house.test-helpers.ts';
import { sandboxBeacon } from './beacon.ts';
import { commitChain } from './chain.ts';
import * as repo from './shared-rounds.repository.ts';

/**
 * The restart rule: a leader that starts finds the rounds a stopped leader left unfinished,
 * cancels them and refunds every bet still open in them (recorded as rolled back); bets already
 * cashed out keep their win. The schedulers are off here, so the test plays the dead leader.
 */

let t: TestApp;
beforeAll(async () => {
  t = await houseTestApp({ SHARED_ROUNDS: 'off' });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const code = (r: { body: unknown }) => (r.body as { error_code?: string }).error_code;

async function openRound(game: 'crash' | 'double', result: number) {
  const chain = await commitChain(t.ctx.db, game, 20, sandboxBeacon());
  return repo.insertRound(t.ctx.db, {
    game,
    uid: randomUUID(),
    chain_id: chain.id,
    chain_index: 0,
    hash: 'a'.repeat(64),
    result,
    betting_ends_at: new Date(Date.now() + 60_000).toISOString(),
    created_at: nowIso(),
  });
}

const aborted = () => {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
};

describe('restart rule', () => {
  it('refunds the open bets of an unfinished crash round and keeps the cash-outs', async () => {
    const rider = await player(t, 10_000);
    const cashed = await player(t, 10_000);
    const round = await openRound('crash', 1_000_000);
    expect((await post(t, API.house.crashBet, { amount: '7.00', auto_cashout: '500.00' }, rider.token)).status).toBe(200);
    expect((await post(t, API.house.crashBet, { amount: '3.00' }, cashed.token)).status).toBe(200);
    // The dead leader had started the round; one player cashed out before it stopped.
    await repo.moveRound(t.ctx.db, round.id, 'betting', 'running', { started_at: new Date(Date.now() - 2_000).toISOString() });
    const cash = await post(t, API.house.crashCashout, {}, cashed.token);
    expect(cash.status).toBe(200);
    const win = cents(cash.body.data.win);
    expect(await cashOf(t, rider.id)).toBe(9_300);

    await t.ctx.houseRounds.crash.lead(aborted());

    expect(await cashOf(t, rider.id)).toBe(10_000);
    expect(await cashOf(t, cashed.id)).toBe(9_700 + win);
    const cancelled = await repo.findRound(t.ctx.db, round.id);
    expect(cancelled?.status).toBe('cancelled');
    const [riderRound] = await roundsOf(t, rider.id, 'crash');
    expect(riderRound?.status).toBe('rolled_back');
    const [cashedRound] = await roundsOf(t, cashed.id, 'crash');
    expect(cashedRound?.status).toBe('settled');
    expect(cashedRound?.win_centavos).toBe(win);
    const bets = await repo.betsOfRound(t.ctx.db, round.id);
    expect(bets.map((b) => b.status).sort()).toEqual(['refunded', 'won']);
    // The game record shows the refunded round; a cash-out now is refused.
    expect(code(await post(t, API.house.crashCashout, {}, rider.token))).toBe('ROUND_FINISHED');
    const record = await post(t, API.gameRecord, { range: 'today' }, rider.token);
    expect(record.status).toBe(200);
    expect(
      record.body.data.list.some((r: { status: string; game_code: string }) => r.game_code === 'crash' && r.status === 'rolled_back'),
    ).toBe(true);

    // A second recovery finds nothing left to do and moves no money.
    await t.ctx.houseRounds.crash.lead(aborted());
    expect(await cashOf(t, rider.id)).toBe(10_000);
  });

  it('refunds every colour of an unfinished double round', async () => {
    const p = await player(t, 10_000);
    const round = await openRound('double', 0);
    expect((await post(t, API.house.doubleBet, { amount: '2.00', color: 'red' }, p.token)).status).toBe(200);
    expect((await post(t, API.house.doubleBet, { amount: '1.00', color: 'white' }, p.token)).status).toBe(200);
    await repo.moveRound(t.ctx.db, round.id, 'betting', 'spinning', { started_at: nowIso() });
    expect(await cashOf(t, p.id)).toBe(9_700);

    await t.ctx.houseRounds.double.lead(aborted());

    expect(await cashOf(t, p.id)).toBe(10_000);
    expect((await repo.findRound(t.ctx.db, round.id))?.status).toBe('cancelled');
    const [record] = await roundsOf(t, p.id, 'double');
    expect(record?.status).toBe('rolled_back');
    const view = await get(t, API.house.round(record!.id), p.token);
    // A cancelled round never reveals its hash.
    expect(view.body.data.chain.hash).toBeNull();
  });
});
