import { hmacFloats } from '@casino/games/fair';
import * as hilo from '@casino/games/hilo';
import * as vp from '@casino/games/videopoker';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { cashOf, cents, expectLedgerSound, get, houseTestApp, player, post, roundsOf } from './house.test-helpers.ts';

/**
 * Hi-Lo and video poker against a real database: the cards to come stay secret, a round is paid
 * exactly once by the maths of packages/games, an open round survives a closed tab, bad moves are
 * refused with no money moved, and racing moves on one round settle it once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await houseTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const code = (r: { body: unknown }) => (r.body as { error_code?: string }).error_code;
const rankOf = (card: number) => (card % 13) + 1;

/** The stream of a round, as only the server (and this test, reading the database) can know it. */
async function secretStream(roundId: number) {
  const round = await t.ctx.db.selectFrom('game_rounds').selectAll().where('id', '=', roundId).executeTakeFirstOrThrow();
  const pair = await t.ctx.db.selectFrom('fair_seeds').selectAll().where('id', '=', round.seed_id!).executeTakeFirstOrThrow();
  return hmacFloats({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: round.nonce! });
}
const hiloCards = async (roundId: number, count: number) => hilo.hiloCards(await secretStream(roundId), count);
const deckCards = async (roundId: number) => vp.roundCards(await secretStream(roundId));

/** The guess that wins from `current` when `next` comes (never impossible). */
function winningGuess(current: number, next: number): hilo.HiloGuess {
  const r = rankOf(current);
  const n = rankOf(next);
  return n > r ? 'higher' : n < r ? 'lower' : 'same';
}
/** A guess allowed from `current` that loses when `next` comes. */
function losingGuess(current: number, next: number): hilo.HiloGuess {
  const r = rankOf(current);
  const n = rankOf(next);
  if (n > r) return r > 1 ? 'lower' : 'same';
  if (n < r) return r < 13 ? 'higher' : 'same';
  return r < 13 ? 'higher' : 'lower';
}

async function winCredits(roundUid: string) {
  return t.ctx.db.selectFrom('wallet_transactions').select('id').where('round_uid', '=', roundUid).where('kind', '=', 'win').execute();
}

