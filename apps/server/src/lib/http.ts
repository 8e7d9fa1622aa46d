import { ERRORS, type ErrorCode } from '@casino/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from './i18n.ts';

export interface AppErrorOptions {
  /** Messages per form field (catalogue keys). */
  fieldErrors?: Record<string, string[]> | undefined;
  /** Keys added to the answer's envelope (e.g. `retry_after`). */
  extra?: Record<string, unknown> | undefined;
  /** Values for the message's {{placeholders}} (amounts already formatted for the reader). */
  messageValues?: Record<string, string | number> | ((lang: string) => Record<string, string | number>) | undefined;
}

/** An expected failure: a code of the shared table, with optional field errors, envelope keys and message values. */
export class AppError extends Error {
  readonly fieldErrors: AppErrorOptions['fieldErrors'];
  readonly extra: AppErrorOptions['extra'];
  readonly messageValues: AppErrorOptions['messageValues'];
  constructor(
    readonly errorCode: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(errorCode);
    this.fieldErrors = options.fieldErrors;
    this.extra = options.extra;
    this.messageValues = options.messageValues;
  }
  get status(): number {
    return ERRORS[this.errorCode].status;
  }
}

/** A failure on one form field, with the field's message key (defaults to the code's message). */
export function fieldError(code: ErrorCode, field: string, messageKey: string = ERRORS[code].message): AppError {
  return new AppError(code, { fieldErrors: { [field]: [messageKey] } });
}

/** The reader's language: the `lang` the client adds to every call (query, else body), else pt. */
export function requestLang(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.lang === 'string') return query.lang;
  const body = request.body as Record<string, unknown> | null | undefined;
  if (body && typeof body === 'object' && typeof body.lang === 'string') return body.lang;
  return 'pt';
}

/** The success envelope, with a translated message. */
export function ok<T>(request: FastifyRequest, data: T, messageKey = 'ok', values?: Record<string, unknown>) {
  return { code: 200, status: 'success' as const, message: translate(requestLang(request), messageKey, values), data };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const lang = requestLang(request);
  const values = typeof error.messageValues === 'function' ? error.messageValues(lang) : error.messageValues;
  const errors = error.fieldErrors
    ? Object.fromEntries(Object.entries(error.fieldErrors).map(([f, keys]) => [f, keys.map((k) => translate(lang, k, values))]))
    : undefined;
  const firstFieldMessage = errors ? Object.values(errors)[0]?.[0] : undefined;
  // A throttled call says when to come back, in the body and in the standard header.
  if (typeof error.extra?.retry_after === 'number') reply.header('retry-after', String(error.extra.retry_after));
  return reply.status(error.status).send({
    code: error.status,
    status: 'error',
    message: firstFieldMessage ?? translate(lang, ERRORS[error.errorCode].message, values),
    data: null,
    error_code: error.errorCode,
    ...(errors ? { errors } : {}),
    ...error.extra,
  });
}
