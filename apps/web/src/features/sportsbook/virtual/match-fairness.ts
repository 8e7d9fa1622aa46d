import { hashServerSeed, hmacFloats, isValidServerSeed, type Seeds } from '@casino/games/fair';
import { MATCH_MINUTES } from '@casino/games/virtual-match';

/**
 * Checking a finished virtual match in the browser, with the same packages/games code the server
 * plays it with. Before kick-off the server publishes sha256(seed); after full time it reveals the
 * seed. A match's goals are playMatch({ serverSeed: seed, clientSeed: 'virtual-league', nonce:
 * fixture id }, expected goals): in each minute the home side scores when its draw falls below its
 * scoring rate (expected goals / 90), then the away side likewise.
 *
 * The fixture detail does not carry the teams' ratings, so the page cannot recompute the expected
 * goals. It checks what the seed alone decides: that the seed hashes to the commitment, and that
 * the goals are exactly the minutes whose draws fall below one constant rate per side (some rate
 * between the highest draw that scored and the lowest that did not). A server that picked goals by
 * hand, or changed the seed after the fact, fails one of the two checks.
 */

/** The client seed every virtual-league match is played with (the nonce is the fixture id). */
export const VIRTUAL_CLIENT_SEED = 'virtual-league';

export type Side = 'home' | 'away';
export type Goal = { minute: number; team: Side };

/** The interval of expected goals (per 90 minutes) that reproduces one side's goals from the seed. */
export type RateRange = { minXg: number; maxXg: number };

export type MatchCheck =
  | { status: 'verified'; home: RateRange; away: RateRange }
  | { status: 'hash_mismatch'; computedHash: string }
  | { status: 'goals_mismatch'; side: Side }
  | { status: 'score_mismatch' }
  | { status: 'no_seed' };

/** The seeds a virtual match is played from. */
export function matchSeeds(serverSeed: string, fixtureId: number): Seeds {
  return { serverSeed, clientSeed: VIRTUAL_CLIENT_SEED, nonce: fixtureId };
}

/** The 90 draws of each side, in the order playMatch reads them (home then away in each minute). */
export function minuteDraws(seeds: Seeds): Record<Side, number[]> {
  const next = hmacFloats(seeds);
  const home: number[] = [];
  const away: number[] = [];
  for (let minute = 1; minute <= MATCH_MINUTES; minute++) {
    home.push(next());
    away.push(next());
  }
  return { home, away };
}

/**
 * The scoring rates (as expected goals) under which the draws give exactly these goal minutes, or
 * null when no single rate does. playMatch scores when draw < rate, with rate capped at 0.5.
 */
export function consistentRate(draws: readonly number[], goalMinutes: ReadonlySet<number>): RateRange | null {
  let highestScoring = 0;
  let lowestMissing = 0.5;
  draws.forEach((draw, index) => {
    if (goalMinutes.has(index + 1)) highestScoring = Math.max(highestScoring, draw);
    else lowestMissing = Math.min(lowestMissing, draw);
  });
  for (const minute of goalMinutes) if (minute < 1 || minute > MATCH_MINUTES) return null;
  if (goalMinutes.size > 0 && highestScoring >= lowestMissing) return null;
  if (goalMinutes.size > 0 && highestScoring >= 0.5) return null;
  return { minXg: highestScoring * MATCH_MINUTES, maxXg: lowestMissing * MATCH_MINUTES };
}

function goalMinutesOf(goals: readonly Goal[], side: Side): Set<number> | null {
  const minutes = goals.filter((goal) => goal.team === side).map((goal) => goal.minute);
  const unique = new Set(minutes);
  // One draw per side and minute: two goals by one side in one minute cannot come from the seed.
  return unique.size === minutes.length ? unique : null;
}

/**
 * Checks a finished match: the revealed seed against the published hash, the goals against the
 * seed's draws, and the final score against the goals.
 */
export function checkMatch(match: {
  id: number;
  serverSeed: string | null;
  serverSeedHash: string | null;
  goals: readonly Goal[];
  homeScore: number;
  awayScore: number;
}): MatchCheck {
  if (!match.serverSeed || !match.serverSeedHash || !isValidServerSeed(match.serverSeed)) return { status: 'no_seed' };
  const computedHash = hashServerSeed(match.serverSeed);
  if (computedHash !== match.serverSeedHash.toLowerCase()) return { status: 'hash_mismatch', computedHash };
  const draws = minuteDraws(matchSeeds(match.serverSeed, match.id));
  const ranges: Partial<Record<Side, RateRange>> = {};
  for (const side of ['home', 'away'] as const) {
    const minutes = goalMinutesOf(match.goals, side);
    const range = minutes ? consistentRate(draws[side], minutes) : null;
    if (!range) return { status: 'goals_mismatch', side };
    ranges[side] = range;
  }
  const homeGoals = match.goals.filter((goal) => goal.team === 'home').length;
  if (homeGoals !== match.homeScore || match.goals.length - homeGoals !== match.awayScore) return { status: 'score_mismatch' };
  return { status: 'verified', home: ranges.home!, away: ranges.away! };
}
