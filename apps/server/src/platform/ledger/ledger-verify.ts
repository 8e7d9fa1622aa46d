import type { Database } from '../../db/database.ts';
import * as repo from './ledger-invariants.repository.ts';

export interface Violation {
  invariant: string;
  rows: unknown[];
}

const LIMIT = 20;

/**
 * Checks every ledger invariant on a database (DESIGN.md section 2): entries sum to zero overall
 * and per transfer; each member balance equals the sum of its entries and is never negative;
 * running balances recorded on entries agree; each idempotency key appears once. Answers the
 * broken rows (at most 20 per invariant); an empty list means the ledger is sound.
 */
export async function verifyLedger(db: Database): Promise<Violation[]> {
  const violations: Violation[] = [];
  const check = async (invariant: string, rows: Promise<unknown[]>) => {
    const found = await rows;
    if (found.length > 0) violations.push({ invariant, rows: found });
  };

  await check('the sum of all entries is zero', repo.nonZeroGrandTotal(db));
  await check("each transfer's entries sum to zero", repo.unbalancedTransfers(db, LIMIT));
  await check('each transfer has at least two entries', repo.transfersWithOneEntry(db, LIMIT));
  await check("each member account's balance equals the sum of its entries", repo.memberBalancesOffTheirEntries(db, LIMIT));
  await check('no member account is negative', repo.negativeMemberAccounts(db, LIMIT));
  await check("each member entry's running balance follows the previous one", repo.brokenRunningBalances(db, LIMIT));
  await check('each idempotency key appears once', repo.repeatedIdempotencyKeys(db, LIMIT));
  await check('house accounts keep no running balance', repo.houseAccountsWithBalance(db, LIMIT));
  return violations;
}
