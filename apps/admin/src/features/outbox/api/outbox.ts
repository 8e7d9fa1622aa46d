import { API } from '@casino/shared/api-paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OutboxItem, Page } from '../../../lib/types';

export const OUTBOX_PAGE_SIZE = 20;

export function useOutbox(page: number) {
  return useQuery({
    queryKey: ['admin', 'outbox', page],
    queryFn: async ({ signal }) => (await api.get<Page<OutboxItem>>(API.admin.outbox, { page, page_size: OUTBOX_PAGE_SIZE }, signal)).data,
    placeholderData: keepPreviousData,
  });
}
