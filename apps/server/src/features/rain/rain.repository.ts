import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RainsTable, RainSettingsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

/** The chat rain's queries (docs/PROMOTIONS.md "Chat rain"): settings, rains, claims and payouts. */

export type RainRow = Selectable<RainsTable>;
export type RainSettingsRow = Selectable<RainSettingsTable>;

export async function findSite(db: Database, siteId: number) {
  return db.selectFrom('sites').select(['id', 'name', 'regulated']).where('id', '=', siteId).executeTakeFirst();
}

export async function firstSite(db: Database) {
  return db.selectFrom('sites').select(['id', 'name', 'regulated']).orderBy('id').executeTakeFirst();
}

export async function listSites(db: Database) {
  return db.selectFrom('sites').select(['id', 'name', 'regulated']).orderBy('id').execute();
}

export async function findSettings(db: Database, siteId: number): Promise<RainSettingsRow | undefined> {
  return db.selectFrom('rain_settings').selectAll().where('site_id', '=', siteId).executeTakeFirst();
}

export async function saveSettings(db: Database, row: RainSettingsRow): Promise<void> {
  const { site_id: _siteId, ...changes } = row;
  await db
    .insertInto('rain_settings')
    .values(row)
    .onConflict((oc) => oc.column('site_id').doUpdateSet(changes))
    .execute();
}

export async function rainExists(db: Database, siteId: number, atIso: string): Promise<boolean> {
  const row = await db.selectFrom('rains').select('id').where('site_id', '=', siteId).where('at', '=', atIso).executeTakeFirst();
  return row !== undefined;
}

