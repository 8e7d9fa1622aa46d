import { API } from '@casino/shared/api-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { operatorQueryKey } from '../../../lib/auth';
import type { OperatorSecurity, RecoveryCodes, TotpSetup } from '../../../lib/types';

const securityKey = ['admin', 'security'] as const;

/** The signed-in operator's second factor: on or off, required or not, recovery codes left. */
export function useSecurityStatus() {
  return useQuery({
    queryKey: securityKey,
    queryFn: async ({ signal }) => (await api.get<OperatorSecurity>(API.admin.security, undefined, signal)).data,
  });
}

/** TOTP on or off changes what the operator may open: the operator and its settings are read again. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: securityKey });
    await queryClient.invalidateQueries({ queryKey: operatorQueryKey });
  };
}

/** A new key to enrol: its QR code and text, shown once. */
export function useTotpSetup() {
  return useMutation({
    mutationFn: async () => (await api.post<TotpSetup>(API.admin.totpSetup, {})).data,
    meta: { toastErrors: false },
  });
}

export function useTotpEnable() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (code: string) => api.post<RecoveryCodes>(API.admin.totpEnable, { code }),
    meta: { toastErrors: false },
    onSuccess: refresh,
  });
}

export function useTotpDisable() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (input: { password: string; code: string }) => api.post<null>(API.admin.totpDisable, input),
    meta: { toastErrors: false },
    onSuccess: refresh,
  });
}

export function useNewRecoveryCodes() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (code: string) => api.post<RecoveryCodes>(API.admin.recoveryCodes, { code }),
    meta: { toastErrors: false },
    onSuccess: refresh,
  });
}
