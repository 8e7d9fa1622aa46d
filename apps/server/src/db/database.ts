import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  dialect: Dialect;
  close(): Promise<void>;
}

function toSafeNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint column value ${text} is beyond 2^53`);
  return value;
}

// bigint columns come back as numbers (centavos fit easily), timestamps as ISO strings, the same
// shapes SQLite gives, so nothing above the repositories knows which database runs.
pg.types.setTypeParser(20, toSafeNumber);
pg.types.setTypeParser(1184, (text) => new Date(text).toISOString());
pg.types.setTypeParser(1114, (text) => new Date(`${text}Z`).toISOString());

export interface DatabaseOptions {
  /** sqlite:/path/file.db, sqlite::memory:, or postgres://... */
  url: string;
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  schema?: string;
  poolSize?: number;
  /** Called with every statement sent to the database (the statement counts of the bench and the query log). */
  onStatement?: (sql: string) => void;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url.startsWith('sqlite:')) return openSqlite(options.url.slice('sqlite:'.length), options.onStatement);
  return openPostgres(options);
}

/** Runs one prepared SQLite statement: the connection's cache, shared by the query builder and the raw hot paths. */
export interface RawSqlite {
  prepare(sql: string): CachedStatement;
}

/** The SQLite adapter of a database opened here: it also hands out the connection's statement cache. */
class RawSqliteAdapter extends SqliteAdapter {
  constructor(readonly raw: RawSqlite) {
    super();
  }
}

/** Whether the database (or a transaction of it) is SQLite. */
export function isSqlite(db: Database): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * The SQLite connection's prepared statements, for hot paths that run synchronously inside a
 * transaction of `db` (which holds the one connection, so nothing interleaves); undefined on
 * PostgreSQL and outside a transaction.
 */
export function rawSqliteOf(db: Database): RawSqlite | undefined {
  if (!db.isTransaction) return undefined;
  const adapter = db.getExecutor().adapter;
  return adapter instanceof RawSqliteAdapter ? adapter.raw : undefined;
}

function openSqlite(path: string, onStatement?: (sql: string) => void): DatabaseHandle {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // better-sqlite3 leaves WAL at synchronous=NORMAL, which can lose committed transfers on power
  // loss; the money path needs FULL (DESIGN.md section 2).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Statements with RETURNING (and two-pass updates) keep their rows in a temporary table; on the
  // default temp_store=FILE each run opened a temporary file, which made an indexed UPDATE ...
  // RETURNING cost 300 µs instead of 8 (bench/bets.bench.ts, DESIGN.md section 2).
  sqlite.pragma('temp_store = MEMORY');
  const cache = withStatementCache(sqlite, onStatement);
  class Dialect extends SqliteDialect {
    override createAdapter() {
      return new RawSqliteAdapter(cache);
    }
  }
  const db = new Kysely<DB>({ dialect: new Dialect({ database: cache }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; on the money path that preparation cost as much as running
 * the statement. Prepared statements are kept by SQL text (the most recently used 500). Safe
 * because the one connection runs one statement at a time and nothing streams (iterate) results.
 */
function withStatementCache(sqlite: SQLite.Database, onStatement?: (sql: string) => void) {
  const cache = new Map<string, CachedStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      onStatement?.(sql);
      let statement = cache.get(sql);
      if (statement) cache.delete(sql);
      else statement = new CachedStatement(sqlite.prepare(sql));
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

type Row = Record<string, unknown>;

/**
 * A prepared statement of the cache (what Kysely's SQLite driver and the raw hot paths call). Rows
 * are read as arrays (better-sqlite3's raw mode) and made objects here: better-sqlite3 builds each
 * row object key by key in C++, which cost the 60-column row every signed-in request reads (its
 * session and member) 18 µs instead of 9 (bench/bets.bench.ts, docs/PERFORMANCE.md).
 */
class CachedStatement {
  readonly reader: boolean;
  private columns: string[] = [];

  constructor(private readonly statement: SQLite.Statement) {
    this.reader = statement.reader;
    if (this.reader) {
      this.columns = this.columnsNow();
      statement.raw(true);
    }
  }

  run(...parameters: unknown[]): SQLite.RunResult {
    return this.statement.run(...parameters);
  }

  // A statement that returns no rows throws on get, all and iterate (better-sqlite3's own error),
  // before any row is made an object.
  get(...parameters: unknown[]): Row | undefined {
    const row = this.statement.get(...parameters) as unknown[] | undefined;
    return row === undefined ? undefined : this.objectOf(row);
  }

  all(...parameters: unknown[]): Row[] {
    return (this.statement.all(...parameters) as unknown[][]).map((row) => this.objectOf(row));
  }

  *iterate(...parameters: unknown[]): IterableIterator<Row> {
    for (const row of this.statement.iterate(...parameters) as IterableIterator<unknown[]>) yield this.objectOf(row);
  }

  private objectOf(row: unknown[]): Row {
    // SQLite re-prepares a statement after a schema change, so `select *` may gain a column.
    if (row.length !== this.columns.length) this.columns = this.columnsNow();
    const object: Row = {};
    const columns = this.columns;
    for (let i = 0; i < columns.length; i += 1) object[columns[i] as string] = row[i];
    return object;
  }

  private columnsNow(): string[] {
    return this.statement.columns().map((column) => column.name);
  }
}

/**
 * The hot path's statements PostgreSQL keeps prepared on each connection (by SQL text): parsed
 * once per connection, and planned once its generic plan serves (plan_cache_mode auto), where an
 * unnamed statement is parsed and planned on every call; a bet's planning cost PostgreSQL more
 * than running its point reads and writes. precompiled() registers its statements; the set is
 * fixed by the code (a list statement once per length up to PREPARED_LIST_LENGTH), so each
 * connection's cache stays bounded.
 */
const preparedNames = new Map<string, string>();
export const PREPARED_LIST_LENGTH = 8;

/** Names `sqlText` for PostgreSQL's per-connection prepared statements (idempotent). */
export function preparedOnPostgres(sqlText: string): void {
  if (!preparedNames.has(sqlText)) preparedNames.set(sqlText, `hot_${preparedNames.size + 1}`);
}

/** Sends the registered statements of a connection as named (prepared) ones; everything else as it came. */
function preparingClient(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) ? preparedNames.get(text) : undefined;
    return name === undefined ? query(...args) : query({ name, text, values });
  }) as pg.PoolClient['query'];
}

function openPostgres(options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 20,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  pool.on('connect', preparingClient);
  const onStatement = options.onStatement;
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    ...(onStatement ? { log: (event) => onStatement(event.query.sql) } : {}),
  });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** A round trip to the database (the health check). */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

export function nowIso(): string {
  return new Date().toISOString();
}
