import { API } from '@casino/shared/api-paths';
import { centavos } from '@casino/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cash, house } from '../../../platform/ledger/ledger.service.ts';
import { transfer } from '../../../platform/ledger/transfer.ts';
import { createTestApp, registration, type TestApp } from '../../../test/test-app.ts';
import { forgetRecentHouseGames, loadHouseGame, recentHouseGame } from '../house-game.ts';
import { cashOf, expectLedgerSound, player, post } from '../house.test-helpers.ts';

/**
 * The bets of a betting window that arrive together are taken together (round-engine.ts
 * placeBets, the wallet's debitMany): one transaction and one insert of the lines for all of them,
 * with every answer a bet alone would get (short funds, limits, a pause, a second bet), and bet by
 * bet when the batch cannot be done together.
 */

let t: TestApp;
const statements: string[] = [];
let recording = false;

beforeAll(async () => {
  // Minute-long betting windows and short draws: each batch below waits for a window with time left.
  t = await createTestApp(
    {
      SHARED_ROUNDS: 'on',
      CRASH_BETTING_MS: '60000',
      CRASH_PAUSE_MS: '0',
      CRASH_SPEED: '1000',
      DOUBLE_BETTING_MS: '60000',
      DOUBLE_SPIN_MS: '0',
      DOUBLE_PAUSE_MS: '0',
      SHARED_CHAIN_LENGTH: '200',
    },
    {
      onStatement: (sql) => {
        if (recording) statements.push(sql);
      },
    },
  );
  const deadline = Date.now() + 15_000;
  for (const url of [API.house.crashState, API.house.doubleState]) {
    while ((await t.app.inject({ method: 'GET', url })).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error(`no shared round opened at ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

type Player = Awaited<ReturnType<typeof player>>;
const member = (p: Player) => ({ id: p.id, account: p.account });

/** Each call's answer: ok, or the error code it was refused with. */
function outcomes<T>(calls: Promise<T>[]): Promise<(T | string)[]> {
  return Promise.all(calls.map((call) => call.catch((error: { errorCode?: string }) => error.errorCode ?? String(error))));
}

/** Waits until both games take bets for at least `leftMs` more. */
async function windowsOpen(leftMs = 15_000): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const [crash, double] = await Promise.all([t.ctx.houseRounds.crash.state(), t.ctx.houseRounds.double.state()]);
    const now = Date.now();
    if (
      crash.phase === 'betting' &&
      crash.betting_ends_at - now > leftMs &&
      double.phase === 'betting' &&
      double.betting_ends_at - now > leftMs
    )
      return;
    if (now > deadline) throw new Error('no betting window');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs `work` while recording the statements sent to the database. */
async function recorded<T>(work: () => Promise<T>): Promise<{ value: T; sql: string[] }> {
  statements.length = 0;
  recording = true;
  try {
    const value = await work();
    return { value, sql: [...statements] };
  } finally {
    recording = false;
  }
}

describe('bets taken together', () => {
  it('takes the bets of one moment together: one transaction and one insert of the lines', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => player(t, 10_000)));
    await windowsOpen();
    await recentHouseGame(t.ctx, 'crash'); // the catalogue row is read before the bets, not by each of them
    const { value: placed, sql } = await recorded(() =>
      Promise.all(players.map((p) => t.ctx.houseRounds.crash.bet(member(p), { amount: 500, auto_cashout: 200 }))),
    );
    // Bets of one tick go together (two batches at most, should the catalogue row expire meanwhile).
    const count = (pattern: RegExp) => sql.filter((s) => pattern.test(s.trim())).length;
    expect(count(/^insert into "shared_bets"/i)).toBeLessThanOrEqual(2);
    expect(count(/^insert into "wallet_transactions"/i)).toBe(count(/^insert into "shared_bets"/i));
    expect(count(/^commit/i)).toBe(count(/^insert into "shared_bets"/i));
    const roundId = placed[0]?.round_id as number;
    for (const [i, bet] of placed.entries()) {
      expect(bet).toEqual({ round_id: roundId, amount: '5.00', auto_cashout: '2.00', balance: '95.00' });
      expect(await cashOf(t, players[i]!.id)).toBe(9_500);
    }
    const lines = await t.ctx.db
      .selectFrom('shared_bets')
      .innerJoin('game_rounds', 'game_rounds.round_uid', 'shared_bets.game_round_uid')
      .innerJoin('wallet_transactions', (join) =>
        join.onRef('wallet_transactions.round_uid', '=', 'game_rounds.round_uid').on('wallet_transactions.kind', '=', 'bet'),
      )
      .select([
        'shared_bets.member_id',
        'shared_bets.stake_centavos',
        'shared_bets.auto_cashout_x100',
        'game_rounds.bet_centavos',
        'wallet_transactions.transfer_id',
      ])
      .where('shared_bets.round_id', '=', roundId)
      .where(
        'shared_bets.member_id',
        'in',
        players.map((p) => p.id),
      )
      .execute();
    expect(lines).toHaveLength(players.length);
    for (const line of lines) {
      expect(line).toMatchObject({ stake_centavos: 500, auto_cashout_x100: 200, bet_centavos: 500 });
      expect(line.transfer_id).not.toBeNull();
    }
    await expectLedgerSound(t);
  });

  it('refuses inside a batch as it refuses alone: short funds, limits, a pause, a second bet; the others stand', async () => {
    const [ok, short, lossLimited, wagerLimited, paused, twice] = await Promise.all([
      player(t, 10_000),
      player(t, 100),
      player(t, 100_000),
      player(t, 100_000),
      player(t, 100_000),
      player(t, 100_000),
    ]);
    expect((await post(t, API.responsible.limits, { kind: 'loss', period: 'week', value: 100 }, lossLimited!.token)).status).toBe(200);
    expect((await post(t, API.responsible.limits, { kind: 'wager', period: 'day', value: 300 }, wagerLimited!.token)).status).toBe(200);
    expect((await post(t, API.responsible.pause, { days: 1, password: registration().password }, paused!.token)).status).toBe(200);
    await windowsOpen();
    await t.ctx.houseRounds.crash.bet(member(twice!), { amount: 500 });

    const crash = t.ctx.houseRounds.crash;
    await recentHouseGame(t.ctx, 'crash');
    const answers = await outcomes([
      crash.bet(member(ok!), { amount: 500 }),
      crash.bet(member(short!), { amount: 500 }),
      crash.bet(member(lossLimited!), { amount: 500 }),
      crash.bet(member(wagerLimited!), { amount: 500 }),
      crash.bet(member(paused!), { amount: 500 }),
      crash.bet(member(twice!), { amount: 500 }),
      crash.bet(member(ok!), { amount: 700 }),
    ]);
    expect(answers[0]).toMatchObject({ amount: '5.00', balance: '95.00' });
    expect(answers.slice(1)).toEqual([
      'INSUFFICIENT_FUNDS',
      'LOSS_LIMIT_REACHED',
      'WAGER_LIMIT_REACHED',
      'ACCOUNT_PAUSED',
      'ALREADY_BET',
      'ALREADY_BET',
    ]);
    expect(await cashOf(t, ok!.id)).toBe(9_500);
    expect(await cashOf(t, short!.id)).toBe(100);
    expect(await cashOf(t, lossLimited!.id)).toBe(100_000);
    expect(await cashOf(t, wagerLimited!.id)).toBe(100_000);
    expect(await cashOf(t, paused!.id)).toBe(100_000);
    expect(await cashOf(t, twice!.id)).toBe(99_500);
    // The stakes taken count toward the limits once; the refused ones not at all.
    const usage = await t.ctx.db
      .selectFrom('responsible_usage')
      .select(['member_id', 'stake_centavos'])
      .where(
        'member_id',
        'in',
        [ok!, short!, lossLimited!, wagerLimited!, paused!, twice!].map((p) => p.id),
      )
      .where('stake_centavos', '<>', 0)
      .execute();
    expect(usage.map((u) => [u.member_id, u.stake_centavos]).sort()).toEqual(
      [
        [ok!.id, 500],
        [twice!.id, 500],
      ].sort(),
    );
  });

  it('puts a member’s colours of one batch into one game round', async () => {
    const p = await player(t, 10_000);
    await windowsOpen();
    const double = t.ctx.houseRounds.double;
    // The catalogue row is read again (as after its second in the cache): the three bets share that
    // read and reach the round in the order they were sent.
    forgetRecentHouseGames(t.ctx);
    const answers = await outcomes([
      double.bet(member(p), { amount: 100, color: 'red' }),
      double.bet(member(p), { amount: 200, color: 'black' }),
      double.bet(member(p), { amount: 300, color: 'red' }),
    ]);
    expect(answers[2]).toBe('ALREADY_BET');
    expect(await cashOf(t, p.id)).toBe(9_700);
    const rounds = await t.ctx.db.selectFrom('game_rounds').select(['bet_centavos', 'status']).where('member_id', '=', p.id).execute();
    expect(rounds).toEqual([{ bet_centavos: 300, status: 'open' }]);
    const bets = await t.ctx.db
      .selectFrom('shared_bets')
      .select(['choice', 'stake_centavos'])
      .where('member_id', '=', p.id)
      .orderBy('choice')
      .execute();
    expect(bets).toEqual([
      { choice: 'black', stake_centavos: 200 },
      { choice: 'red', stake_centavos: 100 },
    ]);
  });

  it('takes the bets one by one when the batch cannot be done together, with the same answers', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => player(t, 10_000)));
    const game = await loadHouseGame(t.ctx, 'crash');
    await windowsOpen();
    const state = await t.ctx.houseRounds.crash.state();
    const round = await t.ctx.db.selectFrom('shared_rounds').select('uid').where('id', '=', state.round_id).executeTakeFirstOrThrow();
    // The ledger already holds the transfer of one of the stakes (the batch's bulk posting meets its key).
    const odd = players[2]!;
    const posted = await transfer(t.ctx.db, {
      key: `bet:${game!.platType}:crash:${round.uid}:${odd.id}:bet`,
      code: 'game_bet',
      lines: [
        { account: cash(odd.id), amountCentavos: centavos(-500) },
        { account: house(`game_house:${game!.platType}`), amountCentavos: centavos(500) },
      ],
    });
    expect(posted.ok).toBe(true);
    await recentHouseGame(t.ctx, 'crash');
    const answers = await outcomes(players.map((p) => t.ctx.houseRounds.crash.bet(member(p), { amount: 500 })));
    for (const answer of answers) expect(answer).toMatchObject({ amount: '5.00' });
    // Each stake is taken once: the one already posted is not taken again.
    for (const p of players) expect(await cashOf(t, p.id)).toBe(9_500);
    await expectLedgerSound(t);
  });
});
