import { useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query.ts';

/** Whether the player asked the system for less motion (no ball runs, no goal bursts). */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

/**
 * The server's clock, re-read every `everyMs`: this device's clock plus the offset learned from the
 * last answer. Counting from the server's instants keeps every countdown right on a phone whose
 * clock is wrong, and re-reading (rather than counting ticks) means a busy tab never drifts.
 */
export function useServerNow(offsetMs: number, everyMs = 250): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const timer = window.setInterval(() => setNow(Date.now() + offsetMs), everyMs);
    return () => window.clearInterval(timer);
  }, [offsetMs, everyMs]);
  return now;
}

export type GoalFlash = { team: 'home' | 'away'; key: number } | null;

/**
 * A goal just seen: which side scored, for `durationMs`. Only a score that rises while the same
 * match is on screen flashes; opening a match that already has goals does not.
 */
export function useGoalFlash(fixtureId: number, home: number, away: number, durationMs = 2_600): GoalFlash {
  const last = useRef({ fixtureId, home, away });
  const [flash, setFlash] = useState<GoalFlash>(null);
  useEffect(() => {
    const previous = last.current;
    last.current = { fixtureId, home, away };
    if (previous.fixtureId !== fixtureId) {
      setFlash(null);
      return;
    }
    const team = home > previous.home ? 'home' : away > previous.away ? 'away' : null;
    if (team) setFlash({ team, key: Date.now() });
  }, [fixtureId, home, away]);
  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [flash, durationMs]);
  return flash;
}

export type PriceMove = 'up' | 'down';
type HeldMove = { direction: PriceMove; until: number };

/**
 * Which prices moved since the last answer, per selection id, each shown for `holdMs` so the eye
 * can follow live odds. The first answer for a selection is never a move. `prices` should change
 * identity only when an answer arrives (memoise it on the query's data).
 */
export function usePriceMoves(prices: ReadonlyMap<number, string>, holdMs = 3_000): ReadonlyMap<number, PriceMove> {
  const seen = useRef(new Map<number, string>());
  const [held, setHeld] = useState<ReadonlyMap<number, HeldMove>>(new Map());
  useEffect(() => {
    const until = Date.now() + holdMs;
    const fresh = new Map<number, HeldMove>();
    for (const [id, odds] of prices) {
      const before = seen.current.get(id);
      if (before !== undefined && before !== odds) fresh.set(id, { direction: Number(odds) > Number(before) ? 'up' : 'down', until });
    }
    // Only the prices on screen are remembered, so the map stays as small as one match's markets.
    seen.current = new Map(prices);
    if (fresh.size > 0) setHeld((current) => new Map([...current, ...fresh]));
  }, [prices, holdMs]);
  useEffect(() => {
    if (held.size === 0) return;
    const earliest = Math.min(...[...held.values()].map((move) => move.until));
    const timer = window.setTimeout(
      () => {
        const now = Date.now();
        setHeld((current) => new Map([...current].filter(([, move]) => move.until > now)));
      },
      Math.max(0, earliest - Date.now()) + 20,
    );
    return () => window.clearTimeout(timer);
  }, [held]);
  const moves = new Map<number, PriceMove>();
  for (const [id, move] of held) moves.set(id, move.direction);
  return moves;
}
