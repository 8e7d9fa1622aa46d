import { API } from '@casino/shared/player-api-paths';
import type { HouseServerMessage } from '@casino/shared/schemas/house-games';
import { useCallback, useEffect, useRef, useState } from 'react';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * The socket of a shared-round game (/ws/crash, /ws/double). Visitors connect without a token
 * and watch; members connect with ?token= (as lib/realtime.ts does) and may bet and cash out on
 * it. It reconnects with backoff; every (re)connection receives the whole round state first.
 */
export type SocketStatus = 'connecting' | 'open' | 'closed';
export type SocketReply = { ok: boolean; message: string; error_code?: string; result?: unknown };

const RECONNECT_MIN_MS = 800;
const RECONNECT_MAX_MS = 15_000;
const REPLY_TIMEOUT_MS = 8_000;
/** Frames larger than this are not the game's: ignored. */
const MAX_FRAME_CHARS = 256_000;

function parse(raw: unknown): HouseServerMessage | null {
  if (typeof raw !== 'string' || raw.length > MAX_FRAME_CHARS) return null;
  try {
    const value = JSON.parse(raw) as { type?: unknown; data?: unknown };
    if (typeof value?.type !== 'string' || !value.data || typeof value.data !== 'object') return null;
    return value as HouseServerMessage;
  } catch {
    return null;
  }
}

export function useRoundSocket(game: Parameters<typeof API.house.socket>[0], onMessage: (message: HouseServerMessage) => void) {
  const { token } = useSession();
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const socketRef = useRef<WebSocket | null>(null);
  const pending = useRef(new Map<string, { resolve: (reply: SocketReply) => void; timer: number }>());
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    let closed = false;
    let retryTimer: number | undefined;
    let delayMs = RECONNECT_MIN_MS;
    const waiting = pending.current;

    const failPending = () => {
      for (const [ref, entry] of waiting) {
        window.clearTimeout(entry.timer);
        entry.resolve({ ok: false, message: '', error_code: 'DISCONNECTED' });
        waiting.delete(ref);
      }
    };

    const connect = () => {
      if (closed) return;
      setStatus('connecting');
      const query = token ? `?token=${encodeURIComponent(token)}` : '';
      let ws: WebSocket;
      try {
        ws = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}${API.house.socket(game)}${query}`);
      } catch {
        retry();
        return;
      }
      socketRef.current = ws;
      ws.onopen = () => {
        delayMs = RECONNECT_MIN_MS;
        setStatus('open');
      };
      ws.onmessage = (event) => {
        const message = parse(event.data);
        if (!message) return;
        if (message.type === 'reply') {
          const ref = message.data.ref;
          const entry = ref ? waiting.get(ref) : undefined;
          if (entry && ref) {
            window.clearTimeout(entry.timer);
            waiting.delete(ref);
            entry.resolve(message.data);
          }
          return;
        }
        try {
          handler.current(message);
        } catch {
          // A drawing bug must not close the socket.
        }
      };
      ws.onclose = () => {
        if (socketRef.current === ws) socketRef.current = null;
        failPending();
        setStatus('closed');
        retry();
      };
    };

    const retry = () => {
      if (closed) return;
      window.clearTimeout(retryTimer);
      retryTimer = window.setTimeout(connect, delayMs + Math.floor(Math.random() * 400));
      delayMs = Math.min(delayMs * 2, RECONNECT_MAX_MS);
    };

    connect();
    return () => {
      closed = true;
      window.clearTimeout(retryTimer);
      failPending();
      const ws = socketRef.current;
      socketRef.current = null;
      if (ws) {
        ws.onclose = null;
        ws.onmessage = null;
        ws.close();
      }
    };
  }, [game, token]);

  /** Sends a bet or cash-out; resolves with the server's reply (or a DISCONNECTED failure). */
  const send = useCallback((message: Record<string, unknown>): Promise<SocketReply> => {
    const ws = socketRef.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.resolve({ ok: false, message: '', error_code: 'DISCONNECTED' });
    const ref = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    return new Promise<SocketReply>((resolve) => {
      const timer = window.setTimeout(() => {
        pending.current.delete(ref);
        resolve({ ok: false, message: '', error_code: 'DISCONNECTED' });
      }, REPLY_TIMEOUT_MS);
      pending.current.set(ref, { resolve, timer });
      ws.send(JSON.stringify({ ...message, ref, lang: currentLanguage() }));
    });
  }, []);

  return { status, send };
}

/** Server clock minus local clock, smoothed: countdowns and the curve follow the server's time. */
export function useServerClock() {
  const offset = useRef<number | null>(null);
  const sync = useCallback((serverTime: number) => {
    const sample = serverTime - Date.now();
    // A frame's delay only makes the sample smaller: take a larger sample at once, drift slowly
    // towards smaller ones (a clock that really moved back).
    if (offset.current === null || sample > offset.current) offset.current = sample;
    else offset.current += (sample - offset.current) * 0.05;
  }, []);
  const now = useCallback(() => Date.now() + (offset.current ?? 0), []);
  return { sync, now };
}
