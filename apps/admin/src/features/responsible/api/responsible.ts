import { API } from '@casino/shared/api-paths';
import type {
  AdminBalanceReturn,
  AdminCentralCheck,
  AdminCentralListEntry,
  AdminCommunication,
  AdminResponsibleMember,
} from '@casino/shared/schemas/responsible-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/types';

export type { AdminBalanceReturn, AdminCentralCheck, AdminCentralListEntry, AdminCommunication, AdminResponsibleMember };

export const RESPONSIBLE_PAGE_SIZE = 20;
const key = ['admin', 'responsible'] as const;

export type MemberFilter = 'any' | 'limits' | 'paused' | 'excluded' | 'closed';

export function useResponsibleMembers(filters: { filter: MemberFilter; memberId: string; page: number }) {
  return useQuery({
    queryKey: [...key, 'members', filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<AdminResponsibleMember>>(
          API.admin.responsibleMembers,
          { filter: filters.filter, member_id: filters.memberId, page: filters.page, page_size: RESPONSIBLE_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useCommunications(memberId: number, page: number) {
  return useQuery({
    queryKey: [...key, 'communications', memberId, page],
    queryFn: async ({ signal }) =>
      (await api.get<Page<AdminCommunication>>(API.admin.responsibleCommunications(memberId), { page, page_size: 10 }, signal)).data,
    placeholderData: keepPreviousData,
  });
}

export function useCentralChecks(filters: { result: string; page: number }) {
  return useQuery({
    queryKey: [...key, 'checks', filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<AdminCentralCheck>>(
          API.admin.centralChecks,
          { result: filters.result, page: filters.page, page_size: RESPONSIBLE_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useBalanceReturns(filters: { status: string; page: number }) {
  return useQuery({
    queryKey: [...key, 'returns', filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<AdminBalanceReturn>>(
          API.admin.balanceReturns,
          { status: filters.status, page: filters.page, page_size: RESPONSIBLE_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useMarkReturnPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; note: string }) =>
      api.post<AdminBalanceReturn | null>(API.admin.balanceReturnPaid(input.id), { note: input.note }),
    meta: { toastErrors: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useCentralList(page: number) {
  return useQuery({
    queryKey: [...key, 'list', page],
    queryFn: async ({ signal }) =>
      (await api.get<Page<AdminCentralListEntry>>(API.admin.centralList, { page, page_size: RESPONSIBLE_PAGE_SIZE }, signal)).data,
    placeholderData: keepPreviousData,
  });
}

export function useAddToCentralList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { cpf: string; note: string }) =>
      api.post<null>(API.admin.centralList, { cpf: input.cpf, ...(input.note.trim() ? { note: input.note.trim() } : {}) }),
    meta: { toastErrors: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useRemoveFromCentralList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cpf: string) => api.delete<null>(API.admin.centralListEntry(cpf)),
    meta: { toastErrors: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
