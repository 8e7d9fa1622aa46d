import { API } from '@casino/shared/api-paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdminWithdrawal, Page, WithdrawalStatus } from '../../../lib/types';

export const WITHDRAWALS_PAGE_SIZE = 20;

export type WithdrawalFilters = { status: WithdrawalStatus | ''; page: number };

/** Everything under this key changes when an operator approves or rejects one withdrawal. */
export const withdrawalsKey = ['admin', 'withdrawals'] as const;

export function useWithdrawals(filters: WithdrawalFilters) {
  return useQuery({
    queryKey: [...withdrawalsKey, 'list', filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<AdminWithdrawal>>(
          API.admin.withdrawals,
          { status: filters.status, page: filters.page, page_size: WITHDRAWALS_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** How many wait for review: the queue's badge (a one-row page, only its total is read). */
export function usePendingCount() {
  return useQuery({
    queryKey: [...withdrawalsKey, 'pending-count'],
    queryFn: async ({ signal }) =>
      (await api.get<Page<AdminWithdrawal>>(API.admin.withdrawals, { status: 'pending_review', page: 1, page_size: 1 }, signal)).data.total,
    refetchInterval: 60_000,
  });
}

export type ReviewDecision = { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string };

/**
 * Approve pays through the PSP; reject returns the money. Either way the answer is the updated
 * withdrawal, and every list (queue, member page, balances, audit) is refreshed whatever happened,
 * since a 409 or 502 also means the row changed under us.
 */
export function useReviewWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReviewDecision) =>
      input.decision === 'approve'
        ? api.post<AdminWithdrawal>(API.admin.approveWithdrawal(input.id))
        : api.post<AdminWithdrawal>(API.admin.rejectWithdrawal(input.id), { reason: input.reason }),
    meta: { toastErrors: false },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'members'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}
