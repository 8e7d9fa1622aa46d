import { z } from 'zod';

/** Every JSON answer: `{ code, status, message, data }` (DESIGN.md section 3). */
export type ApiSuccess<T> = { code: number; status: 'success'; message: string; data: T };
export type ApiFailure = {
  code: number;
  status: 'error';
  message: string;
  data: null;
  /** Field errors of a 422, field name to translated messages. */
  errors?: Record<string, string[]>;
  /** Set on a 401 when an operator forced the session off. */
  force_offline?: boolean;
  /** Stable machine-readable code (ERRORS key). */
  error_code?: string;
  /** With 429 LOGIN_THROTTLED: seconds before the next try (also the Retry-After header). */
  retry_after?: number;
  /** With 401 TOTP_REQUIRED: the token of the login's second step, and how long it lasts (seconds). */
  challenge?: string;
  challenge_expires_in?: number;
};
export type ApiAnswer<T> = ApiSuccess<T> | ApiFailure;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    status: z.literal('success'),
    message: z.string(),
    data,
  });
}

export const failureSchema = z.object({
  code: z.number().int(),
  status: z.literal('error'),
  message: z.string(),
  data: z.null(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  force_offline: z.boolean().optional(),
  error_code: z.string().optional(),
  retry_after: z.number().int().optional(),
  challenge: z.string().optional(),
  challenge_expires_in: z.number().int().optional(),
});

/** Paged list answer (DESIGN.md section 3). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

export const MAX_PAGE_SIZE = 100;
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
