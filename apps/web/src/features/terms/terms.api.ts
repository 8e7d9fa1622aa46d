import { API } from '@casino/shared/player-api-paths';
import type { DocumentKind, DocumentVersion, PopupItem, TermsStatus } from '@casino/shared/schemas/terms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/** The terms documents' and the popups' calls (issue 15 items 4 and 5). */

/** GET /api/terms/current?kind=: the version in force (null while the site has none). */
export function useCurrentDocument(kind: DocumentKind) {
  return useQuery({
    queryKey: ['terms', 'current', kind, currentLanguage()],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => (await apiGet<DocumentVersion | null>(API.terms.current, { kind }, signal)).data,
  });
}

/** GET /api/terms/pending: versions announced and not in force yet (the update notice). */
export function usePendingDocuments() {
  return useQuery({
    queryKey: ['terms', 'pending', currentLanguage()],
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) => (await apiGet<{ list: DocumentVersion[] }>(API.terms.pending, {}, signal)).data.list,
  });
}

/** GET /api/terms/status: whether the member must accept terms in force (checked at each entry and login). */
export function useTermsStatus(token: string | null, gate: number) {
  return useQuery({
    queryKey: ['terms', 'status', token, gate],
    enabled: token !== null,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => (await apiGet<TermsStatus>(API.terms.status, {}, signal)).data,
  });
}

export function useAcceptTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (version: number) => (await apiPost<{ version: number }>(API.terms.accept, { version, kind: 'terms' })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['terms', 'status'] }),
  });
}

/** GET /api/popups: the site's live popups for this visitor or member, each with its off flag. */
export function usePopups(token: string | null) {
  return useQuery({
    queryKey: ['popups', token, currentLanguage()],
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) => (await apiGet<{ list: PopupItem[] }>(API.popups.list, {}, signal)).data.list,
  });
}

/** POST /api/popups/{id}/off: the member's "don't remind me". */
export function turnPopupOff(id: number) {
  return apiPost<{ id: number; off: boolean }>(API.popups.off(id));
}
