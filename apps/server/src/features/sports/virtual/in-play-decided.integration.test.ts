import { randomBytes } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../db/database.ts';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../../test/test-app.ts';
import { fund } from '../../withdrawals/withdrawals.test-helpers.ts';
import { repriceInPlay, suspendFixtureMarkets } from '../markets.service.ts';
import { expectLedgerSound } from '../settlement/settle.test-helpers.ts';
import { enterResult, settleDecidedMarkets } from '../settlement/settle.service.ts';
import { VirtualLeague } from './virtual-league.ts';
import * as repo from './virtual.repository.ts';

/**
 * A live virtual match never offers what its score has already decided (issue 10 item 11): once
 * the home side scores, the correct scores it ruled out (0-0, 0-1, ...) are closed at once, never
 * quoted at the longest price (1000.00), bets on them are lost without waiting for full time, and
 * the placement call refuses them; the rest of the market keeps trading. Driven step by step the
 * way the league advances a minute (goal: suspend, score, reprice; then settle what it decided).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SHARED_ROUNDS: 'off' });
});
afterAll(async () => {
  await t.close();
});

type Selection = { id: number; code: string; odds: string; result: string };
type Market = { type: string; line: string | null; status: string; selections: Selection[] };

async function markets(fixtureId: number): Promise<Market[]> {
  const r = await t.app.inject({ method: 'GET', url: `${API.sports.fixture}?id=${fixtureId}` });
  expect(r.statusCode).toBe(200);
  return json(r).data.markets;
}
const correctScore = async (fixtureId: number) => (await markets(fixtureId)).find((m) => m.type === 'correct_score')!;
const selection = (market: Market, code: string) => market.selections.find((s) => s.code === code)!;

function place(token: string, chosen: Selection) {
  return t.app.inject({
    method: 'POST',
    url: `${API.sports.place}?lang=en`,
    headers: bearer(token),
    payload: {
      request_id: randomBytes(8).toString('hex'),
      kind: 'single',
      stake: '5.00',
      selections: [{ selection_id: chosen.id, odds: chosen.odds }],
      accept_odds: 'none',
    },
  });
}

async function betStatus(betNo: string) {
  const row = await t.ctx.db.selectFrom('sport_bets').select('status').where('bet_no', '=', betNo).executeTakeFirstOrThrow();
  return row.status;
}

/** A goal as the league plays it: markets suspended in the transaction that shows the new score, repriced shut. */
async function goal(fixtureId: number, minute: number, score: { home: number; away: number }) {
  await t.ctx.db.transaction().execute(async (trx) => {
    await suspendFixtureMarkets(trx, fixtureId);
    await repo.setMinute(trx, fixtureId, minute, score, nowIso());
    await repriceInPlay(trx, fixtureId, minute, score, { open: false });
  });
}

describe('a live virtual match after a goal', () => {
  it('closes the correct scores the score ruled out, settles their bets lost and keeps the rest trading', async () => {
    const league = new VirtualLeague(t.ctx, { bettingMs: 60_000, minuteMs: 600, matches: 1 });
    const round = (await league.createRound(Date.now() + 60_000))!;
    const fixtureId = round.fixtureIds[0]!;
    const player = await registerMember(t.app);
    await fund(t, player.id, 100_000);

    // Before kick-off: bets on 0-0 and on 1-0.
    const before = await correctScore(fixtureId);
    const goalless = selection(before, '0-0');
    const onNil = json(await place(player.token, goalless)).data.bets[0].bet_no as string;
    const onOneNil = json(await place(player.token, selection(before, '1-0'))).data.bets[0].bet_no as string;

    await t.ctx.db
      .updateTable('fixtures')
      .set({ status: 'live', minute: 0, starts_at: new Date(Date.now() - 1_000).toISOString() })
      .where('id', '=', fixtureId)
      .execute();
    await repriceInPlay(t.ctx.db, fixtureId, 0, { home: 0, away: 0 }, { open: true });
    await goal(fixtureId, 10, { home: 1, away: 0 });

    // Pricing alone never reopens a market holding a selection the score ruled out.
    await repriceInPlay(t.ctx.db, fixtureId, 11, { home: 1, away: 0 }, { open: true });
    expect((await correctScore(fixtureId)).status).toBe('suspended');
    expect((await markets(fixtureId)).find((m) => m.type === '1x2')!.status).toBe('open');

    // Settling what the goal decided: the 0-0 bet is lost now, the 1-0 bet still runs.
    await settleDecidedMarkets(t.ctx, fixtureId);
    expect(await betStatus(onNil)).toBe('lost');
    expect(await betStatus(onOneNil)).toBe('open');

    await repriceInPlay(t.ctx.db, fixtureId, 12, { home: 1, away: 0 }, { open: true });
    const after = await correctScore(fixtureId);
    expect(after.status).toBe('open');
    for (const s of after.selections) {
      const [home] = s.code.split('-').map(Number);
      const ruledOut = home !== undefined && !Number.isNaN(home) && home < 1;
      // Ruled out: closed as lost at the price it last had; everything else still pending.
      expect({ code: s.code, result: s.result }).toEqual({ code: s.code, result: ruledOut ? 'lost' : 'pending' });
    }
    expect(selection(after, '0-0').odds).toBe(goalless.odds);
    expect(after.selections.filter((s) => s.result === 'lost').map((s) => s.odds)).not.toContain('1000.00');

    const refused = await place(player.token, selection(after, '0-1'));
    expect(refused.statusCode).toBe(422);
    expect(json(refused).error_code).toBe('SPORTS_MARKET_CLOSED');
    expect((await place(player.token, selection(after, '2-0'))).statusCode).toBe(200);

    // Full time 1-0: the 1-0 bet wins; the lost one is not touched again.
    await enterResult(t.ctx, fixtureId, { home_score: 1, away_score: 0 }, null);
    expect(await betStatus(onOneNil)).toBe('won');
    expect(await betStatus(onNil)).toBe('lost');
    await expectLedgerSound(t);
  });
});
