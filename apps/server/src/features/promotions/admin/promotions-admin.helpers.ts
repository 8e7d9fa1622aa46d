import { ACTIVITY_TYPES, type ActivityType } from '@casino/shared/schemas/promotions';
import { AppError } from '../../../lib/http.ts';
import type { ActivityModule } from '../engine.ts';
import { MODULES } from '../modules/index.ts';

/**
 * The back office's promotions (DESIGN.md sections 7 and 10): operators configure each activity
 * (the module's own schema validates its settings), see what the claims cost, reconcile that cost
 * with the ledger, write redeem codes and switch the site's regulated profile (section 15).
 * Every change is one transaction with its audit row. One file per use case (site-profile,
 * activities-admin, claims-admin, cost-report, redeem-codes-admin); this one holds what they share.
 */

export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Text per language from a JSON column; anything that is not a string is left out. */
export function textsOf(json: string): Record<string, string> {
  const parsed = parseJson<unknown>(json, {});
  if (!isRecord(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The given languages' texts over the current ones; an empty string removes a language. */
export function mergeTexts(current: Record<string, string>, given: Partial<Record<string, string>>): Record<string, string> {
  const merged = { ...current };
  for (const [language, text] of Object.entries(given)) {
    if (text === undefined) continue;
    if (text === '') delete merged[language];
    else merged[language] = text;
  }
  return merged;
}

export const isActivityType = (type: string): type is ActivityType => (ACTIVITY_TYPES as readonly string[]).includes(type);

export function moduleOf(type: string): ActivityModule<unknown> | undefined {
  return isActivityType(type) ? MODULES.get(type) : undefined;
}

/** ISO instants are stored in one shape ("…T03:00:00.000Z") so string comparisons on SQLite hold. */
export const normalizeInstant = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** The start must come before the end, also when only one of them changes. */
export function assertDateOrder(startsAt: string | null, endsAt: string | null) {
  if (startsAt && endsAt && Date.parse(startsAt) >= Date.parse(endsAt)) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { ends_at: ['validation.ends_before_starts'] } });
  }
}

/** The changes whose value differs from the row's. */
export function changedOnly<T extends object>(changes: T, row: object): Partial<T> {
  const current = row as Record<string, unknown>;
  return Object.fromEntries(Object.entries(changes).filter(([key, value]) => current[key] !== value)) as Partial<T>;
}
