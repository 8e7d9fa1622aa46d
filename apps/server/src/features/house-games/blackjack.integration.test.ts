import * as bj from '@casino/games/blackjack';
import { cardCode } from '@casino/games/cards';
import { hmacFloats } from '@casino/games/fair';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { autoStandBlackjack } from './blackjack.service.ts';
import { cashOf, cents, expectLedgerSound, get, houseTestApp, player, post, roundsOf } from './house.test-helpers.ts';

/**
 * Blackjack against a real database, through the API. Each test arranges the deal it needs by
 * choosing the member's client seed (as a player may when rotating seeds): the maths module
 * searches client seeds until the server seed, that client seed and the next nonce deal a shoe
 * where the scripted moves give the wanted hand; nothing is mocked. The expected return is the
 * maths module's for the same script, and the wallet must show exactly it.
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
const B = API.house.blackjack;
type P = Awaited<ReturnType<typeof player>>;
const pts = (card: number) => bj.cardPoints(card);

/** The states of a script of moves from a deal, or null if a move is refused. */
function simulate(serverSeed: string, clientSeed: string, nonce: number, bet: number, script: bj.BlackjackMove[]) {
  const { state, shoe } = bj.startFromSource(bet, hmacFloats({ serverSeed, clientSeed, nonce }));
  const states = [state];
  let current = state;
  for (const choice of script) {
    const next = bj.move(current, choice, shoe);
    if (!next.ok) return null;
    current = next.state;
    states.push(current);
  }
  return { states, final: current, shoe };
}

/**
 * Sets the member's client seed so that its next round, played with `script`, passes `wanted`;
 * answers the simulated states (the last one is where the script leaves the round).
 */
async function arrange(p: P, bet: number, script: bj.BlackjackMove[], wanted: (states: bj.BlackjackState[]) => boolean) {
  await get(t, API.fair.seeds, p.token);
  const pair = await t.ctx.db
    .selectFrom('fair_seeds')
    .selectAll()
    .where('member_id', '=', p.id)
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  for (let i = 0; i < 500_000; i += 1) {
    const clientSeed = `bj-${i}`;
    const run = simulate(pair.server_seed, clientSeed, pair.nonce, bet, script);
    if (run && wanted(run.states)) {
      await t.ctx.db.updateTable('fair_seeds').set({ client_seed: clientSeed }).where('id', '=', pair.id).execute();
      return { ...run, serverSeed: pair.server_seed, clientSeed, nonce: pair.nonce };
    }
  }
  throw new Error('no client seed deals the wanted hand');
}

const codes = (cards: readonly number[]) => cards.map(cardCode);

