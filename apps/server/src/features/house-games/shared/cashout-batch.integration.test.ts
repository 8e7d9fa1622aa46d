import { crashPayout } from '@casino/games/crash';
import { centavos } from '@casino/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inGroupCommit } from '../../../platform/ledger/group-commit.ts';
import { limitsDay } from '../../../platform/responsible/standing.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { creditMany } from '../../wallet/credit-many.ts';
import { debit } from '../../wallet/wallet.service.ts';
import { loadHouseGame, roundRefOf } from '../house-game.ts';
import { cashOf, cents, expectLedgerSound, player } from '../house.test-helpers.ts';

/**
 * The crash cash-outs that arrive together are paid together (crash-rules.ts payCashouts, the
 * wallet's creditMany): one transaction and one write of each kind for all of them, with the rows
 * and answers a cash-out alone gets, and a second ask of the same bet refused as alone.
 */

let t: TestApp;
const statements: string[] = [];
let recording = false;

beforeAll(async () => {
  t = await createTestApp(
    {
      SHARED_ROUNDS: 'on',
      CRASH_BETTING_MS: '1500',
      CRASH_PAUSE_MS: '50',
      CRASH_TICK_MS: '20',
      CRASH_SPEED: '10',
      DOUBLE_BETTING_MS: '60000',
    },
    {
      onStatement: (sql) => {
        if (recording) statements.push(sql);
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

type Player = Awaited<ReturnType<typeof player>>;
const member = (p: Player) => ({ id: p.id, account: p.account });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function secretResult(roundId: number): Promise<number> {
  const row = await t.ctx.db.selectFrom('shared_rounds').select('result').where('id', '=', roundId).executeTakeFirstOrThrow();
  return row.result;
}

/** Waits for a betting window with `leftMs` left whose round crashes at `minResult` or later. */
async function bettingRound(minResult: number, leftMs = 700): Promise<number> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    // The first round opens a moment after the app starts.
    const s = await t.ctx.houseRounds.crash.state().catch(() => undefined);
    if (s && s.phase === 'betting' && s.betting_ends_at - Date.now() > leftMs && (await secretResult(s.round_id)) >= minResult)
      return s.round_id;
    await sleep(10);
  }
  throw new Error('no suitable betting window');
}

async function runningAt(roundId: number, atLeast: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const s = await t.ctx.houseRounds.crash.state();
    if (s.round_id !== roundId) throw new Error('the round ended before the test could act');
    if (s.phase === 'running' && cents(s.multiplier) >= atLeast) return;
    await sleep(5);
  }
  throw new Error('the round did not run');
}

async function roundEnded(roundId: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const row = await t.ctx.db.selectFrom('shared_rounds').select('status').where('id', '=', roundId).executeTakeFirstOrThrow();
    if (row.status === 'ended') return;
    await sleep(20);
  }
  throw new Error('the round did not end');
}

/** What a paid cash-out left behind for its member: the round, the win row, the counters. */
async function traces(memberId: number) {
  const db = t.ctx.db;
  const round = await db
    .selectFrom('game_rounds')
    .select(['status', 'bet_centavos', 'win_centavos'])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const wins = await db
    .selectFrom('wallet_transactions')
    .select(['amount_centavos', 'transfer_id', 'usage_day'])
    .where('member_id', '=', memberId)
    .where('kind', '=', 'win')
    .execute();
  const totals = await db.selectFrom('members').select('total_bet_centavos').where('id', '=', memberId).executeTakeFirstOrThrow();
  const day = await db
    .selectFrom('member_daily_stats')
    .select(['bet_centavos', 'win_centavos', 'rounds'])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const usage = await db
    .selectFrom('responsible_usage')
    .select(['stake_centavos', 'win_centavos'])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { round, wins: wins.map((w) => ({ ...w, transfer_id: w.transfer_id !== null })), totals, day, usage };
}

/** The traces a paid cash-out of a 5.00 stake winning `win` leaves (crash counts as 'other'). */
const paidTraces = (win: number) => ({
  round: { status: 'settled', bet_centavos: 500, win_centavos: win },
  wins: [{ amount_centavos: win, transfer_id: true, usage_day: limitsDay() }],
  totals: { total_bet_centavos: 500 },
  day: { bet_centavos: 500, win_centavos: win, rounds: 1 },
  usage: { stake_centavos: 500, win_centavos: win },
});

describe('cash-outs paid together', { timeout: 120_000 }, () => {
  it('pays the cash-outs of one moment in one transaction, with the rows and answers of a cash-out alone', async () => {
    const solo = await player(t, 10_000);
    const players = await Promise.all(Array.from({ length: 12 }, () => player(t, 10_000)));
    const roundId = await bettingRound(400);
    for (const p of [solo, ...players]) await t.ctx.houseRounds.crash.bet(member(p), { amount: 500 });
    await runningAt(roundId, 110);

    const alone = await t.ctx.houseRounds.crash.cashOut(member(solo), Date.now(), roundId);
    statements.length = 0;
    recording = true;
    const asks = [...players, players[0] as Player].map((p) =>
      t.ctx.houseRounds.crash.cashOut(member(p), Date.now(), roundId).catch((error: { errorCode?: string }) => error.errorCode),
    );
    const answers = await Promise.all(asks);
    recording = false;

    // Twelve paid, the second ask of the first player's bet refused as it would be alone.
    expect(answers[12]).toBe('ALREADY_CASHED_OUT');
    const paid = answers.slice(0, 12) as Awaited<ReturnType<typeof t.ctx.houseRounds.crash.cashOut>>[];
    for (const [i, answer] of paid.entries()) {
      const win = crashPayout(500, cents(answer.multiplier));
      expect(answer).toMatchObject({ round_id: roundId, win: (win / 100).toFixed(2), balance: ((9_500 + win) / 100).toFixed(2) });
      expect(await cashOf(t, players[i]!.id)).toBe(9_500 + win);
    }
    // Together: far fewer commits and win inserts than cash-outs (one batch, two should a tick split them).
    const count = (pattern: RegExp) => statements.filter((s) => pattern.test(s.trim())).length;
    expect(count(/^insert into "wallet_transactions"/i)).toBeLessThanOrEqual(3);
    expect(count(/^select \* from ledger_post/i)).toBe(0);

    await roundEnded(roundId);
    expect(await traces(solo.id)).toEqual(paidTraces(cents(alone.win)));
    for (const [i, p] of players.entries()) expect(await traces(p.id)).toEqual(paidTraces(cents(paid[i]!.win)));
    await expectLedgerSound(t);
  });

  it('leaves to the caller the wins it cannot pay together: a replay, a closed round, a member’s second win', async () => {
    const game = await loadHouseGame(t.ctx, 'crash');
    if (!game) throw new Error('no crash game');
    const [a, b, c] = await Promise.all([player(t, 10_000), player(t, 10_000), player(t, 10_000)]);
    const ref = (p: Player, uid: string) => roundRefOf(game, p.id, `cm-${uid}-${p.id}`);
    await inGroupCommit(t.ctx.db, async (trx) => {
      for (const [p, uid] of [
        [a, 'one'],
        [a, 'two'],
        [b, 'one'],
        [c, 'one'],
      ] as const)
        await debit(trx, ref(p, uid), { txId: `cm-${uid}-${p.id}:bet`, amountCentavos: centavos(1_000) });
    });
    // b's round is paid before the batch: its win is a replay; c's round is settled lost.
    const first = await inGroupCommit(t.ctx.db, (trx) =>
      creditMany(trx, [{ round: ref(b, 'one'), input: { txId: `cm-one-${b.id}:win`, amountCentavos: centavos(300) } }]),
    );
    expect(first).toMatchObject([{ ok: true, done: { balanceCentavos: 9_300 } }]);
    await t.ctx.db.updateTable('game_rounds').set({ status: 'settled' }).where('round_uid', '=', `cm-one-${c.id}`).execute();

    const outcomes = await inGroupCommit(t.ctx.db, (trx) =>
      creditMany(trx, [
        { round: ref(a, 'one'), input: { txId: `cm-one-${a.id}:win`, amountCentavos: centavos(2_500) } },
        { round: ref(a, 'two'), input: { txId: `cm-two-${a.id}:win`, amountCentavos: centavos(100) } },
        { round: ref(b, 'one'), input: { txId: `cm-one-${b.id}:win`, amountCentavos: centavos(300) } },
        { round: ref(c, 'one'), input: { txId: `cm-one-${c.id}:win`, amountCentavos: centavos(700) } },
      ]),
    );
    expect(outcomes.map((o) => o.ok)).toEqual([true, 'alone', 'alone', 'alone']);
    expect(outcomes[0]).toMatchObject({ ok: true, done: { balanceCentavos: 8_000 + 2_500, replayed: false } });
    expect(await cashOf(t, a.id)).toBe(10_500);
    expect(await cashOf(t, b.id)).toBe(9_300);
    expect(await cashOf(t, c.id)).toBe(9_000);
    await expectLedgerSound(t);
  });
});
