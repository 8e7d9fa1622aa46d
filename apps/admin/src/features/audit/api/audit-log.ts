import { API } from '@casino/shared/api-paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AuditItem, Page } from '../../../lib/types';

export const AUDIT_PAGE_SIZE = 25;

export type AuditFilters = { action: string; targetId: string; page: number };

export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: ['admin', 'audit', filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<AuditItem>>(
          API.admin.auditLog,
          { action: filters.action.trim(), target_id: filters.targetId.trim(), page: filters.page, page_size: AUDIT_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}
