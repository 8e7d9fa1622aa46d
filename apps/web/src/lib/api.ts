import { API } from '@casino/shared/player-api-paths';
import type { ApiFailure, ApiSuccess } from '@casino/shared/envelope';
import { UNAUTHENTICATED_MESSAGE } from '@casino/shared/errors';
import { i18n } from './translation.ts';
import { showLoginExpired, showTermsGate } from './dialogs.ts';
import { currentLanguage } from './i18n.ts';
import { clearSession, getToken } from './session.ts';
import { toast } from './toast.ts';

export type { ApiSuccess };

/** A failed call: the HTTP status and the server's envelope (message already translated). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiFailure;
  constructor(status: number, body: ApiFailure) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  get fieldErrors(): Record<string, string[]> {
    return this.body.errors ?? {};
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;
export type RequestOptions = {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
};

function networkFailure(status: number): ApiFailure {
  return { code: status, status: 'error', message: i18n.t('session.network_error'), data: null };
}

function buildUrl(path: string, query: Query | undefined): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  // The language parameter goes on every call (spec section 7).
  url.searchParams.set('lang', currentLanguage());
  return url.pathname + url.search;
}

function clearAllStorage(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Nothing stored that we could reach.
  }
}

/**
 * Session rules of spec section 4. `usedToken` is the token the call carried: a late 401 of an
 * old session must not end a session started since.
 */
function handleUnauthenticated(path: string, body: ApiFailure, usedToken: string | null): void {
  if (body.force_offline) {
    clearAllStorage();
    clearSession();
    toast.error(i18n.t('session.network_error'));
    return;
  }
  if (usedToken === null || usedToken !== getToken()) return;
  clearSession();
  // The background user-info refresh resets quietly; an action the player started asks.
  if (path !== API.me) showLoginExpired();
}

/** Calls the API and unwraps the envelope; any answer but `status: 'success'` throws ApiError. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiSuccess<T>> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: options.method ?? 'GET', headers };
  if (options.signal) init.signal = options.signal;
  if (options.body instanceof FormData) {
    // A file upload: the browser writes the multipart Content-Type with its boundary.
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, networkFailure(0));
  }

  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const envelope = body as { status?: unknown; message?: unknown } | null;
  if (response.ok && envelope?.status === 'success') return envelope as unknown as ApiSuccess<T>;

  const failure: ApiFailure =
    envelope && typeof envelope.message === 'string' ? (envelope as unknown as ApiFailure) : networkFailure(response.status);
  if (response.status === 401 || failure.message === UNAUTHENTICATED_MESSAGE) {
    handleUnauthenticated(path, failure, token);
  }
  // Terms in force not accepted yet: whichever call met it, the acceptance dialog opens.
  if (response.status === 403 && failure.error_code === 'TERMS_NOT_ACCEPTED') showTermsGate();
  throw new ApiError(response.status, failure);
}

export const apiGet = <T>(path: string, query?: Query, signal?: AbortSignal) =>
  request<T>(path, { method: 'GET', query, ...(signal ? { signal } : {}) });

export const apiPost = <T>(path: string, body?: unknown) =>
  request<T>(path, body === undefined ? { method: 'POST' } : { method: 'POST', body });

/** The message to show for any failure: the server's text, else the network-error text. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body.message || i18n.t('session.network_error');
  return i18n.t('session.network_error');
}

/** A 401 was already answered by the session rules (dialog or reset): no extra toast. */
export function isSessionError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.body.message === UNAUTHENTICATED_MESSAGE);
}
