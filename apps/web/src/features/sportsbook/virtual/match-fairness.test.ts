import { hashServerSeed } from '@casino/games/fair';
import { playMatch } from '@casino/games/virtual-match';
import { describe, expect, test } from 'vitest';
import { checkMatch, consistentRate, type Goal, matchSeeds, minuteDraws } from './match-fairness.ts';

const SEED = 'a3f1c9e07b5d24e8f6a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e3';
const FIXTURE_ID = 4217;
const XG = { home: 1.9, away: 1.1 };

function played(seed = SEED, id = FIXTURE_ID, xg = XG) {
  const goals = playMatch(matchSeeds(seed, id), xg);
  const home = goals.filter((g) => g.team === 'home').length;
  return { id, serverSeed: seed, serverSeedHash: hashServerSeed(seed), goals, homeScore: home, awayScore: goals.length - home };
}

describe('a finished virtual match checked in the browser', () => {
  test('the goals playMatch drew from the seed are verified, and the rates found include the expected goals used', () => {
    const match = played();
    const check = checkMatch(match);
    expect(check.status).toBe('verified');
    if (check.status !== 'verified') return;
    expect(check.home.minXg).toBeLessThan(XG.home);
    expect(check.home.maxXg).toBeGreaterThanOrEqual(XG.home);
    expect(check.away.minXg).toBeLessThan(XG.away);
    expect(check.away.maxXg).toBeGreaterThanOrEqual(XG.away);
  });

  test('many seeds and fixtures, strong and weak sides: every honest match verifies', () => {
    for (let id = 1; id <= 200; id++) {
      const seed = hashServerSeed(`seed-${id}`);
      const xg = { home: 0.4 + (id % 7) * 0.45, away: 0.3 + (id % 5) * 0.4 };
      expect(checkMatch(played(seed, id, xg)).status).toBe('verified');
    }
  });

  test('a seed that does not hash to the published commitment is refused', () => {
    const match = played();
    const other = `${SEED.slice(0, 63)}0`;
    const check = checkMatch({ ...match, serverSeed: other });
    expect(check).toEqual({ status: 'hash_mismatch', computedHash: hashServerSeed(other) });
  });

  test('a goal moved to a minute the seed did not give is caught', () => {
    const match = played();
    const draws = minuteDraws(matchSeeds(SEED, FIXTURE_ID)).home;
    // The home minute with the highest draw cannot be a goal while a lower draw was not one.
    const worstMinute = draws.indexOf(Math.max(...draws)) + 1;
    const goals: Goal[] = [...match.goals, { minute: worstMinute, team: 'home' as const }].sort((a, b) => a.minute - b.minute);
    const check = checkMatch({ ...match, goals, homeScore: match.homeScore + 1 });
    expect(check).toEqual({ status: 'goals_mismatch', side: 'home' });
  });

  test('a goal taken away is caught when a higher draw still scored', () => {
    const match = played(SEED, FIXTURE_ID, { home: 3.5, away: 1 });
    const draws = minuteDraws(matchSeeds(SEED, FIXTURE_ID)).home;
    const homeGoals = match.goals.filter((g) => g.team === 'home');
    expect(homeGoals.length).toBeGreaterThanOrEqual(2);
    const lowest = homeGoals.reduce((best, g) => (draws[g.minute - 1]! < draws[best.minute - 1]! ? g : best));
    const goals = match.goals.filter((g) => g !== lowest);
    expect(checkMatch({ ...match, goals, homeScore: match.homeScore - 1 })).toEqual({ status: 'goals_mismatch', side: 'home' });
  });

  test('a final score that does not add up to the goals is caught', () => {
    const match = played();
    expect(checkMatch({ ...match, awayScore: match.awayScore + 1 })).toEqual({ status: 'score_mismatch' });
  });

  test('before full time there is no seed to check', () => {
    expect(checkMatch({ ...played(), serverSeed: null }).status).toBe('no_seed');
    expect(checkMatch({ ...played(), serverSeed: 'not-hex' }).status).toBe('no_seed');
  });
});

describe('one constant scoring rate per side', () => {
  test('a goalless side is consistent with any rate below its lowest draw', () => {
    expect(consistentRate([0.3, 0.2, 0.9], new Set())).toEqual({ minXg: 0, maxXg: 0.2 * 90 });
  });

  test('goals exactly at the lowest draws give the interval between the two groups', () => {
    expect(consistentRate([0.01, 0.4, 0.02, 0.3], new Set([1, 3]))).toEqual({ minXg: 0.02 * 90, maxXg: 0.3 * 90 });
  });

  test('a goal on a draw above a non-scoring one, a draw of 0.5 or more, or a minute outside 1-90 is impossible', () => {
    expect(consistentRate([0.01, 0.4, 0.02], new Set([2]))).toBeNull();
    expect(consistentRate([0.6, 0.7], new Set([1]))).toBeNull();
    expect(consistentRate([0.01, 0.7], new Set([0]))).toBeNull();
  });
});
