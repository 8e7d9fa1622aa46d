import { randomBytes } from 'node:crypto';
import { hashServerSeed } from '@casino/games/fair';
import { expectedGoals, winningCodes, type MarketType } from '@casino/games/football';
import { accumulatedOdds, payoutFor } from '@casino/games/sport-bets';
import { playMatch, scoreAt } from '@casino/games/virtual-match';
import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../../test/test-app.ts';
import { cashOf, fund } from '../../withdrawals/withdrawals.test-helpers.ts';
import { expectLedgerSound } from '../settlement/settle.test-helpers.ts';
import { type Round, VirtualLeague } from './virtual-league.ts';

/**
 * The virtual league end to end on SQLite and PostgreSQL, at high speed (a match minute of 5 ms):
 * a round is created priced and open, members bet through the real placement call, the round is
 * played, and every goal equals playMatch from the seed revealed afterwards; every bet is settled
 * to the centavo by an independent computation. Then the restart rule: matches a stopped leader
 * left are finished from their seeds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SHARED_ROUNDS: 'off', VIRTUAL_MINUTE_MS: '5' });
});
afterAll(async () => {
  await t.close();
});

const timings = { bettingMs: 60_000, minuteMs: 5, matches: 8 };
const never = new AbortController().signal;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface PlacedSlip {
  betNo: string;
  stakeCentavos: number;
  legs: { fixtureId: number; type: MarketType; line: number; code: string; odds: number }[];
}

async function bettor() {
  const m = await registerMember(t.app);
  await fund(t, m.id, 1_000_000);
  return m;
}

/** The fixture page's markets (what a player sees before betting). */
async function fixtureMarkets(fixtureId: number) {
  const r = await t.app.inject({ method: 'GET', url: `${API.sports.fixture}?id=${fixtureId}` });
  expect(r.statusCode).toBe(200);
  return json(r).data as {
    status: string;
    server_seed: string | null;
    server_seed_hash: string | null;
    events: { minute: number; team: 'home' | 'away' }[];
    markets: { type: MarketType; line: string | null; status: string; selections: { id: number; code: string; odds: string }[] }[];
  };
}

const lineOf = (line: string | null) => (line === null ? 0 : Math.round(Number(line) * 100));

type Pick = { fixtureId: number; type: MarketType; line?: string | null; code: string };

/**
 * Places a slip through POST /api/sports/bets/place at the odds shown. Each leg names picks in order
 * of preference: the first whose market is open is taken (the feed suspends markets it cannot price
 * with the margin, such as over 0.5 between two strong attacks).
 */
async function place(token: string, kind: 'single' | 'accumulator', stake: string, choices: (Pick | Pick[])[]) {
  const legs: PlacedSlip['legs'] = [];
  const selections = [];
  for (const choice of choices) {
    let taken = false;
    for (const pick of Array.isArray(choice) ? choice : [choice]) {
      const page = await fixtureMarkets(pick.fixtureId);
      const market = page.markets.find((m) => m.type === pick.type && (pick.line === undefined || m.line === pick.line));
      const selection = market?.selections.find((s) => s.code === pick.code);
      if (!market || !selection || market.status !== 'open') continue;
      selections.push({ selection_id: selection.id, odds: selection.odds });
      legs.push({
        fixtureId: pick.fixtureId,
        type: pick.type,
        line: lineOf(market.line),
        code: pick.code,
        odds: Math.round(Number(selection.odds) * 100),
      });
      taken = true;
      break;
    }
    expect(taken).toBe(true);
  }
  const r = await t.app.inject({
    method: 'POST',
    url: API.sports.place,
    headers: bearer(token),
    payload: { request_id: randomBytes(8).toString('hex'), kind, stake, selections, accept_odds: 'none' },
  });
  expect(r.statusCode, r.body).toBe(200);
  const betNo = json(r).data.bets[0].bet_no as string;
  return { betNo, stakeCentavos: Math.round(Number(stake) * 100), legs };
}

