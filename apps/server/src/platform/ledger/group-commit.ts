import { SqliteAdapter } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inSavepoint } from '../../db/savepoint.ts';
import { IdempotencyConflict, InsufficientFunds, type TransferInput, type TransferResult } from './ledger.service.ts';
import { postTransfer } from './post-transfer.ts';

/**
 * Group commit for SQLite (DESIGN.md section 2): standalone transfers that arrive together are
 * posted in one transaction, each inside its own savepoint, so one durable commit (one fsync with
 * synchronous=FULL) serves many transfers. A transfer that fails rolls back to its savepoint and
 * leaves the others alone; nobody hears "ok" before the commit that holds their transfer.
 *
 * SQLite has one writer, so transfers queue anyway; PostgreSQL has row locks and many
 * connections, and posts each transfer in its own transaction instead.
 */
const MAX_BATCH = 256;

type Pending = { input: TransferInput; resolve: (r: TransferResult) => void; reject: (e: unknown) => void };

class GroupCommitter {
  private queue: Pending[] = [];
  private flushing = false;

  constructor(private readonly db: Database) {}

  submit(input: TransferInput): Promise<TransferResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        // Let the callers of this tick join the batch before it starts.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      const outcomes: ({ ok: true; value: TransferResult } | { ok: false; error: unknown })[] = [];
      try {
        await this.db.transaction().execute(async (trx) => {
          for (const item of batch) {
            try {
              outcomes.push({ ok: true, value: await inSavepoint(trx, 'ledger_item', () => postTransfer(trx, item.input)) });
            } catch (error) {
              outcomes.push(expectedFailure(error) ?? { ok: false, error });
            }
          }
        });
      } catch (error) {
        // The commit itself failed: nothing of this batch happened.
        for (const item of batch) item.reject(error);
        continue;
      }
      batch.forEach((item, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) item.resolve(outcome.value);
        else item.reject(outcome?.error);
      });
    }
    this.flushing = false;
  }
}

/** The result of a transfer that failed as expected (its savepoint rolled back), else undefined. */
function expectedFailure(error: unknown): { ok: true; value: TransferResult } | undefined {
  if (error instanceof InsufficientFunds) return { ok: true, value: { ok: false, code: 'INSUFFICIENT_FUNDS', account: error.account } };
  if (error instanceof IdempotencyConflict) return { ok: true, value: { ok: false, code: 'IDEMPOTENCY_CONFLICT', key: error.key } };
  return undefined;
}

const committers = new WeakMap<Database, GroupCommitter>();

/** The group committer of a SQLite database, or undefined for PostgreSQL. */
export function groupCommitterFor(db: Database): GroupCommitter | undefined {
  if (db.isTransaction || !(db.getExecutor().adapter instanceof SqliteAdapter)) return undefined;
  let committer = committers.get(db);
  if (!committer) {
    committer = new GroupCommitter(db);
    committers.set(db, committer);
  }
  return committer;
}
