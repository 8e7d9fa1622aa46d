import type { KycReasonCode } from '@casino/shared/schemas/kyc';
import type { CpfRecord } from '../../context.ts';
import { ADULT_AGE, ageOn, comparableName } from '@casino/shared/identity';

export { ADULT_AGE, ageOn, comparableName };

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
