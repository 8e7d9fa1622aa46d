import { API } from '@casino/shared/api-paths';
import type { AdminDocument, AdminDocumentCreateBody, AdminPopup, AdminPopupCreateBody, DocumentKind } from '@casino/shared/schemas/terms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The back office's terms documents and reminder popups (permission info.manage; every write audited). */
export type { AdminDocument, AdminPopup, DocumentKind };

const documentsKey = ['admin', 'legal-documents'] as const;
const popupsKey = ['admin', 'popups'] as const;
const auditKey = ['admin', 'audit'] as const;

export function useDocuments(kind: DocumentKind) {
  return useQuery({
    queryKey: [...documentsKey, kind],
    queryFn: async ({ signal }) => (await api.get<{ list: AdminDocument[] }>(API.admin.legalDocuments, { kind }, signal)).data.list,
  });
}

function useRefresh(key: readonly string[]) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: auditKey })]).then(
      () => undefined,
    );
}

/** Creates a draft (no id) or changes a draft (id). */
export function useSaveDocument() {
  const refresh = useRefresh(documentsKey);
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: AdminDocumentCreateBody }) =>
      id === null
        ? api.post<AdminDocument>(API.admin.legalDocuments, body)
        : api.patch<AdminDocument>(API.admin.legalDocument(id), { titles: body.titles, contents: body.contents }),
    meta: { toastErrors: false },
    onSuccess: refresh,
  });
}

export function usePublishDocument() {
  const refresh = useRefresh(documentsKey);
  return useMutation({
    mutationFn: async ({ id, effectiveAt }: { id: number; effectiveAt: string }) =>
      api.post<AdminDocument>(API.admin.legalDocumentPublish(id), { effective_at: effectiveAt }),
    meta: { toastErrors: false },
    onSuccess: refresh,
  });
}

export function useDeleteDocument() {
  const refresh = useRefresh(documentsKey);
  return useMutation({
    mutationFn: async (id: number) => api.delete<{ id: number }>(API.admin.legalDocument(id)),
    meta: { toastErrors: false },
    onSuccess: refresh,
  });
}

export function usePopupList() {
  return useQuery({
    queryKey: popupsKey,
    queryFn: async ({ signal }) => (await api.get<{ list: AdminPopup[] }>(API.admin.popups, {}, signal)).data.list,
  });
}

export function useSavePopup() {
  const refresh = useRefresh(popupsKey);
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: AdminPopupCreateBody }) =>
      id === null ? api.post<AdminPopup>(API.admin.popups, body) : api.patch<AdminPopup>(API.admin.popup(id), body),
    meta: { toastErrors: false },
    onSuccess: refresh,
  });
}

export function useDeletePopup() {
  const refresh = useRefresh(popupsKey);
  return useMutation({
    mutationFn: async (id: number) => api.delete<{ id: number }>(API.admin.popup(id)),
    meta: { toastErrors: false },
    onSuccess: refresh,
  });
}
