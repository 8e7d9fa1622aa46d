import type { Database } from '../../db/database.ts';
import { lockMemberCash } from '../../platform/ledger/ledger.repository.ts';

/** The most live PIX keys a member may keep. */
export const MAX_LIVE_KEYS = 5;

/**
 * Takes the member's row lock for the rest of the transaction (a no-op update: PostgreSQL locks the
 * row, SQLite already runs one writer at a time), so per-member limits counted after it hold under
 * concurrent requests.
 *
 * Lock order, everywhere: the member's cash account first, then the member row. A game round
 * debits cash (locking the account) and then counts its valid bet on the member row; taking the
 * cash row here first keeps claims, withdrawals and key bindings in the same order, so a bet and a
 * claim of the same member at the same instant queue instead of deadlocking. One account row, not
 * all of them: one statement locking several rows can take them in different orders when many wait
 * (PostgreSQL rechecks moved rows) and deadlock with itself; transfers then lock the member's other
 * accounts in id order, after cash (the first one opened).
 */
export async function lockMember(trx: Database, memberId: number) {
  await lockMemberCash(trx, memberId);
  return trx
    .updateTable('members')
    .set((eb) => ({ cpf: eb.ref('cpf') }))
    .where('id', '=', memberId)
    .returning(['id', 'cpf'])
    .executeTakeFirst();
}

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
