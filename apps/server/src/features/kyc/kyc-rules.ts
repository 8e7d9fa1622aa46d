import type { KycReasonCode } from '@casino/shared/schemas/kyc';
import type { CpfRecord } from '../../context.ts';

/** The age from which betting is allowed (Lei 14.790/2023, art. 26). */
export const ADULT_AGE = 18;

/** A name as the registry comparison sees it: no accents, no case, punctuation and spacing folded. */
export function comparableName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('pt-BR')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whole years from `birthDate` to `today` (both YYYY-MM-DD): a birthday counts from its own day. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export type SandboxVerdict = { decision: 'approved'; reason: null } | { decision: 'rejected'; reason: KycReasonCode };

/**
 * The sandbox provider's rules (docs/IDENTITY.md), checked in this order: the member has a CPF;
 * the registry knows it; the member's full name matches the registry's (case and accents aside);
 * the birth date given matches the registry's; the registry's birth date makes the person 18 or
 * older on `today` (São Paulo). The first that fails is the reason.
 */
export function sandboxVerdict(
  kycCase: { cpf: string | null; fullName: string; birthDate: string | null },
  record: CpfRecord | null,
  today: string,
): SandboxVerdict {
  if (!kycCase.cpf) return { decision: 'rejected', reason: 'cpf_missing' };
  if (!record) return { decision: 'rejected', reason: 'cpf_not_found' };
  if (comparableName(kycCase.fullName) !== comparableName(record.fullName)) return { decision: 'rejected', reason: 'name_mismatch' };
  if (kycCase.birthDate !== record.birthDate) return { decision: 'rejected', reason: 'birth_date_mismatch' };
  if (ageOn(record.birthDate, today) < ADULT_AGE) return { decision: 'rejected', reason: 'under_age' };
  return { decision: 'approved', reason: null };
}
