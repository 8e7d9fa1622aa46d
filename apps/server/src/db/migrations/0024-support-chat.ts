import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// Support chat (issue 15 item 6):
// - support_conversations: one per subject a member opens; open or closed, the operator it is
//   assigned to, when its last message came, and the unread count of each side (the member's
//   unread operator messages, the operators' unread member messages) kept on the row so the
//   badges read one column.
// - support_attachments: images uploaded before the message that sends them (member or operator),
//   stored like identity documents (ctx.fileStorage) with their type read from the bytes.
// - support_messages: author kind member or operator, the text, at most one image; an image is
//   sent once (unique attachment_id).
// - support_canned_replies: the back office's ready answers.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('support_conversations'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    /** open or closed. */
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('assigned_operator_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('member_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('operator_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_preview', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_message_at', ts, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('closed_at', ts)
    .execute();
  await db.schema
    .createIndex('support_conversations_member')
    .on('support_conversations')
    .columns(['member_id', 'last_message_at'])
    .execute();
  await db.schema.createIndex('support_conversations_status').on('support_conversations').columns(['status', 'last_message_at']).execute();
  await db.schema
    .createIndex('support_conversations_assigned')
    .on('support_conversations')
    .columns(['assigned_operator_id', 'status'])
    .execute();

  await id(db.schema.createTable('support_attachments'))
    /** The member who uploaded it, or whose conversation an operator's image was sent in: who may see it. */
    .addColumn('member_id', 'bigint', (c) => c.references('members.id'))
    .addColumn('operator_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('support_messages'))
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('support_conversations.id'))
    /** member or operator. */
    .addColumn('author_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('operator_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('attachment_id', 'bigint', (c) => c.unique().references('support_attachments.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_messages_conversation').on('support_messages').columns(['conversation_id', 'id']).execute();

  await id(db.schema.createTable('support_canned_replies'))
    .addColumn('title', 'varchar(80)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
}
