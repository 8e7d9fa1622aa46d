import { setTimeout as sleep } from 'node:timers/promises';
import { advisoryUnlock, pingConnection, tryAdvisoryLock } from '../../../db/advisory-lock.ts';
import type { Database, Dialect } from '../../../db/database.ts';

/**
 * Who runs the round schedulers: one process per database. On SQLite the database belongs to one
 * process, which leads. On PostgreSQL the leader holds a session advisory lock (named after the
 * schema, so test schemas never contend) on a connection kept for as long as it leads; standbys
 * try again every few seconds and take over when the leader's connection dies.
 */
export interface Leadership {
  /** Resolves when this process stops leading (lost connection) or close() was called. */
  run(onLead: (signal: AbortSignal) => Promise<void>): void;
  close(): Promise<void>;
}

const RETRY_MS = 3_000;
const HEARTBEAT_MS = 5_000;

/**
 * `lock` names what is led: each name is its own advisory lock, so the shared rounds and the
 * virtual football league may lead from different processes (or the same one).
 */
export function createLeadership(
  db: Database,
  dialect: Dialect,
  log: { warn(obj: unknown, msg?: string): void },
  lock = 'shared-rounds',
): Leadership {
  const stop = new AbortController();
  let running: Promise<void> = Promise.resolve();

  // A stop ends the pause at once, also one that came before it.
  const pause = (ms: number) => sleep(ms, undefined, { signal: stop.signal }).catch(() => {});

  async function leadOnPostgres(onLead: (signal: AbortSignal) => Promise<void>) {
    while (!stop.signal.aborted) {
      try {
        await db.connection().execute(async (conn) => {
          if (!(await tryAdvisoryLock(conn, lock))) return;
          // close() may have come while the lock was being taken: its abort event has fired already.
          if (stop.signal.aborted) {
            await advisoryUnlock(conn, lock).catch(() => {});
            return;
          }
          const lost = new AbortController();
          const onStop = () => lost.abort();
          stop.signal.addEventListener('abort', onStop);
          const heartbeat = setInterval(() => {
            pingConnection(conn).catch((error) => {
              log.warn({ err: error }, 'shared rounds: leader connection lost');
              lost.abort();
            });
          }, HEARTBEAT_MS);
          try {
            await onLead(lost.signal);
          } finally {
            clearInterval(heartbeat);
            stop.signal.removeEventListener('abort', onStop);
            await advisoryUnlock(conn, lock).catch(() => {});
          }
        });
      } catch (error) {
        log.warn({ err: error }, 'shared rounds: leadership attempt failed');
      }
      await pause(RETRY_MS);
    }
  }

  async function leadInProcess(onLead: (signal: AbortSignal) => Promise<void>) {
    while (!stop.signal.aborted) {
      try {
        await onLead(stop.signal);
      } catch (error) {
        log.warn({ err: error }, 'shared rounds: scheduler failed, restarting');
        await pause(RETRY_MS);
      }
    }
  }

  return {
    run(onLead) {
      running = dialect === 'postgres' ? leadOnPostgres(onLead) : leadInProcess(onLead);
    },
    async close() {
      stop.abort();
      await running;
    },
  };
}
