import { createHmac } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import type { LiveBacboState, LiveRouletteState } from '@casino/shared/schemas/house-live-tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import { cashOf, cents, expectLedgerSound, get, houseTestApp, player, post, roundsOf } from '../house.test-helpers.ts';

/**
 * The live tables (live roulette and live Bac Bo) with a real scheduler on fast timings. Every
 * outcome is recomputed here from the round's chain hash and the chain's salt with node:crypto
 * (not packages/games), and every payout from the table rules written out again below.
 */

let t: TestApp;
beforeAll(async () => {
  t = await houseTestApp({
    SHARED_ROUNDS: 'on',
    LIVE_ROULETTE_BETTING_MS: '6000',
    LIVE_ROULETTE_SPIN_MS: '150',
    LIVE_ROULETTE_PAUSE_MS: '100',
    LIVE_BACBO_BETTING_MS: '6000',
    LIVE_BACBO_ROLL_MS: '150',
    LIVE_BACBO_PAUSE_MS: '100',
    CRASH_BETTING_MS: '60000',
    DOUBLE_BETTING_MS: '60000',
  });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const code = (r: { body: unknown }) => (r.body as { error_code?: string }).error_code;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(15);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const rouletteState = async (token?: string) => (await get(t, API.house.liveRouletteState, token)).body.data as LiveRouletteState;
const bacboState = async (token?: string) => (await get(t, API.house.liveBacboState, token)).body.data as LiveBacboState;

const open = <S extends { phase: string; betting_ends_at: number }>(read: () => Promise<S>, margin: number, what: string) =>
  waitFor(async () => {
    const s = await read();
    return s?.phase === 'betting' && s.betting_ends_at - Date.now() > margin ? s : undefined;
  }, what);

/** The round once it ended and every bet in it was settled, with its chain's salt. */
async function ended(roundId: number) {
  return waitFor(async () => {
    const row = await t.ctx.db
      .selectFrom('shared_rounds')
      .innerJoin('shared_chains', 'shared_chains.id', 'shared_rounds.chain_id')
      .select(['shared_rounds.status', 'shared_rounds.hash', 'shared_rounds.result', 'shared_chains.salt'])
      .where('shared_rounds.id', '=', roundId)
      .executeTakeFirstOrThrow();
    if (row.status !== 'ended') return undefined;
    const openBets = await t.ctx.db
      .selectFrom('shared_bets')
      .select('id')
      .where('round_id', '=', roundId)
      .where('status', '=', 'open')
      .execute();
    return openBets.length === 0 ? row : undefined;
  }, `live round ${roundId} to end`);
}

// ---- an independent implementation of the tables ---------------------------------------------

/** The four 52-bit groups of HMAC-SHA256(key = hash, message = salt). */
function chunks(hash: string, salt: string): bigint[] {
  const hex = createHmac('sha256', Buffer.from(hash, 'utf8')).update(Buffer.from(salt, 'utf8')).digest('hex');
  return [0, 13, 26, 39].map((i) => BigInt(`0x${hex.slice(i, i + 13)}`));
}
const TWO_52 = 2n ** 52n;
const numberOf = (hash: string, salt: string) => Number(((chunks(hash, salt)[0] as bigint) * 37n) / TWO_52);
const diceOf = (hash: string, salt: string) => chunks(hash, salt).map((r) => 1 + Number((r * 6n) / TWO_52));

const REDS = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
/** Roulette chips of the tests and what each returns (stake included) when n comes up. */
const CHIPS = [
  { chip: { type: 'straight', numbers: [17], amount: '1.00' }, wins: (n: number) => (n === 17 ? 36 : 0) },
  { chip: { type: 'red', amount: '2.00' }, wins: (n: number) => (REDS.includes(n) ? 2 : 0) },
  { chip: { type: 'dozen', index: 2, amount: '1.00' }, wins: (n: number) => (n >= 13 && n <= 24 ? 3 : 0) },
  { chip: { type: 'corner', numbers: [5, 1, 4, 2], amount: '0.50' }, wins: (n: number) => ([1, 2, 4, 5].includes(n) ? 9 : 0) },
  { chip: { type: 'line', numbers: [31, 32, 33, 34, 35, 36], amount: '0.50' }, wins: (n: number) => (n >= 31 ? 6 : 0) },
  { chip: { type: 'odd', amount: '1.00' }, wins: (n: number) => (n % 2 === 1 ? 2 : 0) },
];
const rouletteReturn = (n: number) => CHIPS.reduce((sum, c) => sum + cents(c.chip.amount) * c.wins(n), 0);
const rouletteStake = CHIPS.reduce((sum, c) => sum + cents(c.chip.amount), 0);

const TIE_PAYS: Record<number, number> = { 2: 88, 3: 25, 4: 10, 5: 6, 6: 4, 7: 4, 8: 4, 9: 6, 10: 10, 11: 25, 12: 88 };
function bacboReturn(side: 'player' | 'banker' | 'tie', stake: number, dice: number[]): number {
  const [p1, p2, b1, b2] = dice as [number, number, number, number];
  const p = p1 + p2;
  const b = b1 + b2;
  if (side === 'tie') return p === b ? stake * ((TIE_PAYS[p] as number) + 1) : 0;
  if (p === b) return Math.floor((stake * 9) / 10);
  return (side === 'player' ? p > b : b > p) ? stake * 2 : 0;
}

describe.sequential('live tables', { timeout: 120_000 }, () => {
  it('answers the constants of each table in the house config', async () => {
    const roulette = await get(t, `${API.house.config}?code=live-roulette`);
    expect(roulette.status).toBe(200);
    expect(roulette.body.data.rng_table).toBe(true);
    expect(roulette.body.data.betting_ms).toBe(6_000);
    const bacbo = await get(t, `${API.house.config}?code=live-bac-bo`);
    expect(bacbo.status).toBe(200);
    expect(bacbo.body.data.tie_pays[2]).toBe(88);
  });

  it('live roulette: several chips in one bet, paid exactly by the number the chain gives', async () => {
    const p = await player(t, 10_000);
    const round = await open(rouletteState, 1_200, 'a live roulette round open for bets');
    const r = await post(t, API.house.liveRouletteBet, { bets: CHIPS.map((c) => c.chip) }, p.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.round_id).toBe(round.round_id);
    expect(cents(r.body.data.amount)).toBe(rouletteStake);
    expect(r.body.data.bets.map((b: { spot: string }) => b.spot).sort()).toEqual(
      ['corner:1', 'dozen:2', 'line:31', 'odd', 'red', 'straight:17'].sort(),
    );
    expect(await cashOf(t, p.id)).toBe(10_000 - rouletteStake);
    // A second chip on a spot already held this round is refused whole, with no money moved.
    const again = await post(
      t,
      API.house.liveRouletteBet,
      {
        bets: [
          { type: 'black', amount: '1.00' },
          { type: 'red', amount: '1.00' },
        ],
      },
      p.token,
    );
    expect(code(again)).toBe('ALREADY_BET');
    expect(await cashOf(t, p.id)).toBe(10_000 - rouletteStake);
    const mine = await rouletteState(p.token);
    expect(mine.my_bets).toHaveLength(CHIPS.length);
    expect(mine.bets.some((b) => b.spot === 'straight:17' && b.amount === '1.00')).toBe(true);

    const row = await ended(round.round_id);
    const n = numberOf(row.hash, row.salt);
    expect(row.result).toBe(n);
    const expected = rouletteReturn(n);
    expect(await cashOf(t, p.id)).toBe(10_000 - rouletteStake + expected);
    const records = await roundsOf(t, p.id, 'live-roulette');
    expect(records).toHaveLength(1);
    expect(records[0]?.bet_centavos).toBe(rouletteStake);
    expect(records[0]?.win_centavos).toBe(expected);
    expect(records[0]?.status).toBe('settled');
    const view = await get(t, API.house.round(records[0]?.id as number), p.token);
    expect(view.body.data.chain.hash).toBe(row.hash);
    expect(numberOf(view.body.data.chain.hash, view.body.data.chain.salt)).toBe(n);
    const after = await waitFor(async () => {
      const s = await rouletteState();
      return s.history.some((h) => h.round_id === round.round_id) ? s : undefined;
    }, 'the round in the history');
    const item = after.history.find((h) => h.round_id === round.round_id);
    expect(item?.number).toBe(n);
    expect(item?.color).toBe(n === 0 ? 'green' : REDS.includes(n) ? 'red' : 'black');
  });

  it('live bac bo: player and tie paid exactly by the four dice the chain gives', async () => {
    const p = await player(t, 10_000);
    const round = await open(bacboState, 1_200, 'a live bac bo round open for bets');
    const onPlayer = await post(t, API.house.liveBacboBet, { amount: '3.00', side: 'player' }, p.token);
    const onTie = await post(t, API.house.liveBacboBet, { amount: '1.00', side: 'tie' }, p.token);
    expect(onPlayer.status, JSON.stringify(onPlayer.body)).toBe(200);
    expect(onTie.status).toBe(200);
    expect(code(await post(t, API.house.liveBacboBet, { amount: '1.00', side: 'player' }, p.token))).toBe('ALREADY_BET');
    expect(await cashOf(t, p.id)).toBe(9_600);
    const mine = await bacboState(p.token);
    expect(mine.my_bets?.map((b) => b.side).sort()).toEqual(['player', 'tie']);
    expect(cents(mine.totals.player)).toBeGreaterThanOrEqual(300);

    const row = await ended(round.round_id);
    const dice = diceOf(row.hash, row.salt);
    expect(row.result).toBe(dice[0]! * 1000 + dice[1]! * 100 + dice[2]! * 10 + dice[3]!);
    const expected = bacboReturn('player', 300, dice) + bacboReturn('tie', 100, dice);
    expect(await cashOf(t, p.id)).toBe(9_600 + expected);
    const records = await roundsOf(t, p.id, 'live-bac-bo');
    expect(records).toHaveLength(1);
    expect(records[0]?.bet_centavos).toBe(400);
    expect(records[0]?.win_centavos).toBe(expected);
    const after = await waitFor(async () => {
      const s = await bacboState();
      return s.history.some((h) => h.round_id === round.round_id) ? s : undefined;
    }, 'the bac bo round in the history');
    const item = after.history.find((h) => h.round_id === round.round_id);
    expect(item?.dice).toEqual(dice);
    expect(item?.player_total).toBe(dice[0]! + dice[1]!);
  });

  it('streams both tables over their sockets: visitors watch and are refused, members bet with a reply', async () => {
    const p = await player(t, 10_000);
    for (const table of [
      {
        path: API.house.socket('live-roulette'),
        state: 'live-roulette.state',
        read: rouletteState,
        bet: { bets: [{ type: 'red', amount: '1.00' }] },
      },
      { path: API.house.socket('live-bacbo'), state: 'live-bacbo.state', read: bacboState, bet: { amount: '1.00', side: 'player' } },
    ]) {
      const visitor = await t.app.injectWS(table.path);
      const seen: { type: string; data: any }[] = [];
      visitor.on('message', (raw: Buffer) => seen.push(JSON.parse(raw.toString())));
      await waitFor(async () => (seen.some((m) => m.type === table.state) ? true : undefined), `${table.path}: the first state`);
      visitor.send(JSON.stringify({ type: 'bet', ref: 'v1', lang: 'en', ...table.bet }));
      const refused = await waitFor(async () => seen.find((m) => m.type === 'reply' && m.data.ref === 'v1'), 'the reply to a visitor');
      expect(refused.data).toMatchObject({ ok: false, error_code: 'NOT_LOGGED_IN' });

      const read: () => Promise<{ phase: string; betting_ends_at: number; round_id: number }> = table.read;
      const round = await open(read, 1_200, `${table.path}: a round open for bets`);
      const ws = await t.app.injectWS(`${table.path}?token=${p.token}`);
      const mine: { type: string; data: any }[] = [];
      ws.on('message', (raw: Buffer) => mine.push(JSON.parse(raw.toString())));
      ws.send(JSON.stringify({ type: 'bet', ref: 'bad', lang: 'en' }));
      const bad = await waitFor(async () => mine.find((m) => m.type === 'reply' && m.data.ref === 'bad'), 'the reply to an empty bet');
      expect(bad.data.ok).toBe(false);
      expect(bad.data.error_code).toBe('VALIDATION_FAILED');
      ws.send(JSON.stringify({ type: 'bet', ref: 'b1', lang: 'en', ...table.bet }));
      const placed = await waitFor(async () => mine.find((m) => m.type === 'reply' && m.data.ref === 'b1'), 'the bet reply');
      expect(placed.data.ok, JSON.stringify(placed.data)).toBe(true);
      expect(placed.data.message).toBe('Bet placed.');
      expect(placed.data.result.round_id).toBe(round.round_id);
      expect(placed.data.result.amount).toBe('1.00');
      ws.terminate();
      visitor.terminate();
    }
  });

  it('refuses bad bets and bets after the window, with no money moved', async () => {
    const p = await player(t, 10_000);
    await open(rouletteState, 1_500, 'a live roulette round open for bets');
    for (const [bets, expected, field] of [
      [[{ type: 'split', numbers: [1, 5], amount: '1.00' }], 'VALIDATION_FAILED', 'bets.0'],
      [[{ type: 'straight', numbers: [37], amount: '1.00' }], 'VALIDATION_FAILED', 'bets.0'],
      [[{ type: 'dozen', index: 4, amount: '1.00' }], 'VALIDATION_FAILED', 'bets.0'],
      [[{ type: 'straight', numbers: [3], amount: '100.01' }], 'BET_ABOVE_MAX', 'bets.0.amount'],
      [[{ type: 'red', amount: '0.05' }], 'BET_BELOW_MIN', 'bets.0.amount'],
      [[{ type: 'red', amount: '-1' }], 'VALIDATION_FAILED', undefined],
      [[], 'VALIDATION_FAILED', undefined],
      [
        [
          { type: 'red', amount: '1500.00' },
          { type: 'even', amount: '1500.00' },
          { type: 'low', amount: '2500.00' },
        ],
        'BET_ABOVE_MAX',
        'bets',
      ],
      [[{ type: 'red', amount: '150.00' }], 'INSUFFICIENT_FUNDS', undefined],
    ] as const) {
      const r = await post(t, API.house.liveRouletteBet, { bets }, p.token);
      expect(code(r), JSON.stringify(bets)).toBe(expected);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      if (field) expect(Object.keys(r.body.errors ?? {}), JSON.stringify(r.body)).toContain(field);
    }
    for (const [body, expected] of [
      [{ amount: '1.00', side: 'dragon' }, 'VALIDATION_FAILED'],
      [{ amount: '0.011', side: 'player' }, 'VALIDATION_FAILED'],
      [{ amount: '150.00', side: 'banker' }, 'INSUFFICIENT_FUNDS'],
    ] as const) {
      await open(bacboState, 300, 'a live bac bo round open for bets');
      expect(code(await post(t, API.house.liveBacboBet, body, p.token)), JSON.stringify(body)).toBe(expected);
    }
    // After the window: refused with double's code.
    await waitFor(async () => ((await rouletteState()).phase === 'spinning' ? true : undefined), 'the wheel to spin');
    const late = await post(t, API.house.liveRouletteBet, { bets: [{ type: 'red', amount: '1.00' }] }, p.token);
    expect(late.status).toBe(422);
    expect(code(late)).toBe('BETTING_CLOSED');
    await waitFor(async () => ((await bacboState()).phase === 'rolling' ? true : undefined), 'the dice to roll');
    const lateDice = await post(t, API.house.liveBacboBet, { amount: '1.00', side: 'banker' }, p.token);
    expect(lateDice.status).toBe(422);
    expect(code(lateDice)).toBe('BETTING_CLOSED');
    expect(await cashOf(t, p.id)).toBe(10_000);
    expect(code(await post(t, API.house.liveRouletteBet, { bets: [{ type: 'red', amount: '1.00' }] }))).toBe('NOT_LOGGED_IN');
    const none = await t.ctx.db.selectFrom('shared_bets').select('id').where('member_id', '=', p.id).execute();
    expect(none).toHaveLength(0);
  });

  it('live roulette bodies sent together: a short one and one on a held spot are refused alone, with no money moved', async () => {
    const [rich, short, holder] = await Promise.all([player(t, 10_000), player(t, 100), player(t, 10_000)]);
    await open(rouletteState, 2_000, 'a live roulette round open for bets');
    const first = await post(t, API.house.liveRouletteBet, { bets: [{ type: 'red', amount: '1.00' }] }, holder.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const chips = { bets: [CHIPS[0]!.chip, CHIPS[1]!.chip] };
    const [a, b, c] = await Promise.all([
      post(t, API.house.liveRouletteBet, chips, rich.token),
      post(t, API.house.liveRouletteBet, chips, short.token),
      post(t, API.house.liveRouletteBet, chips, holder.token),
    ]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(cents(a.body.data.balance)).toBe(10_000 - 300);
    expect(code(b)).toBe('INSUFFICIENT_FUNDS');
    expect(code(c)).toBe('ALREADY_BET');
    expect(await cashOf(t, rich.id)).toBe(10_000 - 300);
    expect(await cashOf(t, short.id)).toBe(100);
    expect(await cashOf(t, holder.id)).toBe(10_000 - 100);
    expect((await rouletteState(rich.token)).my_bets).toHaveLength(2);
    expect((await rouletteState(short.token)).my_bets).toHaveLength(0);
    expect((await rouletteState(holder.token)).my_bets).toHaveLength(1);
  });

  it('takes 100 members betting at once on both tables: no 5xx, every taken bet paid exactly', async () => {
    const members = await Promise.all(Array.from({ length: 100 }, () => player(t, 5_000)));
    const sides = ['player', 'banker', 'tie'] as const;
    // Each table's 100 bets fired together as soon as its window opens; both tables at the same time.
    const [[rRound, rAnswers], [bRound, bAnswers]] = await Promise.all([
      open(rouletteState, 5_000, 'a fresh live roulette window').then(async (round) => {
        const chips = (i: number) => [CHIPS[i % CHIPS.length]!.chip, { type: 'column', index: (i % 3) + 1, amount: '0.20' }];
        return [round, await Promise.all(members.map((m, i) => post(t, API.house.liveRouletteBet, { bets: chips(i) }, m.token)))] as const;
      }),
      open(bacboState, 5_000, 'a fresh live bac bo window').then(async (round) => {
        const bets = members.map((m, i) => post(t, API.house.liveBacboBet, { amount: '1.00', side: sides[i % 3] }, m.token));
        return [round, await Promise.all(bets)] as const;
      }),
    ]);
    const answers = members.flatMap((_, i) => [rAnswers[i]!, bAnswers[i]!]);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    // Every bet fired in the window is taken (each table's bets share one transaction and a few statements).
    expect(answers.filter((a) => a.status !== 200).map((a) => code(a))).toEqual([]);

    const [rRow, bRow] = await Promise.all([ended(rRound.round_id), ended(bRound.round_id)]);
    const n = numberOf(rRow.hash, rRow.salt);
    const dice = diceOf(bRow.hash, bRow.salt);
    for (const [i, m] of members.entries()) {
      let expected = 5_000;
      if (answers[2 * i]?.status === 200) {
        const c = CHIPS[i % CHIPS.length]!;
        const column = (i % 3) + 1;
        expected += -cents(c.chip.amount) - 20 + cents(c.chip.amount) * c.wins(n) + (n !== 0 && ((n - 1) % 3) + 1 === column ? 60 : 0);
      }
      if (answers[2 * i + 1]?.status === 200) expected += -100 + bacboReturn(sides[i % 3]!, 100, dice);
      expect(await cashOf(t, m.id), `member ${i}`).toBe(expected);
    }
    await expectLedgerSound(t);
  });
});
