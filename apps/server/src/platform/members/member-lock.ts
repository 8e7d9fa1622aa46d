import type { Database } from '../../db/database.ts';
import { lockMemberCash } from '../ledger/ledger.repository.ts';

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