/** What a bet pays for the final scores, computed here from the rules (not by the server's code). */
function expectedPayout(slip: PlacedSlip, finals: Map<number, { home: number; away: number }>): number {
  for (const leg of slip.legs) {
    const score = finals.get(leg.fixtureId)!;
    if (!winningCodes(leg.type, leg.line, score.home, score.away).includes(leg.code)) return 0;
  }
  return payoutFor(slip.stakeCentavos, accumulatedOdds(slip.legs.map((l) => l.odds)));
}

async function roundFixtures(round: Round) {
  return t.ctx.db
    .selectFrom('fixtures')
    .innerJoin('teams as home', 'home.id', 'fixtures.home_team_id')
    .innerJoin('teams as away', 'away.id', 'fixtures.away_team_id')
    .select([
      'fixtures.id',
      'fixtures.status',
      'fixtures.home_score',
      'fixtures.away_score',
      'fixtures.server_seed',
      'fixtures.server_seed_hash',
      'fixtures.events_json',
      'fixtures.result_version',
      'home.id as home_id',
      'away.id as away_id',
      'home.attack as home_attack',
      'home.defence as home_defence',
      'away.attack as away_attack',
      'away.defence as away_defence',
    ])
    .where('fixtures.id', 'in', round.fixtureIds)
    .orderBy('fixtures.id')
    .execute();
}

/** Checks every match of a finished round against playMatch from its revealed seed; answers the finals. */
async function expectPlayedFromSeeds(round: Round) {
  const finals = new Map<number, { home: number; away: number }>();
  for (const row of await roundFixtures(round)) {
    expect(row.status).toBe('finished');
    expect(row.result_version).toBe(1);
    const page = await fixtureMarkets(row.id);
    expect(page.server_seed).toBe(row.server_seed);
    expect(hashServerSeed(page.server_seed!)).toBe(page.server_seed_hash);
    const xg = expectedGoals(
      { attack: row.home_attack, defence: row.home_defence },
      { attack: row.away_attack, defence: row.away_defence },
    );
    const goals = playMatch({ serverSeed: page.server_seed!, clientSeed: 'virtual-league', nonce: row.id }, xg);
    expect(page.events).toEqual(goals);
    const final = scoreAt(goals, 90);
    expect({ home: row.home_score, away: row.away_score }).toEqual(final);
    expect(page.markets.every((m) => m.status === 'settled')).toBe(true);
    finals.set(row.id, final);
  }
  return finals;
}

