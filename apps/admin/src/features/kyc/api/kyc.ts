import { API } from '@casino/shared/api-paths';
import type { AdminKycSubmission, CpfRegistryEntry, KycSide } from '@casino/shared/schemas/kyc';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, readToken } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import type { Page } from '../../../lib/types';

export type { AdminKycSubmission, CpfRegistryEntry, KycSide };

export const KYC_PAGE_SIZE = 20;
export const REGISTRY_PAGE_SIZE = 25;

/** Everything under this key changes when an operator decides a submission. */
export const kycKey = ['admin', 'kyc'] as const;
const registryKey = ['admin', 'cpf-registry'] as const;

export type KycTab = 'pending' | 'approved' | 'rejected' | '';

export function useKycSubmissions(filters: { status: KycTab; page: number }) {
  return useQuery({
    queryKey: [...kycKey, 'list', filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<AdminKycSubmission>>(
          API.admin.kycSubmissions,
          { status: filters.status, page: filters.page, page_size: KYC_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export type KycDecision = { id: number; decision: 'approved' | 'rejected'; reason: string };

/** An override: the answer is the submission as it now stands; the queue and the audit log refresh. */
export function useDecideKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: KycDecision) =>
      api.post<AdminKycSubmission>(API.admin.kycDecision(input.id), {
        decision: input.decision,
        ...(input.reason ? { reason: input.reason } : {}),
      }),
    meta: { toastErrors: false },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: kycKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}

/**
 * A document as an object URL: the file route needs the operator's bearer token, which an <img src>
 * cannot send, so it is fetched and shown from memory (the CSP allows blob: images). Freed when
 * the component goes.
 */
export function useDocumentUrl(id: number, side: KycSide) {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    const token = readToken();
    fetch(`${API.admin.kycDocument(id, side)}?lang=${currentLanguage()}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        url = URL.createObjectURL(await response.blob());
        setState({ url, failed: false });
      })
      .catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setState({ url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, side]);
  return state;
}

export function useCpfRegistry(filters: { q: string; page: number }) {
  return useQuery({
    queryKey: [...registryKey, filters],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<CpfRegistryEntry>>(
          API.admin.cpfRegistry,
          { q: filters.q, page: filters.page, page_size: REGISTRY_PAGE_SIZE },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useAddRegistryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { cpf: string; full_name: string; birth_date: string }) => api.post<CpfRegistryEntry>(API.admin.cpfRegistry, input),
    meta: { toastErrors: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registryKey }),
  });
}

export function useRemoveRegistryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cpf: string) => api.delete<null>(API.admin.cpfRegistryEntry(cpf)),
    meta: { toastErrors: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: registryKey }),
  });
}