describe('hi-lo', () => {
  it('pays a cash-out exactly once at the multiplier of the correct guesses; skips do not count', async () => {
    const p = await player(t, 10_000);
    const start = await post(t, API.house.hiloStart, { amount: '5.00' }, p.token);
    expect(start.status).toBe(200);
    const round = start.body.data.round;
    expect(await cashOf(t, p.id)).toBe(9_500);
    expect(round.cards).toHaveLength(1);
    expect(round.can_cash_out).toBe(false);
    expect(round.multiplier).toBe('0.9900');
    const cards = await hiloCards(round.round_id, 4);
    expect(round.cards).toEqual([cards[0]]);
    // The cards to come are neither stored nor sent.
    const stored = await t.ctx.db
      .selectFrom('game_rounds')
      .select('outcome_json')
      .where('id', '=', round.round_id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.outcome_json!).cards).toEqual([cards[0]]);

    const g1 = winningGuess(cards[0]!, cards[1]!);
    const w1 = hilo.winningRanks(rankOf(cards[0]!), g1);
    expect(round.options[g1].wins).toBe(w1);
    const r1 = await post(t, API.house.hiloGuess, { guess: g1 }, p.token);
    expect(r1.status).toBe(200);
    expect(r1.body.data.correct).toBe(true);
    expect(r1.body.data.round.cards).toEqual(cards.slice(0, 2));
    expect(r1.body.data.round.multiplier).toBe(round.options[g1].multiplier);
    const skip = await post(t, API.house.hiloGuess, { guess: 'skip', round_id: round.round_id }, p.token);
    expect(skip.body.data.round.cards).toEqual(cards.slice(0, 3));
    expect(skip.body.data.round.multiplier).toBe(r1.body.data.round.multiplier);
    const g2 = winningGuess(cards[2]!, cards[3]!);
    const r2 = await post(t, API.house.hiloGuess, { guess: g2 }, p.token);
    expect(r2.body.data.round.status).toBe('playing');
    expect(r2.body.data.round.moves).toEqual([g1, 'skip', g2]);

    const w2 = hilo.winningRanks(rankOf(cards[2]!), g2);
    const expected = hilo.hiloPayout(500, { cards: cards.slice(0, 4), moves: [g1, 'skip', g2], wins: [w1, w2], status: 'cashed_out' });
    expect(cents(r2.body.data.round.cashout)).toBe(expected);
    const cash = await post(t, API.house.hiloCashout, {}, p.token);
    expect(cash.status).toBe(200);
    expect(cash.body.data.round.status).toBe('cashed_out');
    expect(cents(cash.body.data.round.win)).toBe(expected);
    expect(await cashOf(t, p.id)).toBe(9_500 + expected);

    const twice = await post(t, API.house.hiloCashout, {}, p.token);
    expect(twice.status).toBe(409);
    expect(code(twice)).toBe('ALREADY_CASHED_OUT');
    expect(code(await post(t, API.house.hiloGuess, { guess: 'skip' }, p.token))).toBe('ROUND_FINISHED');
    expect((await get(t, API.house.hiloActive, p.token)).body.data.round).toBeNull();
    expect(await cashOf(t, p.id)).toBe(9_500 + expected);
    const [settled] = await roundsOf(t, p.id, 'hi-lo');
    expect(settled?.status).toBe('settled');
    expect(settled?.win_centavos).toBe(expected);
  });

  it('a wrong guess loses the stake; the revealed seed replays the round', async () => {
    const p = await player(t, 10_000);
    const start = await post(t, API.house.hiloStart, { amount: '2.00' }, p.token);
    const roundId = start.body.data.round.round_id;
    const cards = await hiloCards(roundId, 2);
    const lose = await post(t, API.house.hiloGuess, { guess: losingGuess(cards[0]!, cards[1]!) }, p.token);
    expect(lose.status).toBe(200);
    expect(lose.body.data.correct).toBe(false);
    expect(lose.body.data.round.status).toBe('lost');
    expect(lose.body.data.round.options).toBeNull();
    expect(await cashOf(t, p.id)).toBe(9_800);
    expect(code(await post(t, API.house.hiloCashout, {}, p.token))).toBe('ROUND_FINISHED');
    expect(code(await post(t, API.house.hiloGuess, { guess: 'higher' }, p.token))).toBe('ROUND_FINISHED');
    const [round] = await roundsOf(t, p.id, 'hi-lo');
    expect(round?.status).toBe('settled');
    expect(round?.win_centavos).toBe(0);

    expect((await post(t, API.fair.rotate, {}, p.token)).status).toBe(200);
    const view = await get(t, API.house.round(roundId), p.token);
    const s = view.body.data.seeds;
    expect(s.revealed).toBe(true);
    const outcome = view.body.data.outcome;
    const replay = hilo.replay(hmacFloats({ serverSeed: s.server_seed, clientSeed: s.client_seed, nonce: s.nonce }), outcome.moves);
    expect(replay.cards).toEqual(outcome.cards);
    expect(replay.status).toBe('lost');
  });

  it('an open round survives a closed tab and goes on where it stopped', async () => {
    const p = await player(t, 10_000);
    const start = await post(t, API.house.hiloStart, { amount: '1.00' }, p.token);
    const roundId = start.body.data.round.round_id;
    const cards = await hiloCards(roundId, 3);
    await post(t, API.house.hiloGuess, { guess: winningGuess(cards[0]!, cards[1]!) }, p.token);
    const active = await get(t, API.house.hiloActive, p.token);
    expect(active.status).toBe(200);
    expect(active.body.data.round.round_id).toBe(roundId);
    expect(active.body.data.round.cards).toEqual(cards.slice(0, 2));
    expect(active.body.data.round.can_cash_out).toBe(true);
    const next = await post(t, API.house.hiloGuess, { guess: winningGuess(cards[1]!, cards[2]!), round_id: roundId }, p.token);
    expect(next.body.data.round.cards).toEqual(cards);
    const cash = await post(t, API.house.hiloCashout, { round_id: roundId }, p.token);
    expect(cash.status).toBe(200);
    expect(await cashOf(t, p.id)).toBe(9_900 + cents(cash.body.data.round.win));
  });

  it('refuses bad moves and stakes with no money moved', async () => {
    const p = await player(t, 10_000);
    expect(code(await post(t, API.house.hiloGuess, { guess: 'higher' }, p.token))).toBe('ROUND_NOT_FOUND');
    expect(code(await post(t, API.house.hiloCashout, {}, p.token))).toBe('ROUND_NOT_FOUND');
    const config = await get(t, `${API.house.config}?code=hi-lo`);
    expect(config.body.data.guesses).toEqual(['higher', 'lower', 'same']);
    const max = cents(config.body.data.max_bet);
    const min = cents(config.body.data.min_bet);
    for (const amount of ['-1', '0', '1.005', (max + 1) / 100, min > 1 ? (min - 1) / 100 : '0.00', 'abc']) {
      const r = await post(t, API.house.hiloStart, { amount }, p.token);
      expect(r.status, String(amount)).toBe(422);
    }
    expect(await cashOf(t, p.id)).toBe(10_000);

    const start = await post(t, API.house.hiloStart, { amount: '1.00' }, p.token);
    expect(start.status).toBe(200);
    const second = await post(t, API.house.hiloStart, { amount: '1.00' }, p.token);
    expect(second.status).toBe(409);
    expect(code(second)).toBe('ROUND_IN_PROGRESS');
    // The seed of an open round cannot be revealed (the cards to come would be known).
    const rotate = await post(t, API.fair.rotate, {}, p.token);
    expect(rotate.status).toBe(409);
    expect(code(rotate)).toBe('ROUND_IN_PROGRESS');
    const early = await post(t, `${API.house.hiloCashout}?lang=en`, {}, p.token);
    expect(early.status).toBe(422);
    expect(code(early)).toBe('HILO_CASHOUT_TOO_EARLY');
    expect(early.body.message).not.toBe('games.hilo_cashout_too_early');
    for (const guess of ['sideways', '', 3, null]) {
      const r = await post(t, API.house.hiloGuess, { guess }, p.token);
      expect(r.status, String(guess)).toBe(422);
      expect(code(r)).toBe('VALIDATION_FAILED');
    }
    // Skip until an ace or a king shows, then guess what no rank can beat.
    let round = start.body.data.round;
    for (let i = 0; i < 300 && ![1, 13].includes(rankOf(round.cards.at(-1))); i += 1) {
      round = (await post(t, API.house.hiloGuess, { guess: 'skip' }, p.token)).body.data.round;
    }
    const edge = rankOf(round.cards.at(-1));
    expect([1, 13]).toContain(edge);
    expect(round.options[edge === 13 ? 'higher' : 'lower']).toEqual({ wins: 0, chance: '0.00', multiplier: null });
    const impossible = await post(t, `${API.house.hiloGuess}?lang=en`, { guess: edge === 13 ? 'higher' : 'lower' }, p.token);
    expect(impossible.status).toBe(422);
    expect(code(impossible)).toBe('HILO_GUESS_IMPOSSIBLE');
    expect((await get(t, API.house.hiloActive, p.token)).body.data.round.cards).toEqual(round.cards);
    expect(await cashOf(t, p.id)).toBe(9_900);
  });

  it('ten cash-outs at once pay once, ten guesses at once draw one card each in turn', async () => {
    const p = await player(t, 10_000);
    const start = await post(t, API.house.hiloStart, { amount: '10.00' }, p.token);
    const cards = await hiloCards(start.body.data.round.round_id, 2);
    await post(t, API.house.hiloGuess, { guess: winningGuess(cards[0]!, cards[1]!) }, p.token);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(t, API.house.hiloCashout, {}, p.token)));
    expect(results.filter((r) => r.status >= 500)).toHaveLength(0);
    const paid = results.filter((r) => r.status === 200);
    expect(paid).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(code(r)).toBe('ALREADY_CASHED_OUT');
    const win = cents(paid[0]!.body.data.round.win);
    expect(await cashOf(t, p.id)).toBe(9_000 + win);
    const [round] = await roundsOf(t, p.id, 'hi-lo');
    expect(await winCredits(round!.round_uid)).toHaveLength(1);

    // Skips at once: each one answered or refused, the stored cards always the stream's prefix.
    const again = await post(t, API.house.hiloStart, { amount: '1.00' }, p.token);
    const skips = await Promise.all(Array.from({ length: 10 }, () => post(t, API.house.hiloGuess, { guess: 'skip' }, p.token)));
    expect(skips.filter((r) => r.status >= 500)).toHaveLength(0);
    const active = (await get(t, API.house.hiloActive, p.token)).body.data.round;
    const ok = skips.filter((r) => r.status === 200).length;
    expect(active.cards).toEqual(await hiloCards(again.body.data.round.round_id, 1 + ok));
  });
});

