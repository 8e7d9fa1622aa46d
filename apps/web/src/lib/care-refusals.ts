import { ApiError } from './api.ts';

/**
 * Refusals of the responsible-gaming rules (issue 12): a limit reached, a pause, a self-exclusion,
 * a closed account, an identity still to verify. Their message (translated by the server, with
 * when the limit resets) deserves more than a passing toast: the screen keeps it, with a way to
 * the responsible-gaming centre.
 */
const CARE_REFUSALS = new Set([
  'DEPOSIT_LIMIT_REACHED',
  'LOSS_LIMIT_REACHED',
  'WAGER_LIMIT_REACHED',
  'SESSION_TIME_LIMIT_REACHED',
  'ACCOUNT_PAUSED',
  'SELF_EXCLUDED',
  'CPF_EXCLUDED',
  'IDENTITY_NOT_VERIFIED',
]);

/** The server's message when `error` is one of those refusals, else null. */
export function careRefusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const code = error.body.error_code;
  return code && CARE_REFUSALS.has(code) ? error.body.message : null;
}
