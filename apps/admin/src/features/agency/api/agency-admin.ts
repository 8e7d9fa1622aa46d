import { API } from '@casino/shared/api-paths';
import type {
  AgencyCommissionRow,
  AgencyRateRow,
  AgencyRatesBody,
  AgencySettlementRow,
  AgencySettleResult,
} from '@casino/shared/schemas/agency-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/types';

/** The back office's agency calls: rates by level, daily settlements (and settling a day), commissions paid. */

export const AGENCY_PAGE_SIZE = 25;
const ratesKey = ['admin', 'agency', 'rates'] as const;
const settlementsKey = ['admin', 'agency', 'settlements'] as const;
const commissionsKey = ['admin', 'agency', 'commissions'] as const;

/** The rates by level. */
export function useAgencyRates() {
  return useQuery({
    queryKey: ratesKey,
    queryFn: async ({ signal }) => (await api.get<AgencyRateRow[]>(API.admin.agencyRates, undefined, signal)).data,
  });
}

/** Saves every level's rates at once; the server answers the new table. */
export function useSaveAgencyRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rates: AgencyRatesBody['rates']) => api.put<AgencyRateRow[]>(API.admin.agencyRates, { rates }),
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(ratesKey, data);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** One page of daily settlements, newest day first. */
export function useAgencySettlements(page: number) {
  return useQuery({
    queryKey: [...settlementsKey, page],
    queryFn: async ({ signal }) =>
      (await api.get<Page<AgencySettlementRow>>(API.admin.agencySettlements, { page, page_size: AGENCY_PAGE_SIZE }, signal)).data,
    placeholderData: keepPreviousData,
  });
}

/** Settles (or settles again) one finished São Paulo day; what was paid before is not paid twice. */
export function useSettleAgencyDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (day: string) => api.post<AgencySettleResult>(API.admin.agencySettle, { day }),
    meta: { toastErrors: false },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settlementsKey }),
        queryClient.invalidateQueries({ queryKey: commissionsKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}

export type CommissionFilters = { agentId: string; day: string; page: number };
export type AgencyCommissionsPage = Page<AgencyCommissionRow> & { total_amount: string };

/** One page of commissions paid, filtered by agent and day, with the filtered total. */
export function useAgencyCommissions(filters: CommissionFilters) {
  return useQuery({
    queryKey: [...commissionsKey, filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<AgencyCommissionsPage>(
          API.admin.agencyCommissions,
          { agent_id: filters.agentId, day: filters.day, page: filters.page, page_size: AGENCY_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}
