import * as dice from '@casino/games/dice';
import { hmacFloats } from '@casino/games/fair';
import * as plinko from '@casino/games/plinko';
import * as roulette from '@casino/games/roulette';
import * as carnaval from '@casino/games/slot-carnaval';
import * as fruit from '@casino/games/slot-fruit';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { cashOf, cents, expectLedgerSound, get, houseTestApp, player, post, roundsOf } from './house.test-helpers.ts';
import { forgetRecentHouseGames } from './house-game.ts';

/**
 * The instant house games against a real database (SQLite and PostgreSQL): the balance moves by
 * exactly -stake + win, each round is stored with its seed pair and nonce, and replaying it from
 * the revealed seeds with packages/games gives the recorded result. Bad input moves no money.
 */

let t: TestApp;
beforeAll(async () => {
  t = await houseTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

/** Rotates the member's pair and answers the revealed server seed of the pair `serverSeedHash`. */
async function revealedSeed(token: string, serverSeedHash: string): Promise<string> {
  const rotated = await post(t, API.fair.rotate, {}, token);
  expect(rotated.status).toBe(200);
  const seeds = await get(t, API.fair.seeds, token);
  const pair = (seeds.body.data.history as { server_seed: string; server_seed_hash: string }[]).find(
    (p) => p.server_seed_hash === serverSeedHash,
  );
  expect(pair).toBeDefined();
  return pair!.server_seed;
}

async function roundCount(memberId: number) {
  const row = await t.ctx.db
    .selectFrom('game_rounds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('dice', () => {
  it('moves exactly -stake + win, records the round and replays from the revealed seed', async () => {
    const p = await player(t, 10_000);
    const answers = [];
    for (const target of ['50.50', '10.00', '97.99']) {
      const before = await cashOf(t, p.id);
      const r = await post(t, API.house.dice, { amount: '2.50', target, direction: 'over' }, p.token);
      expect(r.status).toBe(200);
      const data = r.body.data;
      expect(cents(data.amount)).toBe(250);
      expect(await cashOf(t, p.id)).toBe(before - 250 + cents(data.win));
      expect(cents(data.balance)).toBe(await cashOf(t, p.id));
      answers.push(data);
    }
    // Nonces of one pair count up from 0.
    expect(answers.map((a) => a.nonce)).toEqual([0, 1, 2]);
    const rounds = await roundsOf(t, p.id, 'dice');
    expect(rounds).toHaveLength(3);
    for (const round of rounds) {
      expect(round.status).toBe('settled');
      expect(round.bet_centavos).toBe(250);
      expect(round.seed_id).not.toBeNull();
    }

    const serverSeed = await revealedSeed(p.token, answers[0].server_seed_hash);
    for (const answer of answers) {
      const params = { target: answer.outcome.target, direction: answer.outcome.direction };
      const replay = dice.play(hmacFloats({ serverSeed, clientSeed: answer.client_seed, nonce: answer.nonce }), params);
      expect(replay.roll).toBe(answer.outcome.roll);
      expect(replay.win).toBe(answer.outcome.win);
      expect(dice.dicePayout(250, replay)).toBe(cents(answer.win));
      const stored = rounds.find((r) => r.id === answer.round_id)!;
      expect(stored.win_centavos).toBe(cents(answer.win));
      expect(stored.nonce).toBe(answer.nonce);
    }

    // The verify page's view of a round: the server seed is shown now that the pair is revealed.
    const view = await get(t, API.house.round(answers[1].round_id), p.token);
    expect(view.status).toBe(200);
    expect(view.body.data.seeds.server_seed).toBe(serverSeed);
    expect(view.body.data.outcome.result.roll).toBe(answers[1].outcome.roll);
    // Another member cannot read it.
    const other = await player(t, 0);
    expect((await get(t, API.house.round(answers[1].round_id), other.token)).status).toBe(404);
  });

  it('refuses bad input with a clear message and moves no money', async () => {
    const p = await player(t, 5_000);
    const bad: [Record<string, unknown>, number, string][] = [
      [{ amount: '-1.00', target: '50', direction: 'over' }, 422, 'VALIDATION_FAILED'],
      [{ amount: '0.001', target: '50', direction: 'over' }, 422, 'VALIDATION_FAILED'],
      [{ amount: '0', target: '50', direction: 'over' }, 422, 'VALIDATION_FAILED'],
      [{ amount: 'abc', target: '50', direction: 'over' }, 422, 'VALIDATION_FAILED'],
      [{ amount: '0.05', target: '50', direction: 'over' }, 422, 'BET_BELOW_MIN'],
      [{ amount: '1000.01', target: '50', direction: 'over' }, 422, 'BET_ABOVE_MAX'],
      [{ amount: '1.00', target: '1.00', direction: 'over' }, 422, 'VALIDATION_FAILED'],
      [{ amount: '1.00', target: '50.123', direction: 'over' }, 422, 'VALIDATION_FAILED'],
      [{ amount: '1.00', target: '50', direction: 'sideways' }, 422, 'VALIDATION_FAILED'],
      [{ amount: '1.00', direction: 'over' }, 422, 'VALIDATION_FAILED'],
      [{ amount: '60.00', target: '50', direction: 'over' }, 422, 'INSUFFICIENT_FUNDS'],
    ];
    for (const [body, status, code] of bad) {
      const r = await post(t, `${API.house.dice}?lang=en`, body, p.token);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect((r.body as { error_code?: string }).error_code, JSON.stringify(body)).toBe(code);
      expect(r.body.message).not.toBe('');
    }
    const above = await post(t, `${API.house.dice}?lang=en`, { amount: '1000.01', target: '50', direction: 'over' }, p.token);
    expect(above.body.message).toBe('The maximum bet is R$1,000.00.');
    const target = await post(t, `${API.house.dice}?lang=pt`, { amount: '1.00', target: '1.00', direction: 'over' }, p.token);
    expect(target.body.errors?.target?.[0]).toContain('chance de vitória');
    expect(await cashOf(t, p.id)).toBe(5_000);
    expect(await roundCount(p.id)).toBe(0);
    // No nonce was used by any refused bet.
    const seeds = await get(t, API.fair.seeds, p.token);
    expect(seeds.body.data.active.nonce).toBe(0);

    const visitor = await post(t, API.house.dice, { amount: '1.00', target: '50', direction: 'over' });
    expect(visitor.status).toBe(401);
    expect((visitor.body as { error_code?: string }).error_code).toBe('NOT_LOGGED_IN');
  });

  it('refuses a disabled game', async () => {
    const p = await player(t, 1_000);
    await t.ctx.db.updateTable('games').set({ enabled: 0 }).where('code', '=', 'dice').execute();
    // Written behind the back office's back: the games' catalogue cache is told, as updateGame does.
    forgetRecentHouseGames(t.ctx);
    try {
      const r = await post(t, API.house.dice, { amount: '1.00', target: '50', direction: 'over' }, p.token);
      expect(r.status).toBe(422);
      expect((r.body as { error_code?: string }).error_code).toBe('GAME_DISABLED');
      expect(await cashOf(t, p.id)).toBe(1_000);
    } finally {
      await t.ctx.db.updateTable('games').set({ enabled: 1 }).where('code', '=', 'dice').execute();
      forgetRecentHouseGames(t.ctx);
    }
  });

  it('two tabs betting the whole balance at once: one bet, never below zero', async () => {
    const p = await player(t, 1_000);
    // A 0.01% chance: the first bet all but surely loses, so the second finds nothing left.
    const bet = () => post(t, API.house.dice, { amount: '10.00', target: '0.01', direction: 'under' }, p.token);
    const results = await Promise.all([bet(), bet()]);
    const okCount = results.filter((r) => r.status === 200).length;
    expect(okCount).toBeGreaterThanOrEqual(1);
    const refused = results.filter((r) => r.status !== 200);
    for (const r of refused) expect((r.body as { error_code?: string }).error_code).toBe('INSUFFICIENT_FUNDS');
    const won = results.filter((r) => r.status === 200).reduce((sum, r) => sum + cents(r.body.data.win), 0);
    const balance = await cashOf(t, p.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(1_000 - okCount * 1_000 + won);
    if (won === 0) expect(okCount).toBe(1);
  });

  it('concurrent bets of one member each get their own nonce', async () => {
    const p = await player(t, 10_000);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post(t, API.house.dice, { amount: '0.10', target: '50', direction: 'over' }, p.token)),
    );
    for (const r of results) expect(r.status).toBe(200);
    const nonces = results.map((r) => r.body.data.nonce as number).sort((a, b) => a - b);
    expect(nonces).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const totalWin = results.reduce((sum, r) => sum + cents(r.body.data.win), 0);
    expect(await cashOf(t, p.id)).toBe(10_000 - 8 * 10 + totalWin);
  });
});

describe('plinko', () => {
  it('drops a ball, pays the table and replays', async () => {
    const p = await player(t, 10_000);
    const r = await post(t, API.house.plinko, { amount: '1.00', rows: 16, risk: 'high' }, p.token);
    expect(r.status).toBe(200);
    const data = r.body.data;
    expect(data.outcome.path).toHaveLength(16);
    expect(await cashOf(t, p.id)).toBe(10_000 - 100 + cents(data.win));
    const serverSeed = await revealedSeed(p.token, data.server_seed_hash);
    const replay = plinko.play(hmacFloats({ serverSeed, clientSeed: data.client_seed, nonce: data.nonce }), { rows: 16, risk: 'high' });
    expect(replay.path).toEqual(data.outcome.path);
    expect(replay.slot).toBe(data.outcome.slot);
    expect(plinko.plinkoPayout(100, replay)).toBe(cents(data.win));

    for (const body of [
      { amount: '1.00', rows: 7, risk: 'low' },
      { amount: '1.00', rows: 17, risk: 'low' },
      { amount: '1.00', rows: 12, risk: 'extreme' },
    ]) {
      const bad = await post(t, API.house.plinko, body, p.token);
      expect(bad.status).toBe(422);
    }
    expect(await cashOf(t, p.id)).toBe(10_000 - 100 + cents(data.win));
  });
});

describe('roulette', () => {
  it('spins with many chips, pays every winning spot and replays', async () => {
    const p = await player(t, 100_000);
    const bets = [
      { type: 'straight', numbers: [17], amount: '1.00' },
      { type: 'split', numbers: [17, 20], amount: '1.00' },
      { type: 'corner', numbers: [1, 2, 4, 5], amount: '0.50' },
      { type: 'dozen', index: 2, amount: '2.00' },
      { type: 'column', index: 3, amount: '2.00' },
      { type: 'red', amount: '5.00' },
      { type: 'even', amount: '5.00' },
    ];
    const r = await post(t, API.house.roulette, { bets }, p.token);
    expect(r.status).toBe(200);
    const data = r.body.data;
    expect(cents(data.amount)).toBe(1_650);
    expect(await cashOf(t, p.id)).toBe(100_000 - 1_650 + cents(data.win));
    const serverSeed = await revealedSeed(p.token, data.server_seed_hash);
    const spin = roulette.play(hmacFloats({ serverSeed, clientSeed: data.client_seed, nonce: data.nonce }));
    expect(spin.number).toBe(data.outcome.number);
    const settlement = roulette.settleRoulette(
      spin.number,
      bets.map((b) => ({
        bet: {
          type: b.type as roulette.RouletteBetType,
          ...(b.numbers ? { numbers: b.numbers } : {}),
          ...(b.index ? { index: b.index } : {}),
        },
        amountCentavos: cents(b.amount),
      })),
    );
    expect(settlement.totalReturnCentavos).toBe(cents(data.win));
    expect(data.outcome.bets.map((b: { win: string }) => cents(b.win))).toEqual(settlement.returns);
  });

  it('applies the table limits per spot and per spin, and refuses illegal spots', async () => {
    const p = await player(t, 1_000_000);
    const cases: [unknown[], string, string][] = [
      [[{ type: 'straight', numbers: [5], amount: '100.01' }], 'BET_ABOVE_MAX', 'bets.0.amount'],
      // Two chips on one straight count together against its limit.
      [
        [
          { type: 'straight', numbers: [5], amount: '60.00' },
          { type: 'straight', numbers: [5], amount: '60.00' },
        ],
        'BET_ABOVE_MAX',
        'bets.1.amount',
      ],
      [[{ type: 'red', amount: '0.05' }], 'BET_BELOW_MIN', 'bets.0.amount'],
      [[{ type: 'split', numbers: [1, 5], amount: '1.00' }], 'VALIDATION_FAILED', 'bets.0'],
      [[{ type: 'dozen', index: 4, amount: '1.00' }], 'VALIDATION_FAILED', 'bets.0'],
      [[{ type: 'snake', amount: '1.00' }], 'VALIDATION_FAILED', 'bets.0'],
      [Array.from({ length: 3 }, () => ({ type: 'red', amount: '2000.00' })), 'BET_ABOVE_MAX', 'bets.1.amount'],
      [[], 'VALIDATION_FAILED', 'bets'],
    ];
    for (const [bets, code, field] of cases) {
      const r = await post(t, `${API.house.roulette}?lang=en`, { bets }, p.token);
      expect(r.status, JSON.stringify(bets)).toBe(422);
      expect((r.body as { error_code?: string }).error_code, JSON.stringify(bets)).toBe(code);
      expect(Object.keys(r.body.errors ?? {}), JSON.stringify(bets)).toContain(field);
    }
    const straight = await post(
      t,
      `${API.house.roulette}?lang=en`,
      { bets: [{ type: 'straight', numbers: [5], amount: '100.01' }] },
      p.token,
    );
    expect(straight.body.message).toBe('The maximum for this bet is R$100.00.');
    expect(await cashOf(t, p.id)).toBe(1_000_000);
    expect(await roundCount(p.id)).toBe(0);
  });
});

describe('slots', () => {
  it.each([
    ['fruit-frenzy', (f: ReturnType<typeof hmacFloats>) => fruit.play(f), fruit.fruitPayout],
    ['carnaval-20', (f: ReturnType<typeof hmacFloats>) => carnaval.play(f), carnaval.carnavalPayout],
  ] as const)('%s spins, pays its paytable and replays', async (code, play, pay) => {
    const p = await player(t, 100_000);
    const spins = [];
    for (let i = 0; i < 5; i += 1) {
      const before = await cashOf(t, p.id);
      const r = await post(t, API.house.slot(code), { amount: '2.00' }, p.token);
      expect(r.status).toBe(200);
      expect(await cashOf(t, p.id)).toBe(before - 200 + cents(r.body.data.win));
      spins.push(r.body.data);
    }
    const serverSeed = await revealedSeed(p.token, spins[0].server_seed_hash);
    for (const spin of spins) {
      const replay = play(hmacFloats({ serverSeed, clientSeed: spin.client_seed, nonce: spin.nonce }));
      expect(JSON.parse(JSON.stringify(replay))).toEqual(spin.outcome);
      expect(pay(200, replay as never)).toBe(cents(spin.win));
    }
    const config = await get(t, `${API.house.config}?code=${code}`);
    expect(config.status).toBe(200);
    expect(config.body.data.paytable).toBeDefined();
    expect(config.body.data.lines.length).toBe(code === 'fruit-frenzy' ? 5 : 20);
  });

  it('refuses an unknown slot and stakes out of limits', async () => {
    const p = await player(t, 100_000);
    expect((await post(t, API.house.slot('no-such-slot'), { amount: '1.00' }, p.token)).status).toBe(404);
    expect((await post(t, API.house.slot('dice'), { amount: '1.00' }, p.token)).status).toBe(404);
    const low = await post(t, API.house.slot('carnaval-20'), { amount: '0.10' }, p.token);
    expect((low.body as { error_code?: string }).error_code).toBe('BET_BELOW_MIN');
    expect(await cashOf(t, p.id)).toBe(100_000);
  });
});

describe('config', () => {
  it('answers every house game with its limits and declared RTP', async () => {
    for (const code of ['crash', 'double', 'dice', 'mines', 'plinko', 'fruit-frenzy', 'carnaval-20', 'roulette']) {
      const r = await get(t, `${API.house.config}?code=${code}`);
      expect(r.status, code).toBe(200);
      expect(r.body.data.code).toBe(code);
      expect(r.body.data.rtp).toMatch(/^\d{2}\.\d{2}$/);
      expect(cents(r.body.data.min_bet)).toBeGreaterThan(0);
    }
    expect((await get(t, `${API.house.config}?code=poker`)).status).toBe(422);
  });
});
