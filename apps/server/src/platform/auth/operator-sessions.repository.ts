import type { Database } from '../../db/database.ts';

export function findOperatorById(db: Database, id: number) {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOperatorSession(db: Database, tokenHash: string) {
  return db.selectFrom('operator_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Records the session's activity (its idle deadline moves on). */
export async function touchOperatorSession(db: Database, sessionId: number, now: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}
