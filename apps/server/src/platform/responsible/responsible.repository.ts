import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { precompiled } from '../../db/precompiled.ts';
import type { ResponsibleSettingsTable } from '../../db/schema.ts';
import type { Updateable } from 'kysely';

/** Queries of responsible gaming: limits, settings and the daily usage they count. */

export type LimitRow = Awaited<ReturnType<typeof memberLimits>>[number];
export type SettingsRow = Awaited<ReturnType<typeof findSettings>>;

export function memberLimits(db: Database, memberId: number) {
  return db
    .selectFrom('responsible_limits')
    .select(['kind', 'period', 'value', 'pending_value', 'pending_clear', 'pending_at'])
    .where('member_id', '=', memberId)
    .execute();
}

export async function saveLimit(
  db: Database,
  row: {
    memberId: number;
    kind: string;
    period: string;
    value: number | null;
    pendingValue: number | null;
    pendingClear: boolean;
    pendingAt: string | null;
  },
  now: string,
): Promise<void> {
  const values = {
    value: row.value,
    pending_value: row.pendingValue,
    pending_clear: row.pendingClear ? 1 : 0,
    pending_at: row.pendingAt,
    updated_at: now,
  };
  await db
    .insertInto('responsible_limits')
    .values({ member_id: row.memberId, kind: row.kind, period: row.period, ...values })
    .onConflict((oc) => oc.columns(['member_id', 'kind', 'period']).doUpdateSet(values))
    .execute();
}

export function findSettings(db: Database, memberId: number) {
  return db.selectFrom('responsible_settings').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

type SettingsChange = Omit<Updateable<ResponsibleSettingsTable>, 'member_id' | 'updated_at'>;

export async function saveSettings(db: Database, memberId: number, change: SettingsChange, now: string): Promise<void> {
  await db
    .insertInto('responsible_settings')
    .values({ member_id: memberId, ...change, updated_at: now })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ ...change, updated_at: now }))
    .execute();
}

/** Adds to a day's counters (creating the day's row). */
export async function addUsage(
  db: Database,
  memberId: number,
  day: string,
  add: { stake?: number; win?: number; seconds?: number; limitHits?: number },
): Promise<void> {
  const stake = add.stake ?? 0;
  const win = add.win ?? 0;
  const seconds = add.seconds ?? 0;
  const limitHits = add.limitHits ?? 0;
  await addUsageStatement(db, { memberId, day, stake, win, seconds, limitHits });
}

/** Every stake counts here: a precompiled statement. */
const addUsageStatement = precompiled(
  (db, p: { memberId: number; day: string; stake: number; win: number; seconds: number; limitHits: number }) =>
    db
      .insertInto('responsible_usage')
      .values({
        member_id: p.memberId,
        day: p.day,
        stake_centavos: p.stake,
        win_centavos: p.win,
        seconds: p.seconds,
        limit_hits: p.limitHits,
      })
      .onConflict((oc) =>
        oc.columns(['member_id', 'day']).doUpdateSet({
          stake_centavos: sql`responsible_usage.stake_centavos + ${p.stake}`,
          win_centavos: sql`responsible_usage.win_centavos + ${p.win}`,
          seconds: sql`responsible_usage.seconds + ${p.seconds}`,
          limit_hits: sql`responsible_usage.limit_hits + ${p.limitHits}`,
        }),
      ),
);

/** Adds wins to many members' counters of one day (each member's wins summed first: one row each). */
export async function addWins(db: Database, day: string, wins: readonly { memberId: number; amountCentavos: number }[]): Promise<void> {
  const byMember = new Map<number, number>();
  for (const w of wins) byMember.set(w.memberId, (byMember.get(w.memberId) ?? 0) + w.amountCentavos);
  const rows = [...byMember].map(([memberId, win]) => ({
    member_id: memberId,
    day,
    stake_centavos: 0,
    win_centavos: win,
    seconds: 0,
    limit_hits: 0,
  }));
  // Six values a row: well under both databases' limits on bound values per statement.
  for (let i = 0; i < rows.length; i += 4_000) {
    await db
      .insertInto('responsible_usage')
      .values(rows.slice(i, i + 4_000))
      .onConflict((oc) =>
        oc.columns(['member_id', 'day']).doUpdateSet((eb) => ({
          win_centavos: sql`responsible_usage.win_centavos + ${eb.ref('excluded.win_centavos')}`,
        })),
      )
      .execute();
  }
}

