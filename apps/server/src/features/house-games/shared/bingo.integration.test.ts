import { BINGO_RULES, type BingoRoom, ballOrder, bingoCard, playRound, potOf, winsByCard } from '@casino/games/bingo';
import { API } from '@casino/shared/api-paths';
import type { BingoBuyAnswer, BingoState } from '@casino/shared/schemas/house-bingo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from '../../../test/test-app.ts';
import { cashOf, expectLedgerSound, get, houseTestApp, player, post, roundsOf } from '../house.test-helpers.ts';

/**
 * Bingo rooms with a real scheduler on short timings: many members buying at once on both rooms
 * (some watching over /ws/bingo, one leaving mid-round), the draw, the prizes recomputed from the
 * revealed seed and compared to what the wallet paid, refusals that move no money.
 */

const MAX_CARDS = 10;
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await houseTestApp({
    BINGO_ROUNDS: 'on',
    BINGO_BUY_MS: '6000',
    BINGO_BALL_MS: '10',
    BINGO_PAUSE_MS: '300',
    BINGO_MAX_CARDS: String(MAX_CARDS),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  // Both rooms open their first round once their chains are salted (the sandbox beacon, within a second).
  await waitFor(async () => ((await room('bingo-75')) && (await room('bingo-90')) ? true : undefined), 'both rooms open');
}, 60_000);
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const code = (r: { body: unknown }) => (r.body as { error_code?: string }).error_code;

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function room(code: BingoRoom, token?: string): Promise<BingoState | undefined> {
  const r = await get(t, API.house.bingoRooms, token);
  return (r.body.data?.rooms as BingoState[] | undefined)?.find((x) => x.room === code);
}

const buyingRound = (code: BingoRoom, margin = 1_500) =>
  waitFor(async () => {
    const s = await room(code);
    return s?.phase === 'buying' && s.buy_ends_at - Date.now() > margin ? s : undefined;
  }, `a ${code} round open for purchases`);

async function settled(roundId: number) {
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
  }, `bingo round ${roundId} to settle`);
}

