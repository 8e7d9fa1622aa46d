import { API } from '@casino/shared/api-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdminPaymentChannel } from '../../../lib/types';

const channelsKey = ['admin', 'payment-channels'] as const;

/** The server answers a plain list; a paged answer is accepted too. */
function toList(data: AdminPaymentChannel[] | { list: AdminPaymentChannel[] }): AdminPaymentChannel[] {
  return Array.isArray(data) ? data : data.list;
}

export function useChannels() {
  return useQuery({
    queryKey: channelsKey,
    queryFn: async ({ signal }) =>
      toList((await api.get<AdminPaymentChannel[] | { list: AdminPaymentChannel[] }>(API.admin.channels, undefined, signal)).data),
  });
}

/** channelUpdateBody: min and max are reais strings, the fee is in basis points. */
export type ChannelUpdate = {
  name: string;
  min: string;
  max: string;
  fee_bp: number;
  /** Left out when the server has not said whether the channel is enabled: saving must not switch it on by accident. */
  enabled?: boolean;
  instant_receipt: boolean;
};

export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, update }: { id: number; update: ChannelUpdate }) =>
      api.patch<AdminPaymentChannel>(API.admin.channel(id), update),
    meta: { toastErrors: false },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: channelsKey });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
