import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { signWebhook } from '../payments/psp.ts';
import { type CreditOutcome, creditPayment } from './deposits.service.ts';
import { recordWebhookEvent } from './deposits.repository.ts';

export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const TIMESTAMP_HEADER = 'x-sandbox-timestamp';
const MAX_SKEW_MS = 5 * 60_000;

/** Banco Central's API Pix v2 webhook body: several payments per call are possible. */
const pixWebhookBody = z.object({
  pix: z
    .array(
      z.object({
        endToEndId: z.string().length(32),
        txid: z.string().regex(/^[A-Za-z0-9]{26,35}$/),
        valor: z.string().max(16),
        horario: z.string().max(40).optional(),
        /** The payer (PIX only from the member's own CPF): a person's CPF or a company's CNPJ, digits only. */
        pagador: z
          .object({
            cpf: z
              .string()
              .regex(/^\d{11}$/)
              .optional(),
            cnpj: z
              .string()
              .regex(/^\d{14}$/)
              .optional(),
            nome: z.string().max(200).optional(),
          })
          .optional(),
      }),
    )
    .min(1)
    .max(100),
});

export type WebhookResult = { status: 200 | 400 | 401; outcomes: CreditOutcome[] };

/**
 * Verifies the HMAC of the raw body (timing-safe, with a timestamp window against replays),
 * records every event, and credits each payment at most once.
 */
export async function handleSandboxWebhook(
  ctx: AppContext,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookResult> {
  const now = nowIso();
  const timestamp = Number(headers[TIMESTAMP_HEADER]);
  const signature = String(headers[SIGNATURE_HEADER] ?? '');
  const expected = Number.isFinite(timestamp) ? signWebhook(ctx.webhookSecret, timestamp, rawBody) : '';
  const fresh = Number.isFinite(timestamp) && Math.abs(Date.now() - timestamp) <= MAX_SKEW_MS;
  const valid = fresh && /^[0-9a-f]{64}$/.test(signature) && timingSafeEqual(Buffer.from(signature, 'hex'), Buffer.from(expected, 'hex'));
  if (!valid) {
    ctx.log.warn({ fresh }, 'pix webhook refused: bad or stale signature');
    await recordWebhookEvent(ctx.db, {
      provider: 'sandbox',
      eventId: '-',
      payload: rawBody,
      outcome: fresh ? 'bad_signature' : 'stale',
      now,
    });
    return { status: 401, outcomes: [] };
  }
  let body: z.infer<typeof pixWebhookBody>;
  try {
    body = pixWebhookBody.parse(JSON.parse(rawBody));
  } catch {
    await recordWebhookEvent(ctx.db, { provider: 'sandbox', eventId: '-', payload: rawBody, outcome: 'malformed', now });
    return { status: 400, outcomes: [] };
  }
  const outcomes: CreditOutcome[] = [];
  for (const payment of body.pix) {
    const outcome = await creditPayment(ctx, payment);
    outcomes.push(outcome);
    await recordWebhookEvent(ctx.db, { provider: 'sandbox', eventId: payment.endToEndId, payload: JSON.stringify(payment), outcome, now });
    ctx.log.info({ txid: payment.txid, endToEndId: payment.endToEndId, outcome }, 'pix payment');
  }
  return { status: 200, outcomes };
}
