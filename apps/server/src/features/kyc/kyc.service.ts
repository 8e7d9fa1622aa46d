import { createHash, randomBytes } from 'node:crypto';
import {
  type AdminKycSubmission,
  type CpfRegistryEntry,
  KYC_MAX_FILE_BYTES,
  KYC_REASON_CODES,
  KYC_SIDES,
  type KycSide,
  type KycStatusAnswer,
} from '@casino/shared/schemas/kyc';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import type { KycDocumentsTable, KycSubmissionsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import type { Actor } from '../../platform/audit/actor.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import { deleteRegistryEntry, findRegistryEntry, insertRegistryEntry, pageRegistry } from './cpf-registry.repository.ts';
import { sniffDocumentType } from './file-types.ts';
import {
  decideSubmission,
  findDocument,
  findLatestSubmission,
  findMemberIdentity,
  findSubmission,
  findSubmissionWithNames,
  insertDocuments,
  insertSubmission,
  listDocuments,
  markMemberPending,
  pageSubmissions,
  setMemberKyc,
} from './kyc.repository.ts';
import type { Selectable } from 'kysely';

type Submission = Selectable<KycSubmissionsTable>;
type KycStatus = KycStatusAnswer['status'];

const isReasonCode = (reason: string): boolean => (KYC_REASON_CODES as readonly string[]).includes(reason);

/** A rule's code in the reader's language; an operator's words as written. */
function reasonText(reason: string | null, lang: string): string | null {
  if (reason === null) return null;
  return isReasonCode(reason) ? translate(lang, `kyc.reasons.${reason}`) : reason;
}

/** GET /api/kyc/status: the member's state and its newest submission's times. */
export async function kycStatus(ctx: AppContext, memberId: number, lang: string): Promise<KycStatusAnswer> {
  const [member, latest] = await Promise.all([findMemberIdentity(ctx.db, memberId), findLatestSubmission(ctx.db, memberId)]);
  const status = (member?.kyc_status ?? 'none') as KycStatus;
  const reason = status === 'rejected' ? (member?.kyc_reason ?? null) : null;
  return {
    status,
    reason: reasonText(reason, lang),
    reason_code: reason !== null && isReasonCode(reason) ? reason : null,
    submitted_at: latest?.created_at ?? null,
    decided_at: latest?.decided_at ?? null,
  };
}

/** One file as the upload read it: its bytes, or that it was over the limit (the rest was not read). */
export type UploadedFile = { bytes: Uint8Array; tooLarge: false } | { bytes: null; tooLarge: true };

interface CheckedDocument {
  side: KycSide;
  bytes: Uint8Array;
  mime: string;
  extension: string;
  sha256: string;
}

/** Every side present, at most 5 MB, and a JPEG, PNG or PDF by its bytes; else 422 naming each field. */
export function checkDocuments(files: Partial<Record<string, UploadedFile>>, fieldErrors: Record<string, string[]>): CheckedDocument[] {
  const checked: CheckedDocument[] = [];
  for (const side of KYC_SIDES) {
    const file = files[side];
    if (!file || (file.bytes !== null && file.bytes.length === 0)) {
      fieldErrors[side] = ['validation.kyc_file_required'];
      continue;
    }
    if (file.tooLarge || file.bytes.length > KYC_MAX_FILE_BYTES) {
      fieldErrors[side] = ['validation.kyc_file_too_large'];
      continue;
    }
    const type = sniffDocumentType(file.bytes);
    if (!type) {
      fieldErrors[side] = ['validation.kyc_file_type'];
      continue;
    }
    checked.push({ side, bytes: file.bytes, ...type, sha256: createHash('sha256').update(file.bytes).digest('hex') });
  }
  return checked;
}

/**
 * POST /api/kyc/documents. The files are written to storage first (outside any transaction: an
 * upload to a bucket takes time), then the submission, its documents and the member's `pending`
 * state are written together; last, the case goes to the provider, whose decision comes to the
 * webhook. A provider that cannot take the case leaves it pending for an operator.
 */
export async function submitDocuments(
  ctx: AppContext,
  memberId: number,
  input: { files: Partial<Record<string, UploadedFile>>; birthDate: string | undefined; fieldErrors: Record<string, string[]> },
  lang: string,
): Promise<KycStatusAnswer> {
  const member = await findMemberIdentity(ctx.db, memberId);
  if (!member) throw new AppError('UNAUTHENTICATED');
  refuseUnlessOpen(member.kyc_status);
  const fieldErrors = { ...input.fieldErrors };
  const documents = checkDocuments(input.files, fieldErrors);
  // The birth date registration recorded (the regulated profile); otherwise the member gives it
  // with the documents.
  const birthDate = member.birth_date ?? input.birthDate;
  if (!birthDate) fieldErrors.birth_date = ['validation.required'];
  if (Object.keys(fieldErrors).length > 0) throw new AppError('VALIDATION_FAILED', { fieldErrors });

  const folder = `kyc/${memberId}/${randomBytes(8).toString('hex')}`;
  const stored = documents.map((document) => ({ ...document, storageKey: `${folder}/${document.side}.${document.extension}` }));
  for (const document of stored) await ctx.fileStorage.put(document.storageKey, document.bytes, document.mime);

  const reference = `kyc_${randomBytes(12).toString('hex')}`;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const now = nowIso();
      // Re-read inside the transaction: two uploads at once make one submission.
      if (!(await markMemberPending(trx, memberId, now))) throw new AppError('KYC_ALREADY_PENDING');
      const submissionId = await insertSubmission(trx, {
        member_id: memberId,
        full_name: member.realname,
        cpf: member.cpf,
        birth_date: birthDate ?? null,
        provider: ctx.kyc.name,
        provider_ref: reference,
        now,
      });
      await insertDocuments(
        trx,
        stored.map((document) => ({
          submission_id: submissionId,
          side: document.side,
          storage_key: document.storageKey,
          mime: document.mime,
          size_bytes: document.bytes.length,
          sha256: document.sha256,
          created_at: now,
        })),
      );
    });
  } catch (error) {
    await Promise.all(stored.map((document) => ctx.fileStorage.remove(document.storageKey).catch(() => undefined)));
    throw error;
  }

  try {
    await ctx.kyc.submit({
      reference,
      memberId,
      fullName: member.realname,
      cpf: member.cpf,
      birthDate: birthDate ?? null,
      documents: stored.map((document) => ({ side: document.side, storageKey: document.storageKey, mime: document.mime })),
    });
  } catch (error) {
    ctx.log.error({ err: error, reference }, 'kyc provider did not take the case; it waits for an operator');
  }
  return kycStatus(ctx, memberId, lang);
}

