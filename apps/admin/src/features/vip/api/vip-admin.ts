import { API } from '@casino/shared/api-paths';
import type { AdminRebateRates, AdminVipLevel, RebateRateCell } from '@casino/shared/schemas/vip-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const vipLevelsKey = ['admin', 'vip-levels'] as const;
const rebateRatesKey = ['admin', 'rebate-rates'] as const;

export function useVipLevels() {
  return useQuery({
    queryKey: vipLevelsKey,
    queryFn: async ({ signal }) => (await api.get<AdminVipLevel[]>(API.admin.vipLevels, undefined, signal)).data,
  });
}

/** vipLevelUpdateBody: thresholds and the reward as reais strings ("1000.00"; zero allowed). */
export type VipLevelUpdate = Partial<{
  name: string;
  min_recharge: string;
  min_betting: string;
  min_slot_betting: string;
  min_live_betting: string;
  levelup_reward: string;
}>;

export function useUpdateVipLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ level, update }: { level: number; update: VipLevelUpdate }) =>
      api.patch<AdminVipLevel>(API.admin.vipLevel(level), update),
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      queryClient.setQueryData<AdminVipLevel[]>(vipLevelsKey, (rows) => rows?.map((row) => (row.level === data.level ? data : row)));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: vipLevelsKey }),
        queryClient.invalidateQueries({ queryKey: rebateRatesKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}

export function useRebateRates() {
  return useQuery({
    queryKey: rebateRatesKey,
    queryFn: async ({ signal }) => (await api.get<AdminRebateRates>(API.admin.rebateRates, undefined, signal)).data,
  });
}

/** Sends only the cells that changed; the server answers the whole grid. */
export function useUpdateRebateRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rates: RebateRateCell[]) => api.put<AdminRebateRates>(API.admin.rebateRates, { rates }),
    meta: { toastErrors: false },
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(rebateRatesKey, data);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
