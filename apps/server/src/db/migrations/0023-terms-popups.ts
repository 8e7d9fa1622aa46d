import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// Issue 15 items 4 and 5.
// - legal_documents: the site's terms, privacy policy and responsible-gaming policy, one row per
//   version (kind + version unique per site): Markdown per language (JSON object language -> text),
//   a draft until published with the date it takes effect. A change to a document in force is
//   announced at least 14 days ahead (the spec's "terms update notice: at least two weeks").
// - legal_acceptances: who accepted which version, when and from which address.
// - members.terms_version: the terms version the member accepted last, read with the session and
//   the stake's standing row, so the bet path asks no extra query.
// - popups: the reminder popups shown on entering the site (image, text, link, audience, dates),
//   `modal` open by default; popup_offs: a member's "don't remind me" (the off flag, default false).
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('legal_documents'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('title_json', 'text', (c) => c.notNull())
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('effective_at', ts)
    .addColumn('published_at', ts)
    .addColumn('operator_id', 'bigint')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('legal_documents_version_uq')
    .on('legal_documents')
    .columns(['site_id', 'kind', 'version'])
    .unique()
    .execute();

  await id(db.schema.createTable('legal_acceptances'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('document_id', 'bigint', (c) => c.notNull().references('legal_documents.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('accepted_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('legal_acceptances_member_uq')
    .on('legal_acceptances')
    .columns(['member_id', 'document_id'])
    .unique()
    .execute();

  await db.schema.alterTable('members').addColumn('terms_version', 'integer').execute();

  await id(db.schema.createTable('popups'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('title_json', 'text', (c) => c.notNull())
    .addColumn('text_json', 'text', (c) => c.notNull())
    .addColumn('image_url', 'varchar(500)')
    .addColumn('link_url', 'varchar(500)')
    .addColumn('audience', 'varchar(16)', (c) => c.notNull().defaultTo('all'))
    .addColumn('vip_min_level', 'integer')
    .addColumn('modal', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', ts)
    .addColumn('ends_at', ts)
    .addColumn('operator_id', 'bigint')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('popups_site_idx').on('popups').columns(['site_id', 'active']).execute();

  await db.schema
    .createTable('popup_offs')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('popup_id', 'bigint', (c) => c.notNull().references('popups.id'))
    .addColumn('off_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('popup_offs_pk', ['member_id', 'popup_id'])
    .execute();
}
