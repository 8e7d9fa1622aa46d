import type { Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { VipLevelsTable } from '../../db/schema.ts';

/** The VIP table, the members' levels and their history: the only SQL of the VIP feature. */

export type VipLevelRow = Awaited<ReturnType<typeof allLevelRows>>[number];

export async function allLevelRows(db: Database) {
  return db.selectFrom('vip_levels').selectAll().orderBy('level').execute();
}

export async function findLevelRow(db: Database, level: number) {
  return db.selectFrom('vip_levels').selectAll().where('level', '=', level).executeTakeFirst();
}

/** Inserts the levels the table lacks; existing rows (operator edits) are left alone. */
export async function insertMissingLevels(db: Database, rows: Omit<VipLevelRow, 'updated_at'>[]): Promise<void> {
  const now = nowIso();
  for (const row of rows) {
    await db
      .insertInto('vip_levels')
      .values({ ...row, updated_at: now })
      .onConflict((oc) => oc.column('level').doNothing())
      .execute();
  }
}

export async function updateLevelRow(db: Database, level: number, changes: Updateable<VipLevelsTable>) {
  return db
    .updateTable('vip_levels')
    .set({ ...changes, updated_at: nowIso() })
    .where('level', '=', level)
    .returningAll()
    .executeTakeFirst();
}

/** The member's levels and lifetime figures, as the ladder reads them. */
export async function findStanding(db: Database, memberId: number) {
  return db
    .selectFrom('members')
    .select([
      'id',
      'level',
      'slot_level',
      'live_level',
      'total_recharge_centavos',
      'total_bet_centavos',
      'total_slot_bet_centavos',
      'total_live_bet_centavos',
    ])
    .where('id', '=', memberId)
    .executeTakeFirst();
}
export type Standing = NonNullable<Awaited<ReturnType<typeof findStanding>>>;

const LEVEL_COLUMNS = { level: 'level', slot: 'slot_level', live: 'live_level' } as const;

/** Raises one track's level to `to` only if it is still below (a level never goes down). */
export async function raiseLevel(trx: Database, memberId: number, track: keyof typeof LEVEL_COLUMNS, to: number): Promise<boolean> {
  const column = LEVEL_COLUMNS[track];
  const result = await trx
    .updateTable('members')
    .set({ [column]: to, updated_at: nowIso() })
    .where('id', '=', memberId)
    .where(column, '<', to)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertHistory(
  trx: Database,
  row: { member_id: number; track: string; from_level: number; to_level: number; reward_centavos: number },
): Promise<void> {
  await trx
    .insertInto('vip_history')
    .values({ ...row, created_at: nowIso() })
    .execute();
}

export async function pageHistory(db: Database, memberId: number, page: number, pageSize: number) {
  const base = db.selectFrom('vip_history').where('member_id', '=', memberId);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/**
 * Members with a bet on `day` whose figures meet the level above theirs on some track, by id after
 * `afterId`, at most `limit`. Checking only the next level is enough: the table climbs (each level
 * asks at least what the one below asks), so a member short of it is short of every level above.
 */
export async function membersReadyToClimb(db: Database, day: string, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('members as m')
    .leftJoin('vip_levels as v', (join) => join.on((eb) => eb('v.level', '=', eb('m.level', '+', 1))))
    .leftJoin('vip_levels as vs', (join) => join.on((eb) => eb('vs.level', '=', eb('m.slot_level', '+', 1))))
    .leftJoin('vip_levels as vl', (join) => join.on((eb) => eb('vl.level', '=', eb('m.live_level', '+', 1))))
    .select('m.id')
    .where('m.id', '>', afterId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('member_daily_stats as s')
          .select('s.member_id')
          .whereRef('s.member_id', '=', 'm.id')
          .where('s.day', '=', day)
          .where('s.bet_centavos', '>', 0),
      ),
    )
    .where((eb) =>
      eb.or([
        eb.and([
          eb('m.total_recharge_centavos', '>=', eb.ref('v.min_recharge_centavos')),
          eb('m.total_bet_centavos', '>=', eb.ref('v.min_bet_centavos')),
        ]),
        eb('m.total_slot_bet_centavos', '>=', eb.ref('vs.min_slot_bet_centavos')),
        eb('m.total_live_bet_centavos', '>=', eb.ref('vl.min_live_bet_centavos')),
      ]),
    )
    .orderBy('m.id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Every level's rebate rates, by level and category. The rates hang off the VIP levels: the VIP
 * page shows them with each level, and the rebates feature reads them from here.
 */
export async function allRebateRateRows(db: Database) {
  return db.selectFrom('rebate_rates').selectAll().orderBy('level').orderBy('category').execute();
}
