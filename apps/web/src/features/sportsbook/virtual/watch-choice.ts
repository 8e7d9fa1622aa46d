import type { FixtureSummary, VirtualLeague } from '@casino/shared/schemas/sports';
import type { RoundPhase } from './virtual-clock.ts';

/**
 * Which match the live view shows. A match the player picked stays on screen for as long as the
 * page still lists it. Otherwise the view follows the league: the round's first live match, else
 * its first match; and a match it was already following stays through full time, while the next
 * round takes bets, so the player sees the final score and the settlement before the view moves
 * on at the next kick-off.
 */
export function chooseWatched(
  league: Pick<VirtualLeague, 'current' | 'next' | 'results'>,
  phase: RoundPhase,
  picked: number | null,
  following: number | null,
): FixtureSummary | null {
  const all = [...league.current, ...league.next, ...league.results];
  const find = (id: number | null) => (id === null ? undefined : all.find((fixture) => fixture.id === id));
  const chosen = find(picked);
  if (chosen) return chosen;
  const followed = find(following);
  if (followed && (followed.status !== 'finished' || phase !== 'live')) return followed;
  return league.current.find((fixture) => fixture.status === 'live') ?? league.current[0] ?? league.next[0] ?? league.results[0] ?? null;
}
