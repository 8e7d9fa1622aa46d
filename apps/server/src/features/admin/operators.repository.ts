import type { Database } from '../../db/database.ts';

/** Queries of the back office's operators (sessions and lookups by id live in platform/auth). */

export async function findOperatorIdByUsername(db: Database, username: string): Promise<number | undefined> {
  const row = await db.selectFrom('operators').select('id').where('username', '=', username).executeTakeFirst();
  return row?.id;
}

export async function insertOperator(db: Database, operator: { username: string; passwordHash: string; role: string; now: string }) {
  return db
    .insertInto('operators')
    .values({
      username: operator.username,
      password_hash: operator.passwordHash,
      role: operator.role,
      created_at: operator.now,
      last_login_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function recordOperatorLogin(db: Database, operatorId: number, now: string): Promise<void> {
  await db.updateTable('operators').set({ last_login_at: now }).where('id', '=', operatorId).execute();
}

export async function revokeOperatorSession(db: Database, sessionId: number, now: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: now }).where('id', '=', sessionId).execute();
}

/** Every operator, by id (bounded: a back office has a handful). */
export async function listOperatorRows(db: Database, limit: number) {
  return db.selectFrom('operators').selectAll().orderBy('id').limit(limit).execute();
}
