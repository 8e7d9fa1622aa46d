import { API } from '@casino/shared/api-paths';
import type { AdminChatMessage, AdminChatSanction, ChatMessage, ChatRoom } from '@casino/shared/schemas/chat';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/types';

/** The back office's chat moderation calls (permission chat.moderate): messages, delete, mute, ban, lift, team messages. */

export const CHAT_PAGE_SIZE = 50;
const chatKey = ['admin', 'chat'] as const;

export function useChatMessages(room: ChatRoom | '', page: number) {
  return useQuery({
    queryKey: [...chatKey, 'messages', room, page],
    queryFn: async ({ signal }) =>
      (await api.get<Page<AdminChatMessage>>(API.admin.chatMessages, { room: room || undefined, page, page_size: CHAT_PAGE_SIZE }, signal))
        .data,
    placeholderData: keepPreviousData,
    // The chat moves on its own; the first page follows it.
    refetchInterval: page === 1 ? 5_000 : false,
  });
}

export function useChatSanctions() {
  return useQuery({
    queryKey: [...chatKey, 'sanctions'],
    queryFn: async ({ signal }) => (await api.get<Page<AdminChatSanction>>(API.admin.chatSanctions, { page_size: 100 }, signal)).data,
    refetchInterval: 30_000,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: chatKey });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}

export function useDeleteChatMessage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => api.delete<{ id: number; deleted: boolean }>(API.admin.chatMessage(id)),
    meta: { toastErrors: false },
    onSuccess: refresh,
  });
}

export type SanctionInput = { member_id: number; kind: 'mute' | 'ban'; minutes?: number; reason?: string; delete_messages?: boolean };

export function useSanction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: SanctionInput) =>
      api.post<{ id: number; until: string | null; messages_deleted: number }>(API.admin.chatSanctions, input),
    meta: { toastErrors: false },
    onSuccess: refresh,
  });
}

export function useLiftSanction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => api.delete<{ id: number; lifted: boolean }>(API.admin.chatSanction(id)),
    onSuccess: refresh,
  });
}

export function useTeamMessage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { room: ChatRoom; text: string }) => api.post<{ message: ChatMessage }>(API.admin.chatSend, input),
    meta: { toastErrors: false },
    onSuccess: refresh,
  });
}
