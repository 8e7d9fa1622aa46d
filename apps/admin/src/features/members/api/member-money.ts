import { API } from '@casino/shared/api-paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdminWithdrawal, LedgerEntry, MemberDetail, Page } from '../../../lib/types';

export const LEDGER_PAGE_SIZE = 20;
export const MEMBER_WITHDRAWALS_PAGE_SIZE = 10;

/** Under the members key: an adjustment (or anything refreshing the member) refreshes the ledger too. */
export function useMemberLedger(memberId: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'members', 'ledger', memberId, page],
    queryFn: async ({ signal }) =>
      (await api.get<Page<LedgerEntry>>(API.admin.memberLedger(memberId), { page, page_size: LEDGER_PAGE_SIZE }, signal)).data,
    placeholderData: keepPreviousData,
  });
}

/** Under the withdrawals key, so a decision in the review queue refreshes this list as well. */
export function useMemberWithdrawals(memberId: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'withdrawals', 'member', memberId, page],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<AdminWithdrawal>>(
          API.admin.withdrawals,
          { member_id: memberId, page, page_size: MEMBER_WITHDRAWALS_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export type AdjustmentInput = {
  direction: 'credit' | 'debit';
  /** Reais, "10.00". */
  amount: string;
  reason: string;
  /** One per form submission: the server moves the money once per key. */
  idempotencyKey: string;
};

export function useAdjustBalance(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: AdjustmentInput) =>
      api.post<MemberDetail>(API.admin.adjust(memberId), body, { 'Idempotency-Key': idempotencyKey }),
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      if (data && typeof data === 'object' && 'sessions' in data) {
        queryClient.setQueryData(['admin', 'members', 'detail', memberId], data);
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'members'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}
