import { API } from '@casino/shared/player-api-paths';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from '../../lib/api.ts';
import { subscribe } from '../../lib/realtime.ts';
import { useSession } from '../../lib/session.ts';

/**
 * The information centre's unread badge (header bell, member-centre tab). Part of the first
 * route's JavaScript, so it stays small: one GET, refreshed when the window regains focus, when
 * the server pushes a new notification or announcement (issue 15 item 7: the badge and the open
 * list update without a reload), and when it pushes a balance change.
 */
export type UnreadCounts = { notifications: number; announcements: number; total: number };

export const UNREAD_KEY = ['info', 'unread'] as const;

/** Keyed by member: after a logout and another login the badge never shows the previous member's count. */
export const unreadKeyOf = (memberId: number) => [...UNREAD_KEY, memberId] as const;

/**
 * House games push the balance every round: the count is refreshed at once on the first push,
 * then at most once per window (the last push of a burst still refreshes it).
 */
const REFRESH_WINDOW_MS = 15_000;
let lastRefreshAt = 0;
let trailingTimer: number | undefined;

function refreshSoon(queryClient: QueryClient): void {
  const wait = lastRefreshAt + REFRESH_WINDOW_MS - Date.now();
  if (wait <= 0) {
    lastRefreshAt = Date.now();
    void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
    return;
  }
  if (trailingTimer !== undefined) return;
  trailingTimer = window.setTimeout(() => {
    trailingTimer = undefined;
    lastRefreshAt = Date.now();
    void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
  }, wait);
}

/**
 * A notification or announcement pushed: the badge and the lists refresh. A note to a whole site
 * or an announcement reaches every open tab at once, so each waits a moment of its own (up to
 * 1.5 s) before asking.
 */
function refreshFor(queryClient: QueryClient, kind: 'notifications' | 'announcements'): void {
  const refresh = () => {
    lastRefreshAt = Date.now();
    void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
    void queryClient.invalidateQueries({ queryKey: ['info', kind] });
  };
  window.setTimeout(refresh, Math.floor(Math.random() * 1_500));
}

const NO_UNREAD: UnreadCounts = { notifications: 0, announcements: 0, total: 0 };

/** Unread notifications and announcements of the logged-in member; zeros for a visitor. */
export function useUnreadCounts(): UnreadCounts {
  const { token, user } = useSession();
  const loggedIn = token !== null;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: unreadKeyOf(user.id),
    enabled: loggedIn,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    queryFn: async ({ signal }) => (await apiGet<UnreadCounts>(API.info.unread, undefined, signal)).data,
  });
  useEffect(() => {
    if (!loggedIn) return;
    return subscribe((message) => {
      if (message.type === 'balance') refreshSoon(queryClient);
      else if (message.type === 'notification') refreshFor(queryClient, 'notifications');
      else if (message.type === 'announcement') refreshFor(queryClient, 'announcements');
    });
  }, [loggedIn, queryClient]);
  return loggedIn && query.data ? query.data : NO_UNREAD;
}

/** Unread notifications plus unread announcements: the number on the bell. */
export function useUnreadTotal(): number {
  return useUnreadCounts().total;
}
