import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Queries of the back office's member pages: search, last sessions, the e-mail outbox. */

export interface MemberSearch {
  q?: string | undefined;
  status?: number | undefined;
  page: number;
  page_size: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Members not deleted, by status and a text that matches the id, account, real name, e-mail or phone. */
function searched(db: Database, filter: MemberSearch) {
  let query = db.selectFrom('members').leftJoin('sites', 'sites.id', 'members.site_id').where('members.deleted_at', 'is', null);
  if (filter.status !== undefined) query = query.where('members.status', '=', filter.status);
  if (filter.q) {
    const q = filter.q;
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    const phonePattern = `%${escapeLike(q.replace(/[^\d+]/g, '') || q)}%`;
    const asId = /^\d{1,15}$/.test(q) ? Number(q) : undefined;
    query = query.where((eb) =>
      eb.or([
        ...(asId !== undefined ? [eb('members.id', '=', asId)] : []),
        eb(sql`lower(members.account)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(members.realname)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(members.email, ''))`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`members.phone`, 'like', sql`${phonePattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

export async function searchMembersPage(db: Database, filter: MemberSearch) {
  return searched(db, filter)
    .selectAll('members')
    .select('sites.name as site_name')
    .orderBy('members.id', 'desc')
    .limit(filter.page_size)
    .offset((filter.page - 1) * filter.page_size)
    .execute();
}

export async function countSearchedMembers(db: Database, filter: MemberSearch): Promise<number> {
  const row = await searched(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The members' latest sessions, newest first (bounded: 20 per member). */
export async function latestSessionsOf(db: Database, memberIds: number[]) {
  return db
    .selectFrom('member_sessions')
    .selectAll()
    .where('member_id', 'in', memberIds)
    .orderBy('last_seen_at', 'desc')
    .limit(memberIds.length * 20)
    .execute();
}

export async function outboxPage(db: Database, page: number, pageSize: number) {
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
}

export async function countOutbox(db: Database): Promise<number> {
  const row = await db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
