import { API } from '@casino/shared/player-api-paths';
import { moneyStringToCentavos } from '@casino/shared/money';
import type { FairSeedsView, HouseConfig } from '@casino/shared/schemas/house-games';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiGet, apiPost, errorMessage, isSessionError } from '../../../lib/api.ts';
import { careRefusalMessage } from '../../../lib/care-refusals.ts';
import { showCareRefusal } from '../../../lib/dialogs.ts';
import { openLogin } from '../../../lib/modals.ts';
import { getToken, getUser, setUser, useIsLoggedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * The house games' calls (API.house.* and API.fair.*) through the app's API client. Failures
 * show the server's translated message as a toast and are thrown again so the game can undo
 * its optimistic animation; a balance in an answer updates the balance the player sees.
 */

const MONEY = /^-?\d+\.\d{2}$/;

/**
 * Stores an answer's new balance in the session (the /ws balance push confirms it a moment later).
 * The top bar shows it at once unless a game holds the shown figure during its animation
 * (balance-hold.ts).
 */
export function applyBalance(money: unknown): void {
  if (typeof money !== 'string' || !MONEY.test(money)) return;
  const user = getUser();
  if (user.money !== money) setUser({ ...user, money });
}

/** The player's cash balance in centavos, for max-bet buttons and local checks. */
export function balanceCentavos(): number {
  return moneyStringToCentavos(getUser().money) ?? 0;
}

/** Visitors may watch; betting asks them to log in first. Returns whether a member is logged in. */
export function requireLogin(): boolean {
  if (getToken()) return true;
  openLogin();
  return false;
}

function report(error: unknown): never {
  // A 401 was already answered by the session rules (login-expired dialog): no second message.
  // A responsible-gaming refusal (limit, pause, exclusion) is a dialog that stays until read.
  const refused = careRefusalMessage(error);
  if (refused) showCareRefusal(refused);
  else if (!isSessionError(error) && !(error instanceof DOMException && error.name === 'AbortError')) toast.error(errorMessage(error));
  throw error;
}

function takeBalance(data: unknown): void {
  if (data && typeof data === 'object' && 'balance' in data) applyBalance((data as { balance: unknown }).balance);
}

/** POSTs a game action; the answer's `balance` (if any) updates the header. */
export async function housePost<T>(path: string, body?: unknown): Promise<T> {
  try {
    const answer = await apiPost<T>(path, body);
    takeBalance(answer.data);
    return answer.data;
  } catch (error) {
    return report(error);
  }
}

/** Same as housePost without a toast: for background reads whose failure the screen shows itself. */
export async function houseGet<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T> {
  const answer = await apiGet<T>(path, query);
  return answer.data;
}

/** Whether an error is the server's refusal with this stable code (e.g. 'ROUND_FINISHED'). */
export function hasErrorCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.body.error_code === code;
}

// ---- configuration --------------------------------------------------------------------------

/** The limits, declared RTP and screen constants of one house game (GET API.house.config?code=). */
export type HouseGameConfig = HouseConfig;

export const houseConfigKey = (code: string) => ['house', 'config', code] as const;

export function useHouseConfig<T extends HouseGameConfig = HouseGameConfig>(code: string) {
  return useQuery({
    queryKey: houseConfigKey(code),
    queryFn: () => houseGet<T>(API.house.config, { code }),
    staleTime: 5 * 60_000,
  });
}

/** The config's limits in centavos, with safe fallbacks while it loads. */
export function limitsOf(config: HouseGameConfig | undefined): { minCentavos: number; maxCentavos: number } {
  const minCentavos = (config && moneyStringToCentavos(config.min_bet)) || 10;
  const maxCentavos = (config && moneyStringToCentavos(config.max_bet)) || 100_000;
  return { minCentavos, maxCentavos: Math.max(minCentavos, maxCentavos) };
}

// ---- provably fair ---------------------------------------------------------------------------

export type FairSeeds = FairSeedsView;

export const fairSeedsKey = ['fair', 'seeds'] as const;

/** The member's active seed pair (and revealed ones); nothing for visitors. */
export function useFairSeeds(enabled = true) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: fairSeedsKey,
    queryFn: () => houseGet<FairSeeds>(API.fair.seeds),
    enabled: loggedIn && enabled,
    staleTime: 10_000,
  });
}

/** Reveals the active server seed and starts a new pair with this (or a random) client seed. */
export function useRotateSeeds() {
  const client = useQueryClient();
  return useCallback(
    async (clientSeed?: string) => {
      const data = await housePost<unknown>(API.fair.rotate, clientSeed ? { client_seed: clientSeed } : {});
      await client.invalidateQueries({ queryKey: fairSeedsKey });
      return data;
    },
    [client],
  );
}

/** After a bet the nonce moved: the fairness dialog re-reads the pair when next opened. */
export function useInvalidateFairSeeds() {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: fairSeedsKey }), [client]);
}
