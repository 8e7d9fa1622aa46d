import { API } from '@casino/shared/player-api-paths';
import type {
  SupportAttachment,
  SupportConversationDetail,
  SupportConversationPage,
  SupportMessageBody,
} from '@casino/shared/schemas/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet, apiPost, request } from '../../lib/api.ts';
import { subscribe } from '../../lib/realtime.ts';
import { getToken, useSession } from '../../lib/session.ts';

/**
 * The support chat's calls (issue 15 item 6): the member's own conversations, one conversation
 * (reading it clears its unread count), writing, and image uploads. The unread total arrives over
 * the websocket (`{type: 'support'}`), so nothing polls.
 */
export type { SupportAttachment, SupportConversationDetail, SupportConversationPage };

const supportKey = ['support'] as const;
const listKeyOf = (memberId: number) => [...supportKey, 'list', memberId] as const;
const conversationKeyOf = (memberId: number, id: number) => [...supportKey, 'conversation', memberId, id] as const;

/** The member's conversations (newest activity first) and the unread total; nothing for a visitor. */
export function useSupportConversations() {
  const { token, user } = useSession();
  return useQuery({
    queryKey: listKeyOf(user.id),
    enabled: token !== null,
    staleTime: 60_000,
    queryFn: async ({ signal }) => (await apiGet<SupportConversationPage>(API.support.conversations, { page_size: 50 }, signal)).data,
  });
}

/** The unread total on the launcher's badge: the list's, then whatever the server pushes. */
export function useSupportUnread(): number {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const list = useSupportConversations();
  useEffect(() => {
    if (token === null) return;
    return subscribe((message) => {
      if (message.type !== 'support') return;
      // The count itself comes with the push; the list and the open conversation are re-read.
      queryClient.setQueryData<SupportConversationPage>(listKeyOf(user.id), (old) =>
        old ? { ...old, unread_total: message.data.unread } : old,
      );
      void queryClient.invalidateQueries({ queryKey: listKeyOf(user.id) });
      void queryClient.invalidateQueries({ queryKey: conversationKeyOf(user.id, message.data.conversation_id) });
    });
  }, [token, user.id, queryClient]);
  return token !== null ? (list.data?.unread_total ?? 0) : 0;
}

/** One conversation with its messages; reading it clears its unread (the server pushes the new total). */
export function useSupportConversation(id: number | null) {
  const { user } = useSession();
  return useQuery({
    queryKey: conversationKeyOf(user.id, id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    queryFn: async ({ signal }) => (await apiGet<SupportConversationDetail>(API.support.conversation(id ?? 0), undefined, signal)).data,
  });
}

type Draft = { text: string; image: File | null };

/** Uploads the image (if any), then opens a conversation or writes in one. */
export function useSendSupportMessage(conversationId: number | null) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: Draft) => {
      let attachmentId: number | undefined;
      if (draft.image) {
        const form = new FormData();
        form.append('image', draft.image);
        attachmentId = (await request<SupportAttachment>(API.support.attachments, { method: 'POST', body: form })).data.id;
      }
      const body: SupportMessageBody = {
        ...(draft.text.trim() ? { text: draft.text.trim() } : {}),
        ...(attachmentId !== undefined ? { attachment_id: attachmentId } : {}),
      };
      const url = conversationId === null ? API.support.conversations : API.support.messages(conversationId);
      return (await apiPost<SupportConversationDetail>(url, body)).data;
    },
    onSuccess: (detail) => {
      queryClient.setQueryData(conversationKeyOf(user.id, detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: listKeyOf(user.id) });
    },
  });
}

/**
 * An image of a conversation as an object URL: the file needs the session's bearer token, which an
 * <img> cannot send, so it is fetched and shown from memory.
 */
export function useSupportImage(attachmentId: number) {
  const { user } = useSession();
  const query = useQuery({
    queryKey: [...supportKey, 'image', user.id, attachmentId],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const token = getToken();
      const response = await fetch(API.support.attachment(attachmentId), {
        signal,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(`image ${response.status}`);
      return URL.createObjectURL(await response.blob());
    },
  });
  return query;
}
