import { type Database, isSqlite } from '../../db/database.ts';
import { inGroupCommit } from './group-commit.ts';
import { IdempotencyConflict, InsufficientFunds, type TransferInput, type TransferResult } from './ledger.service.ts';
import { postTransfer, postTransferAlone } from './post-transfer.ts';

/**
 * Posts a transfer on its own (not inside a business transaction); expected failures come back as
 * values. On SQLite concurrent calls share a durable commit (group-commit.ts); on PostgreSQL the
 * transfer is one statement, its own transaction.
 */
export async function transfer(db: Database, input: TransferInput): Promise<TransferResult> {
  try {
    if (!isSqlite(db)) return await postTransferAlone(db, input);
    return await inGroupCommit(db, (trx) => postTransfer(trx, input));
  } catch (error) {
    if (error instanceof InsufficientFunds) return { ok: false, code: 'INSUFFICIENT_FUNDS', account: error.account };
    if (error instanceof IdempotencyConflict) return { ok: false, code: 'IDEMPOTENCY_CONFLICT', key: error.key };
    throw error;
  }
}
