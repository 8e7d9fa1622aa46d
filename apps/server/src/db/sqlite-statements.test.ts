import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, rawSqliteOf } from './database.ts';

/**
 * The SQLite connection's statement cache reads rows as arrays and makes the objects itself
 * (database.ts CachedStatement): the rows must be exactly what better-sqlite3 would have built,
 * through the query builder and the raw hot paths alike, and stay right after a schema change.
 */
let handle: DatabaseHandle | undefined;
let dir: string | undefined;

function open(): DatabaseHandle {
  dir = mkdtempSync(join(tmpdir(), 'casino-statements-'));
  handle = openDatabase({ url: `sqlite:${join(dir, 'test.db')}` });
  return handle;
}

afterEach(async () => {
  await handle?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  handle = undefined;
  dir = undefined;
});

describe('SQLite rows', () => {
  it('are the objects the driver would build, through the builder and the raw connection', async () => {
    const { db } = open();
    await sql`create table t (id integer primary key, name text, amount integer, note text)`.execute(db);
    await sql`insert into t (name, amount, note) values ('a', 10, null), ('b', 20, 'x')`.execute(db);

    const rows = await sql<{ id: number; name: string; amount: number; note: string | null }>`select * from t order by id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 1, name: 'a', amount: 10, note: null },
      { id: 2, name: 'b', amount: 20, note: 'x' },
    ]);
    // A join whose columns share a name: the later one wins, as in better-sqlite3's own objects.
    const joined = await sql`select t.name, u.name from t, t as u where t.id = 1 and u.id = 2`.execute(db);
    expect(joined.rows).toEqual([{ name: 'b' }]);
    // RETURNING answers rows too; a plain write answers its counts.
    const inserted = await sql`insert into t (name, amount) values ('c', 30) returning id, name`.execute(db);
    expect(inserted.rows).toEqual([{ id: 3, name: 'c' }]);
    const updated = await sql`update t set amount = amount + 1`.execute(db);
    expect(updated.numAffectedRows).toBe(3n);

    await db.transaction().execute(async (trx) => {
      const raw = rawSqliteOf(trx);
      if (!raw) throw new Error('no raw connection inside a SQLite transaction');
      expect(raw.prepare('select id, amount from t where id = ?').get(2)).toEqual({ id: 2, amount: 21 });
      expect(raw.prepare('select id from t where id = ?').get(99)).toBeUndefined();
      expect(raw.prepare('select name from t order by id').all()).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
      expect([...raw.prepare('select id from t where id < ? order by id').iterate(3)]).toEqual([{ id: 1 }, { id: 2 }]);
      expect(raw.prepare('update t set note = ? where id = ?').run('y', 1).changes).toBe(1);
      // A statement without rows refuses to be read, as better-sqlite3 does.
      expect(() => raw.prepare('update t set note = ? where id = ?').get('z', 1)).toThrow(/does not return data/);
    });
  });

  it('take a column added after the statement was prepared', async () => {
    const { db } = open();
    await sql`create table t (id integer primary key, name text)`.execute(db);
    await sql`insert into t (name) values ('a')`.execute(db);
    const selectAll = () => sql`select * from t`.execute(db);
    expect((await selectAll()).rows).toEqual([{ id: 1, name: 'a' }]);
    await sql`alter table t add column amount integer not null default 7`.execute(db);
    expect((await selectAll()).rows).toEqual([{ id: 1, name: 'a', amount: 7 }]);
  });
});
