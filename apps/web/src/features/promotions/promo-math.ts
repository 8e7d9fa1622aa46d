/**
 * The small sums behind the promotions pages, kept pure so they are tested without a browser:
 * where a prize wheel has to stop, and how far a member is along a ladder of thresholds.
 */

/** Degrees of one segment of a wheel with `count` equal segments. */
export function segmentDegrees(count: number): number {
  return 360 / Math.max(1, count);
}

/**
 * The rotation (clockwise, degrees) that brings segment `position` under the pointer at 12
 * o'clock after `turns` full turns from `currentDeg`. Segment i is drawn centred at i x segment
 * degrees; `offset` (-0.5..0.5 of a segment) lands off-centre so every spin looks different,
 * and is clamped to stay well inside the segment.
 */
export function spinTarget(currentDeg: number, position: number, count: number, turns: number, offset = 0): number {
  const segment = segmentDegrees(count);
  const safeOffset = Math.max(-0.35, Math.min(0.35, offset)) * segment;
  const wanted = -position * segment + safeOffset;
  const delta = (((wanted - currentDeg) % 360) + 360) % 360;
  return currentDeg + turns * 360 + delta;
}

/** Which segment sits under the pointer for a wheel turned by `rotationDeg` (the inverse of spinTarget). */
export function segmentUnderPointer(rotationDeg: number, count: number): number {
  const segment = segmentDegrees(count);
  const normalized = (((-rotationDeg % 360) + 360) % 360) + segment / 2;
  return Math.floor(normalized / segment) % count;
}

export type LadderProgress = {
  /** Position of the highest threshold reached, -1 when none. */
  reached: number;
  /** Position of the next threshold, null at the top. */
  next: number | null;
  /** Progress from the last threshold reached (or zero) to the next one, 0..1; 1 at the top. */
  fraction: number;
  /** What is still missing to the next threshold (0 at the top). */
  remaining: number;
};

/** How far `value` is along ascending thresholds `mins` (centavos of recharge, bets, invitees...). */
export function ladderProgress(mins: readonly number[], value: number): LadderProgress {
  let reached = -1;
  for (let i = 0; i < mins.length; i++) if (value >= (mins[i] ?? Number.POSITIVE_INFINITY)) reached = i;
  const next = reached + 1 < mins.length ? reached + 1 : null;
  if (next === null) return { reached, next, fraction: mins.length > 0 ? 1 : 0, remaining: 0 };
  const from = reached >= 0 ? (mins[reached] ?? 0) : 0;
  const to = mins[next] ?? 0;
  const span = to - from;
  const fraction = span > 0 ? Math.max(0, Math.min(1, (value - from) / span)) : 0;
  return { reached, next, fraction, remaining: Math.max(0, to - value) };
}

/** Where the prize the server drew sits among the wheel's segments (by its index, else its position). */
export function prizePosition(prizes: readonly { index: number }[], index: number): number {
  const position = prizes.findIndex((prize) => prize.index === index);
  if (position >= 0) return position;
  return Math.max(0, Math.min(prizes.length - 1, index));
}
