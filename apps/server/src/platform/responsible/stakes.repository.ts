import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The reads and the write of responsible gaming for many stakes at once (stakes.ts): the same rows
 * responsible.repository.ts reads for one member, for a batch of members in one statement each.
 */

/** At most this many members in one IN list (well under both databases' bound-value limits). */
const CHUNK = 5_000;

async function chunked<T>(ids: readonly number[], read: (ids: number[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) rows.push(...(await read(ids.slice(i, i + CHUNK))));
  return rows;
}

export function settingsOf(db: Database, memberIds: readonly number[]) {
  return chunked(memberIds, (ids) => db.selectFrom('responsible_settings').selectAll().where('member_id', 'in', ids).execute());
}

/** The members' rows as the standing checks read them (responsible.repository.ts memberForStanding). */
export function membersForStanding(db: Database, memberIds: readonly number[]) {
  return chunked(memberIds, (ids) =>
    db
      .selectFrom('members')
      .innerJoin('sites', 'sites.id', 'members.site_id')
      .select([
        'members.id',
        'members.kyc_status',
        'members.regulated_profile_at',
        'members.site_id',
        'members.terms_version',
        'sites.regulated',
      ])
      .where('members.id', 'in', ids)
      .execute(),
  );
}

export function limitsOf(db: Database, memberIds: readonly number[]) {
  return chunked(memberIds, (ids) =>
    db
      .selectFrom('responsible_limits')
      .select(['member_id', 'kind', 'period', 'value', 'pending_value', 'pending_clear', 'pending_at'])
      .where('member_id', 'in', ids)
      .execute(),
  );
}

/** Each member's stakes and wins summed over the São Paulo days [from, to] (members with no row are left out). */
export async function usageOf(db: Database, memberIds: readonly number[], from: string, to: string) {
  const rows = await chunked(memberIds, (ids) =>
    db
      .selectFrom('responsible_usage')
      .select((eb) => [
        'member_id',
        eb.fn.coalesce(eb.fn.sum<number>('stake_centavos'), sql<number>`0`).as('stake'),
        eb.fn.coalesce(eb.fn.sum<number>('win_centavos'), sql<number>`0`).as('win'),
      ])
      .where('member_id', 'in', ids)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('member_id')
      .execute(),
  );
  return new Map(rows.map((r) => [r.member_id, { stake: Number(r.stake), win: Number(r.win) }]));
}

/** Adds stakes to the members' counters of one day (one row per member: the caller sums them). */
export async function addStakes(db: Database, day: string, stakes: readonly { memberId: number; amountCentavos: number }[]) {
  const rows = stakes.map((s) => ({
    member_id: s.memberId,
    day,
    stake_centavos: s.amountCentavos,
    win_centavos: 0,
    seconds: 0,
    limit_hits: 0,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('responsible_usage')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['member_id', 'day']).doUpdateSet((eb) => ({
          stake_centavos: sql`responsible_usage.stake_centavos + ${eb.ref('excluded.stake_centavos')}`,
        })),
      )
      .execute();
  }
}