describe('a round of the virtual league', () => {
  it('is created priced and open, with a seed committed for each match and 16 different teams', async () => {
    const league = new VirtualLeague(t.ctx, timings);
    const round = (await league.createRound(Date.now() + 60_000))!;
    expect(round.fixtureIds).toHaveLength(8);
    const rows = await roundFixtures(round);
    const teams = rows.flatMap((r) => [r.home_id, r.away_id]);
    expect(new Set(teams).size).toBe(16);
    for (const row of rows) {
      expect(row.status).toBe('scheduled');
      expect(row.server_seed).toMatch(/^[0-9a-f]{64}$/);
      expect(row.server_seed_hash).toBe(hashServerSeed(row.server_seed!));
      expect(row.events_json).toBeNull();
      const page = await fixtureMarkets(row.id);
      // Before kick-off the seed stays secret; every market is priced and open.
      expect(page.server_seed).toBeNull();
      expect(page.markets.length).toBeGreaterThanOrEqual(15);
      expect(page.markets.filter((m) => m.type === '1x2').every((m) => m.status === 'open')).toBe(true);
    }
    const virtual = json(await t.app.inject({ method: 'GET', url: `${API.sports.virtual}?lang=en` })).data;
    expect(virtual.competition.kind).toBe('virtual');
    expect(virtual.current.map((f: { id: number }) => f.id).sort()).toEqual([...round.fixtureIds].sort());
    expect(virtual.kickoff_at).toBe(round.kickoffAt);
    expect(virtual.ends_at).toBe(new Date(Date.parse(round.kickoffAt) + 90 * 5).toISOString());
    expect(virtual.current[0].main_market.selections.map((s: { code: string }) => s.code)).toEqual(['home', 'draw', 'away']);
    // Leave the database as the next tests expect it: no round waiting.
    await t.ctx.db.updateTable('fixtures').set({ status: 'cancelled' }).where('id', 'in', round.fixtureIds).execute();
  });

  it('plays at high speed: goals from the seed, live prices, every bet settled to the centavo, the next round open', async () => {
    const league = new VirtualLeague(t.ctx, timings);
    // Room to register two players (argon2) and place a dozen bets before kick-off on a busy machine.
    const round = (await league.createRound(Date.now() + 6_000))!;
    const [a, b] = [await bettor(), await bettor()];
    const [f0, f1, f2, f3] = round.fixtureIds as [number, number, number, number];
    const slips: { memberId: number; slip: PlacedSlip }[] = [];
    for (const fixtureId of round.fixtureIds) {
      slips.push({ memberId: a.id, slip: await place(a.token, 'single', '10.00', [{ fixtureId, type: '1x2', code: 'home' }]) });
    }
    slips.push({
      memberId: a.id,
      slip: await place(a.token, 'single', '7.00', [
        [
          { fixtureId: f0, type: 'over_under', line: '0.5', code: 'over' },
          { fixtureId: f0, type: 'over_under', line: '1.5', code: 'over' },
          { fixtureId: f0, type: 'over_under', line: '2.5', code: 'over' },
        ],
      ]),
    });
    slips.push({
      memberId: b.id,
      slip: await place(b.token, 'accumulator', '5.00', [
        [
          { fixtureId: f1, type: 'double_chance', code: 'home_draw' },
          { fixtureId: f1, type: '1x2', code: 'draw' },
        ],
        [
          { fixtureId: f2, type: 'over_under', line: '2.5', code: 'under' },
          { fixtureId: f2, type: 'over_under', line: '3.5', code: 'under' },
          { fixtureId: f2, type: '1x2', code: 'away' },
        ],
        [
          { fixtureId: f3, type: 'btts', code: 'no' },
          { fixtureId: f3, type: '1x2', code: 'home' },
        ],
      ]),
    });
    slips.push({ memberId: b.id, slip: await place(b.token, 'single', '3.00', [{ fixtureId: f0, type: 'correct_score', code: '1-0' }]) });
    const cashBefore = new Map([
      [a.id, await cashOf(t, a.id)],
      [b.id, await cashOf(t, b.id)],
    ]);

    await sleepUntil(Date.parse(round.kickoffAt));
    // The live view while it plays: minutes advance and nothing of the future shows.
    let sawLive = false;
    const watch = (async () => {
      for (let i = 0; i < 400 && !sawLive; i++) {
        const page = await fixtureMarkets(f0);
        if (page.status === 'live') {
          sawLive = true;
          expect(page.server_seed).toBeNull();
        }
        await sleep(10);
      }
    })();
    await league.playRound(round, never);
    await watch;
    expect(sawLive).toBe(true);

    const finals = await expectPlayedFromSeeds(round);
    const paid = new Map<number, number>([
      [a.id, 0],
      [b.id, 0],
    ]);
    for (const { memberId, slip } of slips) {
      const row = await t.ctx.db.selectFrom('sport_bets').selectAll().where('bet_no', '=', slip.betNo).executeTakeFirstOrThrow();
      const expected = expectedPayout(slip, finals);
      expect(row.status).toBe(expected > 0 ? 'won' : 'lost');
      expect(row.paid_centavos).toBe(expected);
      paid.set(memberId, paid.get(memberId)! + expected);
    }
    for (const [memberId, before] of cashBefore) expect(await cashOf(t, memberId)).toBe(before + paid.get(memberId)!);

    // The next round was created at kick-off and is open for bets.
    const next = (await league.upcomingRound())!;
    expect(next.fixtureIds).toHaveLength(8);
    expect(Date.parse(next.kickoffAt)).toBeGreaterThan(Date.parse(round.kickoffAt));
    const virtual = json(await t.app.inject({ method: 'GET', url: API.sports.virtual })).data;
    expect(virtual.current.map((f: { id: number }) => f.id).sort()).toEqual([...next.fixtureIds].sort());
    expect(virtual.results.map((f: { id: number }) => f.id).sort()).toEqual([...round.fixtureIds].sort());
    expect(virtual.results.every((f: { status: string }) => f.status === 'finished')).toBe(true);
    await t.ctx.db.updateTable('fixtures').set({ status: 'cancelled' }).where('id', 'in', next.fixtureIds).execute();
    await expectLedgerSound(t);
  }, 120_000);
});