function refuseUnlessOpen(status: string) {
  if (status === 'pending') throw new AppError('KYC_ALREADY_PENDING');
  if (status === 'approved') throw new AppError('KYC_ALREADY_APPROVED');
}

// ---- back office ----

type SubmissionWithNames = Submission & { member_account: string; operator_username: string | null };

async function toAdminSubmissions(ctx: AppContext, rows: SubmissionWithNames[]): Promise<AdminKycSubmission[]> {
  const documents = await listDocuments(
    ctx.db,
    rows.map((row) => row.id),
  );
  const registry = new Map<string, { full_name: string; birth_date: string } | null>();
  for (const cpf of new Set(rows.map((row) => row.cpf).filter((cpf): cpf is string => cpf !== null))) {
    const record = await ctx.cpfRegistry.lookup(cpf);
    registry.set(cpf, record ? { full_name: record.fullName, birth_date: record.birthDate } : null);
  }
  const byId = (id: number) => documents.filter((document: Selectable<KycDocumentsTable>) => Number(document.submission_id) === id);
  return rows.map((row) => ({
    id: Number(row.id),
    member_id: Number(row.member_id),
    member_account: row.member_account,
    status: row.status as AdminKycSubmission['status'],
    reason: row.reason,
    full_name: row.full_name,
    cpf: row.cpf,
    birth_date: row.birth_date,
    provider: row.provider,
    provider_ref: row.provider_ref,
    decided_by: row.decided_by as AdminKycSubmission['decided_by'],
    operator_username: row.operator_username,
    created_at: row.created_at,
    decided_at: row.decided_at,
    documents: byId(Number(row.id)).map((document) => ({
      side: document.side as KycSide,
      mime: document.mime,
      size_bytes: Number(document.size_bytes),
      sha256: document.sha256,
    })),
    registry: row.cpf ? (registry.get(row.cpf) ?? null) : null,
  }));
}

