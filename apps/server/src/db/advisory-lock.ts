import { sql } from 'kysely';
import type { Database } from './database.ts';

/**
 * PostgreSQL session advisory locks, held on one connection (`db.connection()`) for as long as
 * the holder keeps it. A lock's key is its name hashed with the current schema, so test schemas
 * never contend for one name.
 */
const keyOf = (name: string) => sql<string>`hashtext(cast(${`casino:${name}:`} as text) || current_schema())`;

/** Takes the lock `name` on `conn` if no other session holds it; answers whether it did. */
export async function tryAdvisoryLock(conn: Database, name: string): Promise<boolean> {
  const got = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${keyOf(name)}) as locked`.execute(conn);
  return got.rows[0]?.locked === true;
}

export async function advisoryUnlock(conn: Database, name: string): Promise<void> {
  await sql`select pg_advisory_unlock(${keyOf(name)})`.execute(conn);
}

/** A round trip on the connection: it fails when the connection (and with it the lock) is gone. */
export async function pingConnection(conn: Database): Promise<void> {
  await sql`select 1`.execute(conn);
}
