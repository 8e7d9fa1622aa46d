import { AGENCY_MAX_DEPTH } from '@casino/shared/schemas/agency';
import { sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.ts';
import { lockMember } from '../../platform/members/member-lock.ts';

/**
 * The invitation tree is a closure table: one row per (member, ancestor) within AGENCY_MAX_DEPTH
 * levels. Two writers change it: a registration under an inviter (a new leaf) and a binding (a
 * whole team, rooted at a member without inviter, joins an agent). Both lock the row of the team's
 * root first, so a leaf added while its team is being bound reads the team's new ancestors.
 */

/** Locks the root of `memberId`'s team (its top agent, or itself), read inside the transaction. */
export async function lockTeamRoot(trx: Database, memberId: number): Promise<void> {
  const row = await trx.selectFrom('members').select(['id', 'top_id']).where('id', '=', memberId).executeTakeFirst();
  if (row) await lockMember(trx, row.top_id ?? row.id);
}

/**
 * Places a new member under its inviter in the invitation tree: the inviter at depth 1 and the
 * inviter's own ancestors one level further, down to AGENCY_MAX_DEPTH. Runs inside the
 * registration's (or binding's) transaction.
 */
export async function linkToTree(trx: Database, memberId: number, inviterId: number): Promise<void> {
  await lockTeamRoot(trx, inviterId);
  // Read after the lock: a binding of the team that committed meanwhile changed its top agent.
  const inviter = await trx.selectFrom('members').select(['id', 'top_id']).where('id', '=', inviterId).executeTakeFirstOrThrow();
  await trx
    .updateTable('members')
    .set({ top_id: inviter.top_id ?? inviter.id })
    .where('id', '=', memberId)
    .execute();
  const above = await trx
    .selectFrom('agency_tree')
    .select(['ancestor_id', 'depth'])
    .where('member_id', '=', inviterId)
    .where('depth', '<', AGENCY_MAX_DEPTH)
    .execute();
  const rows = [
    { member_id: memberId, ancestor_id: inviterId, depth: 1 },
    ...above
      .filter((row) => row.ancestor_id !== memberId)
      .map((row) => ({ member_id: memberId, ancestor_id: row.ancestor_id, depth: row.depth + 1 })),
  ];
  await trx
    .insertInto('agency_tree')
    .values(rows)
    .onConflict((oc) => oc.columns(['member_id', 'ancestor_id']).doNothing())
    .execute();
}

/**
 * Runs bindings one at a time (PostgreSQL: a transaction-scoped advisory lock; SQLite already runs
 * one writer at a time), so two bindings can never close a loop between two teams.
 */
export async function serializeBindings(trx: Database, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('agency_bind'))`.execute(trx);
}