describe('bingo rooms', () => {
  it('lists both rooms with their price, pot and jackpot, and their constants in the house config', async () => {
    const rooms = (await get(t, API.house.bingoRooms)).body.data.rooms as BingoState[];
    expect(rooms.map((r) => r.room).sort()).toEqual(['bingo-75', 'bingo-90']);
    for (const r of rooms) expect(r, JSON.stringify(r)).toMatchObject({ price: '1.00', max_cards: MAX_CARDS });
    const config = await get(t, `${API.house.config}?code=bingo-75`);
    expect(config.status).toBe(200);
    expect(config.body.data).toMatchObject({ rtp: '90.00', balls: 75, house_edge_percent: 10, jackpot_balls: 45, card_price: '1.00' });
  });

  it('refuses a bad room, a bad card count and a purchase above the limit with 422, moving no money', async () => {
    const p = await player(t, 10_000);
    for (const body of [
      { room: 'bingo-80', cards: 1 },
      { room: 'bingo-90', cards: 0 },
      { room: 'bingo-90', cards: 2.5 },
      { room: 'bingo-90', cards: 25 },
      { room: 'bingo-90', cards: MAX_CARDS + 1 },
      { room: 'bingo-75' },
    ]) {
      const r = await post(t, API.house.bingoBuy, body, p.token);
      expect(r.status, JSON.stringify(body)).toBe(422);
    }
    expect((await post(t, API.house.bingoBuy, { room: 'bingo-90', cards: 1 })).status).toBe(401);
    expect(await cashOf(t, p.id)).toBe(10_000);
  });

  it('sells to many members on both rooms at once, draws, and pays exactly what the revealed seed gives', async () => {
    const members = await Promise.all(Array.from({ length: 100 }, () => player(t, 50_000)));
    // 200 players watch the two rooms over websockets (odd ones the 90-ball room only); the member
    // behind socket 0 leaves before the draw.
    const sockets = Array.from({ length: 200 }, (_, i) => new WebSocket(`ws://127.0.0.1:${port}/ws/bingo${i % 2 ? '?room=bingo-90' : ''}`));
    const heard: { type: string; data: { room: string; round_id: number } }[][] = sockets.map(() => []);
    sockets.forEach((s, i) => {
      s.on('message', (raw) => {
        heard[i]?.push(JSON.parse(String(raw)));
      });
    });
    await Promise.all(sockets.map((s) => new Promise((resolve) => s.once('open', resolve))));

    const [r75, r90] = await Promise.all([buyingRound('bingo-75', 4_500), buyingRound('bingo-90', 4_500)]);
    const buys = await Promise.all(
      members.map((m, i) => post(t, API.house.bingoBuy, { room: i % 2 ? 'bingo-90' : 'bingo-75', cards: 1 + (i % MAX_CARDS) }, m.token)),
    );
    expect(buys.filter((b) => b.status >= 500)).toEqual([]);
    expect(buys.map((b) => b.status)).toEqual(members.map(() => 200));
    buys.forEach((b, i) => {
      const answer = b.body.data as BingoBuyAnswer;
      expect(answer.cards).toHaveLength(1 + (i % MAX_CARDS));
      expect(answer.round_id).toBe(i % 2 ? r90.round_id : r75.round_id);
    });
    // A second purchase in the same round is refused and moves nothing.
    const again = await post(t, API.house.bingoBuy, { room: 'bingo-90', cards: 1 }, members[1]?.token);
    expect(code(again)).toBe('ALREADY_BET');
    expect(await cashOf(t, members[1]?.id as number)).toBe(50_000 - 200);
    sockets[0]?.close(); // the member behind socket 0 bought a 75-ball card and leaves

    // The member sees their cards in GET rooms.
    const mine = await room('bingo-75', members[2]?.token);
    const bought = (buys[2] as { body: { data: BingoBuyAnswer } }).body.data;
    expect(mine?.my_cards?.map((c) => c.cells)).toEqual(bought.cards.map((c) => c.cells));

    for (const [code, round] of [
      ['bingo-75', r75],
      ['bingo-90', r90],
    ] as const) {
      const row = await settled(round.round_id);
      const chain = await t.ctx.db.selectFrom('shared_chains').select('salt').where('id', '=', row.chain_id).executeTakeFirstOrThrow();
      const bets = await t.ctx.db.selectFrom('shared_bets').selectAll().where('round_id', '=', round.round_id).orderBy('id').execute();
      const price = BINGO_RULES[code].priceCentavos;
      const cards = bets.flatMap((bet) =>
        Array.from({ length: bet.stake_centavos / price }, (_, index) => ({
          purchaseId: bet.id,
          index,
          cells: bingoCard(code, row.hash, chain.salt, `${bet.id}-${index}`),
        })),
      );
      const stored = await t.ctx.db.selectFrom('bingo_rounds').selectAll().where('round_id', '=', round.round_id).executeTakeFirstOrThrow();
      // Recomputed from scratch, from the pool the round started with (the stored pool after it,
      // or the jackpot it paid, less this round's 5% share).
      const share = potOf(code, cards.length * price).jackpotShare;
      const jackpotBase = (stored.jackpot_centavos > 0 ? stored.jackpot_centavos : stored.pool_after_centavos) - share;
      expect(jackpotBase).toBeGreaterThanOrEqual(0);
      const expected = playRound(code, ballOrder(code, row.hash, chain.salt), cards, jackpotBase);
      expect(JSON.parse(stored.result)).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(stored.balls_called).toBe(expected.ballsCalled);
      // Every prize paid in full, split to the centavo.
      for (const prize of expected.prizes) expect(prize.winners.reduce((s, w) => s + w.win, 0)).toBe(prize.amount);
      const wins = winsByCard(expected);
      let paid = 0;
      for (const bet of bets) {
        const want = Array.from({ length: bet.stake_centavos / price }, (_, i) => wins.get(`${bet.id}-${i}`) ?? 0).reduce(
          (s, x) => s + x,
          0,
        );
        expect(bet.win_centavos).toBe(want);
        paid += bet.win_centavos;
        const [gameRound] = await roundsOf(t, bet.member_id, code);
        expect(gameRound?.round_uid).toBe(bet.game_round_uid);
        expect(gameRound?.status).toBe('settled');
        expect(Number(gameRound?.bet_centavos)).toBe(bet.stake_centavos);
        expect(Number(gameRound?.win_centavos)).toBe(want);
      }
      expect(paid).toBe(Math.floor((cards.length * price * 85) / 100) + expected.jackpot.amount);
      // A member's round lookup gives the seeds the verify page recomputes the balls from.
      const someBet = bets[0] as (typeof bets)[number];
      const owner = members.find((m) => m.id === someBet.member_id) as { token: string; id: number };
      const [ownRound] = await roundsOf(t, owner.id, code);
      const lookup = await get(t, API.house.round(ownRound?.id as number), owner.token);
      expect(lookup.status).toBe(200);
      expect(lookup.body.data.chain).toMatchObject({
        hash: row.hash,
        salt: chain.salt,
        result: expected.prizes.length > 0 ? ballOrder(code, row.hash, chain.salt)[0] : null,
      });
      expect((lookup.body.data.outcome as { cards: { id: string }[] }).cards.map((c) => c.id)).toEqual(
        Array.from({ length: someBet.stake_centavos / price }, (_, i) => `${someBet.id}-${i}`),
      );
      // The finished state shows the balls, winners and the seed.
      const after = await waitFor(async () => {
        const s = await room(code);
        return s && s.round_id !== round.round_id ? s : undefined;
      }, 'the next round');
      expect(after.history[0]?.round_id).toBe(round.round_id);
    }

    // The member who left was paid like the others: their balance is what they had, less the
    // stake, plus what their cards won.
    const leaver = members[0] as { id: number; token: string };
    const leaverBet = await t.ctx.db.selectFrom('shared_bets').selectAll().where('member_id', '=', leaver.id).executeTakeFirstOrThrow();
    expect(await cashOf(t, leaver.id)).toBe(50_000 - leaverBet.stake_centavos + leaverBet.win_centavos);
    // Sockets heard the balls of their rooms.
    const watcher = heard[1] ?? [];
    expect(watcher.some((m) => m.type === 'bingo.ball' && m.data.round_id === r90.round_id)).toBe(true);
    expect(watcher.every((m) => m.data.room === 'bingo-90')).toBe(true);
    expect((heard[2] ?? []).some((m) => m.type === 'bingo.ball' && m.data.room === 'bingo-75')).toBe(true);
    for (const s of sockets) s.close();
  }, 120_000);

  it('refuses a purchase outside the buying window with no money moved', async () => {
    const [p, q] = await Promise.all([player(t, 5_000), player(t, 5_000)]);
    const open = await buyingRound('bingo-90', 500);
    expect((await post(t, API.house.bingoBuy, { room: 'bingo-90', cards: 2 }, q.token)).status).toBe(200);
    await waitFor(async () => {
      const s = await room('bingo-90');
      return s?.round_id === open.round_id && s.phase === 'drawing' ? s : undefined;
    }, 'the draw');
    const late = await post(t, API.house.bingoBuy, { room: 'bingo-90', cards: 1 }, p.token);
    expect(late.status).toBe(422);
    expect(code(late)).toBe('BETTING_CLOSED');
    expect(await cashOf(t, p.id)).toBe(5_000);
    await settled(open.round_id);
  }, 60_000);
});
