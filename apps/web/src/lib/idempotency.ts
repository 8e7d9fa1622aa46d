import { ApiError } from './api.ts';

/**
 * Client-chosen idempotency keys (docs/LEDGER.md): a request that moves money carries a key made
 * before it is sent, and a retry of the same request after a lost answer sends the same key, so
 * the server answers the first request instead of making a second one.
 */

/** A new key: a UUID, or without crypto.randomUUID (plain http) 16 random bytes in hex. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the server answered for sure: a success or a refusal (4xx) will be answered the same to
 * a retry. A network failure or a 5xx may have happened or not, so its key is kept for the retry.
 */
export function isDefiniteAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * Keys per request content: `keyFor` answers the pending key of this content (a retry) or a new
 * one; `settle` forgets it once the server answered for sure.
 */
export function createKeyKeeper() {
  let pending: { content: string; key: string } | null = null;
  return {
    keyFor(content: string): string {
      if (pending?.content !== content) pending = { content, key: newIdempotencyKey() };
      return pending.key;
    },
    settle(error?: unknown): void {
      if (error === undefined || isDefiniteAnswer(error)) pending = null;
    },
  };
}
