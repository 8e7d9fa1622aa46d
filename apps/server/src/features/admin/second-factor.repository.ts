import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OperatorSessionKind } from '../../db/schema.ts';

export function findOperatorByUsername(db: Database, username: string) {
  return db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function insertOperatorSession(
  db: Database,
  row: { operatorId: number; tokenHash: string; ip: string; kind: OperatorSessionKind; now: string; expiresAt: string },
) {
  await db
    .insertInto('operator_sessions')
    .values({
      operator_id: row.operatorId,
      token_hash: row.tokenHash,
      ip: row.ip,
      kind: row.kind,
      created_at: row.now,
      last_seen_at: row.now,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Ends a session or a challenge; false when it had already ended (a challenge is used once). */
export async function endOperatorSession(db: Database, sessionId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every open session and challenge of the operator. */
export async function endOperatorSessions(db: Database, operatorId: number, now: string) {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function setPendingTotpSecret(db: Database, operatorId: number, sealed: string) {
  await db.updateTable('operators').set({ totp_pending_secret: sealed }).where('id', '=', operatorId).execute();
}

/**
 * Switches the enrolled key on, if it is still the one the operator confirmed a code of and TOTP
 * is still off (two confirmations at once switch it on once). `step` is that code's time step.
 */
export async function enableTotpSecret(db: Database, operatorId: number, pendingSealed: string, step: number, now: string) {
  const result = await db
    .updateTable('operators')
    .set({ totp_secret: pendingSealed, totp_pending_secret: null, totp_enabled_at: now, totp_last_step: step })
    .where('id', '=', operatorId)
    .where('totp_secret', 'is', null)
    .where('totp_pending_secret', '=', pendingSealed)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function clearTotp(db: Database, operatorId: number) {
  await db
    .updateTable('operators')
    .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', operatorId)
    .execute();
  await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
}

/**
 * Records `step` as the last accepted time step, only if it is later than the one before: the
 * same code (or an older one) presented twice, even at the same instant, is accepted once.
 */
export async function advanceTotpStep(db: Database, operatorId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operatorId)
    .where('totp_secret', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Database, operatorId: number, codeHashes: string[], now: string) {
  await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
  await db
    .insertInto('operator_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ operator_id: operatorId, code_hash, created_at: now })))
    .execute();
}

/** Marks an unused recovery code of the operator used; false when there is none (or it was just used). */
export async function useRecoveryCode(db: Database, operatorId: number, codeHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('operator_recovery_codes')
    .set({ used_at: now })
    .where('operator_id', '=', operatorId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Database, operatorId: number): Promise<number> {
  const row = await db
    .selectFrom('operator_recovery_codes')
    .select(sql<number>`count(*)`.as('n'))
    .where('operator_id', '=', operatorId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
