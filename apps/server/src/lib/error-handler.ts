import { issueField } from '@casino/shared/zod-messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, sendError } from './http.ts';

/**
 * One place turns every failure into the envelope: schema failures are 422 with translated field
 * errors, expected failures keep their code, anything else is a 500 whose detail stays in the log.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const params = issue.params as { keys?: string[]; issue?: { path?: PropertyKey[] } };
        const names: string[] =
          issue.keyword === 'unrecognized_keys' && params.keys
            ? params.keys.map((k) => [issue.instancePath.slice(1), k].filter(Boolean).join('.'))
            : [issueField(issue.instancePath.split('/').filter(Boolean))];
        for (const name of names) {
          fields[name] = [...(fields[name] ?? []), issue.message ?? 'validation.invalid'];
        }
      }
      return sendError(request, reply, new AppError('VALIDATION_FAILED', { fieldErrors: fields }));
    }
    if (error instanceof AppError) return sendError(request, reply, error);
    if (error.statusCode === 413) return sendError(request, reply, new AppError('PAYLOAD_TOO_LARGE'));
    if (error.statusCode === 429) return sendError(request, reply, new AppError('RATE_LIMITED'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type, bad URL encoding: bad input, not a server fault.
      request.log.info({ err: error }, 'bad request');
      return sendError(request, reply, new AppError('BAD_PARAMETERS', { fieldErrors: { _: ['errors.bad_parameters'] } }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('INTERNAL'));
  });
}
