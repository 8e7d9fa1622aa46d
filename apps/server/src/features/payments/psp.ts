import { createHmac, randomBytes } from 'node:crypto';

/** txid: 26-35 alphanumerics chosen by the receiver (Banco Central's API Pix). */
export function newTxid(): string {
  return randomBytes(20).toString('hex').slice(0, 32);
}

/** endToEndId: exactly 32 characters identifying one PIX payment. */
export function newEndToEndId(prefix = 'E'): string {
  return `${prefix}${randomBytes(16).toString('hex').toUpperCase()}`.slice(0, 32);
}

/** HMAC-SHA256 of `timestamp.body`, hex: the sandbox's webhook signature. */
export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The sandbox refuses payouts to this key, so the failure path can be exercised end to end. */
export const SANDBOX_FAILING_PIX_KEY = 'recusar@sandbox.test';

/** The sandbox refuses to return payments whose endToEndId starts with this, so a failed refund can be exercised. */
export const SANDBOX_FAILING_REFUND_PREFIX = 'EFAILREFUND';
