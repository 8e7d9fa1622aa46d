import { sql } from 'kysely';
import { type Database, isSqlite } from '../../db/database.ts';

/** Support chat (migration 0024): conversations, messages, image attachments, canned replies. */

export type InboxFilter = 'open' | 'mine' | 'unassigned' | 'closed' | 'all';

// ---- conversations ----

export async function countOpenForMember(db: Database, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('support_conversations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertConversation(db: Database, input: { memberId: number; now: string }): Promise<number> {
  const row = await db
    .insertInto('support_conversations')
    .values({ member_id: input.memberId, status: 'open', last_message_at: input.now, created_at: input.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findConversation(db: Database, id: number) {
  return db.selectFrom('support_conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row locked for a write on PostgreSQL (SQLite has one writer already). */
export function lockConversation(db: Database, id: number) {
  const query = db.selectFrom('support_conversations').selectAll().where('id', '=', id);
  return isSqlite(db) ? query.executeTakeFirst() : query.forUpdate().executeTakeFirst();
}

/** A message from the member: the conversation (re)opens and the operators have one more to read. */
export async function bumpAfterMemberMessage(db: Database, id: number, preview: string, now: string): Promise<void> {
  await db
    .updateTable('support_conversations')
    .set((eb) => ({
      status: 'open',
      closed_at: null,
      operator_unread: eb('operator_unread', '+', 1),
      message_count: eb('message_count', '+', 1),
      last_preview: preview,
      last_message_at: now,
    }))
    .where('id', '=', id)
    .execute();
}

/** A message from an operator: the member has one more to read. */
export async function bumpAfterOperatorMessage(db: Database, id: number, preview: string, now: string): Promise<void> {
  await db
    .updateTable('support_conversations')
    .set((eb) => ({
      member_unread: eb('member_unread', '+', 1),
      message_count: eb('message_count', '+', 1),
      last_preview: preview,
      last_message_at: now,
    }))
    .where('id', '=', id)
    .execute();
}

export async function clearUnread(db: Database, id: number, side: 'member' | 'operator'): Promise<void> {
  const column = side === 'member' ? 'member_unread' : 'operator_unread';
  await db
    .updateTable('support_conversations')
    .set({ [column]: 0 })
    .where('id', '=', id)
    .where(column, '>', 0)
    .execute();
}

export async function memberUnreadTotal(db: Database, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('support_conversations')
    .select((eb) => eb.fn.sum<number>('member_unread').as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function pageMemberConversations(db: Database, memberId: number, page: number, pageSize: number) {
  const base = db.selectFrom('support_conversations').where('member_id', '=', memberId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('last_message_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function setAssignment(db: Database, id: number, operatorId: number | null): Promise<void> {
  await db.updateTable('support_conversations').set({ assigned_operator_id: operatorId }).where('id', '=', id).execute();
}

export async function closeConversation(db: Database, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('support_conversations')
    .set({ status: 'closed', closed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- messages ----

export async function insertMessage(
  db: Database,
  input: {
    conversationId: number;
    authorKind: 'member' | 'operator';
    operatorId: number | null;
    text: string;
    attachmentId: number | null;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('support_messages')
    .values({
      conversation_id: input.conversationId,
      author_kind: input.authorKind,
      operator_id: input.operatorId,
      text: input.text,
      attachment_id: input.attachmentId,
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A conversation's messages, oldest first, with the image and the operator's username. */
export function listMessages(db: Database, conversationId: number) {
  return db
    .selectFrom('support_messages as m')
    .leftJoin('support_attachments as a', 'a.id', 'm.attachment_id')
    .leftJoin('operators as o', 'o.id', 'm.operator_id')
    .select([
      'm.id',
      'm.author_kind',
      'm.text',
      'm.created_at',
      'm.attachment_id',
      'a.mime as attachment_mime',
      'a.size_bytes as attachment_size',
      'o.username as operator_username',
    ])
    .where('m.conversation_id', '=', conversationId)
    .orderBy('m.id', 'asc')
    .execute();
}

// ---- attachments ----

export async function insertAttachment(
  db: Database,
  input: {
    memberId: number | null;
    operatorId: number | null;
    storageKey: string;
    mime: string;
    sizeBytes: number;
    sha256: string;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('support_attachments')
    .values({
      member_id: input.memberId,
      operator_id: input.operatorId,
      storage_key: input.storageKey,
      mime: input.mime,
      size_bytes: input.sizeBytes,
      sha256: input.sha256,
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findAttachment(db: Database, id: number) {
  return db.selectFrom('support_attachments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a message already sent the image (each is sent once). */
export async function attachmentSent(db: Database, id: number): Promise<boolean> {
  const row = await db.selectFrom('support_messages').select('id').where('attachment_id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** An operator's image sent in a member's conversation becomes that member's to see. */
export async function giveAttachmentTo(db: Database, id: number, memberId: number): Promise<void> {
  await db.updateTable('support_attachments').set({ member_id: memberId }).where('id', '=', id).execute();
}

// ---- back office ----

const inboxColumns = [
  'c.id',
  'c.member_id',
  'm.account as member_account',
  'c.status',
  'c.assigned_operator_id',
  'o.username as assigned_operator_username',
  'c.operator_unread',
  'c.last_preview',
  'c.last_message_at',
  'c.created_at',
  'c.closed_at',
] as const;

function inboxBase(db: Database) {
  return db
    .selectFrom('support_conversations as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .leftJoin('operators as o', 'o.id', 'c.assigned_operator_id');
}

/** The inbox: unread first, then the latest activity; a member filter by account or id. */
export async function pageInbox(
  db: Database,
  input: { filter: InboxFilter; operatorId: number; member?: string | undefined; page: number; pageSize: number },
) {
  let base = inboxBase(db);
  if (input.filter === 'closed') base = base.where('c.status', '=', 'closed');
  else if (input.filter !== 'all') base = base.where('c.status', '=', 'open');
  if (input.filter === 'mine') base = base.where('c.assigned_operator_id', '=', input.operatorId);
  if (input.filter === 'unassigned') base = base.where('c.assigned_operator_id', 'is', null);
  if (input.member) {
    const member = input.member;
    base = base.where((eb) =>
      /^\d{1,16}$/.test(member) ? eb.or([eb('m.account', '=', member), eb('m.id', '=', Number(member))]) : eb('m.account', '=', member),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select(inboxColumns)
      .orderBy(sql`case when c.operator_unread > 0 then 0 else 1 end`)
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export function findInboxConversation(db: Database, id: number) {
  return inboxBase(db).select(inboxColumns).where('c.id', '=', id).executeTakeFirst();
}

export async function inboxSummary(db: Database, operatorId: number) {
  const row = await db
    .selectFrom('support_conversations')
    .select((eb) => [
      eb.fn.countAll<number>().as('open'),
      eb.fn.sum<number>(eb.case().when('assigned_operator_id', 'is', null).then(1).else(0).end()).as('unassigned'),
      eb.fn.sum<number>(eb.case().when('assigned_operator_id', '=', operatorId).then(1).else(0).end()).as('mine'),
      eb.fn.sum<number>('operator_unread').as('unread'),
    ])
    .where('status', '=', 'open')
    .executeTakeFirst();
  return {
    open: Number(row?.open ?? 0),
    unassigned: Number(row?.unassigned ?? 0),
    mine: Number(row?.mine ?? 0),
    unread: Number(row?.unread ?? 0),
  };
}

/** Active operators of the given roles (those whose role may answer), by username. */
export function listOperatorsOfRoles(db: Database, roles: readonly string[]) {
  return db
    .selectFrom('operators')
    .select(['id', 'username'])
    .where('status', '=', 1)
    .where('role', 'in', [...roles])
    .orderBy('username')
    .limit(200)
    .execute();
}

export function findOperator(db: Database, id: number) {
  return db.selectFrom('operators').select(['id', 'username', 'role', 'status']).where('id', '=', id).executeTakeFirst();
}

// ---- canned replies ----

export function listCanned(db: Database) {
  return db.selectFrom('support_canned_replies').selectAll().orderBy('title').orderBy('id').limit(200).execute();
}

export function findCanned(db: Database, id: number) {
  return db.selectFrom('support_canned_replies').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countCanned(db: Database): Promise<number> {
  const row = await db
    .selectFrom('support_canned_replies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertCanned(db: Database, input: { title: string; text: string; operatorId: number; now: string }): Promise<number> {
  const row = await db
    .insertInto('support_canned_replies')
    .values({ title: input.title, text: input.text, operator_id: input.operatorId, created_at: input.now, updated_at: input.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateCanned(db: Database, id: number, input: { title: string; text: string; now: string }): Promise<void> {
  await db
    .updateTable('support_canned_replies')
    .set({ title: input.title, text: input.text, updated_at: input.now })
    .where('id', '=', id)
    .execute();
}

export async function deleteCanned(db: Database, id: number): Promise<void> {
  await db.deleteFrom('support_canned_replies').where('id', '=', id).execute();
}
