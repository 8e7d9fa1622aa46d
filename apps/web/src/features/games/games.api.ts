import { API } from '@casino/shared/player-api-paths';
import { type Day7LoginAnswer, GAME_RECORD_RANGES, type GameRecordAnswer, type GameRecordItem } from '@casino/shared/schemas/games';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/** The member's game records and the hand-off into a game (spec section 7 "Games"). */
export type { Day7LoginAnswer, GameRecordAnswer, GameRecordItem };
export type GameRecordRange = (typeof GAME_RECORD_RANGES)[number];
export { GAME_RECORD_RANGES };

export const RECORD_PAGE_SIZE = 20;

/**
 * POST /api/game/record: today, the last 3 days or the last 7 days, newest first. `cursor` (the
 * previous page's next_cursor) reads the page from where that one ended; page numbers stay the
 * page's name and the way back to a page without one.
 */
export function useGameRecords(range: GameRecordRange, page: number, cursor: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['game-records', range, page, cursor ?? null, currentLanguage()],
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await apiPost<GameRecordAnswer>(API.gameRecord, { range, page, page_size: RECORD_PAGE_SIZE, ...(cursor ? { cursor } : {}) })).data,
  });
}

/** POST /api/day7/day7LoginV2: where to open the game (an iframe URL or the in-app house game). */
export function useGameLaunch(code: string, enabled: boolean) {
  return useQuery({
    queryKey: ['game-launch', code, currentLanguage()],
    enabled: enabled && code !== '',
    // Each open is a fresh launch session: never reuse an old launch URL.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    queryFn: async () => (await apiPost<Day7LoginAnswer>(API.day7Login, { game_code: code })).data,
  });
}

export type PlatformBalance = { platType: string; balance: string };

/** GET /api/day7/getAllBalance?currency=BRL&platType=: the balance the game plays with. */
export function usePlatformBalance(platType: string, enabled: boolean) {
  return useQuery({
    queryKey: ['platform-balance', platType],
    enabled: enabled && platType !== '',
    staleTime: 0,
    refetchInterval: 20_000,
    queryFn: async ({ signal }) => {
      const answer = await apiGet<PlatformBalance[] | PlatformBalance>(API.day7Balance, { currency: 'BRL', platType }, signal);
      const list = Array.isArray(answer.data) ? answer.data : [answer.data];
      return list.find((item) => item.platType === platType) ?? list[0] ?? null;
    },
  });
}
