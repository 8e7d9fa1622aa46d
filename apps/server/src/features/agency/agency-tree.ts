import { AGENCY_MAX_DEPTH } from '@casino/shared/schemas/agency';
import type { Database } from '../../db/database.ts';

/**
 * Places a new member under its inviter in the invitation tree: the inviter at depth 1 and the
 * inviter's own ancestors one level further, down to AGENCY_MAX_DEPTH. Runs inside the
 * registration's (or binding's) transaction.
 */
export async function linkToTree(trx: Database, memberId: number, inviterId: number): Promise<void> {
  const above = await trx
    .selectFrom('agency_tree')
    .select(['ancestor_id', 'depth'])
    .where('member_id', '=', inviterId)
    .where('depth', '<', AGENCY_MAX_DEPTH)
    .execute();
  const rows = [
    { member_id: memberId, ancestor_id: inviterId, depth: 1 },
    ...above.filter((row) => row.ancestor_id !== memberId).map((row) => ({ member_id: memberId, ancestor_id: row.ancestor_id, depth: row.depth + 1 })),
  ];
  await trx.insertInto('agency_tree').values(rows).onConflict((oc) => oc.columns(['member_id', 'ancestor_id']).doNothing()).execute();
}
