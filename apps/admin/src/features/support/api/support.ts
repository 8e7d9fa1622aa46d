import { API } from '@casino/shared/api-paths';
import type {
  AdminSupportConversation,
  AdminSupportDetail,
  AdminSupportSummary,
  CannedReply,
  SupportAttachment,
  SupportInboxFilter,
} from '@casino/shared/schemas/support';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api, readToken } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import type { Page } from '../../../lib/types';

export type { AdminSupportConversation, AdminSupportDetail, CannedReply, SupportInboxFilter };

/**
 * The support inbox's calls. The back office has no websocket of its own, so the inbox polls: the
 * navigation badge every 15 s, the list every 10 s and the open conversation every 5 s (only while
 * the tab is visible, TanStack Query's default), which keeps an operator within seconds of a
 * member's message at a few small reads per minute.
 */
export const SUMMARY_POLL_MS = 15_000;
export const INBOX_POLL_MS = 10_000;
export const CONVERSATION_POLL_MS = 5_000;
export const INBOX_PAGE_SIZE = 25;

const supportKey = ['admin', 'support'] as const;

export function useSupportSummary(enabled: boolean) {
  return useQuery({
    queryKey: [...supportKey, 'summary'],
    enabled,
    refetchInterval: SUMMARY_POLL_MS,
    queryFn: async ({ signal }) => (await api.get<AdminSupportSummary>(API.admin.supportSummary, undefined, signal)).data,
  });
}

export function useInbox(filters: { filter: SupportInboxFilter; member: string; page: number }) {
  return useQuery({
    queryKey: [...supportKey, 'inbox', filters],
    refetchInterval: INBOX_POLL_MS,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<AdminSupportConversation>>(
          API.admin.supportConversations,
          { filter: filters.filter, member: filters.member, page: filters.page, page_size: INBOX_PAGE_SIZE },
          signal,
        )
      ).data,
  });
}

/** One conversation; reading it clears the operators' unread, so the list and the badge refresh after. */
export function useSupportConversation(id: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...supportKey, 'conversation', id],
    enabled: id !== null,
    refetchInterval: CONVERSATION_POLL_MS,
    queryFn: async ({ signal }) => (await api.get<AdminSupportDetail>(API.admin.supportConversation(id ?? 0), undefined, signal)).data,
  });
  const readAt = query.dataUpdatedAt;
  useEffect(() => {
    if (readAt === 0) return;
    void queryClient.invalidateQueries({ queryKey: [...supportKey, 'inbox'] });
    void queryClient.invalidateQueries({ queryKey: [...supportKey, 'summary'] });
  }, [readAt, queryClient]);
  return query;
}

export function useSupportOperators() {
  return useQuery({
    queryKey: [...supportKey, 'operators'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) =>
      (await api.get<{ list: { id: number; username: string }[] }>(API.admin.supportOperators, undefined, signal)).data.list,
  });
}

export function useCannedReplies() {
  return useQuery({
    queryKey: [...supportKey, 'canned'],
    staleTime: 60_000,
    queryFn: async ({ signal }) => (await api.get<{ list: CannedReply[] }>(API.admin.supportCanned, undefined, signal)).data.list,
  });
}

/** Uploads an image for an answer (multipart; the JSON client does not send files). */
async function uploadImage(file: File): Promise<SupportAttachment> {
  const form = new FormData();
  form.append('image', file);
  const token = readToken();
  const response = await fetch(`${API.admin.supportAttachments}?lang=${currentLanguage()}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const answer = (await response.json().catch(() => null)) as {
    status?: string;
    message?: string;
    data?: SupportAttachment;
    errors?: Record<string, string[]>;
  } | null;
  if (!response.ok || answer?.status !== 'success' || !answer.data) {
    throw new ApiError(response.status, answer?.message ?? '', answer?.errors ?? {});
  }
  return answer.data;
}

function useInvalidateSupport() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: supportKey }), queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] })]);
}

export function useReply(id: number) {
  const invalidate = useInvalidateSupport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { text: string; image: File | null }) => {
      const attachment = input.image ? await uploadImage(input.image) : null;
      return api.post<AdminSupportDetail>(API.admin.supportReply(id), {
        ...(input.text.trim() ? { text: input.text.trim() } : {}),
        ...(attachment ? { attachment_id: attachment.id } : {}),
      });
    },
    meta: { toastErrors: false },
    onSuccess: (answer) => queryClient.setQueryData([...supportKey, 'conversation', id], answer.data),
    onSettled: invalidate,
  });
}

export function useAssign(id: number) {
  const invalidate = useInvalidateSupport();
  return useMutation({
    mutationFn: (operatorId: number | null) => api.post<AdminSupportConversation>(API.admin.supportAssign(id), { operator_id: operatorId }),
    onSettled: invalidate,
  });
}

export function useCloseConversation(id: number) {
  const invalidate = useInvalidateSupport();
  return useMutation({
    mutationFn: () => api.post<AdminSupportConversation>(API.admin.supportClose(id)),
    onSettled: invalidate,
  });
}

export function useSaveCanned() {
  const invalidate = useInvalidateSupport();
  return useMutation({
    mutationFn: (input: { id: number | null; title: string; text: string }) =>
      input.id === null
        ? api.post<CannedReply>(API.admin.supportCanned, { title: input.title, text: input.text })
        : api.put<CannedReply>(API.admin.supportCannedReply(input.id), { title: input.title, text: input.text }),
    meta: { toastErrors: false },
    onSettled: invalidate,
  });
}

export function useDeleteCanned() {
  const invalidate = useInvalidateSupport();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(API.admin.supportCannedReply(id)),
    onSettled: invalidate,
  });
}

/** An image as an object URL (the file needs the bearer token an <img src> cannot send); freed with the component. */
export function useImageUrl(id: number) {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    const token = readToken();
    fetch(`${API.admin.supportAttachment(id)}?lang=${currentLanguage()}`, {
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
  }, [id]);
  return state;
}
