import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database.ts';

/**
 * A SQLite database opened by the server has its write-ahead log copied into the database file by
 * a worker thread (wal-checkpointer.ts), not by the commits on the event loop: the server's own
 * automatic checkpoint is only a backstop at 10,000 pages, so a commit of a few megabytes leaves
 * the file as it was, and the worker brings the rows into it shortly after. Closing stops the
 * worker and leaves the file whole.
 */
let dir: string | undefined;
let handle: DatabaseHandle | undefined;

afterEach(async () => {
  await handle?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  handle = undefined;
  dir = undefined;
});

describe('the WAL checkpointer', () => {
  it('copies committed pages into the database file from its own thread, and stops on close', async () => {
    dir = mkdtempSync(join(tmpdir(), 'casino-wal-'));
    const file = join(dir, 'test.db');
    handle = openDatabase({ url: `sqlite:${file}` });
    const { db } = handle;
    await sql`create table t (id integer primary key, payload text)`.execute(db);
    const sizeBefore = statSync(file).size;
    // About 4 MB in one commit: 1,000 pages of log, SQLite's default automatic checkpoint.
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 1_000; i += 1) await sql`insert into t (payload) values (${'x'.repeat(4_000)})`.execute(trx);
    });
    const deadline = Date.now() + 5_000;
    while (statSync(file).size < sizeBefore + 4_000_000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(statSync(file).size).toBeGreaterThanOrEqual(sizeBefore + 4_000_000);

    await handle.close();
    handle = undefined;
    // The last connection closed: the log was folded in and removed, the rows are all there.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = openDatabase({ url: `sqlite:${file}` });
    try {
      const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(reopened.db);
      expect(rows[0]?.n).toBe(1_000);
    } finally {
      await reopened.close();
    }
  });

  it('leaves the commit its own checkpoint only as a backstop', async () => {
    dir = mkdtempSync(join(tmpdir(), 'casino-wal-'));
    handle = openDatabase({ url: `sqlite:${join(dir, 'test.db')}` });
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db);
    expect(rows[0]?.wal_autocheckpoint).toBe(10_000);
  });
});
