import type { ColumnDataType, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// Promotions, VIP, rebates, agency and the information centre (issue 5, DESIGN.md section 7).
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  // A site can run the regulated profile (Lei 14.790/2023): deposit-linked rewards are refused.
  await db.schema
    .alterTable('sites')
    .addColumn('regulated', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Lifetime credited recharge (VIP progress) kept with the other lifetime totals.
  await db.schema
    .alterTable('members')
    .addColumn('total_recharge_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update members set total_recharge_centavos = coalesce((select sum(amount_centavos) from deposit_orders d where d.member_id = members.id and d.status = 'credited'), 0)`.execute(
    db,
  );

  // The activity engine's configuration: one row per activity type and site.
  for (const column of [
    ['config_json', 'text', "'{}'"],
    ['min_vip_level', 'integer', '0'],
    ['wagering_multiple', 'integer', '1'],
    ['deposit_linked', 'integer', '0'],
  ] as const) {
    await db.schema
      .alterTable('activities')
      .addColumn(column[0], column[1], (c) => c.notNull().defaultTo(sql.raw(column[2])))
      .execute();
  }
  await db.schema.alterTable('activities').addColumn('updated_at', ts).execute();
  await db.schema.createIndex('activities_site_type_unique').on('activities').columns(['site_id', 'type']).unique().execute();

  // Every bonus credited to a member (activity claims, VIP rewards, rebates, commissions):
  // the claim key is the idempotency of the claim, and the cover history reads this table.
  await id(db.schema.createTable('bonus_credits'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('activity_id', 'bigint')
    .addColumn('claim_key', 'varchar(191)', (c) => c.notNull().unique())
    .addColumn('amount_centavos', 'bigint', (c) => c.notNull())
    .addColumn('wagering_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transfer_id', 'bigint', (c) => c.references('ledger_transfers.id'))
    .addColumn('detail_json', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bonus_credits_member_idx').on('bonus_credits').columns(['member_id', 'id']).execute();
  await db.schema.createIndex('bonus_credits_source_idx').on('bonus_credits').columns(['source', 'created_at']).execute();

  // Valid bets and wins per member, São Paulo day and category: the base of rebates, daily loss
  // relief, weekly rewards and agency betting commissions.
  await db.schema
    .createTable('member_daily_stats')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('bet_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('win_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rounds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rebate_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('member_daily_stats_pk', ['member_id', 'day', 'category'])
    .execute();
  await db.schema.createIndex('member_daily_stats_day_idx').on('member_daily_stats').columns(['day']).execute();

  await db.schema
    .createTable('vip_levels')
    .addColumn('level', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('min_recharge_centavos', 'bigint', (c) => c.notNull())
    .addColumn('min_bet_centavos', 'bigint', (c) => c.notNull())
    .addColumn('min_slot_bet_centavos', 'bigint', (c) => c.notNull())
    .addColumn('min_live_bet_centavos', 'bigint', (c) => c.notNull())
    .addColumn('levelup_reward_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('vip_history'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('track', 'varchar(8)', (c) => c.notNull())
    .addColumn('from_level', 'integer', (c) => c.notNull())
    .addColumn('to_level', 'integer', (c) => c.notNull())
    .addColumn('reward_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vip_history_member_idx').on('vip_history').columns(['member_id', 'id']).execute();

  await db.schema
    .createTable('rebate_rates')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rebate_rates_pk', ['level', 'category'])
    .execute();

  // Agency: the closure of the invitation tree (depth 1 = direct, 2+ = indirect).
  await db.schema
    .createTable('agency_tree')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('ancestor_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('agency_tree_pk', ['member_id', 'ancestor_id'])
    .execute();
  await db.schema.createIndex('agency_tree_ancestor_idx').on('agency_tree').columns(['ancestor_id', 'depth']).execute();
  // Existing direct links (members.agent_id) become depth 1; deeper levels follow the chain.
  await sql`insert into agency_tree (member_id, ancestor_id, depth) select id, agent_id, 1 from members where agent_id is not null`.execute(
    db,
  );
  for (let depth = 2; depth <= 3; depth++) {
    await sql`insert into agency_tree (member_id, ancestor_id, depth)
      select t.member_id, m.agent_id, ${sql.lit(depth)} from agency_tree t join members m on m.id = t.ancestor_id
      where t.depth = ${sql.lit(depth - 1)} and m.agent_id is not null and m.agent_id <> t.member_id`.execute(db);
  }

  await db.schema
    .createTable('agency_rates')
    .addColumn('depth', 'integer', (c) => c.primaryKey())
    .addColumn('recharge_bp', 'integer', (c) => c.notNull())
    .addColumn('betting_bp', 'integer', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  // One row per agent, subordinate, day and source: a reward is attributable to the invitee.
  await id(db.schema.createTable('agency_commissions'))
    .addColumn('agent_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('subordinate_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('base_centavos', 'bigint', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('amount_centavos', 'bigint', (c) => c.notNull())
    .addColumn('transfer_id', 'bigint', (c) => c.references('ledger_transfers.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('agency_commissions_unique', ['agent_id', 'subordinate_id', 'day', 'source'])
    .execute();
  await db.schema.createIndex('agency_commissions_day_idx').on('agency_commissions').columns(['day']).execute();

  await id(db.schema.createTable('agency_settlements'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('agents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', ts, (c) => c.notNull())
    .addColumn('finished_at', ts)
    .execute();

  // Information centre.
  await id(db.schema.createTable('notifications'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('params_json', 'text')
    .addColumn('operator_id', 'bigint')
    .addColumn('read_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_member_idx').on('notifications').columns(['member_id', 'id']).execute();

  await id(db.schema.createTable('announcements'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('title_json', 'text', (c) => c.notNull())
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('starts_at', ts)
    .addColumn('ends_at', ts)
    .addColumn('operator_id', 'bigint')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('announcement_reads')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('announcement_id', 'bigint', (c) => c.notNull().references('announcements.id'))
    .addColumn('read_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_reads_pk', ['member_id', 'announcement_id'])
    .execute();

  // Redeem codes (/resgatar), written by operators.
  await id(db.schema.createTable('redeem_codes'))
    .addColumn('site_id', 'bigint', (c) => c.notNull().references('sites.id'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('amount_centavos', 'bigint', (c) => c.notNull())
    .addColumn('wagering_multiple', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_uses', 'integer', (c) => c.notNull())
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_vip_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', ts)
    .addColumn('ends_at', ts)
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
}
