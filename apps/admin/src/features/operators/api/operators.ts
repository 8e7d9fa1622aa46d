import { API } from '@casino/shared/api-paths';
import type { OperatorRole } from '@casino/shared/schemas/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Operator } from '../../../lib/types';

const operatorsKey = ['admin', 'operators'] as const;

/** The server answers a plain list; a paged answer is accepted too. */
function toList(data: Operator[] | { list: Operator[] }): Operator[] {
  return Array.isArray(data) ? data : data.list;
}

export function useOperators() {
  return useQuery({
    queryKey: operatorsKey,
    queryFn: async ({ signal }) => toList((await api.get<Operator[] | { list: Operator[] }>(API.admin.operators, undefined, signal)).data),
  });
}

/** Switches another operator's TOTP off (it lost phone and recovery codes); its sessions end. */
export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api.post<Operator>(API.admin.resetSecondFactor(id), {}),
    meta: { toastErrors: false },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: operatorsKey });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export type CreateOperatorInput = { username: string; password: string; role: OperatorRole };

export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateOperatorInput) => api.post<Operator>(API.admin.operators, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: operatorsKey });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
