import { isValidCpf, normalizeCpf } from '@casino/shared/pix/cpf';
import { normalizePixKey, type PixKeyType } from '@casino/shared/pix/pix-key';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Member } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import * as repo from './member-banks.repository.ts';
import { lockMember } from '../../platform/members/member-lock.ts';

/**
 * PIX keys (member banks). A member's keys all belong to the member's own CPF: the first key
 * records the CPF on the member, every later key must repeat it, a CPF key must be that CPF, and
 * no CNPJ key is taken (a company's account is never the member's CPF).
 */

export interface SaveBankInput {
  account_type: PixKeyType;
  account: string;
  name: string;
  cpf_id: string;
  bank_name?: string | undefined;
  is_default?: boolean | undefined;
}

/** "12345678909" -> "***.456.789-**". */
export function maskCpf(cpf: string): string {
  if (!/^\d{11}$/.test(cpf)) return '***';
  return `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
}

/** A key shown to its owner: enough to recognise it, not enough to use it elsewhere. */
export function maskPixKey(keyType: string, key: string): string {
  switch (keyType) {
    case 'cpf':
      return maskCpf(key);
    case 'cnpj':
      return key.length === 14 ? `**.${key.slice(2, 5)}.${key.slice(5, 8)}/${key.slice(8, 12)}-**` : '***';
    case 'email': {
      const at = key.indexOf('@');
      return at > 0 ? `${key.slice(0, Math.min(2, at))}***${key.slice(at)}` : '***';
    }
    case 'phone':
      return key.length > 9 ? `${key.slice(0, 5)}*****${key.slice(-4)}` : '***';
    default:
      return key.length > 8 ? `${key.slice(0, 4)}****${key.slice(-4)}` : '***';
  }
}

type BankRow = Awaited<ReturnType<typeof repo.liveBanks>>[number];

function toBankView(row: BankRow) {
  return {
    id: row.id,
    account_type: row.key_type as PixKeyType,
    account_masked: maskPixKey(row.key_type, row.pix_key),
    name: row.holder_name,
    bank_name: row.bank_name,
    is_default: row.is_default === 1,
    created_at: row.created_at,
  };
}

export async function memberBanks(ctx: AppContext, memberId: number) {
  const [member, rows] = await Promise.all([
    ctx.db.selectFrom('members').select('cpf').where('id', '=', memberId).executeTakeFirst(),
    repo.liveBanks(ctx.db, memberId),
  ]);
  return { cpf: member?.cpf ? maskCpf(member.cpf) : null, list: rows.map(toBankView) };
}

/** Saves a PIX key in the member's own name and CPF (recording the CPF with the first key). */
export async function saveMemberBank(ctx: AppContext, member: Member, input: SaveBankInput) {
  const key = normalizePixKey(input.account_type, input.account);
  if (!key.ok) throw fieldError('VALIDATION_FAILED', 'account', key.error);
  // PIX only to accounts in the member's own CPF (Lei 14.790/2023): a CNPJ key is a company's account.
  if (input.account_type === 'cnpj') throw fieldError('CPF_MISMATCH', 'account', 'money.cnpj_not_own');
  const cpf = normalizeCpf(input.cpf_id);
  if (cpf === null || !isValidCpf(cpf)) throw fieldError('VALIDATION_FAILED', 'cpf_id', 'validation.cpf_invalid');

  const now = nowIso();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const locked = await lockMember(trx, member.id);
      if (!locked) throw new AppError('UNAUTHENTICATED');
      if (locked.cpf !== null && locked.cpf !== cpf) throw fieldError('CPF_MISMATCH', 'cpf_id');
      if (input.account_type === 'cpf' && key.key !== cpf) throw fieldError('CPF_MISMATCH', 'account');

      const existing = await repo.findBankByKey(trx, member.id, input.account_type, key.key);
      if (existing && existing.deleted_at === null) throw fieldError('KEY_EXISTS', 'account');
      const live = await repo.liveBanks(trx, member.id);
      if (live.length >= repo.MAX_LIVE_KEYS) throw new AppError('TOO_MANY_KEYS');

      if (locked.cpf === null) {
        const owner = await repo.findMemberIdByCpf(trx, cpf);
        if (owner && owner.id !== member.id) throw fieldError('CPF_TAKEN', 'cpf_id');
        await repo.setMemberCpf(trx, member.id, cpf, now);
      }

      // The first key is the default; asking for the default moves it.
      const isDefault = live.length === 0 || input.is_default === true;
      if (isDefault) await repo.clearDefault(trx, member.id);
      const details = { holder_name: input.name, bank_name: input.bank_name || null, is_default: isDefault ? 1 : 0, created_at: now };
      if (existing) await repo.reviveBank(trx, existing.id, details);
      else await repo.insertBank(trx, { member_id: member.id, key_type: input.account_type, pix_key: key.key, ...details });
    });
  } catch (error) {
    // Lost races against the unique indexes: another account took the CPF first, or the same key
    // was saved twice at once.
    if (isUniqueViolation(error, 'cpf')) throw fieldError('CPF_TAKEN', 'cpf_id');
    if (isUniqueViolation(error, 'member_banks')) throw fieldError('KEY_EXISTS', 'account');
    throw error;
  }
  return memberBanks(ctx, member.id);
}
