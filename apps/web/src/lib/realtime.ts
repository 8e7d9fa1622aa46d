import { API } from '@casino/shared/player-api-paths';
import type { ServerMessage } from '@casino/shared/schemas/ws';
import { useEffect } from 'react';
import { getToken, getUser, setUser } from './session.ts';

/**
 * The server's push channel (/ws): balance changes, credited deposits and withdrawal state
 * changes arrive here, so no page polls. One socket while logged in; it reconnects with
 * exponential backoff and closes on logout. A visitor's page that shows live news (the live
 * feed strip) asks for a socket too (`useBroadcasts`): without a token it hears the broadcasts only.
 */
export type RealtimeListener = (message: ServerMessage) => void;

const listeners = new Set<RealtimeListener>();
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
/** Larger frames are not ours: ignored rather than parsed. */
const MAX_MESSAGE_CHARS = 16_384;

let socket: WebSocket | null = null;
let socketToken: string | null = null;
let retryTimer: number | undefined;
let retryDelayMs = RECONNECT_MIN_MS;

/** Pages listen for their messages (the payment page for its deposit); returns the unsubscribe. */
export function subscribe(listener: RealtimeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function isMoneyText(value: unknown): value is string {
  return typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value);
}

function isMultiplierText(value: unknown): value is string {
  return typeof value === 'string' && /^\d+\.\d{2}$/.test(value);
}

/**
 * Light checks instead of the zod schema: this module is part of the first route's JavaScript,
 * and a malformed frame only has to be ignored, never explained.
 */
function parse(raw: unknown): ServerMessage | null {
  if (typeof raw !== 'string' || raw.length > MAX_MESSAGE_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { type, data } = value as { type?: unknown; data?: Record<string, unknown> };
  if (!data || typeof data !== 'object') return null;
  if (type === 'balance') {
    return isMoneyText(data.money) && isMoneyText(data.fs_money) && isMoneyText(data.ml_money) ? (value as ServerMessage) : null;
  }
  if (type === 'win') {
    const texts = [data.game_code, data.game_name, data.player, data.at];
    return Number.isInteger(data.id) &&
      typeof data.game_names === 'object' &&
      data.game_names !== null &&
      texts.every((t) => typeof t === 'string') &&
      isMultiplierText(data.multiplier) &&
      isMoneyText(data.bet) &&
      isMoneyText(data.win)
      ? (value as ServerMessage)
      : null;
  }
  if (type === 'notification') return typeof data.kind === 'string' ? (value as ServerMessage) : null;
  if (type === 'announcement') return Number.isInteger(data.id) ? (value as ServerMessage) : null;
  if (type === 'deposit' || type === 'withdrawal') {
    return typeof data.order_no === 'string' && typeof data.status === 'string' ? (value as ServerMessage) : null;
  }
  if (type === 'support') {
    return Number.isInteger(data.unread) && Number.isInteger(data.conversation_id) ? (value as ServerMessage) : null;
  }
  return null;
}

function deliver(message: ServerMessage): void {
  if (message.type === 'balance') {
    // The header balance reads the session user.
    setUser({ ...getUser(), ...message.data });
  }
  for (const listener of listeners) {
    try {
      listener(message);
    } catch {
      // One page's bug must not stop the others from hearing the message.
    }
  }
}

/** The session's token (a member) or '' (a visitor on a page with live news): the socket to keep, or none. */
let sessionToken: string | null = null;
let broadcastWanted = 0;
const wantedKey = (): string | null => sessionToken ?? (broadcastWanted > 0 ? '' : null);

function socketUrl(token: string): string {
  const base = `${window.location.origin.replace(/^http/, 'ws')}${API.websocket}`;
  return token ? `${base}?token=${encodeURIComponent(token)}` : base;
}

function scheduleReconnect(token: string): void {
  window.clearTimeout(retryTimer);
  // Jitter keeps a restarted server from being hit by every player in the same millisecond.
  const delayMs = retryDelayMs + Math.floor(Math.random() * 500);
  retryDelayMs = Math.min(retryDelayMs * 2, RECONNECT_MAX_MS);
  retryTimer = window.setTimeout(() => {
    if (wantedKey() === token) open(token);
  }, delayMs);
}

function open(token: string): void {
  close();
  if (typeof WebSocket === 'undefined') return;
  let ws: WebSocket;
  try {
    ws = new WebSocket(socketUrl(token));
  } catch {
    scheduleReconnect(token);
    return;
  }
  socket = ws;
  socketToken = token;
  ws.onopen = () => {
    retryDelayMs = RECONNECT_MIN_MS;
  };
  ws.onmessage = (event) => {
    const message = parse(event.data);
    if (message) deliver(message);
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    if (wantedKey() === token) scheduleReconnect(token);
  };
}

function close(): void {
  window.clearTimeout(retryTimer);
  const ws = socket;
  socket = null;
  socketToken = null;
  if (ws) {
    ws.onclose = null;
    ws.onmessage = null;
    ws.close();
  }
}

/** Opens, keeps or closes the one socket for what is wanted now (a member's, a visitor's, none). */
function sync(): void {
  const key = wantedKey();
  if (key === null) {
    close();
    return;
  }
  if (socketToken !== key || socket === null) {
    retryDelayMs = RECONNECT_MIN_MS;
    open(key);
  }
}

/** Keeps one socket for the current token: opens on login, closes on logout or token change. */
export function useRealtime(token: string | null): void {
  useEffect(() => {
    sessionToken = token || null;
    sync();
    return () => {
      // A later effect run with the same token keeps the socket; logout passes null above.
      if (getToken() !== token) {
        sessionToken = getToken() || null;
        sync();
      }
    };
  }, [token]);
}

/**
 * A screen showing live news (the live feed) wants the broadcasts: a visitor gets a socket of its
 * own while such a screen is open; a member's socket hears them anyway.
 */
export function useBroadcasts(): void {
  useEffect(() => {
    broadcastWanted += 1;
    sync();
    return () => {
      broadcastWanted -= 1;
      // Let a screen that replaces this one claim the socket first (a route change).
      window.setTimeout(sync, 0);
    };
  }, []);
}