describe('blackjack rules through the API', () => {
  it('a split with a double after it: three stakes taken, the return paid once, the cards those of the seeds', async () => {
    const p = await player(t, 10_000);
    const run = await arrange(p, 100, ['split', 'double', 'stand'], ([s0, s1, s2, s3]) => {
      const [a, b] = s0!.hands[0]!.cards;
      return s0!.phase === 'player' && pts(a!) === 8 && pts(b!) === 8 && s1!.phase === 'player' && s2!.active === 1 && s3!.phase === 'done';
    });
    const start = await post(t, B.start, { amount: '1.00' }, p.token);
    expect(start.status).toBe(200);
    expect(start.body.data.round.allowed).toEqual(expect.arrayContaining(['hit', 'stand', 'double', 'split']));
    expect(start.body.data.round.dealer.cards[1]).toBeNull();
    const split = await post(t, B.split, {}, p.token);
    expect(split.status).toBe(200);
    expect(split.body.data.round.hands).toHaveLength(2);
    expect(split.body.data.round.allowed).toContain('double');
    expect(await cashOf(t, p.id)).toBe(10_000 - 200);
    const dbl = await post(t, B.double, {}, p.token);
    expect(dbl.status).toBe(200);
    expect(dbl.body.data.round.active).toBe(1);
    expect(dbl.body.data.round.hands[0].doubled).toBe(true);
    expect(dbl.body.data.round.hands[0].bet).toBe('2.00');
    const stand = await post(t, B.stand, {}, p.token);
    expect(stand.status).toBe(200);
    const round = stand.body.data.round;
    expect(round.status).toBe('settled');
    expect(round.total_staked).toBe('3.00');
    expect(round.dealer.cards).toEqual(codes(run.final.dealer));
    expect(round.hands.map((h: { cards: string[] }) => h.cards)).toEqual(run.final.hands.map((h) => codes(h.cards)));
    const payout = bj.blackjackPayout(run.final);
    expect(cents(round.win)).toBe(payout);
    expect(await cashOf(t, p.id)).toBe(10_000 - 300 + payout);
    const [row] = await roundsOf(t, p.id, 'blackjack');
    expect(row?.bet_centavos).toBe(300);
    expect(row?.win_centavos).toBe(payout);
  });

  it('split aces get one card each and the round ends; no more moves', async () => {
    const p = await player(t, 10_000);
    const run = await arrange(p, 100, ['split'], ([s0]) => {
      const [a, b] = s0!.hands[0]!.cards;
      return s0!.phase === 'player' && pts(a!) === 1 && pts(b!) === 1;
    });
    await post(t, B.start, { amount: '1.00' }, p.token);
    const split = await post(t, B.split, {}, p.token);
    expect(split.status).toBe(200);
    const round = split.body.data.round;
    expect(round.status).toBe('settled');
    expect(round.allowed).toEqual([]);
    expect(round.hands).toHaveLength(2);
    for (const h of round.hands) {
      expect(h.cards).toHaveLength(2);
      expect(h.split_aces).toBe(true);
      expect(h.result).not.toBe('blackjack');
    }
    expect(cents(round.win)).toBe(bj.blackjackPayout(run.final));
    expect(code(await post(t, B.hit, {}, p.token))).toBe('ROUND_FINISHED');
    expect(code(await post(t, B.split, {}, p.token))).toBe('ROUND_FINISHED');
    expect(await cashOf(t, p.id)).toBe(10_000 - 200 + bj.blackjackPayout(run.final));
  });

  it('the dealer stands on a soft 17', async () => {
    const p = await player(t, 10_000);
    const run = await arrange(p, 100, ['stand'], ([s0, s1]) => {
      const d = bj.handTotal(s1!.dealer);
      return s0!.phase === 'player' && s1!.dealer.length === 2 && d.total === 17 && d.soft;
    });
    await post(t, B.start, { amount: '1.00' }, p.token);
    const stand = await post(t, B.stand, {}, p.token);
    const round = stand.body.data.round;
    expect(round.dealer.cards).toHaveLength(2);
    expect(round.dealer.total).toBe(17);
    expect(round.dealer.soft).toBe(true);
    expect(cents(round.win)).toBe(bj.blackjackPayout(run.final));
    expect(await cashOf(t, p.id)).toBe(10_000 - 100 + bj.blackjackPayout(run.final));
  });

  it('insurance pays 2:1 on a dealer blackjack', async () => {
    const p = await player(t, 10_000);
    await arrange(
      p,
      200,
      ['insurance'],
      ([s0, s1]) => s0!.phase === 'insurance' && s1!.dealerBlackjack && !bj.isBlackjack(s1!.hands[0]!.cards),
    );
    const start = await post(t, B.start, { amount: '2.00' }, p.token);
    expect(start.body.data.round.phase).toBe('insurance');
    expect(start.body.data.round.allowed).toEqual(['insurance', 'no_insurance']);
    expect(code(await post(t, B.hit, {}, p.token))).toBe('BLACKJACK_MOVE_NOT_ALLOWED');
    const ins = await post(t, B.insurance, { accept: true }, p.token);
    expect(ins.status).toBe(200);
    const round = ins.body.data.round;
    expect(round.status).toBe('settled');
    expect(round.dealer.blackjack).toBe(true);
    expect(round.insurance).toBe('1.00');
    expect(round.win).toBe('3.00');
    expect(round.hands[0].result).toBe('lose');
    // -2.00 stake lost, -1.00 insurance, +3.00 insurance and its 2:1 win: even money.
    expect(await cashOf(t, p.id)).toBe(10_000);
    const [row] = await roundsOf(t, p.id, 'blackjack');
    expect(row?.bet_centavos).toBe(300);
    expect(row?.win_centavos).toBe(300);
  });

  it('insurance lost when the dealer has no blackjack, and refused twice', async () => {
    const p = await player(t, 10_000);
    const run = await arrange(p, 200, ['insurance', 'stand'], ([s0, s1]) => s0!.phase === 'insurance' && s1!.phase === 'player');
    await post(t, B.start, { amount: '2.00' }, p.token);
    expect((await post(t, B.insurance, { accept: true }, p.token)).status).toBe(200);
    expect(await cashOf(t, p.id)).toBe(10_000 - 300);
    const twice = await post(t, `${B.insurance}?lang=en`, { accept: true }, p.token);
    expect(twice.status).toBe(409);
    expect(code(twice)).toBe('BLACKJACK_NO_INSURANCE');
    expect(twice.body.message).toBe('Insurance is only offered once, when the dealer shows an ace.');
    expect(await cashOf(t, p.id)).toBe(10_000 - 300);
    const stand = await post(t, B.stand, {}, p.token);
    expect(cents(stand.body.data.round.win)).toBe(bj.blackjackPayout(run.final));
    expect(await cashOf(t, p.id)).toBe(10_000 - 300 + bj.blackjackPayout(run.final));
  });

  it('a blackjack is paid 3:2 at the deal', async () => {
    const p = await player(t, 10_000);
    await arrange(p, 200, [], ([s0]) => s0!.phase === 'done' && s0!.hands[0]!.result === 'blackjack');
    const start = await post(t, B.start, { amount: '2.00' }, p.token);
    expect(start.status).toBe(200);
    const round = start.body.data.round;
    expect(round.status).toBe('settled');
    expect(round.hands[0].result).toBe('blackjack');
    expect(round.win).toBe('5.00');
    expect(await cashOf(t, p.id)).toBe(10_000 + 300);
    expect((await get(t, B.active, p.token)).body.data.round).toBeNull();
  });

  it('a hand interrupted by a closed tab resumes where it stopped, the hole card never shown', async () => {
    const p = await player(t, 10_000);
    const run = await arrange(p, 100, ['hit', 'stand'], ([s0, s1]) => s0!.phase === 'player' && s1!.phase === 'player');
    const start = await post(t, B.start, { amount: '1.00' }, p.token);
    const roundId = start.body.data.round.round_id;
    const hit = await post(t, B.hit, {}, p.token);
    expect(hit.body.data.round.hands[0].cards).toHaveLength(3);

    const active = await get(t, B.active, p.token);
    expect(active.status).toBe(200);
    const resumed = active.body.data.round;
    expect(resumed.round_id).toBe(roundId);
    expect(resumed.hands).toEqual(hit.body.data.round.hands);
    expect(resumed.allowed).toEqual(['hit', 'stand']);
    expect(resumed.dealer.cards).toEqual([cardCode(run.final.dealer[0]!), null]);
    // Neither the stored state nor the round lookup holds the hole card while the hand is open.
    const hole = cardCode(run.states[1]!.dealer[1]!);
    const lookup = await get(t, API.house.round(roundId), p.token);
    expect(lookup.body.data.outcome.state.dealer[1]).toBeNull();
    expect(JSON.stringify(lookup.body.data.outcome.state.dealer)).toBe(JSON.stringify([run.states[1]!.dealer[0], null]));
    expect(JSON.stringify(resumed.dealer)).not.toContain(hole);

    const stand = await post(t, B.stand, { round_id: roundId }, p.token);
    expect(stand.body.data.round.dealer.cards).toEqual(codes(run.final.dealer));
    expect(cents(stand.body.data.round.win)).toBe(bj.blackjackPayout(run.final));
    expect(await cashOf(t, p.id)).toBe(10_000 - 100 + bj.blackjackPayout(run.final));

    // Once the pair is rotated the revealed seeds replay the same shoe.
    expect((await post(t, API.fair.rotate, {}, p.token)).status).toBe(200);
    const view = await get(t, API.house.round(roundId), p.token);
    const s = view.body.data.seeds;
    const replay = simulate(s.server_seed, s.client_seed, s.nonce, 100, view.body.data.outcome.moves);
    expect(replay?.final.dealer).toEqual(view.body.data.outcome.state.dealer);
  });

  it('a hand left open 24 hours is stood and paid exactly once by two jobs at once', async () => {
    const p = await player(t, 10_000);
    const run = await arrange(p, 300, ['split'], ([s0, s1]) => s0!.phase === 'player' && s1!.phase === 'player');
    const start = await post(t, B.start, { amount: '3.00' }, p.token);
    await post(t, B.split, {}, p.token);
    const roundId = start.body.data.round.round_id;
    // Not yet due.
    expect(await autoStandBlackjack(t.ctx)).toBe(0);
    const old = new Date(Date.now() - 25 * 3600_000).toISOString();
    await t.ctx.db.updateTable('game_rounds').set({ created_at: old }).where('id', '=', roundId).execute();
    const [a, b] = await Promise.all([autoStandBlackjack(t.ctx), autoStandBlackjack(t.ctx)]);
    expect(a + b).toBe(1);
    expect(await autoStandBlackjack(t.ctx)).toBe(0);

    const expected = bj.finishRound(run.final, run.shoe);
    const payout = bj.blackjackPayout(expected);
    const [row] = await roundsOf(t, p.id, 'blackjack');
    expect(row?.status).toBe('settled');
    expect(row?.win_centavos).toBe(payout);
    const outcome = JSON.parse(row!.outcome_json!);
    expect(outcome.auto_stood).toBe(true);
    expect(outcome.state.dealer).toEqual(expected.dealer);
    const wins = await t.ctx.db
      .selectFrom('wallet_transactions')
      .select('id')
      .where('round_uid', '=', row!.round_uid)
      .where('kind', '=', 'win')
      .execute();
    expect(wins.length).toBe(payout > 0 ? 1 : 0);
    expect(await cashOf(t, p.id)).toBe(10_000 - 600 + payout);
    expect(code(await post(t, B.stand, {}, p.token))).toBe('ROUND_FINISHED');
  });
});

