import { API } from '@casino/shared/player-api-paths';
import type { FixtureDetail, VirtualLeague } from '@casino/shared/schemas/sports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { sportsKeys } from '../sports.api.ts';
import { clockOffsetMs, msUntil, pollIntervalMs, roundPhase } from './virtual-clock.ts';

export type { FixtureDetail, VirtualLeague };

/** An answer with the gap between the server's clock and this device's at the time it arrived. */
export type Timed<T> = { data: T; offsetMs: number };

/**
 * GET /api/sports/virtual: the round taking bets or being played, the next round and recent
 * results. Polled every second while a match is live (scores and live prices move) and every two
 * seconds otherwise, so a new round appears as soon as the server opens it.
 */
export function useVirtualLeague() {
  return useQuery<Timed<VirtualLeague>>({
    queryKey: ['sports', 'virtual', currentLanguage()],
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const answer = query.state.data;
      if (!answer) return 2_000;
      const now = Date.now() + answer.offsetMs;
      const phase = roundPhase(answer.data.kickoff_at, answer.data.ends_at, now);
      return pollIntervalMs(phase, msUntil(answer.data.kickoff_at, now));
    },
    queryFn: async ({ signal }): Promise<Timed<VirtualLeague>> => {
      const sentAt = Date.now();
      const answer = await apiGet<VirtualLeague>(API.sports.virtual, undefined, signal);
      return { data: answer.data, offsetMs: clockOffsetMs(answer.data.server_time, sentAt, Date.now()) };
    },
  });
}

/** A finished match whose markets are all settled or void and whose seed is revealed: nothing moves any more. */
export function isMatchClosed(fixture: FixtureDetail): boolean {
  const settled = fixture.markets.every((market) => market.status === 'settled' || market.status === 'void');
  const revealed = !fixture.is_virtual || fixture.server_seed !== null;
  return (fixture.status === 'finished' && settled && revealed) || fixture.status === 'cancelled';
}

/**
 * GET /api/sports/fixture?id=: one match with every market, its goals and its seed commitment.
 * Polled every second while live, every two before kick-off and while full time is being settled,
 * and no more once the match is closed.
 */
export function useFixtureDetail(id: number | null) {
  return useQuery<FixtureDetail>({
    // The fixture page's key: one cache entry per match, whichever screen reads it.
    queryKey: sportsKeys.fixture(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => {
      const fixture = query.state.data;
      if (!fixture) return 2_000;
      if (isMatchClosed(fixture)) return false;
      return fixture.status === 'live' ? 1_000 : 2_000;
    },
    queryFn: async ({ signal }) => (await apiGet<FixtureDetail>(API.sports.fixture, { id }, signal)).data,
  });
}
