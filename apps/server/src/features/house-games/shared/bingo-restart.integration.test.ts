import { randomUUID } from 'node:crypto';
import { ballOrder, bingoCard, playRound, winsByCard } from '@casino/games/bingo';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../db/database.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { loadHouseGame } from '../house-game.ts';
import { cashOf, expectLedgerSound, houseTestApp, player, post, roundsOf } from '../house.test-helpers.ts';
import { sandboxBeacon } from './beacon.ts';
import { type BingoRooms, startBingoRooms } from './bingo-rooms.ts';
import { commitChain } from './chain.ts';
import * as repo from './shared-rounds.repository.ts';

/**
 * Bingo's money when things go wrong, with the draws off (the test plays the leader): a settlement
 * run twice (a retry, a second process) pays once; a round a stopped leader left in its draw is
 * cancelled by the next leader and every purchase refunded.
 */

let t: TestApp;
let bingo: BingoRooms;
beforeAll(async () => {
  t = await houseTestApp({ BINGO_ROUNDS: 'off' });
  bingo = startBingoRooms(t.ctx, t.ctx.config); // the routes' rooms (same database handle)
});
afterAll(async () => {
  await bingo.close();
  await expectLedgerSound(t);
  await t.close();
});

async function openRound(game: 'bingo-75' | 'bingo-90') {
  const chain = await commitChain(t.ctx.db, game, 20, sandboxBeacon());
  return repo.insertRound(t.ctx.db, {
    game,
    uid: randomUUID(),
    chain_id: chain.id,
    chain_index: 0,
    hash: 'b'.repeat(64),
    result: 0,
    betting_ends_at: new Date(Date.now() + 60_000).toISOString(),
    created_at: nowIso(),
  });
}

const aborted = () => {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
};

describe('bingo settlement and restart', () => {
  it('pays a round once when its settlement runs twice', async () => {
    const a = await player(t, 10_000);
    const b = await player(t, 10_000);
    const round = await openRound('bingo-90');
    expect((await post(t, API.house.bingoBuy, { room: 'bingo-90', cards: 3 }, a.token)).status).toBe(200);
    expect((await post(t, API.house.bingoBuy, { room: 'bingo-90', cards: 5 }, b.token)).status).toBe(200);
    await repo.moveRound(t.ctx.db, round.id, 'betting', 'running', { started_at: nowIso() });
    const running = (await repo.findRound(t.ctx.db, round.id)) as repo.SharedRound;
    const game = bingo.rooms['bingo-90'];
    const house = await loadHouseGame(t.ctx, 'bingo-90');
    if (!house) throw new Error('no bingo-90 game');
    await game.beginDraw(running);
    const open = (await repo.betsOfRound(t.ctx.db, round.id)).filter((x) => x.status === 'open');
    await game.settle(house, running, open);
    await game.settle(house, running, open); // the retry finds every purchase settled

    // What the seed gives, recomputed: the chain's salt is '' until salted.
    const cards = open.flatMap((bet) =>
      Array.from({ length: bet.stake_centavos / 100 }, (_, index) => ({
        purchaseId: bet.id,
        index,
        cells: bingoCard('bingo-90', running.hash, '', `${bet.id}-${index}`),
      })),
    );
    const pool = await t.ctx.db.selectFrom('bingo_jackpots').selectAll().where('room', '=', 'bingo-90').executeTakeFirstOrThrow();
    const stored = await t.ctx.db.selectFrom('bingo_rounds').selectAll().where('round_id', '=', round.id).executeTakeFirstOrThrow();
    const share = Math.floor((800 * 5) / 100);
    const base = (stored.jackpot_centavos > 0 ? stored.jackpot_centavos : stored.pool_after_centavos) - share;
    const expected = playRound('bingo-90', ballOrder('bingo-90', running.hash, ''), cards, base);
    expect(Number(pool.pool_centavos)).toBe(expected.poolAfter);
    const wins = winsByCard(expected);
    for (const [member, bet] of [
      [a, open[0]],
      [b, open[1]],
    ] as const) {
      const n = (bet?.stake_centavos ?? 0) / 100;
      const win = Array.from({ length: n }, (_, i) => wins.get(`${bet?.id}-${i}`) ?? 0).reduce((s, x) => s + x, 0);
      expect(await cashOf(t, member.id)).toBe(10_000 - n * 100 + win);
      const [record] = await roundsOf(t, member.id, 'bingo-90');
      expect(record?.status).toBe('settled');
      expect(Number(record?.win_centavos)).toBe(win);
    }
    // 85% of the R$ 8,00 of sales went to the prizes, exactly.
    const paid = (await repo.betsOfRound(t.ctx.db, round.id)).reduce((s, x) => s + x.win_centavos, 0);
    expect(paid).toBe(680 + expected.jackpot.amount);
    await repo.moveRound(t.ctx.db, round.id, 'running', 'ended', { ended_at: nowIso() });
  });

  it('refunds the purchases of a round a stopped leader left in its draw', async () => {
    const p = await player(t, 10_000);
    const round = await openRound('bingo-75');
    expect((await post(t, API.house.bingoBuy, { room: 'bingo-75', cards: 4 }, p.token)).status).toBe(200);
    expect(await cashOf(t, p.id)).toBe(9_600);
    await repo.moveRound(t.ctx.db, round.id, 'betting', 'running', { started_at: nowIso() });

    await bingo.rooms['bingo-75'].lead(aborted());

    expect(await cashOf(t, p.id)).toBe(10_000);
    expect((await repo.findRound(t.ctx.db, round.id))?.status).toBe('cancelled');
    const [record] = await roundsOf(t, p.id, 'bingo-75');
    expect(record?.status).toBe('rolled_back');
    // A second recovery moves nothing.
    await bingo.rooms['bingo-75'].lead(aborted());
    expect(await cashOf(t, p.id)).toBe(10_000);
  });
});
