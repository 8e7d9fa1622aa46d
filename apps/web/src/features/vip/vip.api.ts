import { API } from '@casino/shared/player-api-paths';
import type { VipHistoryItem, VipInfo, VipLevelRow } from '@casino/shared/schemas/vip';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../lib/api.ts';

/** VIP standing and history: POST api/member/vip/info and api/member/vip/history (spec section 7). */
export type { VipHistoryItem, VipInfo, VipLevelRow };
export type VipProgress = VipInfo['uservip']['progress'];
export type Page<T> = { list: T[]; total: number; page: number; page_size: number };

export const HISTORY_PAGE_SIZE = 10;

export const vipKeys = {
  info: ['vip', 'info'] as const,
  history: (page: number) => ['vip', 'history', page] as const,
};

/** The member's levels, totals, progress and the whole level table (members only). */
export function useVipInfo(enabled: boolean) {
  return useQuery({
    queryKey: vipKeys.info,
    enabled,
    queryFn: async () => (await apiPost<VipInfo>(API.vipInfo, {})).data,
  });
}

export function useVipHistory(page: number, enabled: boolean) {
  return useQuery({
    queryKey: vipKeys.history(page),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => (await apiPost<Page<VipHistoryItem>>(API.vipHistory, { page, page_size: HISTORY_PAGE_SIZE })).data,
  });
}

/** The row of a level in the table, if the operator kept it. */
export function levelRow(levels: readonly VipLevelRow[], level: number | null): VipLevelRow | undefined {
  return level === null ? undefined : levels.find((row) => row.level === level);
}