describe('restart rule', () => {
  it('finishes from their seeds the matches a stopped leader left live or never kicked off, and settles them', async () => {
    // Slow enough minutes that the leader is surely mid-match when it dies, and time to place eight
    // bets before kick-off even on a busy machine.
    const dead = new VirtualLeague(t.ctx, { ...timings, minuteMs: 50 });
    const playing = (await dead.createRound(Date.now() + 3_000))!;
    const member = await bettor();
    const slips: PlacedSlip[] = [];
    for (const fixtureId of playing.fixtureIds)
      slips.push(await place(member.token, 'single', '2.00', [{ fixtureId, type: '1x2', code: 'draw' }]));
    const before = await cashOf(t, member.id);
    // The leader dies a few minutes into the match.
    await sleepUntil(Date.parse(playing.kickoffAt));
    const stop = new AbortController();
    const played = dead.playRound(playing, stop.signal);
    await expect
      .poll(async () => (await roundFixtures(playing)).every((f) => f.status === 'live'), { timeout: 5_000, interval: 20 })
      .toBe(true);
    stop.abort();
    await played;
    const live = await roundFixtures(playing);
    expect(live.every((f) => f.status === 'live')).toBe(true);
    // And a round it created never kicked off although its time came.
    const missed = (await dead.createRound(Date.now() - 1_000))!;

    const recovered = await new VirtualLeague(t.ctx, timings).recover();

    expect(recovered).toBe(16);
    const finals = await expectPlayedFromSeeds(playing);
    const missedFinals = await expectPlayedFromSeeds(missed);
    expect(missedFinals.size).toBe(8);
    let paid = 0;
    for (const slip of slips) {
      const row = await t.ctx.db.selectFrom('sport_bets').selectAll().where('bet_no', '=', slip.betNo).executeTakeFirstOrThrow();
      expect(row.status).not.toBe('open');
      expect(row.paid_centavos).toBe(expectedPayout(slip, finals));
      paid += row.paid_centavos;
    }
    expect(await cashOf(t, member.id)).toBe(before + paid);
    // A second recovery finds nothing left to do.
    expect(await new VirtualLeague(t.ctx, timings).recover()).toBe(0);
    await expectLedgerSound(t);
  }, 60_000);
});

describe('the league on its own', () => {
  it('runs rounds back to back on the leader when VIRTUAL_LEAGUE is on', async () => {
    const own = await createTestApp({
      SHARED_ROUNDS: 'off',
      VIRTUAL_LEAGUE: 'on',
      VIRTUAL_BETTING_MS: '300',
      VIRTUAL_MINUTE_MS: '2',
      VIRTUAL_MATCHES: '2',
    });
    try {
      let results: { status: string }[] = [];
      for (let i = 0; i < 300 && results.length === 0; i++) {
        const r = await own.app.inject({ method: 'GET', url: API.sports.virtual });
        if (r.statusCode === 200) results = json(r).data.results;
        await sleep(100);
      }
      expect(results).toHaveLength(2);
      expect(results.every((f) => f.status === 'finished')).toBe(true);
      const virtual = json(await own.app.inject({ method: 'GET', url: API.sports.virtual })).data;
      expect(virtual.current.length + virtual.next.length).toBeGreaterThanOrEqual(2);
    } finally {
      await own.close();
    }
  }, 60_000);
});

function sleepUntil(at: number) {
  return sleep(Math.max(0, at - Date.now()));
}
