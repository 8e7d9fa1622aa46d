import { createHmac, randomBytes } from 'node:crypto';

/**
 * A payment service provider adapter (DESIGN.md section 6). The sandbox is the default; a real
 * PSP is one more implementation of this interface.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Opens a PIX charge for a deposit order: the BR Code the player pays. */
  createCharge(order: {
    orderNo: string;
    amountCentavos: number;
    expiresAt: Date;
  }): Promise<{ txid: string; brCode: string; payPageUrl: string | null }>;
  /** Pays a withdrawal to a PIX key; `reference` identifies the payment at the provider. */
  payout(withdrawal: {
    orderNo: string;
    amountCentavos: number;
    keyType: string;
    pixKey: string;
    holderName: string;
  }): Promise<{ ok: true; reference: string } | { ok: false; reason: string }>;
}

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
