import { type FloatSource, hmacFloats, type Seeds } from './fair.ts';
import type { ExpectedGoals } from './football.ts';

/**
 * A virtual football match played minute by minute from a committed seed (provably fair): in each
 * of the 90 minutes, each side scores with probability (its expected goals / 90), drawn from the
 * same HMAC float stream as the house games. Over 90 minutes this approximates the Poisson model
 * the book prices with, so the virtual league's prices and goals come from one model.
 */

export interface GoalEvent {
  minute: number;
  team: 'home' | 'away';
}

export const MATCH_MINUTES = 90;

/** Every goal of the match, in order (home before away inside a minute). */
export function playMatch(seeds: Seeds, xg: ExpectedGoals): GoalEvent[] {
  return playMatchWith(hmacFloats(seeds), xg);
}

/**
 * The match from any float stream: the HMAC stream in play, a fast seeded one in simulations
 * (100,000 matches in a test). Two floats per minute, home then away.
 */
export function playMatchWith(floats: FloatSource, xg: ExpectedGoals): GoalEvent[] {
  const goals: GoalEvent[] = [];
  const pHome = Math.min(0.5, xg.home / MATCH_MINUTES);
  const pAway = Math.min(0.5, xg.away / MATCH_MINUTES);
  for (let minute = 1; minute <= MATCH_MINUTES; minute++) {
    if (floats() < pHome) goals.push({ minute, team: 'home' });
    if (floats() < pAway) goals.push({ minute, team: 'away' });
  }
  return goals;
}

/** The score after `minute` minutes of play. */
export function scoreAt(goals: readonly GoalEvent[], minute: number): { home: number; away: number } {
  let home = 0;
  let away = 0;
  for (const goal of goals) {
    if (goal.minute > minute) break;
    if (goal.team === 'home') home++;
    else away++;
  }
  return { home, away };
}
