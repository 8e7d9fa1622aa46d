import { API } from '@casino/shared/api-paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MemberDetail, MemberSummary, Page } from '../../../lib/types';

export const MEMBERS_PAGE_SIZE = 20;

export type MemberFilters = { q: string; status: string; page: number };

const membersKey = ['admin', 'members'] as const;

export function useMembers(filters: MemberFilters) {
  return useQuery({
    queryKey: [...membersKey, 'list', filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<MemberSummary>>(
          API.admin.members,
          { q: filters.q.trim(), status: filters.status, page: filters.page, page_size: MEMBERS_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useMember(id: string) {
  return useQuery({
    queryKey: [...membersKey, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<MemberDetail>(API.admin.member(id), undefined, signal)).data,
  });
}

export type MemberAction = 'force_offline' | 'freeze' | 'unfreeze';

const ACTION_PATHS: Record<MemberAction, (id: string) => string> = {
  force_offline: API.admin.forceOffline,
  freeze: API.admin.freeze,
  unfreeze: API.admin.unfreeze,
};

/** Force offline, freeze, unfreeze: the answer is the member after the action. */
export function useMemberAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, reason }: { action: MemberAction; reason: string }) =>
      api.post<MemberDetail>(ACTION_PATHS[action](id), reason ? { reason } : {}),
    onSuccess: async ({ data }) => {
      if (data && typeof data === 'object' && 'sessions' in data) {
        queryClient.setQueryData([...membersKey, 'detail', id], data);
      }
      // Lists (status, online) and the audit log changed too.
      await queryClient.invalidateQueries({ queryKey: membersKey });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
