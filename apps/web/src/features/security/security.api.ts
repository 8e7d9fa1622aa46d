import { API } from '@casino/shared/player-api-paths';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api.ts';

export type SecurityStatus = { has_password_change: boolean; has_qk_pwd: boolean; email: string | null; phone: string };

export const SECURITY_STATUS_KEY = ['security-status'] as const;

/** GET /api/security/status: which passwords can be set here, and the bound email. */
export function useSecurityStatus(enabled: boolean) {
  return useQuery({
    queryKey: SECURITY_STATUS_KEY,
    enabled,
    queryFn: async ({ signal }) => (await apiGet<SecurityStatus>(API.security.status, {}, signal)).data,
  });
}

export const changePassword = (body: { old_password: string; password: string; password_confirmation: string }) =>
  apiPost<unknown>(API.security.changePassword, body);

export const setWithdrawalPassword = (body: { password: string; qk_pwd: string; qk_pwd_confirmation: string }) =>
  apiPost<unknown>(API.security.setWithdrawalPassword, body);

export const verifyPassword = (body: { password: string }) => apiPost<{ verified: true }>(API.security.verifyPassword, body);

export const sendEmailCode = (body: { email: string }) =>
  apiPost<{ expires_in: number; attempts: number }>(API.security.sendEmailCode, body);

export const bindEmail = (body: { email: string; code: string }) => apiPost<unknown>(API.security.bindEmail, body);
