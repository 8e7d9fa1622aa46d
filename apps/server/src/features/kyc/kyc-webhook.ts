import { timingSafeEqual } from 'node:crypto';
import { KYC_SIGNATURE_HEADER, KYC_TIMESTAMP_HEADER, kycWebhookBody, type KycWebhookBody } from '@casino/shared/schemas/kyc';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { decideSubmission, findLatestSubmission, findSubmissionByReference, recordWebhookEvent, setMemberKyc } from './kyc.repository.ts';
import { signKycWebhook } from './sandbox-kyc.ts';

/** A decision older (or newer) than this is refused as stale. */
export const KYC_WEBHOOK_MAX_SKEW_MS = 5 * 60_000;

export type KycWebhookOutcome = 'applied' | 'already_decided' | 'bad_signature' | 'stale' | 'malformed' | 'replayed' | 'unknown_reference';
export type KycWebhookResult = { status: 200 | 400 | 401 | 404 | 409; outcome: KycWebhookOutcome };

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** The signature over the raw body, timing-safe, and the timestamp within five minutes of our clock. */
export function verifyKycSignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowMs = Date.now(),
): 'ok' | 'bad_signature' | 'stale' {
  const timestampText = header(headers, KYC_TIMESTAMP_HEADER);
  const signature = header(headers, KYC_SIGNATURE_HEADER).toLowerCase();
  if (!/^\d{1,15}$/.test(timestampText) || !/^[0-9a-f]{64}$/.test(signature)) return 'bad_signature';
  const timestamp = Number(timestampText);
  const expected = Buffer.from(signKycWebhook(secret, timestamp, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'bad_signature';
  // Checked after the signature, so only the provider learns that its clock is off.
  return Math.abs(nowMs - timestamp) <= KYC_WEBHOOK_MAX_SKEW_MS ? 'ok' : 'stale';
}

/**
 * A provider's decision: signed and fresh, an event id never seen (the id is recorded in the same
 * transaction as the decision, so two deliveries at once apply once), for a reference of ours. A
 * decision for a submission an operator already decided is recorded as seen and changes nothing.
 */
export async function handleKycWebhook(
  ctx: AppContext,
  provider: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<KycWebhookResult> {
  const verdict = verifyKycSignature(ctx.kycWebhookSecret, headers, rawBody);
  if (verdict !== 'ok') {
    ctx.log.warn({ provider, verdict }, 'kyc webhook refused');
    return { status: 401, outcome: verdict };
  }
  let body: KycWebhookBody;
  try {
    body = kycWebhookBody.parse(JSON.parse(rawBody));
  } catch {
    return { status: 400, outcome: 'malformed' };
  }
  const result = await ctx.db.transaction().execute(async (trx): Promise<KycWebhookResult> => {
    const now = nowIso();
    if (!(await recordWebhookEvent(trx, provider, body.event_id, now))) return { status: 409, outcome: 'replayed' };
    const submission = await findSubmissionByReference(trx, provider, body.reference);
    if (!submission) return { status: 404, outcome: 'unknown_reference' };
    const changed = await decideSubmission(trx, submission.id, {
      status: body.decision,
      reason: body.reason,
      by: 'provider',
      operatorId: null,
      now,
    });
    if (!changed) return { status: 200, outcome: 'already_decided' };
    const latest = await findLatestSubmission(trx, submission.member_id);
    if (latest?.id === submission.id) await setMemberKyc(trx, submission.member_id, body.decision, body.reason, now);
    return { status: 200, outcome: 'applied' };
  });
  ctx.log.info(
    { provider, reference: body.reference, event: body.event_id, decision: body.decision, outcome: result.outcome },
    'kyc decision',
  );
  return result;
}
