import type { Database, Dialect } from '../../../db/database.ts';
import { inSavepoint } from '../../../db/savepoint.ts';

/**
 * On SQLite (one writer, a durable commit per transaction) runs many small money operations of the
 * shared rounds (bets, cash-outs, settlements) in one transaction, each inside its own savepoint: one durable commit serves all the players who acted
 * in the same moment (a thousand cash-outs at one tick are a few commits, not a thousand). An
 * operation that throws rolls back to its savepoint and fails alone; nobody hears "ok" before the
 * commit that holds their operation. Work is queued while a batch commits; between operations the
 * batch lets the event loop run (ticks, sockets), so a long batch delays nobody else's timers.
 */
const MAX_BATCH = 500;
const SLICE_MS = 4;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type Pending = { work: (trx: Database) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

export class TxBatcher {
  private queue: Pending[] = [];
  private flushing: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly dialect: Dialect,
  ) {}

  run<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    if (this.dialect === 'postgres') {
      // PostgreSQL has many connections, row locks and its own group commit: each operation
      // runs in its own transaction, side by side with the others.
      const running = this.db.transaction().execute(work);
      const tracked = running.catch(() => {}).finally(() => this.inFlight.delete(tracked));
      this.inFlight.add(tracked);
      return running;
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.flushing) {
        // Let the callers of this tick join the batch before it starts.
        this.flushing = new Promise<void>((done) => setImmediate(() => void this.flush().finally(done)));
      }
    });
  }

  /** Waits for everything queued so far. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
    await Promise.all([...this.inFlight]);
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
        try {
          await this.db.transaction().execute(async (trx) => {
            let sliceStart = performance.now();
            for (const item of batch) {
              // better-sqlite3 answers synchronously, so a batch would otherwise run as one chain
              // of microtasks and stall the crash ticks and every socket until it commits: it
              // lets the event loop in every few milliseconds.
              if (performance.now() - sliceStart > SLICE_MS) {
                await yieldToEventLoop();
                sliceStart = performance.now();
              }
              try {
                outcomes.push({ ok: true, value: await inSavepoint(trx, 'shared_item', () => item.work(trx)) });
              } catch (error) {
                outcomes.push({ ok: false, error });
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
    } finally {
      this.flushing = undefined;
    }
  }
}

const batchers = new WeakMap<Database, TxBatcher>();

/** The process's batcher of a database (one, so that everything in flight shares commits). */
export function batcherFor(db: Database, dialect: Dialect): TxBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new TxBatcher(db, dialect);
    batchers.set(db, batcher);
  }
  return batcher;
}
