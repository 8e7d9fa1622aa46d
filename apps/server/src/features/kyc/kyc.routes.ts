import multipart from '@fastify/multipart';
import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { KYC_MAX_FILE_BYTES, KYC_SIDES, kycDocumentsFields, kycStatusResponse } from '@casino/shared/schemas/kyc';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLang } from '../../lib/http.ts';
import { type SelfCall, selfCall } from '../../lib/self-call.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { handleKycWebhook } from './kyc-webhook.ts';
import { kycStatus, submitDocuments, type UploadedFile } from './kyc.service.ts';

const tags = ['identity'];
const security = [{ bearer: [] }];

/** Text fields a document upload may carry besides the files. */
const TEXT_FIELDS = new Set(['birth_date', 'lang']);
const LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

type Upload = {
  files: Partial<Record<string, UploadedFile>>;
  fields: Record<string, string>;
  fieldErrors: Record<string, string[]>;
};

/**
 * Reads the multipart form: at most 5 MB of each file is read (busboy stops there and marks the
 * file truncated: too large), every part is named by its field, and anything the form does not
 * have is a field error. What the files are is decided later, from their bytes.
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = { files: {}, fields: {}, fieldErrors: {} };
  if (!request.isMultipart()) return upload;
  const unexpected = (name: string, key = 'validation.kyc_file_unexpected') => {
    upload.fieldErrors[name || 'documents'] = [key];
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const side = part.fieldname;
        if (!(KYC_SIDES as readonly string[]).includes(side) || upload.files[side]) {
          part.file.resume();
          unexpected(side);
          continue;
        }
        const bytes = await part.toBuffer();
        upload.files[side] = part.file.truncated ? { bytes: null, tooLarge: true } : { bytes: new Uint8Array(bytes), tooLarge: false };
      } else if (TEXT_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      } else {
        unexpected(part.fieldname, 'validation.unknown_field');
      }
    }
  } catch (error) {
    if (!LIMIT_CODES.has((error as { code?: string }).code ?? '')) throw error;
    unexpected('documents');
  }
  return upload;
}

export const kycRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; kycCall?: SelfCall }> = async (app, { ctx, kycCall }) => {
  const member = requireMember(ctx);
  // The sandbox provider lives in this process: it reaches the webhook the way an outside caller would.
  ctx.kyc.connect?.(kycCall ?? selfCall(app));

  app.get(
    API.kyc.status,
    {
      preValidation: member,
      schema: {
        tags,
        security,
        summary: "The member's identity check: none, pending, approved or rejected (with the reason)",
        response: { 200: envelopeSchema(kycStatusResponse) },
      },
    },
    async (request) => ok(request, await kycStatus(ctx, memberOf(request).member.id, requestLang(request))),
  );

  // Documents come as multipart/form-data (front, back, selfie; JPEG, PNG or PDF; 5 MB each): the
  // multipart parser lives in this scope only. The route declares no JSON body, so a JSON call is
  // held to an empty one like every call without a body (lib/validation.ts).
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: KYC_MAX_FILE_BYTES,
        files: KYC_SIDES.length,
        fields: 4,
        parts: 10,
        fieldSize: 64,
        fieldNameSize: 32,
        headerPairs: 100,
      },
    });
    scope.post(
      API.kyc.documents,
      {
        preValidation: member,
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          summary: 'Sends identity documents (multipart: front, back, selfie; JPEG, PNG or PDF, 5 MB each; birth_date YYYY-MM-DD)',
          response: { 200: envelopeSchema(kycStatusResponse) },
        },
      },
      async (request) => {
        const upload = await readUpload(request);
        const fields = kycDocumentsFields.safeParse({ ...(upload.fields.birth_date ? { birth_date: upload.fields.birth_date } : {}) });
        const fieldErrors = { ...upload.fieldErrors };
        if (!fields.success) {
          for (const issue of fields.error.issues) fieldErrors[String(issue.path[0] ?? 'birth_date')] = [issue.message];
        }
        const lang = upload.fields.lang ?? requestLang(request);
        const answer = await submitDocuments(
          ctx,
          memberOf(request).member.id,
          { files: upload.files, birthDate: fields.success ? fields.data.birth_date : undefined, fieldErrors },
          lang,
        );
        return ok(request, answer, 'kyc.submitted');
      },
    );
  });

  // The provider's decisions: signed over the raw body, so this scope reads it as text.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(
      API.kycWebhook,
      {
        config: { signedBody: true },
        schema: { tags, summary: 'Identity decisions from the sandbox KYC provider (HMAC-SHA256, timestamped, each event once)' },
      },
      async (request, reply) => {
        const result = await handleKycWebhook(ctx, ctx.kyc.name, typeof request.body === 'string' ? request.body : '', request.headers);
        return reply.status(result.status).send({
          code: result.status,
          status: result.status === 200 ? 'success' : 'error',
          message: '',
          data: { outcome: result.outcome },
        });
      },
    );
  });
};
