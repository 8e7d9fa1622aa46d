import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// One bonus per deposit (issue 10 item 12): a site setting that lets a deposit fund several
// deposit bonuses (off by default), the bonus a member chose when depositing, and the bonus each
// deposit funded first, keyed by the deposit so a second one finds it taken.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';

  await db.schema
    .alterTable('sites')
    .addColumn('bonus_stacking', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('deposit_orders').addColumn('bonus_choice', 'varchar(16)').execute();

  await db.schema
    .createTable('deposit_bonus_uses')
    .addColumn('deposit_order_id', 'bigint', (c) => c.primaryKey().references('deposit_orders.id'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('claim_key', 'varchar(191)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deposit_bonus_uses_member_idx').on('deposit_bonus_uses').columns(['member_id']).execute();
  await recordFundedDeposits(db);
}

/**
 * Deposits that already funded bonuses: the first bonus claimed (by id) is the one each funded, so
 * turning stacking off closes the others for them too. The claims name their deposit by order_no.
 */
export async function recordFundedDeposits(db: Kysely<any>): Promise<void> {
  const credits = await db
    .selectFrom('bonus_credits')
    .select(['member_id', 'source', 'claim_key', 'detail_json', 'created_at'])
    .where('source', 'in', ['ftd', 'welcome', 'rechargerebate'])
    .orderBy('id')
    .execute();
  for (const credit of credits) {
    let orderNo: unknown;
    try {
      orderNo = (JSON.parse(credit.detail_json ?? '{}') as { order_no?: unknown }).order_no;
    } catch {
      orderNo = undefined;
    }
    if (typeof orderNo !== 'string') continue;
    const order = await db
      .selectFrom('deposit_orders')
      .select('id')
      .where('order_no', '=', orderNo)
      .where('member_id', '=', credit.member_id)
      .executeTakeFirst();
    if (!order) continue;
    await db
      .insertInto('deposit_bonus_uses')
      .values({
        deposit_order_id: order.id,
        member_id: credit.member_id,
        source: credit.source,
        claim_key: credit.claim_key,
        created_at: credit.created_at,
      })
      .onConflict((oc) => oc.column('deposit_order_id').doNothing())
      .execute();
  }
}