describe('video poker', () => {
  it('deals five cards, draws the replacements from the shuffled deck and pays by the 9/6 table', async () => {
    const p = await player(t, 100_000);
    let paidOnce = false;
    let lostOnce = false;
    let balance = 100_000;
    for (let i = 0; i < 30 && !(paidOnce && lostOnce); i += 1) {
      const deal = await post(t, API.house.videoPokerDeal, { amount: '1.00' }, p.token);
      expect(deal.status).toBe(200);
      balance -= 100;
      const round = deal.body.data.round;
      expect(round.status).toBe('dealt');
      expect(round.final).toBeNull();
      const cards = await deckCards(round.round_id);
      expect(round.hand).toEqual(cards.slice(0, 5));
      // Choose (knowing the deck) a hold that pays, or one that does not.
      const masks = Array.from({ length: 32 }, (_, m) => m);
      const wanted = paidOnce
        ? masks.find((m) => vp.drawFrom(cards, m).multiplier === 0)
        : masks.find((m) => vp.drawFrom(cards, m).multiplier > 0);
      if (wanted === undefined) {
        const r = await post(t, API.house.videoPokerDraw, { hold: [] }, p.token);
        balance += cents(r.body.data.round.win);
        continue;
      }
      const expected = vp.drawFrom(cards, wanted);
      const indexes = [0, 1, 2, 3, 4].filter((k) => (wanted >> k) & 1);
      const hold = i % 2 === 0 ? indexes : [0, 1, 2, 3, 4].map((k) => ((wanted >> k) & 1) === 1);
      const draw = await post(t, API.house.videoPokerDraw, { hold }, p.token);
      expect(draw.status).toBe(200);
      const view = draw.body.data.round;
      expect(view.status).toBe('drawn');
      expect(view.final).toEqual(expected.final);
      expect(view.hand_rank).toBe(expected.category);
      expect(view.held).toEqual([0, 1, 2, 3, 4].map((k) => ((wanted >> k) & 1) === 1));
      const win = vp.videoPokerPayout(100, expected);
      expect(win).toBe(100 * vp.payOf(expected.category));
      expect(cents(view.win)).toBe(win);
      balance += win;
      expect(await cashOf(t, p.id)).toBe(balance);
      if (win > 0) paidOnce = true;
      else lostOnce = true;
      const twice = await post(t, API.house.videoPokerDraw, { hold: [] }, p.token);
      expect(twice.status).toBe(409);
      expect(code(twice)).toBe('ROUND_FINISHED');
      expect(await cashOf(t, p.id)).toBe(balance);
    }
    expect(paidOnce).toBe(true);
    expect(lostOnce).toBe(true);
  });

  it('a dealt hand survives a closed tab; the revealed seed replays deal and draw', async () => {
    const p = await player(t, 10_000);
    const deal = await post(t, API.house.videoPokerDeal, { amount: '2.00' }, p.token);
    const roundId = deal.body.data.round.round_id;
    const active = await get(t, API.house.videoPokerActive, p.token);
    expect(active.body.data.round.round_id).toBe(roundId);
    expect(active.body.data.round.hand).toEqual(deal.body.data.round.hand);
    const cards = await deckCards(roundId);
    for (const c of cards.slice(5)) expect(JSON.stringify(active.body.data.round.hand)).not.toBe(JSON.stringify([c]));
    expect(code(await post(t, API.house.videoPokerDeal, { amount: '2.00' }, p.token))).toBe('ROUND_IN_PROGRESS');
    const draw = await post(t, API.house.videoPokerDraw, { hold: [true, true, false, false, true], round_id: roundId }, p.token);
    expect(draw.status).toBe(200);
    expect((await get(t, API.house.videoPokerActive, p.token)).body.data.round).toBeNull();

    expect((await post(t, API.fair.rotate, {}, p.token)).status).toBe(200);
    const view = await get(t, API.house.round(roundId), p.token);
    const s = view.body.data.seeds;
    const replay = vp.play(
      hmacFloats({ serverSeed: s.server_seed, clientSeed: s.client_seed, nonce: s.nonce }),
      view.body.data.outcome.held,
    );
    expect(replay.final).toEqual(view.body.data.outcome.final);
    expect(replay.category).toBe(view.body.data.outcome.hand_rank);
    expect(view.body.data.outcome.held).toBe(0b10011);
  });

  it('refuses bad holds, a draw with no hand and stakes outside the limits, with no money moved', async () => {
    const p = await player(t, 10_000);
    expect(code(await post(t, API.house.videoPokerDraw, { hold: [] }, p.token))).toBe('ROUND_NOT_FOUND');
    const config = await get(t, `${API.house.config}?code=video-poker`);
    expect(config.body.data.paytable).toEqual([0, 1, 2, 3, 4, 6, 9, 25, 50, 800]);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    const H = API.house;
    for (const path of [H.hiloStart, H.hiloGuess, H.hiloCashout, H.hiloActive, H.videoPokerDeal, H.videoPokerDraw, H.videoPokerActive]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const max = cents(config.body.data.max_bet);
    for (const amount of ['-1', '0', '0.001', (max + 1) / 100]) {
      expect((await post(t, API.house.videoPokerDeal, { amount }, p.token)).status, String(amount)).toBe(422);
    }
    expect(await cashOf(t, p.id)).toBe(10_000);
    const deal = await post(t, API.house.videoPokerDeal, { amount: '1.00' }, p.token);
    expect(deal.status).toBe(200);
    expect(code(await post(t, API.fair.rotate, {}, p.token))).toBe('ROUND_IN_PROGRESS');
    for (const hold of [
      [5],
      [-1],
      [0, 0],
      [1.5],
      [true, false],
      [true, 0],
      [0, 1, 2, 3, 4, 4],
      'all',
      [true, true, true, true, true, true],
    ]) {
      const r = await post(t, `${API.house.videoPokerDraw}?lang=en`, { hold }, p.token);
      expect(r.status, JSON.stringify(hold)).toBe(422);
      expect(code(r)).toMatch(/HOLD_INVALID|VALIDATION_FAILED/);
    }
    const bad = await post(t, `${API.house.videoPokerDraw}?lang=en`, { hold: [0, 0] }, p.token);
    expect(code(bad)).toBe('HOLD_INVALID');
    expect(bad.body.message).not.toBe('games.hold_invalid');
    expect(await cashOf(t, p.id)).toBe(9_900);
    expect((await get(t, API.house.videoPokerActive, p.token)).body.data.round.status).toBe('dealt');
  });

  it('ten draws at once draw once', async () => {
    const p = await player(t, 10_000);
    const deal = await post(t, API.house.videoPokerDeal, { amount: '10.00' }, p.token);
    const cards = await deckCards(deal.body.data.round.round_id);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(t, API.house.videoPokerDraw, { hold: [0, 1] }, p.token)));
    expect(results.filter((r) => r.status >= 500)).toHaveLength(0);
    const drawn = results.filter((r) => r.status === 200);
    expect(drawn).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(code(r)).toBe('ROUND_FINISHED');
    const win = vp.videoPokerPayout(1_000, vp.drawFrom(cards, 0b00011));
    expect(cents(drawn[0]!.body.data.round.win)).toBe(win);
    expect(await cashOf(t, p.id)).toBe(9_000 + win);
    const [round] = await roundsOf(t, p.id, 'video-poker');
    expect(round?.status).toBe('settled');
    expect((await winCredits(round!.round_uid)).length).toBe(win > 0 ? 1 : 0);

    // Two deals at once open one hand.
    const both = await Promise.all([
      post(t, API.house.videoPokerDeal, { amount: '1.00' }, p.token),
      post(t, API.house.videoPokerDeal, { amount: '1.00' }, p.token),
    ]);
    expect(both.filter((r) => r.status === 200)).toHaveLength(1);
    expect(code(both.find((r) => r.status !== 200)!)).toBe('ROUND_IN_PROGRESS');
    expect(await cashOf(t, p.id)).toBe(9_000 + win - 100);
  });
});
