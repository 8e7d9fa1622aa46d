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
/**
 * The most operations of one kind a set-based batch (`runGrouped`) takes at once. better-sqlite3
 * answers synchronously, so a SQLite batch holds the event loop while it runs: a few hundred bets
 * keep that to a few milliseconds, and the shared batch lets the event loop in between them.
 */
const MAX_GROUP = { sqlite: 200, postgres: 1_000 } as const;
const SLICE_MS = 4;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type Pending = { work: (trx: Database) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** What a set-based batch answers for one of its items: done, refused, or to be run alone. */
export type GroupOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown } | { ok: 'alone' };

/** Operations of one kind done together (`runGrouped`): all of them at once, or each alone. */
export interface GroupWork<I, R> {
  /** Does the items together, inside a savepoint; an outcome 'alone' sends its item to `alone` after. */
  together(trx: Database, items: I[]): Promise<GroupOutcome<R>[]>;
  /** Does one item by itself (inside its own savepoint): the items `together` left, or all of them when it threw. */
  alone(trx: Database, item: I): Promise<R>;
  /** Hears why `together` threw (its items then ran alone). */
  fellBack?(error: unknown, items: number): void;
}

type Group = {
  work: GroupWork<unknown, unknown>;
  pending: { item: unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void }[];
  /** Batches of this group being formed or committed; arrivals beyond the most wait for the next one. */
  running: number;
};

/**
 * Batches of one kind in flight at once: SQLite has one writer (its batches queue anyway);
 * PostgreSQL commits a few side by side, so a batch that arrives while one commits starts at once.
 */
const GROUPS_IN_FLIGHT = { sqlite: 1, postgres: 4 } as const;

export class TxBatcher {
  private queue: Pending[] = [];
  private flushing: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly dialect: Dialect,
  ) {}

  private readonly groups = new Map<string, Group>();

  /**
   * Set-based batching of one kind of operation (the bets of a betting window): the items that
   * arrive together, or while the previous batch of the kind commits, are done by `work.together`
   * in one transaction and a few statements for all of them (on SQLite inside the shared batch,
   * on PostgreSQL in a transaction of their own), each item answered once that transaction has
   * committed. If `together` throws, what it wrote is undone (its savepoint) and every item runs
   * through `work.alone` in its own savepoint, so an unusual item costs speed, never an answer.
   */
  runGrouped<I, R>(key: string, item: I, work: GroupWork<I, R>): Promise<R> {
    let group = this.groups.get(key);
    if (!group) {
      group = { work: work as GroupWork<unknown, unknown>, pending: [], running: 0 };
      this.groups.set(key, group);
    }
    const joined = group;
    return new Promise<R>((resolve, reject) => {
      joined.pending.push({ item, resolve: resolve as (value: unknown) => void, reject });
      if (joined.running < GROUPS_IN_FLIGHT[this.dialect] && joined.pending.length === 1) this.startGroup(joined);
    });
  }

  private startGroup(group: Group): void {
    group.running += 1;
    // Let the callers of this tick join the batch before it starts.
    const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flushGroup(group));
    const tracked = done.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  private async flushGroup(group: Group): Promise<void> {
    const batch = group.pending.splice(0, MAX_GROUP[this.dialect]);
    try {
      if (batch.length === 0) return; // an earlier batch took them
      const work = async (trx: Database) => {
        const items = batch.map((p) => p.item);
        let outcomes: GroupOutcome<unknown>[];
        try {
          outcomes = await inSavepoint(trx, 'shared_group', () => group.work.together(trx, items));
          if (outcomes.length !== items.length) throw new Error('a grouped batch answered the wrong number of outcomes');
        } catch (error) {
          group.work.fellBack?.(error, items.length);
          outcomes = items.map(() => ({ ok: 'alone' }));
        }
        let sliceStart = performance.now();
        for (const [i, outcome] of outcomes.entries()) {
          if (outcome.ok !== 'alone') continue;
          if (performance.now() - sliceStart > SLICE_MS) {
            await yieldToEventLoop();
            sliceStart = performance.now();
          }
          try {
            outcomes[i] = { ok: true, value: await inSavepoint(trx, 'shared_alone', () => group.work.alone(trx, items[i])) };
          } catch (error) {
            outcomes[i] = { ok: false, error };
          }
        }
        return outcomes;
      };
      // SQLite: one more operation of the shared batch (one writer, one commit for everything);
      // PostgreSQL: a transaction of its own.
      const outcomes = this.dialect === 'postgres' ? await this.db.transaction().execute(work) : await this.run(work);
      batch.forEach((pending, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok === true) pending.resolve(outcome.value);
        else pending.reject(outcome?.ok === false ? outcome.error : new Error('no outcome'));
      });
    } catch (error) {
      // The commit itself failed: nothing of this batch happened.
      for (const pending of batch) pending.reject(error);
    } finally {
      group.running -= 1;
      if (group.pending.length > 0 && group.running < GROUPS_IN_FLIGHT[this.dialect]) this.startGroup(group);
    }
  }

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
    while (this.flushing || this.inFlight.size > 0) {
      if (this.flushing) await this.flushing;
      await Promise.all([...this.inFlight]);
    }
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
