import { createHmac, randomBytes } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import { KYC_SIGNATURE_HEADER, KYC_TIMESTAMP_HEADER, type KycWebhookBody } from '@casino/shared/schemas/kyc';
import type { FastifyBaseLogger } from 'fastify';
import type { CpfRegistry, KycCase, KycProvider } from '../../context.ts';
import { saoPauloDay } from '../../lib/sao-paulo.ts';
import type { SelfCall } from '../../lib/self-call.ts';
import { sandboxVerdict } from './kyc-rules.ts';

/** Hex HMAC-SHA256 over `timestamp.rawBody` (the timestamp in milliseconds), as the PSP's webhook. */
export function signKycWebhook(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export interface SandboxKyc extends KycProvider {
  /** Decides and delivers every waiting case now (tests; a shutdown that must not lose decisions). */
  flush(): Promise<void>;
  /** Stops the timers; cases still waiting are left pending for an operator. */
  close(): void;
}

const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The sandbox identity provider: real code with documented behaviour (docs/IDENTITY.md), never a
 * mock. It takes a case, waits `delayMs` (a real check takes a while: the member sees "pending"),
 * decides by the rules of kyc-rules.ts against the CPF registry, and posts its decision to this
 * server's webhook, signed, the way a provider on the internet would.
 */
export function createSandboxKyc(options: { registry: CpfRegistry; secret: string; delayMs: number; log: FastifyBaseLogger }): SandboxKyc {
  let call: SelfCall | undefined;
  const waiting = new Map<string, { kycCase: KycCase; timer: NodeJS.Timeout }>();
  const inFlight = new Set<Promise<void>>();

  async function decideAndDeliver(kycCase: KycCase): Promise<void> {
    const record = kycCase.cpf ? await options.registry.lookup(kycCase.cpf) : null;
    const verdict = sandboxVerdict(kycCase, record, saoPauloDay());
    const body: KycWebhookBody = {
      event_id: `evt_${randomBytes(12).toString('hex')}`,
      reference: kycCase.reference,
      decision: verdict.decision,
      reason: verdict.reason,
      decided_at: new Date().toISOString(),
    };
    const raw = JSON.stringify(body);
    const timestamp = Date.now();
    if (!call) {
      options.log.warn({ reference: kycCase.reference }, 'sandbox kyc: no way to reach the webhook; the case waits for an operator');
      return;
    }
    try {
      const answer = await call({
        path: API.kycWebhook,
        body: raw,
        headers: {
          'content-type': 'application/json',
          [KYC_TIMESTAMP_HEADER]: String(timestamp),
          [KYC_SIGNATURE_HEADER]: signKycWebhook(options.secret, timestamp, raw),
        },
        timeoutMs: DELIVERY_TIMEOUT_MS,
      });
      if (answer.status !== 200)
        options.log.warn({ reference: kycCase.reference, status: answer.status }, 'sandbox kyc: the webhook refused the decision');
    } catch (error) {
      options.log.warn({ reference: kycCase.reference, err: error }, 'sandbox kyc: the decision did not reach the webhook');
    }
  }

  function run(reference: string) {
    const entry = waiting.get(reference);
    if (!entry) return Promise.resolve();
    clearTimeout(entry.timer);
    waiting.delete(reference);
    const delivery = decideAndDeliver(entry.kycCase).finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
    return delivery;
  }

  return {
    name: 'sandbox',
    connect(selfCall) {
      call = selfCall;
    },
    async submit(kycCase) {
      const timer = setTimeout(() => void run(kycCase.reference), options.delayMs);
      timer.unref();
      waiting.set(kycCase.reference, { kycCase, timer });
    },
    async flush() {
      await Promise.all([...waiting.keys()].map(run));
      await Promise.all([...inFlight]);
    },
    close() {
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