/** The counters summed over the São Paulo days [from, to]. */
export async function usageBetween(db: Database, memberId: number, from: string, to: string) {
  const row = await db
    .selectFrom('responsible_usage')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('stake_centavos'), sql<number>`0`).as('stake'),
      eb.fn.coalesce(eb.fn.sum<number>('win_centavos'), sql<number>`0`).as('win'),
      eb.fn.coalesce(eb.fn.sum<number>('seconds'), sql<number>`0`).as('seconds'),
    ])
    .where('member_id', '=', memberId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirstOrThrow();
  return { stake: Number(row.stake), win: Number(row.win), seconds: Number(row.seconds) };
}

/** The per-day rows of [from, to] (the statement's time played). */
export function usageDays(db: Database, memberId: number, from: string, to: string) {
  return db
    .selectFrom('responsible_usage')
    .select(['day', 'stake_centavos', 'win_centavos', 'seconds', 'limit_hits'])
    .where('member_id', '=', memberId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

/**
 * Deposits a limit counts since `since`: charges paid, and charges still open (a charge the
 * member can still pay would otherwise let two open charges pass one limit together).
 */
export async function depositsSince(db: Database, memberId: number, since: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_centavos'), sql<number>`0`).as('total'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('status', '=', 'credited'), eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)])]))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The member's row as the standing checks read it: its site's profile and its password hash. */
export function memberForStanding(db: Database, memberId: number) {
  return db
    .selectFrom('members')
    .innerJoin('sites', 'sites.id', 'members.site_id')
    .select(['members.id', 'members.cpf', 'members.password_hash', 'members.kyc_status', 'members.regulated_profile_at', 'sites.regulated'])
    .where('members.id', '=', memberId)
    .executeTakeFirst();
}

/** Whether a CPF belongs to a member whose self-exclusion still runs (any site). */
export async function cpfExcluded(db: Database, cpf: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('responsible_settings')
    .innerJoin('members', 'members.id', 'responsible_settings.member_id')
    .select('members.id')
    .where('members.cpf', '=', cpf)
    .where('responsible_settings.excluded_at', 'is not', null)
    .where((eb) => eb.or([eb('responsible_settings.excluded_until', 'is', null), eb('responsible_settings.excluded_until', '>', now)]))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What a stake is checked against, in one statement: the member's identity (regulated site, KYC),
 * settings (pause, exclusion, closure, time block) and limits, one row per limit (or one row with
 * no limit). The stake path reads this on every bet.
 */
const standingStatement = precompiled((db, p: { memberId: number }) =>
  db
    .selectFrom('members')
    .innerJoin('sites', 'sites.id', 'members.site_id')
    .leftJoin('responsible_settings as s', 's.member_id', 'members.id')
    .leftJoin('responsible_limits as l', 'l.member_id', 'members.id')
    .select([
      'members.kyc_status',
      'members.regulated_profile_at',
      'members.site_id',
      'members.terms_version',
      'sites.regulated',
      's.member_id as settings_member_id',
      's.reality_check_minutes',
      's.paused_until',
      's.excluded_at',
      's.excluded_until',
      's.exclusion_source',
      's.withdraw_until',
      's.closed_at',
      's.time_blocked_day',
      's.updated_at',
      'l.kind',
      'l.period',
      'l.value',
      'l.pending_value',
      'l.pending_clear',
      'l.pending_at',
    ])
    .where('members.id', '=', p.memberId),
);

export async function standingOf(db: Database, memberId: number) {
  const { rows } = await standingStatement(db, { memberId });
  const first = rows[0];
  if (!first) return undefined;
  const settings: SettingsRow =
    first.settings_member_id === null
      ? undefined
      : {
          member_id: memberId,
          reality_check_minutes: first.reality_check_minutes as number,
          paused_until: first.paused_until,
          excluded_at: first.excluded_at,
          excluded_until: first.excluded_until,
          exclusion_source: first.exclusion_source,
          withdraw_until: first.withdraw_until,
          closed_at: first.closed_at,
          time_blocked_day: first.time_blocked_day,
          updated_at: first.updated_at as string,
        };
  const limits: LimitRow[] = rows
    .filter((row) => row.kind !== null)
    .map((row) => ({
      kind: row.kind as string,
      period: row.period as string,
      value: row.value,
      pending_value: row.pending_value,
      pending_clear: row.pending_clear as number,
      pending_at: row.pending_at,
    }));
  return {
    member: {
      kyc_status: first.kyc_status,
      regulated_profile_at: first.regulated_profile_at,
      regulated: first.regulated,
      site_id: first.site_id,
      terms_version: first.terms_version,
    },
    settings,
    limits,
  };
}
