import type { ApiAnswer, ApiFailure } from '@casino/shared/envelope';
import { currentLanguage, i18next } from './i18n';

/** sessionStorage key of the operator's bearer token. */
export const ADMIN_TOKEN_STORAGE_KEY = 'admin_token';

export function readToken(): string | null {
  try {
    return sessionStorage.getItem(ADMIN_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, token);
    else sessionStorage.removeItem(ADMIN_TOKEN_STORAGE_KEY);
  } catch {
    // storage unavailable: the session lasts for this page only
  }
}

/** A failed call, carrying the server's (already translated) message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string[]>;
  readonly errorCode: string | undefined;
  /** The whole failure answer, for the fields some refusals carry (a login's `challenge`). */
  readonly answer: ApiFailure | null;

  constructor(
    status: number,
    message: string,
    fieldErrors: Record<string, string[]> = {},
    errorCode?: string,
    answer: ApiFailure | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.errorCode = errorCode;
    this.answer = answer;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any failure: the server's text when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return i18next.t('errors.unexpected');
}

let onUnauthorized: () => void = () => {};

/** The app decides what a 401 means (back to the login page); set once at start. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type Query = Record<string, string | number | undefined | null>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Extra headers, such as the Idempotency-Key of a money-moving form. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type ApiResult<T> = { data: T; message: string };

function buildUrl(path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  params.set('lang', currentLanguage());
  return `${path}?${params.toString()}`;
}

/** Every call of the back office goes through here: token, language, envelope, 401 handling. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET') headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, i18next.t('errors.network'));
  }

  let answer: ApiAnswer<T> | null = null;
  try {
    answer = (await response.json()) as ApiAnswer<T>;
  } catch {
    answer = null;
  }

  if (response.status === 401) {
    writeToken(null);
    onUnauthorized();
    // A login's own 401s (TOTP_REQUIRED with its challenge, an expired challenge) keep their code.
    const failure = answer?.status === 'error' ? answer : null;
    throw new ApiError(401, answer?.message || i18next.t('errors.session_expired'), failure?.errors ?? {}, failure?.error_code, failure);
  }
  if (!answer || typeof answer !== 'object' || !('status' in answer)) {
    throw new ApiError(response.status, i18next.t('errors.unexpected'));
  }
  if (answer.status !== 'success' || !response.ok) {
    const failure = answer.status === 'error' ? answer : null;
    throw new ApiError(
      response.status,
      answer.message || i18next.t('errors.unexpected'),
      failure?.errors ?? {},
      failure?.error_code,
      failure,
    );
  }
  return { data: answer.data, message: answer.message };
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) => apiRequest<T>(path, { method: 'POST', body, headers }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** A fresh key per submission: the server posts a money movement once per key, so a double click moves money once. */
export function newIdempotencyKey(): string {
  // getRandomValues works outside secure contexts too (randomUUID does not).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
