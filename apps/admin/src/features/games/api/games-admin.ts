import { API } from '@casino/shared/api-paths';
import type { GameCategory } from '@casino/shared/schemas/games';
import type { AdminGame, AdminProvider, GameResults, RoundDetail } from '@casino/shared/schemas/games-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import type { Page } from '../../../lib/types';

export const GAMES_PAGE_SIZE = 25;

const gamesKey = ['admin', 'games'] as const;
const providersKey = ['admin', 'game-providers'] as const;

export type GameFilters = { name: string; plat_type: string; category: GameCategory | ''; enabled: '' | '1' | '0'; page: number };

export function useAdminGames(filters: GameFilters) {
  return useQuery({
    queryKey: [...gamesKey, 'list', filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<AdminGame>>(
          API.admin.games,
          {
            name: filters.name.trim(),
            plat_type: filters.plat_type,
            category: filters.category,
            enabled: filters.enabled,
            page: filters.page,
            page_size: GAMES_PAGE_SIZE,
          },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** gameUpdateBody: reais strings for bets, a percent string for the RTP (external games only). */
export type GameUpdate = Partial<{
  name: string;
  names: Record<string, string>;
  tags: string[];
  thumbnail: string;
  enabled: boolean;
  sort: number;
  is_popular: boolean;
  is_promotion: boolean;
  min_bet: string;
  max_bet: string;
  rtp: string;
}>;

export function useUpdateGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, update }: { id: number; update: GameUpdate }) => api.patch<AdminGame>(API.admin.game(id), update),
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      // The row changes in place at once; the lists refetch behind it (filters may now exclude it).
      queryClient.setQueriesData<Page<AdminGame>>({ queryKey: [...gamesKey, 'list'] }, (page) =>
        page ? { ...page, list: page.list.map((game) => (game.id === data.id ? data : game)) } : page,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: gamesKey }),
        queryClient.invalidateQueries({ queryKey: providersKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}

export function useGameProviders(enabled = true) {
  return useQuery({
    queryKey: providersKey,
    queryFn: async ({ signal }) => (await api.get<AdminProvider[]>(API.admin.providers, undefined, signal)).data,
    enabled,
    staleTime: 60_000,
  });
}

export type ProviderUpdate = Partial<{ name: string; enabled: boolean; sort: number }>;

export function useUpdateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, update }: { id: number; update: ProviderUpdate }) => api.patch<AdminProvider>(API.admin.provider(id), update),
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      queryClient.setQueryData<AdminProvider[]>(providersKey, (list) => list?.map((p) => (p.id === data.id ? data : p)));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: providersKey }),
        queryClient.invalidateQueries({ queryKey: gamesKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}

export type ResultFilters = { from: string; to: string; plat_type: string };

export function useGameResults(filters: ResultFilters) {
  return useQuery({
    queryKey: ['admin', 'game-results', filters],
    queryFn: async ({ signal }) => (await api.get<GameResults>(API.admin.gameResults, filters, signal)).data,
    placeholderData: keepPreviousData,
  });
}

/** A round by id or provider uid; "not found" is an answer here (null), not an error toast. */
export function useRoundLookup(id: string, platType: string) {
  return useQuery({
    queryKey: ['admin', 'game-rounds', id, platType],
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<RoundDetail>(API.admin.gameRound(encodeURIComponent(id)), { plat_type: platType }, signal)).data;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled: id !== '',
  });
}