export async function adminSubmissions(ctx: AppContext, filter: { status?: string | undefined; page: number; page_size: number }) {
  const { list, total } = await pageSubmissions(ctx.db, filter);
  return { list: await toAdminSubmissions(ctx, list), total, page: filter.page, page_size: filter.page_size };
}

export async function adminSubmission(ctx: AppContext, id: number): Promise<AdminKycSubmission> {
  const row = await findSubmissionWithNames(ctx.db, id);
  if (!row) throw new AppError('KYC_SUBMISSION_NOT_FOUND');
  const [answer] = await toAdminSubmissions(ctx, [row]);
  if (!answer) throw new AppError('KYC_SUBMISSION_NOT_FOUND');
  return answer;
}

/** One document's bytes and type, for the back office's viewer. */
export async function adminDocument(ctx: AppContext, id: number, side: KycSide): Promise<{ bytes: Uint8Array; mime: string }> {
  const document = await findDocument(ctx.db, id, side);
  if (!document) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
  const bytes = await ctx.fileStorage.get(document.storage_key);
  if (!bytes) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
  return { bytes, mime: document.mime };
}

/**
 * An operator's decision on a submission, whatever its state (an override of the provider, or of
 * another operator): written with the member's state and the audit row in one transaction.
 */
export async function decideByOperator(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { decision: 'approved' | 'rejected'; reason?: string | undefined },
): Promise<AdminKycSubmission> {
  const reason = input.decision === 'rejected' ? (input.reason ?? '').trim() : input.reason?.trim() || null;
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findSubmission(trx, id);
    if (!before) throw new AppError('KYC_SUBMISSION_NOT_FOUND');
    const now = nowIso();
    const memberReason = input.decision === 'rejected' ? reason : null;
    await decideSubmission(trx, id, { status: input.decision, reason, by: 'operator', operatorId: actor.operatorId, now });
    const latest = await findLatestSubmission(trx, before.member_id);
    if (latest?.id === before.id) await setMemberKyc(trx, before.member_id, input.decision, memberReason, now);
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'kyc.decide',
      targetType: 'kyc_submission',
      targetId: id,
      before: { status: before.status, reason: before.reason, decided_by: before.decided_by, member_id: Number(before.member_id) },
      after: { status: input.decision, reason, decided_by: 'operator', member_id: Number(before.member_id) },
      ip: actor.ip,
    });
  });
  return adminSubmission(ctx, id);
}

// ---- the sandbox CPF registry ----

const toEntry = (row: { cpf: string; full_name: string; birth_date: string; created_at: string }): CpfRegistryEntry => ({
  cpf: row.cpf,
  full_name: row.full_name,
  birth_date: row.birth_date,
  created_at: row.created_at,
});

export async function registryPage(ctx: AppContext, filter: { q?: string | undefined; page: number; page_size: number }) {
  const { list, total } = await pageRegistry(ctx.db, filter);
  return { list: list.map(toEntry), total, page: filter.page, page_size: filter.page_size };
}

export async function addRegistryEntry(
  ctx: AppContext,
  actor: Actor,
  input: { cpf: string; full_name: string; birth_date: string },
): Promise<CpfRegistryEntry> {
  return ctx.db.transaction().execute(async (trx) => {
    if (await findRegistryEntry(trx, input.cpf)) {
      throw new AppError('VALIDATION_FAILED', { fieldErrors: { cpf: ['validation.cpf_registry_taken'] } });
    }
    const row = { ...input, created_at: nowIso() };
    await insertRegistryEntry(trx, row);
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'kyc.registry_add',
      targetType: 'cpf',
      targetId: input.cpf,
      after: input,
      ip: actor.ip,
    });
    return toEntry(row);
  });
}

export async function removeRegistryEntry(ctx: AppContext, actor: Actor, cpf: string): Promise<void> {
  const digits = cpf.replace(/\D/g, '');
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findRegistryEntry(trx, digits);
    if (!before || !(await deleteRegistryEntry(trx, digits))) throw new AppError('CPF_REGISTRY_NOT_FOUND');
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'kyc.registry_remove',
      targetType: 'cpf',
      targetId: digits,
      before: { full_name: before.full_name, birth_date: before.birth_date },
      ip: actor.ip,
    });
  });
}
