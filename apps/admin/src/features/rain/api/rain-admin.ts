import { API } from '@casino/shared/api-paths';
import type { AdminRain, AdminRainDetail, RainMode, RainSettings } from '@casino/shared/schemas/rain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/types';

/** The back office's chat rain calls: settings (promotions.manage to change), rains and each one's payouts. */

export const RAINS_PAGE_SIZE = 20;
const rainKey = ['admin', 'rain'] as const;

export function useRainSettings() {
  return useQuery({
    queryKey: [...rainKey, 'settings'],
    queryFn: async ({ signal }) => (await api.get<RainSettings>(API.admin.rainSettings, undefined, signal)).data,
  });
}

/** rainSettingsBody: amounts as reais strings, times in whole minutes and seconds. */
export type RainSettingsInput = {
  enabled: boolean;
  off_when_regulated: boolean;
  mode: RainMode;
  interval_minutes: number;
  pot: string;
  min_wager: string;
  chat_active_minutes: number;
  window_seconds: number;
  announce_seconds: number;
  wagering_multiple: number;
};

export function useSaveRainSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RainSettingsInput) => api.put<RainSettings>(API.admin.rainSettings, input),
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      queryClient.setQueryData([...rainKey, 'settings'], data);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export function useRains(page: number) {
  return useQuery({
    queryKey: [...rainKey, 'rains', page],
    queryFn: async ({ signal }) => (await api.get<Page<AdminRain>>(API.admin.rains, { page, page_size: RAINS_PAGE_SIZE }, signal)).data,
    placeholderData: keepPreviousData,
    // A rain in progress moves on its own: announced, open, paid.
    refetchInterval: 15_000,
  });
}

export function useRainDetail(id: number | null) {
  return useQuery({
    queryKey: [...rainKey, 'rain', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => (await api.get<AdminRainDetail>(API.admin.rain(id as number), undefined, signal)).data,
  });
}
