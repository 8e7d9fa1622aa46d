import { createHmac, randomBytes } from 'node:crypto';
import type { SeamlessAction, SeamlessAnswer } from '@casino/shared/schemas/games';

/**
 * The sandbox aggregator's side of the seamless wallet: it signs each call as
 * docs/SEAMLESS-WALLET.md says (its own signer, as a provider would write it), sends it over a
 * transport (HTTP to the address this server listens on, lib/self-call.ts), and retries a call
 * that got no answer with the same body and a fresh nonce. A call that never gets an answer comes
 * back as null: the caller decides (roll the bet back, queue the win).
 */

export interface WalletRequest {
  path: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}
export interface WalletResponse {
  status: number;
  body: string;
}
/** Sends one request; throws when no answer came (network failure, timeout). */
export type WalletTransport = (request: WalletRequest) => Promise<WalletResponse>;

export interface WalletClientOptions {
  platType: string;
  secret: () => Promise<string>;
  transport: WalletTransport;
  timeoutMs?: number;
  /** Attempts after the first one when no answer came. */
  retries?: number;
  backoffMs?: number;
}

export class SeamlessWalletClient {
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;

  constructor(private readonly options: WalletClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.retries = options.retries ?? 2;
    this.backoffMs = options.backoffMs ?? 200;
  }

  private async signedRequest(action: SeamlessAction, body: string): Promise<WalletRequest> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createHmac('sha256', await this.options.secret())
      .update(`${timestamp}.${nonce}.${body}`)
      .digest('hex');
    return {
      path: `/api/seamless/${encodeURIComponent(this.options.platType)}/${action}`,
      body,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-signature': signature },
      timeoutMs: this.timeoutMs,
    };
  }

  /** The wallet's answer, or null when none came after every retry. */
  async call(action: SeamlessAction, payload: Record<string, unknown>): Promise<SeamlessAnswer | null> {
    const body = JSON.stringify(payload);
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, this.backoffMs * attempt));
      try {
        const response = await this.options.transport(await this.signedRequest(action, body));
        // A 5xx is the wallet failing, not answering: try again.
        if (response.status >= 500) continue;
        const answer = JSON.parse(response.body) as SeamlessAnswer;
        if (typeof answer?.status === 'string') return answer;
      } catch {
        // No answer (timeout, connection refused): retry with the same body.
      }
    }
    return null;
  }
}
