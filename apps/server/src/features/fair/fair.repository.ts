import { hashServerSeed, randomClientSeed, randomServerSeed } from '@casino/games/fair';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { precompiled } from '../../db/precompiled.ts';

/** The seed pair a bet draws from, with the nonce reserved for it. */
export interface ReservedSeed {
  seedId: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export async function findActivePair(db: Database, memberId: number) {
  return db.selectFrom('fair_seeds').selectAll().where('member_id', '=', memberId).where('active', '=', 1).executeTakeFirst();
}

export async function findPairById(db: Database, id: number) {
  return db.selectFrom('fair_seeds').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Opens the member's active pair if there is none. The partial unique index on (member_id) where
 * active = 1 makes two concurrent first bets share one pair instead of creating two.
 */
export async function ensureActivePair(db: Database, memberId: number, clientSeed = randomClientSeed()): Promise<void> {
  const serverSeed = randomServerSeed();
  await db
    .insertInto('fair_seeds')
    .values({
      member_id: memberId,
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
      client_seed: clientSeed,
      nonce: 0,
      active: 1,
      created_at: nowIso(),
      revealed_at: null,
    })
    // The one unique rule a new pair can break is one active pair per member (fair_seeds_one_active:
    // a partial index on PostgreSQL, an index on an expression on SQLite, migration 0025), so no
    // conflict target is named.
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const takeNonceStatement = precompiled<
  { memberId: number },
  { id: number; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number }
>((db, p) =>
  db
    .updateTable('fair_seeds')
    .set({ nonce: sql`nonce + 1` })
    .where('member_id', '=', p.memberId)
    .where('active', '=', 1)
    .returning(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce']),
);

/** Every house bet takes a nonce: a precompiled statement. */
async function takeNonce(trx: Database, memberId: number) {
  return (await takeNonceStatement(trx, { memberId })).rows[0];
}

/**
 * Reserves the next nonce of the member's active pair inside the bet's transaction (opening the
 * pair on the first bet). The increment is one conditional update, which also row-locks the pair
 * on PostgreSQL until the bet commits: two concurrent bets never share a nonce, and a bet that
 * fails rolls its nonce back with everything else.
 */
export async function reserveNonce(trx: Database, memberId: number): Promise<ReservedSeed> {
  let row = await takeNonce(trx, memberId);
  if (!row) {
    await ensureActivePair(trx, memberId);
    row = await takeNonce(trx, memberId);
  }
  if (!row) throw new Error(`member ${memberId} has no active seed pair after opening one`);
  return {
    seedId: row.id,
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce - 1,
  };
}

/** Retires the active pair (its server seed becomes public); answers it, or undefined if none. */
export async function revealActivePair(trx: Database, memberId: number, now: string) {
  return trx
    .updateTable('fair_seeds')
    .set({ active: 0, revealed_at: now })
    .where('member_id', '=', memberId)
    .where('active', '=', 1)
    .returningAll()
    .executeTakeFirst();
}

export async function revealedPairs(db: Database, memberId: number, limit: number) {
  return db
    .selectFrom('fair_seeds')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('active', '=', 0)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Whether a round of the pair is still open (a mines board in play): its seed must stay secret. */
export async function hasOpenRoundOnPair(db: Database, seedId: number): Promise<boolean> {
  const row = await db
    .selectFrom('game_rounds')
    .select('id')
    .where('seed_id', '=', seedId)
    .where('status', '=', 'open')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
