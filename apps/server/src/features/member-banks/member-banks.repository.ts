import type { Database } from '../../db/database.ts';

/** The most live PIX keys a member may keep. */
export const MAX_LIVE_KEYS = 5;

export async function findMemberIdByCpf(db: Database, cpf: string) {
  return db.selectFrom('members').select('id').where('cpf', '=', cpf).executeTakeFirst();
}

/** Records the member's CPF once; a CPF already recorded is never overwritten here. */
export async function setMemberCpf(trx: Database, memberId: number, cpf: string, now: string) {
  const result = await trx
    .updateTable('members')
    .set({ cpf, updated_at: now })
    .where('id', '=', memberId)
    .where('cpf', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function liveBanks(db: Database, memberId: number) {
  return db
    .selectFrom('member_banks')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'asc')
    .limit(MAX_LIVE_KEYS * 2)
    .execute();
}

export async function findBankByKey(db: Database, memberId: number, keyType: string, pixKey: string) {
  return db
    .selectFrom('member_banks')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('key_type', '=', keyType)
    .where('pix_key', '=', pixKey)
    .executeTakeFirst();
}

/** A live key of this member; another member's id finds nothing. */
export async function findLiveBank(db: Database, memberId: number, bankId: number) {
  return db
    .selectFrom('member_banks')
    .selectAll()
    .where('id', '=', bankId)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function clearDefault(trx: Database, memberId: number) {
  await trx.updateTable('member_banks').set({ is_default: 0 }).where('member_id', '=', memberId).where('is_default', '=', 1).execute();
}

export async function insertBank(
  trx: Database,
  bank: {
    member_id: number;
    key_type: string;
    pix_key: string;
    holder_name: string;
    bank_name: string | null;
    is_default: number;
    created_at: string;
  },
) {
  return trx
    .insertInto('member_banks')
    .values({ ...bank, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Brings back a key the member had removed, with the details given now. */
export async function reviveBank(
  trx: Database,
  bankId: number,
  changes: { holder_name: string; bank_name: string | null; is_default: number; created_at: string },
) {
  await trx
    .updateTable('member_banks')
    .set({ ...changes, deleted_at: null })
    .where('id', '=', bankId)
    .execute();
}
