import * as bacbo from '@casino/games/bacbo';
import * as baccarat from '@casino/games/baccarat';
import { cardCode } from '@casino/games/cards';
import { hmacFloats } from '@casino/games/fair';
import * as keno from '@casino/games/keno';
import * as limbo from '@casino/games/limbo';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { forgetRecentHouseGames } from './house-game.ts';
import { cashOf, cents, expectLedgerSound, get, houseTestApp, player, post, roundsOf } from './house.test-helpers.ts';

/**
 * Keno, limbo, baccarat and bac bo against a real database (SQLite and PostgreSQL): a win and a
 * loss each move the balance by exactly -stake + win through the ledger, each round is stored
 * settled with its seed pair and nonce and replays from the revealed seed with packages/games, bad
 * input is refused with the field named and moves no money (no round, no nonce), and many bets at
 * once never answer 5xx.
 */

let t: TestApp;
beforeAll(async () => {
  t = await houseTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

type Answer = {
  round_id: number;
  amount: string;
  win: string;
  multiplier: string;
  balance: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  outcome: Record<string, unknown> & { bets?: { type: string; amount: string; win: string }[] };
};

async function revealedSeed(token: string, serverSeedHash: string): Promise<string> {
  expect((await post(t, API.fair.rotate, {}, token)).status).toBe(200);
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

/**
 * Bets until the member has seen a round that paid more than its stake and one that paid nothing
 * (at most `limit` rounds), checking the balance after each: before - stake + win.
 */
async function playUntilWinAndLoss(url: string, body: Record<string, unknown>, token: string, memberId: number, limit = 60) {
  const answers: Answer[] = [];
  let won = false;
  let lost = false;
  for (let i = 0; i < limit && !(won && lost); i += 1) {
    const before = await cashOf(t, memberId);
    const r = await post(t, url, body, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const data = r.body.data as Answer;
    expect(await cashOf(t, memberId)).toBe(before - cents(data.amount) + cents(data.win));
    expect(cents(data.balance)).toBe(await cashOf(t, memberId));
    if (cents(data.win) > cents(data.amount)) won = true;
    if (cents(data.win) === 0) lost = true;
    answers.push(data);
  }
  expect(won, 'a winning round').toBe(true);
  expect(lost, 'a losing round').toBe(true);
  return answers;
}

/** The stored rounds match the answers (settled, stake, win, nonce, seed pair). */
async function expectRecorded(memberId: number, code: string, answers: Answer[]) {
  const rounds = await roundsOf(t, memberId, code);
  expect(rounds).toHaveLength(answers.length);
  for (const answer of answers) {
    const stored = rounds.find((r) => r.id === answer.round_id)!;
    expect(stored.status).toBe('settled');
    expect(stored.bet_centavos).toBe(cents(answer.amount));
    expect(stored.win_centavos).toBe(cents(answer.win));
    expect(stored.nonce).toBe(answer.nonce);
    expect(stored.seed_id).not.toBeNull();
  }
  expect(answers.map((a) => a.nonce)).toEqual(answers.map((_, i) => i));
}

/** Each refused body answers 422 with its code and field, and nothing moves. */
async function expectRefused(url: string, memberId: number, token: string, funded: number, cases: [unknown, string, string][]) {
  for (const [body, code, field] of cases) {
    const r = await post(t, `${url}?lang=pt`, body, token);
    expect(r.status, JSON.stringify(body)).toBe(422);
    expect((r.body as { error_code?: string }).error_code, JSON.stringify(body)).toBe(code);
    expect(Object.keys(r.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    expect(r.body.message).not.toBe('');
  }
  expect(await cashOf(t, memberId)).toBe(funded);
  expect(await roundCount(memberId)).toBe(0);
  const seeds = await get(t, API.fair.seeds, token);
  expect(seeds.body.data.active.nonce).toBe(0);
}

/** `n` bets at once from several members: no 5xx, every accepted one paid exactly. */
async function concurrently(url: string, body: Record<string, unknown>, n = 24) {
  const members = await Promise.all(Array.from({ length: 4 }, () => player(t, 50_000)));
  const results = await Promise.all(
    Array.from({ length: n }, (_, i) => {
      const m = members[i % members.length]!;
      return post(t, url, body, m.token).then((r) => ({ r, m }));
    }),
  );
  expect(results.filter(({ r }) => r.status >= 500)).toHaveLength(0);
  for (const { r } of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
  for (const m of members) {
    const mine = results.filter((x) => x.m === m).map((x) => x.r.body.data as Answer);
    const net = mine.reduce((sum, a) => sum - cents(a.amount) + cents(a.win), 0);
    expect(await cashOf(t, m.id)).toBe(50_000 + net);
    expect(mine.map((a) => a.nonce).sort((a, b) => a - b)).toEqual(mine.map((_, i) => i));
  }
}

describe('keno', () => {
  it('pays a win and a loss exactly, records the rounds and replays them', async () => {
    const p = await player(t, 100_000);
    const picks = [3, 19, 40];
    const answers = await playUntilWinAndLoss(API.house.keno, { amount: '1.00', picks, risk: 'low' }, p.token, p.id);
    await expectRecorded(p.id, 'keno', answers);
    const serverSeed = await revealedSeed(p.token, answers[0]!.server_seed_hash);
    for (const answer of answers) {
      const replay = keno.play(hmacFloats({ serverSeed, clientSeed: answer.client_seed, nonce: answer.nonce }), { picks, risk: 'low' });
      expect(answer.outcome.drawn).toEqual(replay.drawn);
      expect(answer.outcome.hits).toEqual(replay.hits);
      expect(answer.outcome.picks).toEqual(picks);
      expect(keno.kenoPayout(100, replay)).toBe(cents(answer.win));
    }
    const view = await get(t, API.house.round(answers[0]!.round_id), p.token);
    expect(view.body.data.seeds.server_seed).toBe(serverSeed);
    expect(view.body.data.outcome.params).toEqual({ picks, risk: 'low' });
  });

  it('refuses bad picks, risks and stakes with no money moved', async () => {
    const p = await player(t, 5_000);
    await expectRefused(API.house.keno, p.id, p.token, 5_000, [
      [{ amount: '1.00', picks: [0], risk: 'classic' }, 'VALIDATION_FAILED', 'picks'],
      [{ amount: '1.00', picks: [41], risk: 'classic' }, 'VALIDATION_FAILED', 'picks'],
      [{ amount: '1.00', picks: [1.5], risk: 'classic' }, 'VALIDATION_FAILED', 'picks.0'],
      [{ amount: '1.00', picks: [5, 5], risk: 'classic' }, 'VALIDATION_FAILED', 'picks'],
      [{ amount: '1.00', picks: [], risk: 'classic' }, 'VALIDATION_FAILED', 'picks'],
      [{ amount: '1.00', picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], risk: 'classic' }, 'VALIDATION_FAILED', 'picks'],
      [{ amount: '1.00', picks: 'all', risk: 'classic' }, 'VALIDATION_FAILED', 'picks'],
      [{ amount: '1.00', picks: [1], risk: 'extreme' }, 'VALIDATION_FAILED', 'risk'],
      [{ amount: '0.05', picks: [1], risk: 'low' }, 'BET_BELOW_MIN', 'amount'],
      [{ amount: '500.01', picks: [1], risk: 'low' }, 'BET_ABOVE_MAX', 'amount'],
      [{ amount: '-1', picks: [1], risk: 'low' }, 'VALIDATION_FAILED', 'amount'],
      [{ amount: '60.00', picks: [1], risk: 'low' }, 'INSUFFICIENT_FUNDS', 'amount'],
    ]);
    const repeated = await post(t, `${API.house.keno}?lang=pt`, { amount: '1.00', picks: [5, 5], risk: 'low' }, p.token);
    expect(repeated.body.errors?.picks?.[0]).toBe('Cada número só pode ser escolhido uma vez.');
  });

  it("answers the four games' constants in the config", async () => {
    const config = await get(t, `${API.house.config}?code=keno`);
    expect(config.status).toBe(200);
    expect(config.body.data.paytables.classic[0]).toEqual([0, 39]);
    expect(config.body.data.rtps.high).toHaveLength(10);
    expect(config.body.data.numbers).toBe(40);
    const limboConfig = await get(t, `${API.house.config}?code=limbo`);
    expect(limboConfig.body.data).toMatchObject({ min_target: '1.01', max_target: '1000000.00', rtp: '99.00' });
    const baccaratConfig = await get(t, `${API.house.config}?code=baccarat`);
    expect(baccaratConfig.body.data.returns).toMatchObject({ player: '2.00', banker: '1.95', tie: '9.00', player_pair: '12.00' });
    expect(baccaratConfig.body.data.rtps.banker).toBe('98.9420');
    const bacboConfig = await get(t, `${API.house.config}?code=bac-bo`);
    expect(bacboConfig.body.data.tie_pays['2']).toBe(88);
    expect(bacboConfig.body.data.tie_refund).toBe('0.90');
    expect(bacboConfig.body.data.rtps.tie).toBe('95.5246');
  });

  it('takes many bets at once with no 5xx', async () => {
    await concurrently(API.house.keno, { amount: '0.50', picks: [1, 2, 3], risk: 'medium' });
  });
});

describe('limbo', () => {
  it('pays a win and a loss exactly, records the rounds and replays them', async () => {
    const p = await player(t, 100_000);
    const answers = await playUntilWinAndLoss(API.house.limbo, { amount: '2.00', target: '2.50' }, p.token, p.id);
    await expectRecorded(p.id, 'limbo', answers);
    const serverSeed = await revealedSeed(p.token, answers[0]!.server_seed_hash);
    for (const answer of answers) {
      const replay = limbo.play(hmacFloats({ serverSeed, clientSeed: answer.client_seed, nonce: answer.nonce }), { target: 250 });
      expect(answer.outcome).toEqual({ target: 250, result: replay.result, win: replay.win });
      expect(cents(answer.win)).toBe(replay.win ? 500 : 0);
      expect(answer.multiplier).toBe(replay.win ? '2.5000' : '0.0000');
    }
  });

  it('refuses targets and stakes out of range with no money moved', async () => {
    const p = await player(t, 5_000);
    await expectRefused(API.house.limbo, p.id, p.token, 5_000, [
      [{ amount: '1.00', target: '1.00' }, 'VALIDATION_FAILED', 'target'],
      [{ amount: '1.00', target: '1000000.01' }, 'VALIDATION_FAILED', 'target'],
      [{ amount: '1.00', target: '2.005' }, 'VALIDATION_FAILED', 'target'],
      [{ amount: '1.00', target: 'big' }, 'VALIDATION_FAILED', 'target'],
      [{ amount: '1.00' }, 'VALIDATION_FAILED', 'target'],
      [{ amount: '0.09', target: '2' }, 'BET_BELOW_MIN', 'amount'],
      [{ amount: '1000.01', target: '2' }, 'BET_ABOVE_MAX', 'amount'],
      [{ amount: '50.01', target: '2' }, 'INSUFFICIENT_FUNDS', 'amount'],
    ]);
    const en = await post(t, `${API.house.limbo}?lang=en`, { amount: '1.00', target: '0.5' }, p.token);
    expect(en.body.errors?.target?.[0]).toContain('1.01x');
  });

  it('takes many bets at once with no 5xx', async () => {
    await concurrently(API.house.limbo, { amount: '0.10', target: '1.50' });
  });
});

describe('baccarat', () => {
  it('pays every spot of a round exactly, records the rounds and replays them', async () => {
    const p = await player(t, 500_000);
    const bets = [
      { type: 'player', amount: '5.00' },
      { type: 'tie', amount: '1.00' },
      { type: 'banker_pair', amount: '1.00' },
    ];
    const answers = await playUntilWinAndLoss(API.house.baccarat, { bets: [bets[0]] }, p.token, p.id);
    const multi = await post(t, API.house.baccarat, { bets }, p.token);
    expect(multi.status).toBe(200);
    expect(cents(multi.body.data.amount)).toBe(700);
    answers.push(multi.body.data);
    await expectRecorded(p.id, 'baccarat', answers);
    const serverSeed = await revealedSeed(p.token, answers[0]!.server_seed_hash);
    for (const answer of answers) {
      const replay = baccarat.play(hmacFloats({ serverSeed, clientSeed: answer.client_seed, nonce: answer.nonce }));
      expect(answer.outcome.player).toEqual(replay.player.map(cardCode));
      expect(answer.outcome.banker).toEqual(replay.banker.map(cardCode));
      expect(answer.outcome.winner).toBe(replay.winner);
      expect(answer.outcome.player_total).toBe(replay.playerTotal);
      const returns = answer.outcome.bets!.map((b) => baccarat.baccaratPayout(b.type as baccarat.BaccaratBet, cents(b.amount), replay));
      expect(answer.outcome.bets!.map((b) => cents(b.win))).toEqual(returns);
      expect(cents(answer.win)).toBe(returns.reduce((a, b) => a + b, 0));
    }
  });

  it('refuses unknown or repeated spots and stakes out of limits with no money moved', async () => {
    const p = await player(t, 5_000);
    await expectRefused(API.house.baccarat, p.id, p.token, 5_000, [
      [{ bets: [] }, 'VALIDATION_FAILED', 'bets'],
      [{ bets: [{ type: 'dragon', amount: '1.00' }] }, 'VALIDATION_FAILED', 'bets.0.type'],
      [
        {
          bets: [
            { type: 'player', amount: '1.00' },
            { type: 'player', amount: '1.00' },
          ],
        },
        'VALIDATION_FAILED',
        'bets.1.type',
      ],
      [{ bets: [{ type: 'banker', amount: '0.50' }] }, 'BET_BELOW_MIN', 'bets.0.amount'],
      [
        {
          bets: [
            { type: 'banker', amount: '600.00' },
            { type: 'tie', amount: '500.00' },
          ],
        },
        'BET_ABOVE_MAX',
        'bets',
      ],
      [{ bets: [{ type: 'banker', amount: '0' }] }, 'VALIDATION_FAILED', 'bets.0.amount'],
      // The wallet's refusal names the stake.
      [{ bets: [{ type: 'banker', amount: '50.01' }] }, 'INSUFFICIENT_FUNDS', 'amount'],
    ]);
  });

  it('takes many bets at once with no 5xx', async () => {
    await concurrently(API.house.baccarat, { bets: [{ type: 'banker', amount: '1.00' }] });
  });
});

describe('bac bo', () => {
  it('pays a win and a loss exactly, records the rounds and replays them', async () => {
    const p = await player(t, 500_000);
    const answers = await playUntilWinAndLoss(API.house.bacbo, { bets: [{ type: 'banker', amount: '3.00' }] }, p.token, p.id);
    const multi = await post(
      t,
      API.house.bacbo,
      {
        bets: [
          { type: 'player', amount: '2.00' },
          { type: 'tie', amount: '1.00' },
        ],
      },
      p.token,
    );
    expect(multi.status).toBe(200);
    answers.push(multi.body.data);
    await expectRecorded(p.id, 'bac-bo', answers);
    const serverSeed = await revealedSeed(p.token, answers[0]!.server_seed_hash);
    for (const answer of answers) {
      const replay = bacbo.play(hmacFloats({ serverSeed, clientSeed: answer.client_seed, nonce: answer.nonce }));
      expect(answer.outcome.player).toEqual(replay.player);
      expect(answer.outcome.banker).toEqual(replay.banker);
      expect(answer.outcome.winner).toBe(replay.winner);
      const returns = answer.outcome.bets!.map((b) => bacbo.bacboPayout(b.type as bacbo.BacboBet, cents(b.amount), replay));
      expect(answer.outcome.bets!.map((b) => cents(b.win))).toEqual(returns);
      expect(cents(answer.win)).toBe(returns.reduce((a, b) => a + b, 0));
    }
  });

  it('refuses unknown spots and stakes out of limits with no money moved', async () => {
    const p = await player(t, 5_000);
    await expectRefused(API.house.bacbo, p.id, p.token, 5_000, [
      [{ bets: [{ type: 'player_pair', amount: '1.00' }] }, 'VALIDATION_FAILED', 'bets.0.type'],
      [{ bets: [{ type: 'tie', amount: '0.99' }] }, 'BET_BELOW_MIN', 'bets.0.amount'],
      [{ bets: [{ type: 'tie', amount: '1000.01' }] }, 'BET_ABOVE_MAX', 'bets'],
      [{ bets: 'player' }, 'VALIDATION_FAILED', 'bets'],
    ]);
  });

  it('refuses a disabled game', async () => {
    const p = await player(t, 1_000);
    await t.ctx.db.updateTable('games').set({ enabled: 0 }).where('code', '=', 'bac-bo').execute();
    forgetRecentHouseGames(t.ctx);
    try {
      const r = await post(t, API.house.bacbo, { bets: [{ type: 'tie', amount: '1.00' }] }, p.token);
      expect((r.body as { error_code?: string }).error_code).toBe('GAME_DISABLED');
      expect(await cashOf(t, p.id)).toBe(1_000);
    } finally {
      await t.ctx.db.updateTable('games').set({ enabled: 1 }).where('code', '=', 'bac-bo').execute();
      forgetRecentHouseGames(t.ctx);
    }
  });

  it('takes many bets at once with no 5xx', async () => {
    await concurrently(API.house.bacbo, { bets: [{ type: 'player', amount: '1.00' }] });
  });
});
