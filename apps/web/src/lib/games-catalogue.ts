import { API } from '@casino/shared/player-api-paths';
import type { GameCategory, GameItem, ProviderItem } from '@casino/shared/schemas/games';
import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { i18n } from './translation.ts';
import { useState } from 'react';
import { apiGet, isSessionError, request } from './api.ts';
import { currentLanguage } from './i18n.ts';
import { openLogin } from './modals.ts';
import { getToken, useSession } from './session.ts';
import { toast } from './toast.ts';

/**
 * The game catalogue as the player site reads it: the lists of spec section 7 "Games" and the
 * follow (favourite) calls. Shared by the home page and the game pages, so it lives here and
 * not inside one feature.
 */
export type { GameItem, ProviderItem };
export type GamePage = { list: GameItem[]; total: number; page: number; page_size: number };

export const GAME_PAGE_SIZE = 24;

/** Every catalogue query starts with this key; the viewer is part of it (is_followed differs). */
export const gameKeys = {
  all: ['games'] as const,
  list: (viewer: number, filter: GameListFilter) => ['games', 'list', viewer, currentLanguage(), filter] as const,
  row: (viewer: number, kind: 'popular' | 'promotion' | 'recent') => ['games', kind, viewer, currentLanguage()] as const,
  providers: ['games', 'providers'] as const,
  follows: (viewer: number) => ['games', 'follows', viewer, currentLanguage()] as const,
};

export type GameListFilter = {
  category?: GameCategory | undefined;
  tag?: string | undefined;
  plat_type?: string | undefined;
  name?: string | undefined;
};

/** A list answer may be an array or a page of one: both read as the array. */
export function listOf<T>(data: T[] | { list?: T[] } | null | undefined): T[] {
  if (Array.isArray(data)) return data;
  return data?.list ?? [];
}

function useViewer(): { id: number; name: string } {
  const { token, user } = useSession();
  return token ? { id: user.id, name: user.name } : { id: 0, name: '' };
}

function cleanFilter(filter: GameListFilter): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) if (value) query[key] = value;
  return query;
}

/** GET /api/games/listsv2: a category, tag, provider or name search, one page at a time. */
export function useGameList(filter: GameListFilter, options: { pageSize?: number; enabled?: boolean } = {}) {
  const viewer = useViewer();
  const pageSize = options.pageSize ?? GAME_PAGE_SIZE;
  return useInfiniteQuery({
    queryKey: [...gameKeys.list(viewer.id, filter), pageSize],
    enabled: options.enabled ?? true,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      (await apiGet<GamePage>(API.games.list, { ...cleanFilter(filter), page: pageParam, page_size: pageSize }, signal)).data,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
}

/** GET /api/games/popular?name= and /api/games/promotion?name= (name: the member's account). */
export function useGameRow(kind: 'popular' | 'promotion') {
  const viewer = useViewer();
  return useQuery({
    queryKey: gameKeys.row(viewer.id, kind),
    queryFn: async ({ signal }) => {
      const path = kind === 'popular' ? API.games.popular : API.games.promotion;
      return listOf((await apiGet<GameItem[] | GamePage>(path, { name: viewer.name || undefined }, signal)).data);
    },
  });
}

/** GET /api/games/recent: the member's recently played games (members only). */
export function useRecentGames() {
  const viewer = useViewer();
  return useQuery({
    queryKey: gameKeys.row(viewer.id, 'recent'),
    enabled: viewer.id !== 0,
    queryFn: async ({ signal }) => listOf((await apiGet<GameItem[] | GamePage>(API.games.recent, {}, signal)).data),
  });
}

/** GET /api/games/apisv2: the providers with their game counts. */
export function useProviders() {
  return useQuery({
    queryKey: gameKeys.providers,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => listOf((await apiGet<ProviderItem[] | { list: ProviderItem[] }>(API.games.apis, {}, signal)).data),
  });
}

/** POST /api/games/follow?member_id=&name=: the member's favourites. */
export function useFollowList() {
  const viewer = useViewer();
  return useQuery({
    queryKey: gameKeys.follows(viewer.id),
    enabled: viewer.id !== 0,
    queryFn: async ({ signal }) => {
      const answer = await request<GameItem[] | GamePage>(API.games.follow, {
        method: 'POST',
        query: { member_id: viewer.id, name: viewer.name },
        signal,
      });
      return listOf(answer.data);
    },
  });
}

/** Marks a game followed or not in every cached list, so each heart agrees without a refetch. */
function patchFollowed(client: QueryClient, gameId: number, followed: boolean): void {
  const patch = (game: GameItem) => (game.id === gameId ? { ...game, is_followed: followed } : game);
  client.setQueriesData<unknown>({ queryKey: gameKeys.all }, (data: unknown) => {
    if (!data) return data;
    if (Array.isArray(data)) return data.map((item) => patch(item as GameItem));
    const infinite = data as InfiniteData<GamePage>;
    if (Array.isArray(infinite.pages)) {
      return { ...infinite, pages: infinite.pages.map((page) => ({ ...page, list: page.list.map(patch) })) };
    }
    return data;
  });
}

/**
 * The heart of a tile: POST /api/games/follow/set or /delete. A visitor is asked to log in;
 * an answer with code 200 reloads the favourites list (spec section 4); a failure says
 * "Error in setting favorite" and puts the heart back.
 */
export function useFollowToggle(game: GameItem) {
  const client = useQueryClient();
  const viewer = useViewer();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (!getToken()) {
      toast.info(i18n.t('session.not_logged_in'));
      openLogin();
      return;
    }
    if (busy) return;
    const next = !game.is_followed;
    setBusy(true);
    patchFollowed(client, game.id, next);
    try {
      const answer = await request<unknown>(next ? API.games.followSet : API.games.followDelete, {
        method: 'POST',
        body: { game_id: game.id },
      });
      if (answer.code === 200) await client.invalidateQueries({ queryKey: gameKeys.follows(viewer.id) });
    } catch (error) {
      patchFollowed(client, game.id, !next);
      if (!isSessionError(error)) toast.error(i18n.t('games.follow_failed'));
    } finally {
      setBusy(false);
    }
  };
  return { toggle, busy };
}
