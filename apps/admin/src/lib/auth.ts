import { API } from '@casino/shared/api-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readToken, writeToken } from './api-client';
import type { Operator, OperatorLoginResponse, Permission } from './types';

/** The signed-in operator, shared by the layout (menu) and the features (what buttons to show). */
export const operatorQueryKey = ['admin', 'me'] as const;

export function useOperator() {
  return useQuery({
    queryKey: operatorQueryKey,
    queryFn: async ({ signal }) => (await api.get<Operator>(API.admin.me, undefined, signal)).data,
    enabled: readToken() !== null,
    staleTime: 60_000,
  });
}

/** What the server says the operator may do; the server checks again on every call. */
export function hasPermission(operator: Operator | undefined, permission: Permission): boolean {
  return operator?.permissions.includes(permission) ?? false;
}

export function usePermission(permission: Permission): boolean {
  const { data } = useOperator();
  return hasPermission(data, permission);
}

export type LoginInput = { username: string; password: string };

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => api.post<OperatorLoginResponse>(API.admin.login, input),
    meta: { toastErrors: false },
    onSuccess: ({ data }) => {
      queryClient.clear();
      writeToken(data.token);
      queryClient.setQueryData(operatorQueryKey, data.operator);
    },
  });
}

/** The second step of a login with TOTP: the first step's challenge and a code (or a recovery code). */
export type SecondFactorInput = { challenge: string; code: string };

export function useSecondFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SecondFactorInput) => api.post<OperatorLoginResponse>(API.admin.loginSecondFactor, input),
    meta: { toastErrors: false },
    onSuccess: ({ data }) => {
      queryClient.clear();
      writeToken(data.token);
      queryClient.setQueryData(operatorQueryKey, data.operator);
    },
  });
}

/** An operator whose role needs TOTP here and who has none may only enrol it (the server refuses the rest). */
export function mustEnrolSecondFactor(operator: Operator | undefined): boolean {
  return operator?.totp_required === true && !operator.totp_enabled;
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => api.post<null>(API.admin.logout),
    // The token is dropped whatever the server answers: the operator asked to leave.
    onSettled: () => {
      writeToken(null);
      queryClient.clear();
    },
  });
}
