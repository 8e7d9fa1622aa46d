import multipart from '@fastify/multipart';
import { SUPPORT_IMAGE_MAX_BYTES } from '@casino/shared/schemas/support';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadedImage } from './support.service.ts';

const LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** The multipart parser for one image (member and back-office uploads), in the caller's scope only. */
export async function registerImageMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: SUPPORT_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 4, fieldSize: 64, fieldNameSize: 32, headerPairs: 100 },
  });
}

/**
 * Reads the form: one file named `image` (at most 3 MB is read; busboy stops there and marks it
 * truncated) and the client-wide `lang`. Anything else is a field error. What the file is, is
 * decided later from its bytes.
 */
export async function readImageUpload(request: FastifyRequest): Promise<{ image: UploadedImage; fieldErrors: Record<string, string[]> }> {
  const fieldErrors: Record<string, string[]> = {};
  let image: UploadedImage;
  if (!request.isMultipart()) return { image, fieldErrors };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' || image) {
          part.file.resume();
          fieldErrors[part.fieldname || 'image'] = ['validation.unknown_field'];
          continue;
        }
        const bytes = await part.toBuffer();
        image = part.file.truncated ? { bytes: null, tooLarge: true } : { bytes: new Uint8Array(bytes), tooLarge: false };
      } else if (part.fieldname !== 'lang') {
        fieldErrors[part.fieldname] = ['validation.unknown_field'];
      }
    }
  } catch (error) {
    if (!LIMIT_CODES.has((error as { code?: string }).code ?? '')) throw error;
    fieldErrors.image = ['validation.unknown_field'];
  }
  return { image, fieldErrors };
}

/** An image is sent as itself: never cached by a shared cache, never sniffed into something else. */
export function imageHeaders(mime: string): Record<string, string> {
  return {
    'content-type': mime,
    'cache-control': 'private, max-age=3600',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'",
    'content-disposition': 'inline',
  };
}
