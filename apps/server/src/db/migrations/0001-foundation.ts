import type { ColumnDataType, CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId(db.schema.createTable('sites'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('host', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('brand_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('default_lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('support_url', 'varchar(255)', (c) => c.notNull())
    .addColumn('logo_url', 'varchar(255)', (c) => c.notNull())
    .addColumn('social_links', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('members'))
    .addColumn('account', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('qk_pwd_hash', 'varchar(255)')
    .addColumn('realname', 'varchar(100)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(100)')
    .addColumn('email', 'varchar(100)', (c) => c.unique())
    .addColumn('qq', 'varchar(32)')
    .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('agent_id', 'bigint', (c) => c.references('members.id'))
    .addColumn('top_id', 'bigint', (c) => c.references('members.id'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_tips_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_in_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_trans_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_ms_reg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('register_type', 'varchar(16)', (c) => c.notNull().defaultTo('account'))
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('register_ip', 'varchar(64)')
    .addColumn('register_area', 'varchar(100)')
    .addColumn('score', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('slot_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('live_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_credit_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_credit_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('wagering_required_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_bet_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_slot_bet_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_live_bet_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('profile_url', 'varchar(255)')
    .addColumn('frozen_reason', 'varchar(500)')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('deleted_at', ts)
    .addCheckConstraint('members_money_not_negative', sql`wagering_required_centavos >= 0`)
    .execute();
  await db.schema.createIndex('members_agent_idx').on('members').column('agent_id').execute();
  await db.schema.createIndex('members_created_idx').on('members').column('created_at').execute();

  await withId(db.schema.createTable('ledger_accounts'))
    .addColumn('member_id', 'bigint', (c) => c.references('members.id'))
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('balance_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('ledger_accounts_owner_kind', ['member_id', 'kind', 'currency'])
    .addCheckConstraint('ledger_member_not_negative', sql`member_id is null or balance_centavos >= 0`)
    .execute();

  await withId(db.schema.createTable('member_sessions'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_seen_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('revoked_at', ts)
    .addColumn('revoked_reason', 'varchar(32)')
    .execute();
  await db.schema.createIndex('member_sessions_member_idx').on('member_sessions').column('member_id').execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();

  await withId(db.schema.createTable('email_codes'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('email', 'varchar(100)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('consumed_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_codes_member_idx').on('email_codes').column('member_id').execute();

  await withId(db.schema.createTable('email_outbox'))
    .addColumn('to_address', 'varchar(100)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('transport', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('sent_at', ts)
    .addColumn('error', 'varchar(500)')
    .execute();

  await withId(db.schema.createTable('operators'))
    .addColumn('username', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_login_at', ts)
    .execute();

  await withId(db.schema.createTable('operator_sessions'))
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_seen_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('revoked_at', ts)
    .execute();

  await withId(db.schema.createTable('audit_log'))
    .addColumn('operator_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)')
    .addColumn('target_id', 'varchar(64)')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id']).execute();

  await withId(db.schema.createTable('activities'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('title_json', 'text', (c) => c.notNull())
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('image_url', 'varchar(255)')
    .addColumn('starts_at', ts)
    .addColumn('ends_at', ts)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
}
