import { AGENCY_MAX_DEPTH } from '@casino/shared/schemas/agency';
import { sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.ts';

/**
 * Queries of the agency: the invitation tree (closure rows, depth 1 direct, 2-3 indirect), the
 * commission rates, the bases commissions are computed from (credited recharges and valid bets
 * per São Paulo day), the commissions paid and the daily settlements. Rows only; the services
 * map them to answers.
 */

export type CommissionSource = 'recharge' | 'betting';
export const COMMISSION_SOURCES: readonly CommissionSource[] = ['recharge', 'betting'];

/** A SUM comes back as a number from SQLite and as numeric text from PostgreSQL. */
function toCentavos(value: number | string | bigint | null | undefined): number {
  const n = Number(value ?? 0);
  if (!Number.isSafeInteger(n)) throw new RangeError(`sum ${value} is not a safe integer`);
  return n;
}

// ---- rates --------------------------------------------------------------------------------------

export async function listRates(db: Database) {
  return db.selectFrom('agency_rates').selectAll().orderBy('depth').execute();
}

/** Inserts the levels that have no row yet; an operator's rates are left as they are. */
export async function insertMissingRates(db: Database, rows: { depth: number; recharge_bp: number; betting_bp: number }[], now: string) {
  await db
    .insertInto('agency_rates')
    .values(rows.map((row) => ({ ...row, updated_at: now })))
    .onConflict((oc) => oc.column('depth').doNothing())
    .execute();
}

/** Writes one level's rates (inserting the level if it has none). */
export async function saveRate(trx: Database, row: { depth: number; recharge_bp: number; betting_bp: number }, now: string) {
  await trx
    .insertInto('agency_rates')
    .values({ ...row, updated_at: now })
    .onConflict((oc) => oc.column('depth').doUpdateSet({ recharge_bp: row.recharge_bp, betting_bp: row.betting_bp, updated_at: now }))
    .execute();
}

// ---- the tree -----------------------------------------------------------------------------------

/** How many subordinates an agent has at each level. */
export async function countByLevel(db: Database, agentId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('agency_tree')
    .select(['depth', (eb) => eb.fn.countAll<number>().as('n')])
    .where('ancestor_id', '=', agentId)
    .groupBy('depth')
    .execute();
  return new Map(rows.map((row) => [row.depth, Number(row.n)]));
}

export interface SubordinateRow {
  id: number;
  account: string;
  agent_id: number | null;
  depth: number;
  created_at: string;
  total_recharge_centavos: number;
  total_bet_centavos: number;
}

/** One page of an agent's subordinates (optionally one level, optionally one member), newest first. */
export async function pageSubordinates(
  db: Database,
  agentId: number,
  filter: { level?: number | undefined; memberId?: number | undefined; page: number; page_size: number },
): Promise<{ rows: SubordinateRow[]; total: number }> {
  let query = db
    .selectFrom('agency_tree')
    .innerJoin('members', 'members.id', 'agency_tree.member_id')
    .where('agency_tree.ancestor_id', '=', agentId);
  if (filter.level !== undefined) query = query.where('agency_tree.depth', '=', filter.level);
  if (filter.memberId !== undefined) query = query.where('agency_tree.member_id', '=', filter.memberId);
  const [rows, count] = await Promise.all([
    query
      .select([
        'members.id',
        'members.account',
        'members.agent_id',
        'agency_tree.depth',
        'members.created_at',
        'members.total_recharge_centavos',
        'members.total_bet_centavos',
      ])
      .orderBy('members.id', 'desc')
      .limit(filter.page_size)
      .offset((filter.page - 1) * filter.page_size)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The invite codes of the given members (the inviters of a page of subordinates). */
export async function inviteCodesOf(db: Database, memberIds: number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db.selectFrom('members').select(['id', 'invite_code']).where('id', 'in', memberIds).execute();
  return new Map(rows.map((row) => [row.id, row.invite_code]));
}

/** When each of the given members' first recharge was credited. */
export async function firstRechargeAt(db: Database, memberIds: number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('deposit_orders')
    .select(['member_id', (eb) => eb.fn.min('credited_at').as('first_at')])
    .where('member_id', 'in', memberIds)
    .where('status', '=', 'credited')
    .groupBy('member_id')
    .execute();
  return new Map(rows.filter((row) => row.first_at !== null).map((row) => [row.member_id, String(row.first_at)]));
}

/** The agents above a member, with how many levels up each is. */
export async function ancestorsOf(db: Database, memberId: number) {
  return db.selectFrom('agency_tree').select(['ancestor_id', 'depth']).where('member_id', '=', memberId).execute();
}

/** Subordinates of a member down to `maxDepth` levels. */
export async function descendantsOf(db: Database, memberId: number, maxDepth: number) {
  return db
    .selectFrom('agency_tree')
    .select(['member_id', 'depth'])
    .where('ancestor_id', '=', memberId)
    .where('depth', '<=', maxDepth)
    .execute();
}

/** Adds closure rows; a row already there is kept as it is. */
export async function insertTreeRows(trx: Database, rows: { member_id: number; ancestor_id: number; depth: number }[]) {
  if (rows.length === 0) return;
  await trx
    .insertInto('agency_tree')
    .values(rows)
    .onConflict((oc) => oc.columns(['member_id', 'ancestor_id']).doNothing())
    .execute();
}

/** The inviter of a member (members.agent_id), read inside the binding's transaction. */
export async function inviterOf(db: Database, memberId: number): Promise<number | null | undefined> {
  const row = await db.selectFrom('members').select('agent_id').where('id', '=', memberId).executeTakeFirst();
  return row?.agent_id;
}

/** Sets the inviter of a member that has none; answers false when another binding came first. */
export async function setInviter(trx: Database, memberId: number, agentId: number, topId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('members')
    .set({ agent_id: agentId, top_id: topId, updated_at: now })
    .where('id', '=', memberId)
    .where('agent_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The members whose top agent was `oldTopId` now answer to `newTopId` (a bound root's team). */
export async function moveTopAgent(trx: Database, oldTopId: number, newTopId: number, now: string) {
  await trx.updateTable('members').set({ top_id: newTopId, updated_at: now }).where('top_id', '=', oldTopId).execute();
}

// ---- commission bases ---------------------------------------------------------------------------

/** What one subordinate brought one agent on one day from one source. */
export interface CommissionBase {
  agent_id: number;
  subordinate_id: number;
  depth: number;
  base_centavos: number;
}

/** Restricts a base query to one agent and/or some subordinates (unset: every agent). */
export interface BaseScope {
  agentId?: number | undefined;
  subordinateIds?: number[] | undefined;
}

/** Members who recharged or bet on São Paulo day `day` (whose range is `range`), in id order. */
export async function activeMemberIds(db: Database, day: string, range: { start: string; end: string }): Promise<number[]> {
  const rows = await db
    .selectFrom('deposit_orders')
    .select('member_id')
    .where('status', '=', 'credited')
    .where('credited_at', '>=', range.start)
    .where('credited_at', '<', range.end)
    .union(db.selectFrom('member_daily_stats').select('member_id').where('day', '=', day).where('bet_centavos', '>', 0))
    .execute();
  return rows.map((row) => row.member_id).sort((a, b) => a - b);
}

/** Credited recharges of every subordinate in [start, end), per agent within AGENCY_MAX_DEPTH. */
export async function rechargeBases(db: Database, range: { start: string; end: string }, scope: BaseScope = {}): Promise<CommissionBase[]> {
  if (scope.subordinateIds?.length === 0) return [];
  let query = db
    .selectFrom('deposit_orders')
    .innerJoin('agency_tree', 'agency_tree.member_id', 'deposit_orders.member_id')
    .where('deposit_orders.status', '=', 'credited')
    .where('deposit_orders.credited_at', '>=', range.start)
    .where('deposit_orders.credited_at', '<', range.end)
    .where('agency_tree.depth', '<=', AGENCY_MAX_DEPTH);
  if (scope.agentId !== undefined) query = query.where('agency_tree.ancestor_id', '=', scope.agentId);
  if (scope.subordinateIds) query = query.where('agency_tree.member_id', 'in', scope.subordinateIds);
  const rows = await query
    .select([
      'agency_tree.ancestor_id as agent_id',
      'agency_tree.member_id as subordinate_id',
      'agency_tree.depth',
      (eb) => eb.fn.sum<number | string>('deposit_orders.amount_centavos').as('base'),
    ])
    .groupBy(['agency_tree.ancestor_id', 'agency_tree.member_id', 'agency_tree.depth'])
    .execute();
  return rows.map(({ base, ...row }) => ({ ...row, base_centavos: toCentavos(base) }));
}

/** Valid bets of every subordinate on São Paulo day `day` (all categories), per agent. */
export async function bettingBases(db: Database, day: string, scope: BaseScope = {}): Promise<CommissionBase[]> {
  if (scope.subordinateIds?.length === 0) return [];
  let query = db
    .selectFrom('member_daily_stats')
    .innerJoin('agency_tree', 'agency_tree.member_id', 'member_daily_stats.member_id')
    .where('member_daily_stats.day', '=', day)
    .where('agency_tree.depth', '<=', AGENCY_MAX_DEPTH);
  if (scope.agentId !== undefined) query = query.where('agency_tree.ancestor_id', '=', scope.agentId);
  if (scope.subordinateIds) query = query.where('agency_tree.member_id', 'in', scope.subordinateIds);
  const rows = await query
    .select([
      'agency_tree.ancestor_id as agent_id',
      'agency_tree.member_id as subordinate_id',
      'agency_tree.depth',
      (eb) => eb.fn.sum<number | string>('member_daily_stats.bet_centavos').as('base'),
    ])
    .groupBy(['agency_tree.ancestor_id', 'agency_tree.member_id', 'agency_tree.depth'])
    .execute();
  return rows.map(({ base, ...row }) => ({ ...row, base_centavos: toCentavos(base) }));
}

// ---- commissions --------------------------------------------------------------------------------

export interface NewCommission {
  agent_id: number;
  subordinate_id: number;
  day: string;
  source: CommissionSource;
  depth: number;
  base_centavos: number;
  rate_bp: number;
  amount_centavos: number;
}

/** Records a commission; undefined when (agent, subordinate, day, source) is already recorded. */
export async function insertCommission(trx: Database, row: NewCommission, now: string): Promise<number | undefined> {
  const inserted = await trx
    .insertInto('agency_commissions')
    .values({ ...row, transfer_id: null, created_at: now })
    .onConflict((oc) => oc.columns(['agent_id', 'subordinate_id', 'day', 'source']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** Links a commission to the ledger transfer that paid it. */
export async function setCommissionTransfer(trx: Database, id: number, transferId: number) {
  await trx.updateTable('agency_commissions').set({ transfer_id: transferId }).where('id', '=', id).execute();
}

/** The (subordinate, source) pairs already recorded for an agent on a day. */
export async function recordedPairs(db: Database, agentId: number, day: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('agency_commissions')
    .select(['subordinate_id', 'source'])
    .where('agent_id', '=', agentId)
    .where('day', '=', day)
    .execute();
  return new Set(rows.map((row) => `${row.subordinate_id}:${row.source}`));
}

/** Commission an agent has been paid, per subordinate (only the given ones). */
export async function paidBySubordinate(db: Database, agentId: number, subordinateIds: number[]): Promise<Map<number, number>> {
  if (subordinateIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('agency_commissions')
    .select(['subordinate_id', (eb) => eb.fn.sum<number | string>('amount_centavos').as('amount')])
    .where('agent_id', '=', agentId)
    .where('subordinate_id', 'in', subordinateIds)
    .groupBy('subordinate_id')
    .execute();
  return new Map(rows.map((row) => [row.subordinate_id, toCentavos(row.amount)]));
}

/** Commission an agent has been paid, per level, from `fromDay` on (unset: ever). */
export async function paidByLevel(db: Database, agentId: number, fromDay?: string): Promise<Map<number, number>> {
  let query = db
    .selectFrom('agency_commissions')
    .select(['depth', (eb) => eb.fn.sum<number | string>('amount_centavos').as('amount')])
    .where('agent_id', '=', agentId);
  if (fromDay) query = query.where('day', '>=', fromDay);
  const rows = await query.groupBy('depth').execute();
  return new Map(rows.map((row) => [row.depth, toCentavos(row.amount)]));
}

/** An agent's commissions grouped by day, source and level (with the rate they were paid at). */
export async function paidGroups(db: Database, agentId: number, fromDay?: string) {
  let query = db
    .selectFrom('agency_commissions')
    .select([
      'day',
      'source',
      'depth',
      'rate_bp',
      (eb) => eb.fn.sum<number | string>('base_centavos').as('base'),
      (eb) => eb.fn.sum<number | string>('amount_centavos').as('amount'),
      (eb) => eb.fn.max('created_at').as('settled_at'),
    ])
    .where('agent_id', '=', agentId);
  if (fromDay) query = query.where('day', '>=', fromDay);
  const rows = await query.groupBy(['day', 'source', 'depth', 'rate_bp']).execute();
  return rows.map((row) => ({
    day: row.day,
    source: row.source,
    depth: row.depth,
    rate_bp: row.rate_bp,
    base_centavos: toCentavos(row.base),
    amount_centavos: toCentavos(row.amount),
    settled_at: row.settled_at === null ? null : String(row.settled_at),
  }));
}

/** What a settled day paid: the agents paid and the total. */
export async function dayTotals(db: Database, day: string): Promise<{ agents: number; totalCentavos: number }> {
  const row = await db
    .selectFrom('agency_commissions')
    .select([
      (eb) => eb.fn.count<number>('agent_id').distinct().as('agents'),
      (eb) => eb.fn.sum<number | string>('amount_centavos').as('total'),
    ])
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return { agents: Number(row.agents), totalCentavos: toCentavos(row.total) };
}

export interface CommissionFilter {
  agentId?: number | undefined;
  day?: string | undefined;
  page: number;
  page_size: number;
}

/** The back office's list of commissions paid, newest first, with both members' accounts. */
export async function pageCommissions(db: Database, filter: CommissionFilter) {
  let query = db
    .selectFrom('agency_commissions')
    .innerJoin('members as agent', 'agent.id', 'agency_commissions.agent_id')
    .innerJoin('members as sub', 'sub.id', 'agency_commissions.subordinate_id');
  if (filter.agentId !== undefined) query = query.where('agency_commissions.agent_id', '=', filter.agentId);
  if (filter.day !== undefined) query = query.where('agency_commissions.day', '=', filter.day);
  const [rows, totals] = await Promise.all([
    query
      .select([
        'agency_commissions.id',
        'agency_commissions.agent_id',
        'agent.account as agent_account',
        'agency_commissions.subordinate_id',
        'sub.account as subordinate_account',
        'agency_commissions.day',
        'agency_commissions.source',
        'agency_commissions.depth',
        'agency_commissions.base_centavos',
        'agency_commissions.rate_bp',
        'agency_commissions.amount_centavos',
        'agency_commissions.transfer_id',
        'agency_commissions.created_at',
      ])
      .orderBy('agency_commissions.id', 'desc')
      .limit(filter.page_size)
      .offset((filter.page - 1) * filter.page_size)
      .execute(),
    query
      .select([
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number | string>('agency_commissions.amount_centavos').as('amount'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(totals.n), totalCentavos: toCentavos(totals.amount) };
}

// ---- invitation activity bonuses ----------------------------------------------------------------

/** The claim key the invitation activity pays an inviter's reward for one invitee under. */
export function invitationClaimKey(agentId: number, inviteeId: number): string {
  return `invitationactivity:${agentId}:${inviteeId}`;
}

/** Invitation activity bonuses an agent received, per invitee (only the given ones). */
export async function invitationBonusesFor(db: Database, agentId: number, inviteeIds: number[]): Promise<Map<number, number>> {
  if (inviteeIds.length === 0) return new Map();
  const keys = new Map(inviteeIds.map((id) => [invitationClaimKey(agentId, id), id]));
  const rows = await db
    .selectFrom('bonus_credits')
    .select(['claim_key', 'amount_centavos'])
    .where('member_id', '=', agentId)
    .where('claim_key', 'in', [...keys.keys()])
    .execute();
  const byInvitee = new Map<number, number>();
  for (const row of rows) {
    const invitee = keys.get(row.claim_key);
    if (invitee !== undefined) byInvitee.set(invitee, (byInvitee.get(invitee) ?? 0) + row.amount_centavos);
  }
  return byInvitee;
}

/** The São Paulo day of a timestamp column, in SQL (UTC-3 all year). */
function saoPauloDayOf(dialect: Dialect, column: string) {
  return dialect === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`
    : sql<string>`substr(datetime(${sql.ref(column)}, '-3 hours'), 1, 10)`;
}

/** An agent's invitation activity bonuses per São Paulo day, from `fromIso` on (unset: ever). */
export async function invitationBonusesByDay(db: Database, dialect: Dialect, agentId: number, fromIso?: string) {
  let query = db
    .selectFrom('bonus_credits')
    .where('member_id', '=', agentId)
    .where('source', '=', 'invitationactivity')
    .where('claim_key', 'like', `invitationactivity:${agentId}:%`);
  if (fromIso) query = query.where('created_at', '>=', fromIso);
  const day = saoPauloDayOf(dialect, 'created_at');
  const rows = await query
    .select([
      day.as('day'),
      (eb) => eb.fn.sum<number | string>('amount_centavos').as('amount'),
      (eb) => eb.fn.max('created_at').as('paid_at'),
    ])
    .groupBy(day)
    .execute();
  return rows.map((row) => ({ day: row.day, amount_centavos: toCentavos(row.amount), paid_at: String(row.paid_at) }));
}

// ---- settlements --------------------------------------------------------------------------------

/** Marks a day's settlement as running (a re-run of a finished day runs again, paying only what is unpaid). */
export async function startSettlement(db: Database, day: string, now: string) {
  await db
    .insertInto('agency_settlements')
    .values({ day, status: 'running', agents: 0, total_centavos: 0, started_at: now, finished_at: null })
    .onConflict((oc) => oc.column('day').doUpdateSet({ status: 'running', started_at: now, finished_at: null }))
    .execute();
}

/** Marks a day's settlement done with the totals of every run together. */
export async function finishSettlement(db: Database, day: string, totals: { agents: number; totalCentavos: number }, now: string) {
  await db
    .updateTable('agency_settlements')
    .set({ status: 'done', agents: totals.agents, total_centavos: totals.totalCentavos, finished_at: now })
    .where('day', '=', day)
    .execute();
}

/** A day's settlement row, if the day was ever settled. */
export async function findSettlement(db: Database, day: string) {
  return db.selectFrom('agency_settlements').selectAll().where('day', '=', day).executeTakeFirst();
}

/** Of the given days, those whose settlement finished. */
export async function doneDays(db: Database, days: string[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = await db.selectFrom('agency_settlements').select('day').where('day', 'in', days).where('status', '=', 'done').execute();
  return new Set(rows.map((row) => row.day));
}

/** The latest day whose settlement finished (the mechanism page shows it). */
export async function lastSettledDay(db: Database): Promise<string | null> {
  const row = await db
    .selectFrom('agency_settlements')
    .select((eb) => eb.fn.max('day').as('day'))
    .where('status', '=', 'done')
    .executeTakeFirst();
  return row?.day ? String(row.day) : null;
}

/** One page of settlements, newest day first. */
export async function pageSettlements(db: Database, page: { page: number; page_size: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('agency_settlements')
      .selectAll()
      .orderBy('day', 'desc')
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size)
      .execute(),
    db
      .selectFrom('agency_settlements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
