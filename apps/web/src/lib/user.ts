import { API } from '@casino/shared/player-api-paths';
import { moneyStringToCentavos } from '@casino/shared/money';
import type { UserInfo } from '@casino/shared/schemas/auth';
import { useEffect } from 'react';
import { apiPost } from './api.ts';
import { clearSession, getToken, setUser } from './session.ts';

/** How often a logged-in player's info is re-read, so a forced-offline session is noticed. */
export const USER_REFRESH_MS = 30_000;

let inflight: Promise<void> | null = null;

/** Re-reads POST /api/auth/me; a 401 is handled by the API client's session rules. */
export function refreshUser(): Promise<void> {
  const token = getToken();
  if (!token) return Promise.resolve();
  inflight ??= apiPost<UserInfo>(API.me)
    .then((answer) => {
      // A logout or another login while the call was out wins over this answer.
      if (getToken() === token) setUser(answer.data);
    })
    .catch(() => undefined)
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Refreshes user info on every navigation, on window focus and every 30 s while logged in. */
export function useUserRefresh(locationKey: string, loggedIn: boolean): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger
  useEffect(() => {
    void refreshUser();
  }, [locationKey]);

  useEffect(() => {
    if (!loggedIn) return;
    const onFocus = () => void refreshUser();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshUser();
    };
    const timer = window.setInterval(() => void refreshUser(), USER_REFRESH_MS);
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [loggedIn]);
}

/** POST /api/auth/logout, then forget the session whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await apiPost(API.logout);
  } catch {
    // The token is forgotten either way; the server expires it on its own.
  }
  clearSession();
}

export function moneyCentavos(text: string | null | undefined): number {
  return (text ? moneyStringToCentavos(text) : null) ?? 0;
}
