import { type Database, isSqlite, rawSqliteOf } from '../../db/database.ts';

/**
 * Group commit for SQLite (DESIGN.md section 2): units of money work that arrive together (ledger
 * transfers, house-game rounds) run in one transaction, each inside its own savepoint, so one
 * durable commit (one fsync with synchronous=FULL) serves all of them. A unit that throws rolls
 * back to its savepoint and fails alone; nobody hears "ok" before the commit that holds their work.
 * Between units the batch lets the event loop in every few milliseconds, so a long batch stalls no
 * timer or socket.
 *
 * SQLite has one writer, so the units queue anyway; PostgreSQL has row locks, many connections and
 * its own group commit of the write-ahead log, and runs each unit in its own transaction.
 */
const MAX_BATCH = 256;
const SLICE_MS = 4;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type Pending = { work: (trx: Database) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

class GroupCommitter {
  private queue: Pending[] = [];
  private flushing = false;

  constructor(private readonly db: Database) {}

  run<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
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
      const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
      try {
        await this.db.transaction().execute(async (trx) => {
          const raw = rawSqliteOf(trx);
          if (!raw) throw new Error('group commit runs on SQLite only');
          let sliceStart = performance.now();
          for (const item of batch) {
            if (performance.now() - sliceStart > SLICE_MS) {
              await yieldToEventLoop();
              sliceStart = performance.now();
            }
            raw.prepare('savepoint unit').run();
            try {
              const value = await item.work(trx);
              raw.prepare('release unit').run();
              outcomes.push({ ok: true, value });
            } catch (error) {
              raw.prepare('rollback to unit').run();
              raw.prepare('release unit').run();
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
    this.flushing = false;
  }
}

const committers = new WeakMap<Database, GroupCommitter>();

/**
 * Runs `work` in a transaction of its own on PostgreSQL, or in a savepoint of a transaction shared
 * with the other work of the moment on SQLite. Either way it commits whole or not at all, and the
 * promise settles after the commit.
 */
export function inGroupCommit<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  if (db.isTransaction) throw new Error('inGroupCommit starts its own transaction');
  if (!isSqlite(db)) return db.transaction().execute(work);
  let committer = committers.get(db);
  if (!committer) {
    committer = new GroupCommitter(db);
    committers.set(db, committer);
  }
  return committer.run(work);
}
