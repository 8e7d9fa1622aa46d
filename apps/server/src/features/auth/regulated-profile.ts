import { comparableName } from '@casino/shared/identity';
import { REGULATED_PROFILE_FIELDS, type RegulatedProfile } from '@casino/shared/schemas/regulated-profile';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { Member, MemberUpdate } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/http.ts';
import { cpfExcluded, memberLimits, saveLimit } from '../../platform/responsible/responsible.repository.ts';
import { checkCentralExclusion } from '../central-exclusion/central-exclusion.service.ts';
import { effectiveLimit, limitChange } from '../../platform/responsible/standing.ts';
import { lockMember } from '../../platform/members/member-lock.ts';
import * as repo from './regulated-profile.repository.ts';

/**
 * The regulated profile's registration data (issue 12 item 6; REFERENCE.md "Brazil: responsible
 * gaming and identity"): CPF (check digits, one account per CPF, known to the CPF registry under
 * the member's name and birth date), birth date (18+), e-mail, full address, and the two
 * prudential limits required at sign-up (a loss limit and a daily time limit). Registration on a
 * regulated site requires them; a member of a site that became regulated completes them at its
 * next login (POST /api/profile/regulated), and until then deposits and bets wait
 * (platform/responsible/standing.ts reads members.regulated_profile_at).
 */

/** Required fields (the complement is the only optional part of the address). */
const REQUIRED = REGULATED_PROFILE_FIELDS.filter((f) => f !== 'address_complement');

const MISSING_KEY: Partial<Record<(typeof REQUIRED)[number], string>> = {
  loss_limit: 'validation.loss_limit_required',
  loss_limit_period: 'validation.loss_limit_period',
  time_limit: 'validation.time_limit_required',
};

type FieldErrors = Record<string, string[]>;

/**
 * The federal register's answer at sign-up (SIGAP, issue 12 item 4; docs/RESPONSIBLE-GAMING.md):
 * "Impedido" refuses the registration (or the completion of an existing member's data) with 403
 * CPF_EXCLUDED, and a register that does not answer with 503 CENTRAL_EXCLUSION_UNAVAILABLE: no
 * account gets its CPF without the consultation. Every consultation is logged (with the member's
 * id for a completion).
 */
async function assertNotCentrallyExcluded(ctx: AppContext, cpf: string, memberId: number | null): Promise<void> {
  const result = await checkCentralExclusion(ctx, { cpf, memberId, reason: 'registration' });
  if (result === 'impedido') throw new AppError('CPF_EXCLUDED');
  if (result === 'error') throw new AppError('CENTRAL_EXCLUSION_UNAVAILABLE');
}

/**
 * Checks the regulated data of a registration (`memberId` null) or a completion: every required
 * field given, the CPF not self-excluded (403 CPF_EXCLUDED) nor on the federal register, not
 * another account's, known to the registry with the same name and birth date; the e-mail not
 * another account's. Answers the data, or throws 422 with every field error at once.
 */
export async function checkRegulatedProfile(
  ctx: AppContext,
  input: Partial<RegulatedProfile> & { realname: string },
  memberId: number | null,
  otherErrors: FieldErrors = {},
): Promise<RegulatedProfile> {
  const errors: FieldErrors = { ...otherErrors };
  for (const field of REQUIRED) {
    if (input[field] === undefined) errors[field] = [MISSING_KEY[field] ?? 'validation.required'];
  }
  const { cpf, email } = input;
  if (cpf !== undefined) {
    // A running self-exclusion refuses the CPF before anything else: the person gets no account.
    if (await cpfExcluded(ctx.db, cpf, clock.nowIso())) throw new AppError('CPF_EXCLUDED');
    await assertNotCentrallyExcluded(ctx, cpf, memberId);
    const owner = await repo.findMemberIdByCpf(ctx.db, cpf);
    if (owner && owner.id !== memberId) errors.cpf = ['validation.cpf_taken'];
    else {
      const record = await ctx.cpfRegistry.lookup(cpf);
      if (!record) errors.cpf = ['validation.cpf_not_in_registry'];
      else {
        if (comparableName(record.fullName) !== comparableName(input.realname)) errors.realname = ['validation.name_not_cpf_holder'];
        if (input.birth_date !== undefined && input.birth_date !== record.birthDate)
          errors.birth_date = ['validation.birth_date_not_cpf_holder'];
      }
    }
  }
  if (email !== undefined) {
    const owner = await repo.findMemberIdByEmail(ctx.db, email);
    if (owner && owner.id !== memberId) errors.email = ['validation.email_taken'];
  }
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
  return input as RegulatedProfile;
}

