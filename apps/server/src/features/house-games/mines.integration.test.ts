import { formatMultiplier } from '@casino/games/exact';
import { hmacFloats } from '@casino/games/fair';
import * as mines from '@casino/games/mines';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { cashOf, cents, expectLedgerSound, get, houseTestApp, player, post, roundsOf } from './house.test-helpers.ts';

/**
 * Mines against a real database: the board stays secret until the round ends, a mine loses the
 * stake, a cash-out pays once, an open board survives a closed tab, and the revealed seeds
 * reproduce the board.
 */

let t: TestApp;
beforeAll(async () => {
  t = await houseTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

/** The board of an open round, as only the server (and this test, reading the database) can know it. */
async function secretBoard(roundId: number): Promise<number[]> {
  const round = await t.ctx.db.selectFrom('game_rounds').selectAll().where('id', '=', roundId).executeTakeFirstOrThrow();
  const pair = await t.ctx.db.selectFrom('fair_seeds').selectAll().where('id', '=', round.seed_id!).executeTakeFirstOrThrow();
  const stored = JSON.parse(round.outcome_json!) as { params: { mines: number } };
  return mines.minePositions(
    hmacFloats({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: round.nonce! }),
    stored.params.mines,
  );
}

const safeTiles = (board: number[]) => Array.from({ length: 25 }, (_, i) => i).filter((i) => !board.includes(i));
const code = (r: { body: unknown }) => (r.body as { error_code?: string }).error_code;

describe('mines', () => {
  it('keeps the board secret, pays the cash-out once and refuses a second one', async () => {
    const p = await player(t, 10_000);
    const start = await post(t, API.house.minesStart, { amount: '5.00', mines: 3 }, p.token);
    expect(start.status).toBe(200);
    const round = start.body.data.round;
    expect(round.mine_positions).toBeNull();
    expect(JSON.stringify(start.body)).not.toContain('minePositions');
    expect(await cashOf(t, p.id)).toBe(9_500);
    const stored = await t.ctx.db
      .selectFrom('game_rounds')
      .select('outcome_json')
      .where('id', '=', round.round_id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.outcome_json!).mine_positions).toBeUndefined();

    const board = await secretBoard(round.round_id);
    const [first, second] = safeTiles(board);
    const r1 = await post(t, API.house.minesReveal, { tile: first }, p.token);
    expect(r1.status).toBe(200);
    expect(r1.body.data.safe).toBe(true);
    expect(r1.body.data.round.mine_positions).toBeNull();
    const again = await post(t, API.house.minesReveal, { tile: first }, p.token);
    expect(again.status).toBe(422);
    expect(code(again)).toBe('TILE_INVALID');
    const r2 = await post(t, API.house.minesReveal, { tile: second, round_id: round.round_id }, p.token);
    expect(r2.body.data.round.revealed).toEqual([first, second]);
    expect(r2.body.data.round.multiplier).toBe(formatMultiplier(mines.minesMultiplier(3, 2), 4));
    expect(r2.body.data.round.next_multiplier).toBe(formatMultiplier(mines.minesMultiplier(3, 3), 4));

    // A closed tab: the open board comes back with its revealed tiles and no mines.
    const active = await get(t, API.house.minesActive, p.token);
    expect(active.body.data.round.round_id).toBe(round.round_id);
    expect(active.body.data.round.revealed).toEqual([first, second]);
    expect(active.body.data.round.mine_positions).toBeNull();

    const cash = await post(t, API.house.minesCashout, { round_id: round.round_id }, p.token);
    expect(cash.status).toBe(200);
    const expected = mines.minesPayout(500, { mines: 3, minePositions: board, revealed: [first!, second!], status: 'cashed_out' });
    expect(cents(cash.body.data.round.win)).toBe(expected);
    expect(cash.body.data.round.mine_positions.sort()).toEqual([...board].sort());
    expect(await cashOf(t, p.id)).toBe(9_500 + expected);

    const twice = await post(t, API.house.minesCashout, { round_id: round.round_id }, p.token);
    expect(twice.status).toBe(409);
    expect(code(twice)).toBe('ALREADY_CASHED_OUT');
    const late = await post(t, API.house.minesReveal, { tile: safeTiles(board)[2], round_id: round.round_id }, p.token);
    expect(code(late)).toBe('ROUND_FINISHED');
    expect(await cashOf(t, p.id)).toBe(9_500 + expected);
    expect((await get(t, API.house.minesActive, p.token)).body.data.round).toBeNull();
  });

  it('a mine ends the round lost and shows the board; the revealed seed reproduces it', async () => {
    const p = await player(t, 10_000);
    const start = await post(t, API.house.minesStart, { amount: '2.00', mines: 24 }, p.token);
    const roundId = start.body.data.round.round_id;
    const board = await secretBoard(roundId);
    const boom = await post(t, API.house.minesReveal, { tile: board[0] }, p.token);
    expect(boom.status).toBe(200);
    expect(boom.body.data.safe).toBe(false);
    expect(boom.body.data.round.status).toBe('busted');
    expect([...boom.body.data.round.mine_positions].sort()).toEqual([...board].sort());
    expect(await cashOf(t, p.id)).toBe(9_800);
    expect(code(await post(t, API.house.minesCashout, {}, p.token))).toBe('ROUND_FINISHED');
    expect(code(await post(t, API.house.minesReveal, { tile: 0 }, p.token))).toBe('ROUND_FINISHED');

    const [round] = await roundsOf(t, p.id, 'mines');
    expect(round?.status).toBe('settled');
    expect(round?.win_centavos).toBe(0);

    // After rotation the verify page replays the board from the revealed server seed.
    const seeds = await get(t, API.fair.seeds, p.token);
    expect((await post(t, API.fair.rotate, {}, p.token)).status).toBe(200);
    const view = await get(t, API.house.round(roundId), p.token);
    const s = view.body.data.seeds;
    expect(s.server_seed_hash).toBe(seeds.body.data.active.server_seed_hash);
    const replay = mines.minePositions(hmacFloats({ serverSeed: s.server_seed, clientSeed: s.client_seed, nonce: s.nonce }), 24);
    expect(replay).toEqual(view.body.data.outcome.mine_positions);
  });

  it('clearing every safe tile pays out by itself', async () => {
    const p = await player(t, 10_000);
    const start = await post(t, API.house.minesStart, { amount: '1.00', mines: 23 }, p.token);
    const board = await secretBoard(start.body.data.round.round_id);
    const [a, b] = safeTiles(board);
    await post(t, API.house.minesReveal, { tile: a }, p.token);
    const last = await post(t, API.house.minesReveal, { tile: b }, p.token);
    expect(last.body.data.round.status).toBe('cashed_out');
    const expected = mines.minesPayout(100, { mines: 23, minePositions: board, revealed: [a!, b!], status: 'cashed_out' });
    expect(cents(last.body.data.round.win)).toBe(expected);
    expect(await cashOf(t, p.id)).toBe(10_000 - 100 + expected);
  });

  it('refuses bad input and a second board, with no money moved', async () => {
    const p = await player(t, 10_000);
    for (const body of [
      { amount: '1.00', mines: 0 },
      { amount: '1.00', mines: 25 },
      { amount: '1.00', mines: 2.5 },
      { amount: '-1', mines: 3 },
      { amount: '1.005', mines: 3 },
      { amount: '1000.01', mines: 3 },
    ]) {
      const r = await post(t, API.house.minesStart, body, p.token);
      expect(r.status, JSON.stringify(body)).toBe(422);
    }
    expect(await cashOf(t, p.id)).toBe(10_000);
    expect(code(await post(t, API.house.minesCashout, {}, p.token))).toBe('ROUND_NOT_FOUND');

    const start = await post(t, API.house.minesStart, { amount: '1.00', mines: 5 }, p.token);
    expect(start.status).toBe(200);
    const second = await post(t, API.house.minesStart, { amount: '1.00', mines: 5 }, p.token);
    expect(second.status).toBe(409);
    expect(code(second)).toBe('ROUND_IN_PROGRESS');
    expect(code(await post(t, API.house.minesCashout, {}, p.token))).toBe('CASHOUT_TOO_EARLY');
    for (const tile of [25, -1, 1.5, '3']) {
      const r = await post(t, `${API.house.minesReveal}?lang=en`, { tile }, p.token);
      expect(r.status, String(tile)).toBe(422);
      expect(code(r)).toMatch(/TILE_INVALID|VALIDATION_FAILED/);
    }
    const outOfRange = await post(t, `${API.house.minesReveal}?lang=en`, { tile: 25 }, p.token);
    expect(outOfRange.body.message).toBe('Choose a tile from 1 to 25 that is still hidden.');
    // The seed of an open board cannot be revealed.
    const rotate = await post(t, API.fair.rotate, {}, p.token);
    expect(rotate.status).toBe(409);
    expect(code(rotate)).toBe('ROUND_IN_PROGRESS');
    expect(await cashOf(t, p.id)).toBe(9_900);
  });

  it('racing cash-outs and reveals of one board settle it once', async () => {
    const p = await player(t, 10_000);
    const start = await post(t, API.house.minesStart, { amount: '10.00', mines: 1 }, p.token);
    const board = await secretBoard(start.body.data.round.round_id);
    const safe = safeTiles(board);
    await post(t, API.house.minesReveal, { tile: safe[0] }, p.token);
    const results = await Promise.all([
      post(t, API.house.minesCashout, {}, p.token),
      post(t, API.house.minesCashout, {}, p.token),
      post(t, API.house.minesCashout, {}, p.token),
    ]);
    const paid = results.filter((r) => r.status === 200);
    expect(paid).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(code(r)).toBe('ALREADY_CASHED_OUT');
    const win = cents(paid[0]!.body.data.round.win);
    expect(win).toBe(mines.minesPayout(1_000, { mines: 1, minePositions: board, revealed: [safe[0]!], status: 'cashed_out' }));
    expect(await cashOf(t, p.id)).toBe(9_000 + win);

    // A reveal racing a cash-out: whichever settles first, the board is paid at most once.
    const next = await post(t, API.house.minesStart, { amount: '10.00', mines: 1 }, p.token);
    const board2 = await secretBoard(next.body.data.round.round_id);
    const safe2 = safeTiles(board2);
    await post(t, API.house.minesReveal, { tile: safe2[0] }, p.token);
    const before = await cashOf(t, p.id);
    const [reveal, cash] = await Promise.all([
      post(t, API.house.minesReveal, { tile: safe2[1] }, p.token),
      post(t, API.house.minesCashout, {}, p.token),
    ]);
    expect(cash.status === 200 || reveal.status === 200).toBe(true);
    const [round] = await roundsOf(t, p.id, 'mines');
    expect(round?.status).toBe('settled');
    expect(await cashOf(t, p.id)).toBe(before + round!.win_centavos);
    const credits = await t.ctx.db
      .selectFrom('wallet_transactions')
      .select('id')
      .where('round_uid', '=', round!.round_uid)
      .where('kind', '=', 'win')
      .execute();
    expect(credits).toHaveLength(1);
  });

  it('two starts at once open one board', async () => {
    const p = await player(t, 10_000);
    const results = await Promise.all([
      post(t, API.house.minesStart, { amount: '1.00', mines: 3 }, p.token),
      post(t, API.house.minesStart, { amount: '1.00', mines: 3 }, p.token),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(code(results.find((r) => r.status !== 200)!)).toBe('ROUND_IN_PROGRESS');
    expect(await cashOf(t, p.id)).toBe(9_900);
  });
});
