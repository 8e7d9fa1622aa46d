import type { Database } from '../../db/database.ts';
import { groupCommitterFor } from './group-commit.ts';
import { IdempotencyConflict, InsufficientFunds, type TransferInput, type TransferResult } from './ledger.service.ts';
import { postTransfer } from './post-transfer.ts';

/**
 * Posts a transfer on its own (not inside a business transaction); expected failures come back as
 * values. On SQLite concurrent calls share a durable commit (group-commit.ts).
 */
export async function transfer(db: Database, input: TransferInput): Promise<TransferResult> {
  const committer = groupCommitterFor(db);
  if (committer) return committer.submit(input);
  try {
    return await db.transaction().execute((trx) => postTransfer(trx, input));
  } catch (error) {
    if (error instanceof InsufficientFunds) return { ok: false, code: 'INSUFFICIENT_FUNDS', account: error.account };
    if (error instanceof IdempotencyConflict) return { ok: false, code: 'IDEMPOTENCY_CONFLICT', key: error.key };
    throw error;
  }
}
