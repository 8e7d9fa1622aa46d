import type { Database } from '../../db/database.ts';
import { precompiled } from '../../db/precompiled.ts';

export async function findProvider(db: Database, platType: string) {
  return db.selectFrom('game_providers').selectAll().where('plat_type', '=', platType).executeTakeFirst();
}

/** A game of this provider (another provider's code is unknown here). */
export async function findProviderGame(db: Database, providerId: number, code: string) {
  return db.selectFrom('games').selectAll().where('provider_id', '=', providerId).where('code', '=', code).executeTakeFirst();
}

/** A launch session of this provider with its member's standing. */
const gameSessionStatement = precompiled((db, p: { providerId: number; tokenHash: string }) =>
  db
    .selectFrom('game_sessions')
    .innerJoin('members', 'members.id', 'game_sessions.member_id')
    .select([
      'game_sessions.id',
      'game_sessions.member_id',
      'game_sessions.game_id',
      'game_sessions.created_at',
      'game_sessions.expires_at',
      'game_sessions.last_seen_at',
      'members.status as member_status',
      'members.deleted_at as member_deleted_at',
    ])
    .where('game_sessions.token_hash', '=', p.tokenHash)
    .where('game_sessions.provider_id', '=', p.providerId),
);

/** A launch session by its token's hash, with its member's standing (every balance, bet and win call reads it). */
export async function findGameSession(db: Database, providerId: number, tokenHash: string) {
  const { rows } = await gameSessionStatement(db, { providerId, tokenHash });
  return rows[0];
}

/** Slides the session's idle expiry (conditional, so an expired session is never revived). */
export async function touchGameSession(db: Database, id: number, now: string, expiresAt: string): Promise<void> {
  await db
    .updateTable('game_sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .execute();
}

export async function findMember(db: Database, id: number) {
  return db.selectFrom('members').select(['id', 'status', 'deleted_at']).where('id', '=', id).executeTakeFirst();
}