describe('blackjack refusals', () => {
  it('moves the hand does not allow are refused with no money moved', async () => {
    const p = await player(t, 10_000);
    const run = await arrange(p, 100, ['hit', 'stand'], ([s0, s1]) => {
      const [a, b] = s0!.hands[0]!.cards;
      return s0!.phase === 'player' && pts(a!) !== pts(b!) && s1!.phase === 'player';
    });
    await post(t, B.start, { amount: '1.00' }, p.token);
    const balance = 10_000 - 100;
    const split = await post(t, `${B.split}?lang=pt`, {}, p.token);
    expect(split.status).toBe(409);
    expect(code(split)).toBe('BLACKJACK_CANNOT_SPLIT');
    expect(split.body.message).toContain('dividir');
    expect(code(await post(t, B.insurance, { accept: true }, p.token))).toBe('BLACKJACK_NO_INSURANCE');
    expect(code(await post(t, B.insurance, { accept: false }, p.token))).toBe('BLACKJACK_NO_INSURANCE');
    expect((await post(t, B.insurance, {}, p.token)).status).toBe(422);
    expect(await cashOf(t, p.id)).toBe(balance);
    expect((await post(t, B.hit, {}, p.token)).status).toBe(200);
    const dbl = await post(t, B.double, {}, p.token);
    expect(dbl.status).toBe(409);
    expect(code(dbl)).toBe('BLACKJACK_CANNOT_DOUBLE');
    expect(await cashOf(t, p.id)).toBe(balance);
    expect((await post(t, B.stand, {}, p.token)).status).toBe(200);
    const after = 10_000 - 100 + bj.blackjackPayout(run.final);
    for (const url of [B.hit, B.stand, B.double, B.split]) {
      const r = await post(t, url, {}, p.token);
      expect(r.status, url).toBe(409);
      expect(code(r)).toBe('ROUND_FINISHED');
    }
    expect(await cashOf(t, p.id)).toBe(after);
    const [row] = await roundsOf(t, p.id, 'blackjack');
    expect(row?.bet_centavos).toBe(100);
  });

  it('a fifth hand is refused', async () => {
    const p = await player(t, 10_000);
    await arrange(p, 100, ['split', 'split', 'split'], (s) => {
      const last = s[3];
      if (last?.phase !== 'player' || last.hands.length !== 4) return false;
      const [a, b] = last.hands[last.active]!.cards;
      return b !== undefined && pts(a!) === pts(b) && last.hands[last.active]!.cards.length === 2;
    });
    await post(t, B.start, { amount: '1.00' }, p.token);
    for (let i = 0; i < 3; i += 1) expect((await post(t, B.split, {}, p.token)).status).toBe(200);
    expect(await cashOf(t, p.id)).toBe(10_000 - 400);
    const fifth = await post(t, B.split, {}, p.token);
    expect(fifth.status).toBe(409);
    expect(code(fifth)).toBe('BLACKJACK_CANNOT_SPLIT');
    expect(await cashOf(t, p.id)).toBe(10_000 - 400);
    const active = await get(t, B.active, p.token);
    expect(active.body.data.round.hands).toHaveLength(4);
    expect(active.body.data.round.allowed).not.toContain('split');
    // Finish it (stand every hand).
    for (let i = 0; i < 4; i += 1) {
      const r = await post(t, B.stand, {}, p.token);
      if (r.body.data?.round.status === 'settled') break;
    }
    expect((await get(t, B.active, p.token)).body.data.round).toBeNull();
  });

  it('no open hand, stakes outside the limits, short funds, a second hand: refused, no money moved', async () => {
    const p = await player(t, 10_000);
    for (const url of [B.hit, B.stand, B.double, B.split]) {
      const r = await post(t, url, {}, p.token);
      expect(r.status, url).toBe(404);
      expect(code(r)).toBe('ROUND_NOT_FOUND');
    }
    for (const amount of ['0.99', '1000.01', '-1', '1.005', 'abc', 0]) {
      const r = await post(t, `${B.start}?lang=en`, { amount }, p.token);
      expect(r.status, String(amount)).toBe(422);
    }
    const low = await post(t, `${B.start}?lang=en`, { amount: '0.50' }, p.token);
    expect(code(low)).toBe('BET_BELOW_MIN');
    expect(await cashOf(t, p.id)).toBe(10_000);
    expect((await post(t, B.hit, {}, undefined)).status).toBe(401);

    const poor = await player(t, 150);
    const short = await post(t, B.start, { amount: '2.00' }, poor.token);
    expect(short.status).toBe(422);
    expect(code(short)).toBe('INSUFFICIENT_FUNDS');
    expect(await cashOf(t, poor.id)).toBe(150);
    // A double the balance cannot cover is refused and the hand stays playable.
    await arrange(poor, 100, ['stand'], ([s0]) => s0!.phase === 'player');
    expect((await post(t, B.start, { amount: '1.00' }, poor.token)).status).toBe(200);
    const second = await post(t, B.start, { amount: '1.00' }, poor.token);
    expect(second.status).toBe(409);
    expect(code(second)).toBe('ROUND_IN_PROGRESS');
    const dbl = await post(t, B.double, {}, poor.token);
    expect(dbl.status).toBe(422);
    expect(code(dbl)).toBe('INSUFFICIENT_FUNDS');
    expect(await cashOf(t, poor.id)).toBe(50);
    const active = await get(t, B.active, poor.token);
    expect(active.body.data.round.allowed).toContain('double');
    expect((await post(t, B.stand, {}, poor.token)).status).toBe(200);
  });

  it('two deals at once open one hand; the config shows the rules', async () => {
    const p = await player(t, 10_000);
    await arrange(p, 100, [], ([s0]) => s0!.phase === 'player');
    const results = await Promise.all([post(t, B.start, { amount: '1.00' }, p.token), post(t, B.start, { amount: '1.00' }, p.token)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(code(results.find((r) => r.status !== 200)!)).toBe('ROUND_IN_PROGRESS');
    expect(await cashOf(t, p.id)).toBe(9_900);
    await post(t, B.stand, {}, p.token);

    const config = await get(t, `${API.house.config}?code=blackjack`);
    expect(config.status).toBe(200);
    expect(config.body.data).toMatchObject({ decks: 6, max_hands: 4, dealer_stands_soft_17: true, blackjack_pays: '3:2', rtp: '99.60' });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    for (const path of Object.values(B)) expect(doc.paths, path).toHaveProperty([path]);
  });

  it('a double or a split past the member’s wager limit is refused like a first stake, with no money moved', async () => {
    const p = await player(t, 10_000);
    const run = await arrange(p, 100, ['stand'], ([s0]) => s0!.phase === 'player');
    expect((await post(t, API.responsible.limits, { kind: 'wager', period: 'day', value: 100 }, p.token)).status).toBe(200);
    expect((await post(t, B.start, { amount: '1.00' }, p.token)).status).toBe(200);
    const dbl = await post(t, B.double, {}, p.token);
    expect(dbl.status).toBe(403);
    expect(code(dbl)).toBe('WAGER_LIMIT_REACHED');
    expect(await cashOf(t, p.id)).toBe(10_000 - 100);
    const [row] = await roundsOf(t, p.id, 'blackjack');
    expect(row?.bet_centavos).toBe(100);
    const stand = await post(t, B.stand, {}, p.token);
    expect(stand.status).toBe(200);
    expect(await cashOf(t, p.id)).toBe(10_000 - 100 + bj.blackjackPayout(run.final));
  });

  it('10 simultaneous stands, then 10 simultaneous doubles, act once each; no 5xx', async () => {
    const p = await player(t, 100_000);
    const run = await arrange(p, 500, ['stand'], ([s0]) => s0!.phase === 'player');
    await post(t, B.start, { amount: '5.00' }, p.token);
    const stands = await Promise.all(Array.from({ length: 10 }, () => post(t, B.stand, {}, p.token)));
    expect(stands.filter((r) => r.status >= 500)).toEqual([]);
    expect(stands.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of stands.filter((x) => x.status !== 200)) expect(code(r)).toBe('ROUND_FINISHED');
    const afterStand = 100_000 - 500 + bj.blackjackPayout(run.final);
    expect(await cashOf(t, p.id)).toBe(afterStand);

    const run2 = await arrange(p, 500, ['double'], ([s0]) => s0!.phase === 'player');
    await post(t, B.start, { amount: '5.00' }, p.token);
    const doubles = await Promise.all(Array.from({ length: 10 }, () => post(t, B.double, {}, p.token)));
    expect(doubles.filter((r) => r.status >= 500)).toEqual([]);
    expect(doubles.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of doubles.filter((x) => x.status !== 200)) expect(['ROUND_FINISHED', 'BLACKJACK_MOVE_NOT_ALLOWED']).toContain(code(r));
    expect(await cashOf(t, p.id)).toBe(afterStand - 1_000 + bj.blackjackPayout(run2.final));
    const [row] = await roundsOf(t, p.id, 'blackjack');
    expect(row?.bet_centavos).toBe(1_000);
    const bets = await t.ctx.db
      .selectFrom('wallet_transactions')
      .select('id')
      .where('round_uid', '=', row!.round_uid)
      .where('kind', '=', 'bet')
      .execute();
    expect(bets).toHaveLength(2);
  });
});
