import type { CompiledQuery, Compilable, QueryResult } from 'kysely';
import { type Database, isSqlite, PREPARED_LIST_LENGTH, preparedOnPostgres, type RawSqlite, rawSqliteOf } from './database.ts';

/**
 * A statement of the hot path built and compiled once per dialect instead of on every call (the
 * query builder's compile cost as much as running a small statement). `build` gets the database
 * and a stand-in for each named parameter; the stand-ins become the statement's bound values, and
 * each call binds the real ones. The query's shape must not depend on the parameters' values (a
 * branch on a value belongs outside, as two precompiled statements). On SQLite the SQL text is
 * also the key of the connection's prepared-statement cache, so the statement is prepared once;
 * on PostgreSQL it is sent as a named prepared statement (database.ts preparedOnPostgres), parsed
 * once per connection.
 * Inside a SQLite transaction the statement runs on the connection directly, as Kysely's driver
 * would, without the query executor's promise chain (a dice bet runs a dozen of these; the chain
 * cost more than most of the statements, bench/bets.bench.ts).
 */
export function precompiled<P extends Record<string, unknown>, R>(
  build: (db: Database, p: { [K in keyof P]: P[K] }) => Compilable<R>,
  options: { prepared?: boolean } = {},
): (db: Database, params: P) => Promise<QueryResult<R>> {
  const compiled = new Map<'sqlite' | 'postgres', { query: CompiledQuery<R>; slots: (string | undefined)[] }>();
  return async (db, params) => {
    const dialect = isSqlite(db) ? 'sqlite' : 'postgres';
    let entry = compiled.get(dialect);
    if (!entry) {
      const standIns = new Map<string, string>();
      const p = new Proxy({} as { [K in keyof P]: P[K] }, {
        get(_, name: string) {
          const standIn = `\u0000param:${name}\u0000`;
          standIns.set(standIn, name);
          return standIn;
        },
      });
      const query = build(db, p).compile();
      entry = { query, slots: query.parameters.map((value) => (typeof value === 'string' ? standIns.get(value) : undefined)) };
      compiled.set(dialect, entry);
      if (dialect === 'postgres' && options.prepared !== false) preparedOnPostgres(query.sql);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, i) => {
      const name = slots[i];
      return name === undefined ? value : params[name];
    });
    const raw = rawSqliteOf(db);
    if (raw) return runOnConnection<R>(raw, query.sql, parameters);
    return db.executeQuery<R>({ ...query, parameters });
  };
}

/**
 * precompiled() for a statement that takes a list (`in (...)`, a multi-row insert): its shape
 * depends on the list's length only, so it is compiled once per length. `build` gets a stand-in
 * for each item; `params` are the statement's other named parameters.
 */
export function precompiledForList<Item, P extends Record<string, unknown>, R>(
  build: (db: Database, items: readonly Item[], p: { [K in keyof P]: P[K] }) => Compilable<R>,
): (db: Database, items: readonly Item[], params: P) => Promise<QueryResult<R>> {
  const byLength = new Map<number, (db: Database, params: Record<string, unknown>) => Promise<QueryResult<R>>>();
  return (db, items, params) => {
    let statement = byLength.get(items.length);
    if (!statement) {
      const length = items.length;
      statement = precompiled(
        (d, p: Record<string, unknown>) =>
          build(
            d,
            Array.from({ length }, (_, i) => p[`item${i}`] as Item),
            p as { [K in keyof P]: P[K] },
          ),
        { prepared: length <= PREPARED_LIST_LENGTH },
      );
      byLength.set(length, statement);
    }
    const values: Record<string, unknown> = { ...params };
    items.forEach((item, i) => {
      values[`item${i}`] = item;
    });
    return statement(db, values);
  };
}

/** What Kysely's SQLite driver answers for a statement, run synchronously on the connection. */
function runOnConnection<R>(raw: RawSqlite, sqlText: string, parameters: readonly unknown[]): QueryResult<R> {
  const statement = raw.prepare(sqlText);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}
