import type { Database } from '../../db/database.ts';

/**
 * The members' communications log (migration 0016): every responsible-gaming contact with a
 * member, with its channel, what it was about and the text sent. Kept at least 5 years (Portaria
 * SPA/MF 1.231/2024): this file has no delete, and no other file may add one.
 */

export type CommunicationChannel = 'notification' | 'email' | 'in_app';

export interface Communication {
  memberId: number;
  channel: CommunicationChannel;
  kind: string;
  lang: string;
  content: string;
  createdAt: string;
}

export async function insertCommunication(db: Database, row: Communication): Promise<void> {
  await db
    .insertInto('member_communications')
    .values({
      member_id: row.memberId,
      channel: row.channel,
      kind: row.kind,
      lang: row.lang,
      content: row.content,
      created_at: row.createdAt,
    })
    .execute();
}

/** A member's contacts, newest first. */
export async function pageCommunications(db: Database, memberId: number, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('member_communications')
      .select(['id', 'member_id', 'channel', 'kind', 'lang', 'content', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('member_communications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** A system notification in the member's information centre, re-translated for each reader. */
export async function insertSystemNotification(
  db: Database,
  row: { memberId: number; kind: string; paramsJson: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      member_id: row.memberId,
      kind: row.kind,
      title: '',
      body: '',
      params_json: row.paramsJson,
      operator_id: null,
      read_at: null,
      created_at: row.createdAt,
    })
    .execute();
}

export function memberLanguage(db: Database, memberId: number) {
  return db.selectFrom('members').select(['lang']).where('id', '=', memberId).executeTakeFirst();
}

/** The responsible-gaming settings of several members at once (the marketing audience's filter). */
export function settingsOfMembers(db: Database, memberIds: number[]) {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('responsible_settings').selectAll().where('member_id', 'in', memberIds).execute();
}