/** Creates the rain of `at` unless another process did; answers the row only when this call created it. */
export async function insertRain(db: Database, values: Omit<RainRow, 'id' | 'opened_at' | 'paid_at' | 'paid_count' | 'paid_centavos'>) {
  return db
    .insertInto('rains')
    .values(values)
    .onConflict((oc) => oc.columns(['site_id', 'at']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findRain(db: Database, id: number): Promise<RainRow | undefined> {
  return db.selectFrom('rains').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Rains whose next phase is due at `nowIso`: announced ones whose instant came, open ones whose window closed. */
export async function rainsDue(db: Database, nowIso: string): Promise<RainRow[]> {
  return db
    .selectFrom('rains')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'announced'), eb('at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'open'), eb('closes_at', '<=', nowIso)]),
      ]),
    )
    .orderBy('id')
    .limit(100)
    .execute();
}

/** Moves a rain from one status to the next; false when another process (or call) moved it first. */
export async function moveRain(
  db: Database,
  id: number,
  from: readonly string[],
  to: string,
  set: Partial<RainRow> = {},
): Promise<RainRow | undefined> {
  return db
    .updateTable('rains')
    .set({ ...set, status: to })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Holds an open rain's row for a claim's transaction (a no-op update takes its row lock), so a
 * payout of the same rain runs wholly before or after the claim: a claim never lands in a rain
 * already paid. Undefined when the rain is not open at `nowIso`.
 */
export async function holdOpenRain(db: Database, id: number, siteId: number, nowIso: string): Promise<RainRow | undefined> {
  return db
    .updateTable('rains')
    .set({ status: 'open' })
    .where('id', '=', id)
    .where('site_id', '=', siteId)
    .where('status', '=', 'open')
    .where('closes_at', '>', nowIso)
    .where('at', '<=', nowIso)
    .returningAll()
    .executeTakeFirst();
}

export async function setRainTotals(db: Database, id: number, paidCount: number, paidCentavos: number): Promise<void> {
  await db.updateTable('rains').set({ paid_count: paidCount, paid_centavos: paidCentavos }).where('id', '=', id).execute();
}

/** The site's rain running now (announced or open; the earliest), else the last one that ended since `recentIso`. */
export async function currentRain(db: Database, siteId: number, recentIso: string): Promise<RainRow | undefined> {
  const running = await db
    .selectFrom('rains')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('status', 'in', ['announced', 'open'])
    // The earliest: a rain still open before the next one announced (long windows or announcements).
    .orderBy('at')
    .executeTakeFirst();
  if (running) return running;
  return db
    .selectFrom('rains')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('status', 'in', ['paid', 'cancelled'])
    .where('at', '>=', recentIso)
    .orderBy('at', 'desc')
    .executeTakeFirst();
}

export interface MemberFacts {
  cpf: string | null;
  siteId: number;
  isDemo: boolean;
  /** Stakes since `wagerSince`: game rounds not rolled back and sports bets not void. */
  wageredCentavos: number;
  /** A chat message written since `chatSince`. */
  chatted: boolean;
}

export async function memberFacts(db: Database, memberId: number, wagerSince: string, chatSince: string): Promise<MemberFacts | undefined> {
  const member = await db.selectFrom('members').select(['cpf', 'site_id', 'is_demo']).where('id', '=', memberId).executeTakeFirst();
  if (!member) return undefined;
  const [rounds, bets, chat] = await Promise.all([
    db
      .selectFrom('game_rounds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('bet_centavos'), sql<number>`0`).as('total'))
      .where('member_id', '=', memberId)
      .where('created_at', '>=', wagerSince)
      .where('status', '<>', 'rolled_back')
      .executeTakeFirst(),
    db
      .selectFrom('sport_bets')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('stake_centavos'), sql<number>`0`).as('total'))
      .where('member_id', '=', memberId)
      .where('placed_at', '>=', wagerSince)
      .where('status', '<>', 'void')
      .executeTakeFirst(),
    db
      .selectFrom('chat_messages')
      .select('member_id')
      .where('member_id', '=', memberId)
      .where('created_at', '>=', chatSince)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    cpf: member.cpf,
    siteId: Number(member.site_id),
    isDemo: Number(member.is_demo) === 1,
    wageredCentavos: Number(rounds?.total ?? 0) + Number(bets?.total ?? 0),
    chatted: chat !== undefined,
  };
}

/** Members of the site who wrote in the chat since `chatSince`, ids ascending (the automatic rain's candidates). */
export async function chatActiveMembers(db: Database, siteId: number, chatSince: string): Promise<number[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .innerJoin('members', 'members.id', 'chat_messages.member_id')
    .select('chat_messages.member_id')
    .distinct()
    .where('members.site_id', '=', siteId)
    .where('chat_messages.created_at', '>=', chatSince)
    .orderBy('chat_messages.member_id')
    .execute();
  return rows.map((row) => Number(row.member_id));
}

/** Records a claim; undefined when the member, or another account of the same CPF, claimed this rain. */
export async function insertClaim(db: Database, values: { rain_id: number; member_id: number; cpf: string; claimed_at: string }) {
  return db
    .insertInto('rain_payouts')
    .values({ ...values, status: 'claimed', paid_at: null, bonus_id: null })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Records an automatic share before it is paid; undefined on a duplicate member or CPF. */
export async function insertAutoPayout(db: Database, values: { rain_id: number; member_id: number; cpf: string }) {
  return db
    .insertInto('rain_payouts')
    .values({ ...values, status: 'claimed', claimed_at: null, paid_at: null, bonus_id: null })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function claimsOf(db: Database, rainId: number) {
  return db
    .selectFrom('rain_payouts')
    .select(['id', 'member_id', 'cpf'])
    .where('rain_id', '=', rainId)
    .where('status', '=', 'claimed')
    .orderBy('member_id')
    .execute();
}

export async function markPayout(
  db: Database,
  id: number,
  set: { status: 'paid' | 'skipped'; amount_centavos: number; wagering_centavos: number; bonus_id: number | null; paid_at: string | null },
): Promise<void> {
  await db.updateTable('rain_payouts').set(set).where('id', '=', id).execute();
}

export async function memberPayout(db: Database, rainId: number, memberId: number) {
  return db.selectFrom('rain_payouts').selectAll().where('rain_id', '=', rainId).where('member_id', '=', memberId).executeTakeFirst();
}

/** The last share paid to the member. */
export async function lastReceived(db: Database, memberId: number) {
  return db
    .selectFrom('rain_payouts')
    .select(['rain_id', 'amount_centavos', 'paid_at'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'paid')
    .orderBy('rain_id', 'desc')
    .executeTakeFirst();
}

// ---- back office ------------------------------------------------------------------------------

export async function countRains(db: Database, siteId: number): Promise<number> {
  const row = await db
    .selectFrom('rains')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function pageRains(db: Database, siteId: number, offset: number, limit: number) {
  return db
    .selectFrom('rains')
    .selectAll('rains')
    .select((eb) =>
      eb
        .selectFrom('rain_payouts')
        .select((e) => e.fn.countAll<string | number>().as('n'))
        .whereRef('rain_payouts.rain_id', '=', 'rains.id')
        .as('claims'),
    )
    .where('site_id', '=', siteId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function payoutsOf(db: Database, rainId: number) {
  return db
    .selectFrom('rain_payouts')
    .innerJoin('members', 'members.id', 'rain_payouts.member_id')
    .select([
      'rain_payouts.member_id',
      'members.account',
      'rain_payouts.status',
      'rain_payouts.amount_centavos',
      'rain_payouts.wagering_centavos',
      'rain_payouts.claimed_at',
      'rain_payouts.paid_at',
    ])
    .where('rain_payouts.rain_id', '=', rainId)
    .orderBy('rain_payouts.amount_centavos', 'desc')
    .orderBy('rain_payouts.member_id')
    .execute();
}
