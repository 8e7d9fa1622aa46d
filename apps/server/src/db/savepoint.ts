import { sql } from 'kysely';
import type { Database } from './database.ts';

/**
 * Runs `work` inside a savepoint of the open transaction `trx`: if it throws, what it wrote is
 * undone and the error goes on to the caller, while the transaction and the rest of its work stand.
 */
export async function inSavepoint<T>(trx: Database, name: string, work: () => Promise<T>): Promise<T> {
  await sql`savepoint ${sql.id(name)}`.execute(trx);
  try {
    const value = await work();
    await sql`release savepoint ${sql.id(name)}`.execute(trx);
    return value;
  } catch (error) {
    await sql`rollback to savepoint ${sql.id(name)}`.execute(trx);
    await sql`release savepoint ${sql.id(name)}`.execute(trx);
    throw error;
  }
}