/** The member columns of the data (with the moment it became complete). */
export function regulatedColumns(profile: RegulatedProfile, now: string): MemberUpdate {
  return {
    cpf: profile.cpf,
    birth_date: profile.birth_date,
    email: profile.email,
    address_street: profile.address_street,
    address_number: profile.address_number,
    address_complement: profile.address_complement || null,
    address_district: profile.address_district,
    address_city: profile.address_city,
    address_state: profile.address_state,
    address_postal_code: profile.address_postal_code,
    regulated_profile_at: now,
    updated_at: now,
  };
}

/**
 * Writes the two sign-up limits inside the caller's transaction, by the limits' own rule: a first
 * limit or a lower one applies at once, a raise of an existing limit waits its cooling period.
 */
export async function saveSignupLimits(trx: Database, memberId: number, profile: RegulatedProfile): Promise<void> {
  const now = clock.nowIso();
  const current = (await memberLimits(trx, memberId)).map((row) => effectiveLimit(row, now));
  const wanted = [
    { kind: 'loss', period: profile.loss_limit_period, value: profile.loss_limit },
    { kind: 'time', period: 'day', value: profile.time_limit },
  ] as const;
  for (const limit of wanted) {
    const existing = current.find((l) => l.kind === limit.kind && l.period === limit.period);
    const change = limitChange(existing, limit.value, clock.nowMs());
    await saveLimit(
      trx,
      {
        memberId,
        kind: limit.kind,
        period: limit.period,
        value: change.value,
        pendingValue: change.pending?.value ?? null,
        pendingClear: change.pending !== null && change.pending.value === null,
        pendingAt: change.pending?.appliesAt ?? null,
      },
      now,
    );
  }
}

/** A lost race against the unique indexes (two registrations of one CPF or e-mail at once). */
export function regulatedUniqueViolation(error: unknown): AppError | null {
  if (isUniqueViolation(error, 'cpf')) return new AppError('CPF_TAKEN', { fieldErrors: { cpf: ['validation.cpf_taken'] } });
  if (isUniqueViolation(error, 'email')) return new AppError('EMAIL_TAKEN', { fieldErrors: { email: ['validation.email_taken'] } });
  return null;
}

/**
 * POST /api/profile/regulated: the member gives (or corrects) its data; it is checked like a
 * registration's and written with the sign-up limits in one transaction. A CPF already recorded
 * on the account (with a PIX key) cannot be exchanged for another one here.
 */
export async function completeRegulatedProfile(
  ctx: AppContext,
  member: Member,
  input: RegulatedProfile & { realname?: string | undefined },
): Promise<void> {
  const realname = input.realname ?? member.realname;
  const errors: FieldErrors = member.cpf !== null && member.cpf !== input.cpf ? { cpf: ['validation.cpf_not_account'] } : {};
  const profile = await checkRegulatedProfile(ctx, { ...input, realname }, member.id, errors);
  const now = clock.nowIso();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const locked = await lockMember(trx, member.id);
      if (!locked) throw new AppError('UNAUTHENTICATED');
      // A PIX key bound meanwhile recorded another CPF: the account keeps it.
      if (locked.cpf !== null && locked.cpf !== profile.cpf) {
        throw new AppError('CPF_MISMATCH', { fieldErrors: { cpf: ['validation.cpf_not_account'] } });
      }
      await repo.saveRegulatedColumns(trx, member.id, { ...regulatedColumns(profile, now), realname });
      await saveSignupLimits(trx, member.id, profile);
    });
  } catch (error) {
    throw regulatedUniqueViolation(error) ?? error;
  }
}

/** What the member of a regulated site still has to give; nothing off the regulated profile. */
export async function profileState(db: Database, member: Member, regulated: boolean) {
  if (!regulated || member.regulated_profile_at !== null) return { regulated, profile_incomplete: false, missing_fields: [] as string[] };
  const now = clock.nowIso();
  const limits = (await memberLimits(db, member.id)).map((row) => effectiveLimit(row, now));
  const has = (kind: string) => limits.some((l) => l.kind === kind && l.value !== null);
  const present: Record<string, boolean> = {
    cpf: member.cpf !== null,
    birth_date: member.birth_date !== null,
    email: member.email !== null,
    address_street: member.address_street !== null,
    address_number: member.address_number !== null,
    address_district: member.address_district !== null,
    address_city: member.address_city !== null,
    address_state: member.address_state !== null,
    address_postal_code: member.address_postal_code !== null,
    loss_limit: has('loss'),
    loss_limit_period: has('loss'),
    time_limit: has('time'),
  };
  return { regulated, profile_incomplete: true, missing_fields: REQUIRED.filter((f) => !present[f]) };
}

export const isSiteRegulated = repo.siteIsRegulated;
