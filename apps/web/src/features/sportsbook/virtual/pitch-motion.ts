/**
 * Where the ball is drawn on the pitch. Only decoration: the match's goals come from the server
 * (played from the committed seed); this just gives the pitch a believable rhythm of attacks.
 * Everything is a pure function of the fixture and a tick counter, so a re-render never makes the
 * ball jump, and the same match looks the same on every screen.
 *
 * Coordinates are metres on a 105 x 68 pitch; the home side attacks to the right (x = 105).
 */

export const PITCH_LENGTH = 105;
export const PITCH_WIDTH = 68;
export const CENTRE = { x: PITCH_LENGTH / 2, y: PITCH_WIDTH / 2 } as const;

/** Ticks per attack: one side keeps the ball for this many steps, then the other may take it. */
const ATTACK_TICKS = 4;

export type BallSpot = { x: number; y: number; attacking: 'home' | 'away' };

/** A small, well-mixed integer hash (one round of a 32-bit finaliser); enough for decoration. */
function mix(a: number, b: number): number {
  let h = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** A number in [0, 1) from the fixture, the tick and a salt. */
function unit(fixtureId: number, tick: number, salt: number): number {
  return mix(mix(fixtureId, tick), salt) / 2 ** 32;
}

/**
 * The ball's spot at a tick: each attack carries the ball from around the centre circle towards
 * the opponent's box in `ATTACK_TICKS` steps, drifting across the width; `homeShare` (0-1) is how
 * often the home side has the ball (the stronger side attacks more).
 */
export function ballSpot(fixtureId: number, tick: number, homeShare = 0.5): BallSpot {
  const attack = Math.floor(tick / ATTACK_TICKS);
  const step = tick % ATTACK_TICKS;
  const attacking = unit(fixtureId, attack, 1) < homeShare ? 'home' : 'away';
  // Progress from 0.15 (own half) to about 0.85 (edge of the box) of the way to the goal.
  const progress = 0.15 + (step / (ATTACK_TICKS - 1)) * 0.55 + unit(fixtureId, tick, 2) * 0.15;
  const towardsGoal = attacking === 'home' ? progress : 1 - progress;
  const x = 8 + towardsGoal * (PITCH_LENGTH - 16);
  // Attacks narrow towards the goal: wide in midfield, central near the box.
  const spread = (PITCH_WIDTH / 2 - 6) * (1 - progress * 0.6);
  const y = CENTRE.y + (unit(fixtureId, tick, 3) * 2 - 1) * spread;
  return { x: round1(x), y: round1(y), attacking };
}

/** The ball in the back of the net after a goal by `scorer` (home scores in the right-hand goal). */
export function goalSpot(scorer: 'home' | 'away', fixtureId: number): BallSpot {
  const y = CENTRE.y + (unit(fixtureId, 0, 4) * 2 - 1) * 2.5;
  return { x: scorer === 'home' ? PITCH_LENGTH + 1.2 : -1.2, y: round1(y), attacking: scorer };
}

/**
 * The home side's share of the ball from the 1X2 prices: the shorter the price, the more it
 * attacks. 0.5 when the prices are missing; kept within 0.25-0.75 so both sides always attack.
 */
export function homeShareFromOdds(homeOdds: string | undefined, awayOdds: string | undefined): number {
  const home = Number(homeOdds);
  const away = Number(awayOdds);
  if (!(home > 1) || !(away > 1)) return 0.5;
  const share = 1 / home / (1 / home + 1 / away);
  return Math.min(0.75, Math.max(0.25, share));
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
