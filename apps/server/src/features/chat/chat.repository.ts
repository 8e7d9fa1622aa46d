import type { Database } from '../../db/database.ts';

/**
 * The chat's tables (migration 0021): `chat_messages` (one row per message of a language room) and
 * `chat_sanctions` (mutes and bans). Every query of a member's own state is scoped by the member id
 * the session gave.
 */

const messageColumns = [
  'chat_messages.id',
  'chat_messages.room',
  'chat_messages.member_id',
  'chat_messages.operator_id',
  'chat_messages.nick',
  'chat_messages.text',
  'chat_messages.mentions',
  'chat_messages.created_at',
  'chat_messages.deleted_at',
] as const;

export async function insertMessage(
  db: Database,
  row: {
    room: string;
    member_id: number | null;
    operator_id: number | null;
    nick: string;
    text: string;
    mentions: string;
    created_at: string;
  },
) {
  const inserted = await db.insertInto('chat_messages').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** The room's last `limit` messages not deleted, oldest first. */
export async function lastMessages(db: Database, room: string, limit: number) {
  const rows = await db
    .selectFrom('chat_messages')
    .select(messageColumns)
    .where('room', '=', room)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** The back office's view: a room's messages (deleted ones too), newest first, with the author's account. */
export async function pageMessages(
  db: Database,
  filter: { room?: string | undefined; member_id?: number | undefined; page: number; page_size: number },
) {
  let query = db.selectFrom('chat_messages').leftJoin('members', 'members.id', 'chat_messages.member_id');
  if (filter.room) query = query.where('chat_messages.room', '=', filter.room);
  if (filter.member_id) query = query.where('chat_messages.member_id', '=', filter.member_id);
  const [rows, total] = await Promise.all([
    query
      .select([...messageColumns, 'members.account as account'])
      .orderBy('chat_messages.id', 'desc')
      .limit(filter.page_size)
      .offset((filter.page - 1) * filter.page_size)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findMessage(db: Database, id: number) {
  return db.selectFrom('chat_messages').select(messageColumns).where('id', '=', id).executeTakeFirst();
}

/** Marks messages deleted; answers the ids that were not deleted before (a second delete moves nothing). */
export async function markDeleted(db: Database, ids: readonly number[], operatorId: number, at: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('chat_messages')
    .set({ deleted_at: at, deleted_by: operatorId })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .returning(['id', 'room'])
    .execute();
  return rows.map((r) => Number(r.id));
}

/** A member's messages still shown since a time (a ban takes them down), with their rooms. */
export async function recentMessagesOf(db: Database, memberId: number, since: string) {
  return db
    .selectFrom('chat_messages')
    .select(['id', 'room'])
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .where('created_at', '>=', since)
    .execute();
}

/** The retention sweep: deletes the rows written before `before`; answers how many. */
export async function deleteOlderThan(db: Database, before: string): Promise<number> {
  const result = await db.deleteFrom('chat_messages').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- sanctions --------------------------------------------------------------------------------

/** The member's sanctions in force at `now` (not lifted, not ended), bans first. */
export async function activeSanctions(db: Database, memberId: number, now: string) {
  return db
    .selectFrom('chat_sanctions')
    .select(['id', 'kind', 'until', 'reason'])
    .where('member_id', '=', memberId)
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
    .orderBy('kind', 'asc')
    .execute();
}

export async function insertSanction(
  db: Database,
  row: { member_id: number; kind: string; until: string | null; reason: string; operator_id: number; created_at: string },
) {
  const inserted = await db.insertInto('chat_sanctions').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function findSanction(db: Database, id: number) {
  return db.selectFrom('chat_sanctions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Lifts a sanction; false when it was lifted already. */
export async function liftSanction(db: Database, id: number, operatorId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('chat_sanctions')
    .set({ lifted_at: at, lifted_by: operatorId })
    .where('id', '=', id)
    .where('lifted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sanctions in force at `now`, newest first, with the member's account and nickname and the operator's name. */
export async function pageActiveSanctions(db: Database, now: string, window: { page: number; page_size: number }) {
  const base = db
    .selectFrom('chat_sanctions')
    .where('chat_sanctions.lifted_at', 'is', null)
    .where((eb) => eb.or([eb('chat_sanctions.until', 'is', null), eb('chat_sanctions.until', '>', now)]));
  const [rows, total] = await Promise.all([
    base
      .innerJoin('members', 'members.id', 'chat_sanctions.member_id')
      .leftJoin('operators', 'operators.id', 'chat_sanctions.operator_id')
      .select([
        'chat_sanctions.id',
        'chat_sanctions.member_id',
        'chat_sanctions.kind',
        'chat_sanctions.until',
        'chat_sanctions.reason',
        'chat_sanctions.created_at',
        'members.account',
        'members.nickname',
        'operators.username as operator_username',
      ])
      .orderBy('chat_sanctions.id', 'desc')
      .limit(window.page_size)
      .offset((window.page - 1) * window.page_size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** What the chat shows of a member: account and nickname. */
export async function memberNames(db: Database, memberId: number) {
  return db.selectFrom('members').select(['id', 'account', 'nickname']).where('id', '=', memberId).executeTakeFirst();
}
