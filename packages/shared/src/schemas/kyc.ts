import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { isValidCpf, normalizeCpf } from '../pix/cpf.ts';
import { realnameField } from './fields.ts';

/**
 * Identity checks (issue 12 item 5, docs/IDENTITY.md): the member's state, the documents it sends
 * (multipart: front, back, selfie), the provider's signed decision, and the back office's queue and
 * sandbox CPF registry.
 */

export const KYC_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** The three files of a submission, in the order the forms ask for them. */
export const KYC_SIDES = ['front', 'back', 'selfie'] as const;
export type KycSide = (typeof KYC_SIDES)[number];

/** Types accepted, as read from the file's first bytes (never its name or declared type). */
export const KYC_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type KycMime = (typeof KYC_MIME_TYPES)[number];

/** At most 5 MB per file. */
export const KYC_MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Rejection reasons the sandbox provider answers (anything else is an operator's own words). */
export const KYC_REASON_CODES = ['cpf_missing', 'cpf_not_found', 'name_mismatch', 'birth_date_mismatch', 'under_age'] as const;
export type KycReasonCode = (typeof KYC_REASON_CODES)[number];

/** A calendar date, YYYY-MM-DD, that exists. */
export const birthDateField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date_format', abort: true })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01';
    },
    { error: 'validation.date_format' },
  );

/** A CPF with or without punctuation, answered as its eleven digits. */
export const cpfField = z
  .string()
  .trim()
  .max(20, { error: 'validation.cpf_invalid' })
  .refine(isValidCpf, { error: 'validation.cpf_invalid' })
  .transform((value) => normalizeCpf(value) ?? value);

/** GET /api/kyc/status: the member's own state. */
export const kycStatusResponse = z.object({
  status: z.enum(KYC_STATUSES),
  /** Why the last check was rejected, in the reader's language (an operator's words as written). */
  reason: z.string().nullable(),
  /** The sandbox rule that rejected it (KYC_REASON_CODES), or null. */
  reason_code: z.string().nullable(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type KycStatusAnswer = z.infer<typeof kycStatusResponse>;

/**
 * The text fields of POST /api/kyc/documents (multipart, besides the files front, back and selfie):
 * the birth date as on the document, used when the member's record has none.
 */
export const kycDocumentsFields = z.object({
  birth_date: birthDateField.optional(),
});

/** The body a KYC provider posts to its webhook, signed (HMAC-SHA256 over `timestamp.rawBody`). */
export const kycWebhookBody = z.object({
  event_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  reference: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  decision: z.enum(['approved', 'rejected']),
  reason: z.enum(KYC_REASON_CODES).nullable(),
  decided_at: z.string().max(40),
});
export type KycWebhookBody = z.infer<typeof kycWebhookBody>;
export const KYC_SIGNATURE_HEADER = 'x-kyc-signature';
export const KYC_TIMESTAMP_HEADER = 'x-kyc-timestamp';

// ---- back office ----

export const adminKycQuery = pageQuerySchema.extend({
  /** Empty or absent: every submission. */
  status: z.union([z.enum(['pending', 'approved', 'rejected']), z.literal('')]).optional(),
});

export const adminKycDocument = z.object({
  side: z.enum(KYC_SIDES),
  mime: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
});

export const adminKycSubmission = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  member_account: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  /** What was checked: the member's name, CPF and birth date when the documents were sent. */
  full_name: z.string(),
  cpf: z.string().nullable(),
  birth_date: z.string().nullable(),
  provider: z.string(),
  provider_ref: z.string().nullable(),
  decided_by: z.enum(['provider', 'operator']).nullable(),
  operator_username: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  documents: z.array(adminKycDocument),
  /** What the CPF registry says of the CPF (null: not there, or no CPF). */
  registry: z.object({ full_name: z.string(), birth_date: z.string() }).nullable(),
});
export type AdminKycSubmission = z.infer<typeof adminKycSubmission>;
export const adminKycPage = pageSchema(adminKycSubmission);

export const kycSubmissionParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const kycDocumentParams = kycSubmissionParams.extend({ side: z.enum(KYC_SIDES) });

/** An operator's decision overrides the provider's; a rejection needs a reason the member will read. */
export const adminKycDecisionBody = z
  .object({
    decision: z.enum(['approved', 'rejected'], { error: 'validation.invalid' }),
    reason: z.string().trim().max(200, { error: 'validation.too_long' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.decision === 'rejected' && (body.reason ?? '').length < 3) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reason_required' });
    }
  });

export const cpfRegistryEntry = z.object({
  cpf: z.string(),
  full_name: z.string(),
  birth_date: z.string(),
  created_at: z.string(),
});
export type CpfRegistryEntry = z.infer<typeof cpfRegistryEntry>;
export const cpfRegistryPage = pageSchema(cpfRegistryEntry);
export const cpfRegistryQuery = pageQuerySchema.extend({
  /** Digits of a CPF or part of a name. */
  q: z.string().trim().max(100).optional(),
});
export const cpfRegistryAddBody = z.object({
  cpf: cpfField,
  full_name: realnameField,
  birth_date: birthDateField,
});
/** Digits (and the punctuation of a CPF); the service tells a valid CPF that is not there (404). */
export const cpfRegistryParams = z.object({ cpf: z.string().regex(/^[\d.-]{1,14}$/) });
