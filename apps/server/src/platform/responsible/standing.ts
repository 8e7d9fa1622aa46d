import type { ErrorCode } from '@casino/shared/errors';
import { LIMIT_COOLING_HOURS, type LimitKind, type LimitPeriod } from '@casino/shared/schemas/responsible';
import type { Database } from '../../db/database.ts';
import { clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/http.ts';
import { formatSaoPauloTime, saoPauloDay } from '../../lib/sao-paulo.ts';
import { lockMemberCash } from '../ledger/ledger.repository.ts';
import { termsVersionRequired } from '../terms/terms-standing.ts';
import { periodDays, periodStart, resetsAt } from './periods.ts';
import * as repo from './responsible.repository.ts';

/**
 * Responsible gaming where the money moves (DESIGN.md section 1: "checked once, where every stake
 * passes, inside the same transaction as the debit"). Every stake (the wallet's debit, which
 * house games, crash, double and providers use; a sports slip), every PIX charge and every bonus
 * asks here first, inside its own transaction and after the member's cash lock, so two bets at
 * the same instant cannot pass one loss limit together.
 */

/** A limit as it stands now: a raise or removal whose cooling period ended has applied. */
export interface EffectiveLimit {
  kind: LimitKind;
  period: LimitPeriod;
  value: number | null;
  pending: { value: number | null; appliesAt: string } | null;
}

export function effectiveLimit(row: repo.LimitRow, nowIso: string): EffectiveLimit {
  const kind = row.kind as LimitKind;
  const period = row.period as LimitPeriod;
  const value = row.value === null ? null : Number(row.value);
  if (row.pending_at === null) return { kind, period, value, pending: null };
  const pendingValue = row.pending_clear === 1 || row.pending_value === null ? null : Number(row.pending_value);
  if (row.pending_at <= nowIso) return { kind, period, value: pendingValue, pending: null };
  return { kind, period, value, pending: { value: pendingValue, appliesAt: row.pending_at } };
}

export async function effectiveLimits(db: Database, memberId: number, nowIso: string): Promise<EffectiveLimit[]> {
  return (await repo.memberLimits(db, memberId)).map((row) => effectiveLimit(row, nowIso));
}

/**
 * Where a new value leaves a limit: lower (or a first limit) applies at once, a raise or a removal
 * waits LIMIT_COOLING_HOURS with the current value standing meanwhile.
 */
export function limitChange(current: EffectiveLimit | undefined, next: number | null, nowMs: number) {
  const value = current?.value ?? null;
  const tighter = next !== null && (value === null || next <= value);
  if (tighter || (next === null && value === null)) return { value: next, pending: null };
  return { value, pending: { value: next, appliesAt: new Date(nowMs + LIMIT_COOLING_HOURS * 3_600_000).toISOString() } };
}

/** Why responsible gaming refuses money. */
export type ResponsibleCode =
  | 'DEPOSIT_LIMIT_REACHED'
  | 'LOSS_LIMIT_REACHED'
  | 'WAGER_LIMIT_REACHED'
  | 'SESSION_TIME_LIMIT_REACHED'
  | 'ACCOUNT_PAUSED'
  | 'SELF_EXCLUDED'
  | 'IDENTITY_NOT_VERIFIED'
  /** Terms in force not yet accepted (issue 15 item 4; platform/terms). */
  | 'TERMS_NOT_ACCEPTED';

/** A refusal by a limit or a restriction: 403 with the code, and a message saying when it ends. */
export class ResponsibleRefusal extends AppError {
  constructor(
    code: ResponsibleCode,
    readonly memberId: number,
    endsAt: string | null,
    extra: Record<string, unknown> = {},
  ) {
    super(code, {
      extra: { ...(endsAt ? { resets_at: endsAt } : {}), ...extra },
      messageValues: (lang) => ({ when: endsAt ? formatSaoPauloTime(endsAt, lang) : '' }),
    });
  }
}

export interface Restrictions {
  pausedUntil: string | null;
  excluded: { since: string; until: string | null; source: 'self' | 'central'; withdrawUntil: string | null } | null;
  closed: boolean;
  timeLimitReached: boolean;
  /** The regulated profile requires an approved identity before deposits and bets. */
  identityMissing: boolean;
}

/** The member's pause, exclusion, closure and time block as they stand at `nowIso`. */
export function restrictionsOf(settings: repo.SettingsRow, nowIso: string, identityMissing = false): Restrictions {
  const pausedUntil = settings?.paused_until && settings.paused_until > nowIso ? settings.paused_until : null;
  const running = settings?.excluded_at && (settings.excluded_until === null || settings.excluded_until > nowIso);
  const excluded = running
    ? {
        since: settings.excluded_at as string,
        until: settings.excluded_until,
        source: (settings.exclusion_source === 'central' ? 'central' : 'self') as 'self' | 'central',
        withdrawUntil: settings.withdraw_until,
      }
    : null;
  return {
    pausedUntil,
    excluded,
    closed: Boolean(settings?.closed_at),
    timeLimitReached: settings?.time_blocked_day === saoPauloDay(nowIso),
    identityMissing,
  };
}

/** Throws the refusal of a restriction that stops play and deposits (pause, exclusion, closure). */
function refuseRestricted(memberId: number, r: Restrictions): void {
  if (r.excluded || r.closed) throw new ResponsibleRefusal('SELF_EXCLUDED', memberId, r.excluded?.until ?? null);
  if (r.pausedUntil) throw new ResponsibleRefusal('ACCOUNT_PAUSED', memberId, r.pausedUntil);
}

async function restrictionsFor(trx: Database, memberId: number, nowIso: string): Promise<Restrictions> {
  const [settings, member] = await Promise.all([repo.findSettings(trx, memberId), repo.memberForStanding(trx, memberId)]);
  return restrictionsOf(settings, nowIso, identityMissingOf(member));
}

/**
 * The regulated profile: an approved identity, and the registration data complete (a member of a
 * site that became regulated completes it at its next login: features/auth/regulated-profile.ts).
 */
function identityMissingOf(member: { regulated: number; kyc_status: string; regulated_profile_at: string | null } | undefined): boolean {
  return Boolean(member && member.regulated === 1 && (member.kyc_status !== 'approved' || member.regulated_profile_at === null));
}

/**
 * Takes the member's cash lock (every money path of a member takes it first) and refuses a pause,
 * an exclusion or a closure; answers the restrictions read under the lock.
 */
async function lockedStanding(trx: Database, memberId: number) {
  const nowIso = clock.nowIso();
  await lockMemberCash(trx, memberId);
  const restrictions = await restrictionsFor(trx, memberId, nowIso);
  refuseRestricted(memberId, restrictions);
  return { nowIso, today: saoPauloDay(nowIso), restrictions };
}

/**
 * Refuses a stake while terms in force wait for the member's acceptance (403 TERMS_NOT_ACCEPTED,
 * with the version to accept). `member` is the row the caller read; without it one row is read.
 */
export async function refuseUnacceptedTerms(
  db: Database,
  memberId: number,
  member?: { site_id: number; terms_version: number | null },
): Promise<void> {
  const version = await termsVersionRequired(db, memberId, member);
  if (version !== null) throw new ResponsibleRefusal('TERMS_NOT_ACCEPTED', memberId, null, { version });
}

/** The São Paulo day whose counters the limits count on now (the responsible-gaming clock's). */
export function limitsDay(): string {
  return saoPauloDay(clock.nowIso());
}

const LIMIT_CODES: Record<Exclude<LimitKind, 'time'>, ResponsibleCode> = {
  deposit: 'DEPOSIT_LIMIT_REACHED',
  loss: 'LOSS_LIMIT_REACHED',
  wager: 'WAGER_LIMIT_REACHED',
};

/**
 * Takes a stake of `amountCentavos` against the member's restrictions and limits, inside the
 * stake's transaction, and counts it on the São Paulo day it answers. A caller whose insert
 * counts the stake (`countedByInsert`: an instant round written with clock.nowIso() as its time,
 * migration 0026; a wallet bet or a sportsbook bet that names the answered day as its usage_day,
 * migration 0027) writes no counter here. Throws ResponsibleRefusal (the transaction rolls back
 * whole). A loss limit refuses a stake that, lost, would take the period's stakes minus wins past it.
 */
export async function takeStake(
  trx: Database,
  memberId: number,
  amountCentavos: number,
  options: { countedByInsert?: boolean } = {},
): Promise<string> {
  // The member's lock, then settings, identity and limits in one read (the stake path of every bet).
  const nowIso = clock.nowIso();
  const today = saoPauloDay(nowIso);
  await lockMemberCash(trx, memberId);
  const standing = (await repo.standingOf(trx, memberId)) ?? { member: undefined, settings: undefined, limits: [] };
  const restrictions = restrictionsOf(standing.settings, nowIso, identityMissingOf(standing.member));
  refuseRestricted(memberId, restrictions);
  if (restrictions.timeLimitReached) throw new ResponsibleRefusal('SESSION_TIME_LIMIT_REACHED', memberId, resetsAt('day', today));
  if (restrictions.identityMissing) throw new ResponsibleRefusal('IDENTITY_NOT_VERIFIED', memberId, null);
  // Terms in force not yet accepted: the versions are kept in memory, the accepted one came with the row.
  if (standing.member) await refuseUnacceptedTerms(trx, memberId, standing.member);
  // A period's counters are read once, when a loss and a wager limit share it.
  const usage = new Map<LimitPeriod, Awaited<ReturnType<typeof repo.usageBetween>>>();
  for (const limit of standing.limits.map((row) => effectiveLimit(row, nowIso))) {
    if (limit.value === null || (limit.kind !== 'loss' && limit.kind !== 'wager')) continue;
    const used = usage.get(limit.period) ?? (await repo.usageBetween(trx, memberId, periodDays(limit.period, today).first, today));
    usage.set(limit.period, used);
    const after = limit.kind === 'wager' ? used.stake + amountCentavos : used.stake - used.win + amountCentavos;
    if (after > limit.value) throw new ResponsibleRefusal(LIMIT_CODES[limit.kind], memberId, resetsAt(limit.period, today));
  }
  if (!options.countedByInsert) await repo.addUsage(trx, memberId, today, { stake: amountCentavos });
  return today;
}

/** Counts a win (a correction may be negative) toward the loss limits. */
export async function recordWin(trx: Database, memberId: number, amountCentavos: number): Promise<void> {
  if (amountCentavos === 0) return;
  await repo.addUsage(trx, memberId, limitsDay(), { win: amountCentavos });
}

/** recordWin for many members at once (a settlement page): one statement. */
export async function recordWins(trx: Database, wins: readonly { memberId: number; amountCentavos: number }[]): Promise<void> {
  await repo.addWins(
    trx,
    limitsDay(),
    wins.filter((w) => w.amountCentavos !== 0),
  );
}

/** A stake given back (a rollback, a void): it no longer counts toward loss and wager limits. */
export async function returnStake(trx: Database, memberId: number, amountCentavos: number): Promise<void> {
  if (amountCentavos === 0) return;
  await repo.addUsage(trx, memberId, limitsDay(), { stake: -amountCentavos });
}

/**
 * A PIX charge of `amountCentavos` against restrictions and deposit limits (paid charges and
 * charges still open count). Run it inside the transaction that records the charge.
 */
export async function takeDeposit(trx: Database, memberId: number, amountCentavos: number): Promise<void> {
  const { nowIso, today, restrictions } = await lockedStanding(trx, memberId);
  if (restrictions.identityMissing) throw new ResponsibleRefusal('IDENTITY_NOT_VERIFIED', memberId, null);
  for (const limit of await effectiveLimits(trx, memberId, nowIso)) {
    if (limit.value === null || limit.kind !== 'deposit') continue;
    const since = periodStart(limit.period, today);
    const used = await repo.depositsSince(trx, memberId, since, nowIso);
    if (used + amountCentavos > limit.value) {
      throw new ResponsibleRefusal('DEPOSIT_LIMIT_REACHED', memberId, resetsAt(limit.period, today));
    }
  }
}

/** Bonuses (activities, rebates) wait while a pause or exclusion runs. */
export async function assertMayReceiveBonus(trx: Database, memberId: number): Promise<void> {
  refuseRestricted(memberId, restrictionsOf(await repo.findSettings(trx, memberId), clock.nowIso()));
}

/** Marketing (campaign notifications, promotional mail) skips members who paused or excluded themselves. */
export async function mayReceiveMarketing(db: Database, memberId: number): Promise<boolean> {
  const r = restrictionsOf(await repo.findSettings(db, memberId), clock.nowIso());
  return !r.pausedUntil && !r.excluded && !r.closed;
}

/**
 * Withdrawals stay open during a pause and for the first days of an exclusion; afterwards the
 * operator returns the balance to the member's own PIX key.
 */
export async function assertMayWithdraw(db: Database, memberId: number): Promise<void> {
  const nowIso = clock.nowIso();
  const r = restrictionsOf(await repo.findSettings(db, memberId), nowIso);
  if ((r.excluded || r.closed) && r.excluded?.withdrawUntil && r.excluded.withdrawUntil <= nowIso) {
    throw new ResponsibleRefusal('SELF_EXCLUDED', memberId, null);
  }
}

/** A login after the daily time limit ended play waits for the next São Paulo day. */
export async function assertMayLogin(db: Database, memberId: number): Promise<void> {
  const nowIso = clock.nowIso();
  const r = restrictionsOf(await repo.findSettings(db, memberId), nowIso);
  if (r.timeLimitReached) throw new ResponsibleRefusal('SESSION_TIME_LIMIT_REACHED', memberId, resetsAt('day', saoPauloDay(nowIso)));
}

/** The refusal that ends a session when the daily time limit is reached (the site clears its storages). */
export function timeLimitRefusal(memberId: number): ResponsibleRefusal {
  return new ResponsibleRefusal('SESSION_TIME_LIMIT_REACHED', memberId, resetsAt('day', limitsDay()), {
    force_offline: true,
  });
}

/** The most a session touch counts as play: a longer gap was reading, not playing. */
const MAX_TOUCH_SECONDS = 300;

/**
 * Adds session time to today's count and answers whether the daily time limit is now reached
 * (then today is blocked: the caller ends the session).
 */
export async function addPlayTime(db: Database, memberId: number, seconds: number): Promise<boolean> {
  const nowIso = clock.nowIso();
  const today = saoPauloDay(nowIso);
  const counted = Math.max(0, Math.min(MAX_TOUCH_SECONDS, Math.round(seconds)));
  if (counted > 0) await repo.addUsage(db, memberId, today, { seconds: counted });
  const limit = (await effectiveLimits(db, memberId, nowIso)).find((l) => l.kind === 'time' && l.value !== null);
  if (!limit || limit.value === null) return false;
  const used = await repo.usageBetween(db, memberId, today, today);
  if (used.seconds < limit.value * 60) return false;
  await repo.saveSettings(db, memberId, { time_blocked_day: today }, nowIso);
  return true;
}

/** The refusals that count as a limit hit. */
export const LIMIT_HIT_CODES: ReadonlySet<ErrorCode> = new Set([
  'DEPOSIT_LIMIT_REACHED',
  'LOSS_LIMIT_REACHED',
  'WAGER_LIMIT_REACHED',
  'SESSION_TIME_LIMIT_REACHED',
]);

/** Counts a refusal by a limit (a risk flag reads it); written outside the refused transaction. */
export async function recordLimitHit(db: Database, memberId: number): Promise<void> {
  await repo.addUsage(db, memberId, limitsDay(), { limitHits: 1 });
}
