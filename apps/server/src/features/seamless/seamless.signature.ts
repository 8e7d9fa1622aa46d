import { createHmac, timingSafeEqual } from 'node:crypto';
import { SEAMLESS_HEADERS, SEAMLESS_MAX_SKEW_SECONDS } from '@casino/shared/schemas/games';
import type { Counter } from '../../lib/rate-limiter.ts';

/**
 * Signatures of the seamless-wallet callbacks (docs/SEAMLESS-WALLET.md): hex
 * HMAC-SHA256(secret, `${timestamp}.${nonce}.${rawBody}`), a timestamp within five minutes of our
 * clock, and a nonce used once. The raw body is signed, never a re-serialisation of it.
 */

export function signSeamless(secret: string, timestamp: string, nonce: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${nonce}.${rawBody}`).digest('hex');
}

export type SignatureVerdict = 'ok' | 'missing' | 'malformed' | 'stale' | 'mismatch' | 'replayed';

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * Checks one call. The nonce is remembered (in the shared counter store, Redis when configured,
 * so every server process sees it) for longer than any timestamp stays acceptable.
 */
export async function verifySeamlessSignature(
  counters: Counter,
  provider: { plat_type: string; wallet_secret: string | null },
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowMs = Date.now(),
): Promise<SignatureVerdict> {
  const signature = header(headers, SEAMLESS_HEADERS.signature)?.toLowerCase();
  const timestamp = header(headers, SEAMLESS_HEADERS.timestamp);
  const nonce = header(headers, SEAMLESS_HEADERS.nonce);
  if (!signature || !timestamp || !nonce || !provider.wallet_secret) return 'missing';
  if (!/^[0-9a-f]{64}$/.test(signature) || !/^\d{1,12}$/.test(timestamp) || !/^[A-Za-z0-9_-]{8,64}$/.test(nonce)) return 'malformed';
  if (Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) > SEAMLESS_MAX_SKEW_SECONDS) return 'stale';
  const expected = Buffer.from(signSeamless(provider.wallet_secret, timestamp, nonce, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'mismatch';
  // Checked after the signature, so only the provider itself can spend its nonces.
  const seen = await counters.hit(`seamless-nonce:${provider.plat_type}:${nonce}`, (2 * SEAMLESS_MAX_SKEW_SECONDS + 1) * 1000);
  return seen === 1 ? 'ok' : 'replayed';
}
