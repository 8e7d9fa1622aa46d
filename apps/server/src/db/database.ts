import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
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
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url.startsWith('sqlite:')) return openSqlite(options.url.slice('sqlite:'.length));
  return openPostgres(options);
}

function openSqlite(path: string): DatabaseHandle {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // better-sqlite3 leaves WAL at synchronous=NORMAL, which can lose committed transfers on power
  // loss; the money path needs FULL (DESIGN.md section 2).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; on the money path that preparation cost as much as running
 * the statement. Prepared statements are kept by SQL text (the most recently used 500). Safe
 * because the one connection runs one statement at a time and nothing streams (iterate) results.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) cache.delete(sql);
      else statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

function openPostgres(options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** A round trip to the database (the health check). */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

export function nowIso(): string {
  return new Date().toISOString();
}
