import { API } from '@casino/shared/api-paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdminDeposit, DepositStatus, Page } from '../../../lib/types';

export const DEPOSITS_PAGE_SIZE = 25;

export type DepositFilters = { status: DepositStatus | ''; memberId: string; page: number };

export function useDeposits(filters: DepositFilters) {
  return useQuery({
    queryKey: ['admin', 'deposits', filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<AdminDeposit>>(
          API.admin.deposits,
          { status: filters.status, member_id: filters.memberId, page: filters.page, page_size: DEPOSITS_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}
