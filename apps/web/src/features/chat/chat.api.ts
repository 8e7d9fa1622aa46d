import { API } from '@casino/shared/player-api-paths';
import type { ChatHistoryResponse, ChatMessage, ChatRoomsResponse, ChatServerMessage } from '@casino/shared/schemas/chat';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiGet, apiPost } from '../../lib/api.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/** The chat's calls (issue 15 item 1): the rooms and the caller's nick, a room's history and socket, sending. */

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
/** Messages kept on screen per room. */
const KEEP = 150;

/** GET /api/chat/rooms: the rooms and the nick others see of the member (null for a visitor). */
export function useChatRooms(token: string | null) {
  return useQuery({
    queryKey: ['chat', 'rooms', token],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => (await apiGet<ChatRoomsResponse>(API.chat.rooms, {}, signal)).data,
  });
}

export async function sendChatMessage(room: string, text: string): Promise<ChatMessage> {
  return (await apiPost<{ message: ChatMessage }>(API.chat.send, { room, text })).data.message;
}

function merge(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-KEEP);
}

function isServerMessage(value: unknown): value is ChatServerMessage {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

export type ChatStatus = 'connecting' | 'open' | 'reconnecting';

/**
 * A room's messages: its last 50 (GET /api/chat/history), then what /ws/chat pushes (new
 * messages, deletions). Reconnects with exponential backoff and reloads the history on each
 * connection, so nothing said while away is missed. Other server messages (rain, mutes, refusals
 * written on the socket) go to `onEvent`.
 */
export function useChatFeed(room: string, token: string | null, onEvent: (message: ChatServerMessage) => void) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [status, setStatus] = useState<ChatStatus>('connecting');
  const queryClient = useQueryClient();
  const onEventRef = useLatest(onEvent);

  useEffect(() => {
    let live = true;
    let socket: WebSocket | null = null;
    let retryTimer: number | undefined;
    let delay = RECONNECT_MIN_MS;
    setMessages([]);

    const loadHistory = () =>
      apiGet<ChatHistoryResponse>(API.chat.history, { room })
        .then((answer) => {
          if (live) setMessages((current) => merge(current, answer.data.messages));
        })
        .catch(() => undefined);

    const connect = () => {
      if (!live || typeof WebSocket === 'undefined') return;
      const params = new URLSearchParams({ room, lang: currentLanguage() });
      if (token) params.set('token', token);
      const ws = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}${API.chat.socket}?${params}`);
      socket = ws;
      ws.onopen = () => {
        delay = RECONNECT_MIN_MS;
        setStatus('open');
        void loadHistory();
      };
      ws.onmessage = (event) => {
        let value: unknown;
        try {
          value = JSON.parse(String(event.data));
        } catch {
          return;
        }
        if (!isServerMessage(value)) return;
        if (value.type === 'message') setMessages((current) => merge(current, [value.message]));
        else if (value.type === 'deleted') setMessages((current) => current.filter((m) => !value.ids.includes(m.id)));
        else {
          // The rain card (rain-card.tsx) reads GET /api/rain/current: a rain message refreshes it at once.
          if (value.type === 'rain') void queryClient.invalidateQueries({ queryKey: ['rain', 'current'] });
          onEventRef.current(value);
        }
      };
      ws.onclose = () => {
        if (!live || socket !== ws) return;
        setStatus('reconnecting');
        retryTimer = window.setTimeout(connect, delay + Math.floor(Math.random() * 500));
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
      };
    };

    setStatus('connecting');
    void loadHistory();
    connect();
    return () => {
      live = false;
      window.clearTimeout(retryTimer);
      if (socket) {
        socket.onclose = null;
        socket.onmessage = null;
        socket.close();
      }
    };
  }, [room, token, queryClient, onEventRef]);

  const add = useCallback((message: ChatMessage) => setMessages((current) => merge(current, [message])), []);
  return { messages, status, add };
}

/** A ref that always holds the latest value (a callback the socket calls without reconnecting). */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
