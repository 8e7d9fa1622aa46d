import { API } from '@casino/shared/api-paths';
import type { DashboardResponse } from '@casino/shared/schemas/dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The landing dashboard's call (shared contract: @casino/shared/schemas/dashboard). */

export type DashboardFilters = { from: string; to: string };

/** Queues and alerts move by the minute: the page refreshes itself while it stays open. */
const REFRESH_MS = 60_000;

export function useDashboard(filters: DashboardFilters) {
  return useQuery({
    queryKey: ['admin', 'dashboard', filters],
    queryFn: async ({ signal }) => (await api.get<DashboardResponse>(API.admin.dashboard, filters, signal)).data,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}
