import { API } from '@casino/shared/player-api-paths';
import type { RebateDetailItem, RebatesList, rebatesClaimResponse } from '@casino/shared/schemas/vip';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '../../lib/api.ts';

/** Rebates (fs_money): POST /api/games/rebates/list, /details and our /claim (spec section 7). */
export type { RebateDetailItem, RebatesList };
export type RebateClaim = z.infer<typeof rebatesClaimResponse>;
export type RangeDays = 1 | 3 | 7;
export type Page<T> = { list: T[]; total: number; page: number; page_size: number };

export const DETAILS_PAGE_SIZE = 20;

export const rebateKeys = {
  all: ['rebates'] as const,
  list: ['rebates', 'list'] as const,
  details: (days: RangeDays, page: number) => ['rebates', 'details', days, page] as const,
};

/** The rate table, the member's level, the claimable fs_money and today's pending rebate. */
export function useRebatesList(enabled: boolean) {
  return useQuery({
    queryKey: rebateKeys.list,
    enabled,
    queryFn: async () => (await apiPost<RebatesList>(API.rebates.list, {})).data,
  });
}

/** Accruals per day and category for today, the last 3 or the last 7 days (spec section 9). */
export function useRebateDetails(days: RangeDays, page: number, enabled: boolean) {
  return useQuery({
    queryKey: rebateKeys.details(days, page),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => (await apiPost<Page<RebateDetailItem>>(API.rebates.details, { days, page, page_size: DETAILS_PAGE_SIZE })).data,
  });
}

/** Moves the whole accrued rebate into the balance; the answer's message is the server's text. */
export const claimRebate = () => apiPost<RebateClaim>(API.rebates.claim, {});
