import { formatCentavos } from '@casino/shared/money';
import {
  CENTRAL_EXCLUSION_URL,
  EXCLUSION_WITHDRAW_DAYS,
  LIMIT_PERIODS,
  LIMIT_SLOTS,
  type LimitChange,
  type LimitView,
  type ResponsibleStatus,
  STATEMENT_MAX_DAYS,
  type StatementAnswer,
  type StatementDay,
} from '@casino/shared/schemas/responsible';
import type { AppContext } from '../../context.ts';
import type { Member, MemberSession } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { addDays, daysBetween, dayRange, isRealDay, saoPauloDay } from '../../lib/sao-paulo.ts';
import { checkLoginPassword } from '../../platform/auth/login-password.ts';
import { lockMemberCash } from '../../platform/ledger/ledger.repository.ts';
import { periodDays, periodStart, resetsAt } from '../../platform/responsible/periods.ts';
import * as repo from '../../platform/responsible/responsible.repository.ts';
import { effectiveLimits, limitChange, restrictionsOf } from '../../platform/responsible/standing.ts';
import * as statementRepo from './statement.repository.ts';

/**
 * The member's own responsible-gaming tools (issue 12): limits, reality check, pause,
 * self-exclusion, status and statement. The rules that refuse money live in
 * platform/responsible/standing.ts, where every stake and charge passes.
 */

/** Every limit slot with its value, pending change, what the period has used and when it resets. */
export async function limitViews(ctx: AppContext, memberId: number): Promise<LimitView[]> {
  const nowIso = clock.nowIso();
  const today = saoPauloDay(nowIso);
  const limits = await effectiveLimits(ctx.db, memberId, nowIso);
  // Each period is read once: its loss, wager and time slots share its counters.
  const [usage, deposits] = await Promise.all([
    Promise.all(LIMIT_PERIODS.map((period) => repo.usageBetween(ctx.db, memberId, periodDays(period, today).first, today))),
    Promise.all(LIMIT_PERIODS.map((period) => repo.depositsSince(ctx.db, memberId, periodStart(period, today), nowIso))),
  ]);
  const views: LimitView[] = [];
  for (const slot of LIMIT_SLOTS) {
    const limit = limits.find((l) => l.kind === slot.kind && l.period === slot.period);
    const index = LIMIT_PERIODS.indexOf(slot.period);
    const counted = usage[index] as Awaited<ReturnType<typeof repo.usageBetween>>;
    const used =
      slot.kind === 'deposit'
        ? (deposits[index] as number)
        : slot.kind === 'wager'
          ? counted.stake
          : slot.kind === 'loss'
            ? Math.max(0, counted.stake - counted.win)
            : Math.floor(counted.seconds / 60);
    views.push({
      kind: slot.kind,
      period: slot.period,
      value: limit?.value ?? null,
      pending: limit?.pending ? { value: limit.pending.value, applies_at: limit.pending.appliesAt } : null,
      used,
      resets_at: resetsAt(slot.period, today),
    });
  }
  return views;
}

/**
 * Sets limits: a lower value (or a first limit) applies at once; a raise or a removal waits 24
 * hours, shown as pending. One transaction, under the member's lock, so a change and a stake
 * never read each other half-written.
 */
export async function setLimits(ctx: AppContext, memberId: number, changes: LimitChange[]): Promise<LimitView[]> {
  const nowMs = clock.nowMs();
  const nowIso = new Date(nowMs).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await lockMemberCash(trx, memberId);
    const current = await effectiveLimits(trx, memberId, nowIso);
    for (const change of changes) {
      const limit = current.find((l) => l.kind === change.kind && l.period === change.period);
      const next = limitChange(limit, change.value, nowMs);
      await repo.saveLimit(
        trx,
        {
          memberId,
          kind: change.kind,
          period: change.period,
          value: next.value,
          pendingValue: next.pending?.value ?? null,
          pendingClear: next.pending !== null && next.pending.value === null,
          pendingAt: next.pending?.appliesAt ?? null,
        },
        nowIso,
      );
    }
  });
  return limitViews(ctx, memberId);
}

export async function setRealityCheck(ctx: AppContext, memberId: number, minutes: number): Promise<void> {
  await repo.saveSettings(ctx.db, memberId, { reality_check_minutes: minutes }, clock.nowIso());
}

/**
 * Pauses play for `days`. A running pause or exclusion is never shortened: a new pause must end
 * later than the restriction already running.
 */
export async function pause(ctx: AppContext, member: Member, input: { days: number; password: string }): Promise<string> {
  await checkLoginPassword(ctx, member, input.password, 'password');
  const nowMs = clock.nowMs();
  const nowIso = new Date(nowMs).toISOString();
  const until = new Date(nowMs + input.days * 86_400_000).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await lockMemberCash(trx, member.id);
    const r = restrictionsOf(await repo.findSettings(trx, member.id), nowIso);
    if (r.excluded || r.closed) throw new AppError('RESTRICTION_ACTIVE');
    if (r.pausedUntil && r.pausedUntil >= until) throw new AppError('RESTRICTION_ACTIVE');
    await repo.saveSettings(trx, member.id, { paused_until: until }, nowIso);
  });
  return until;
}

function addMonths(nowMs: number, months: number): string {
  const at = new Date(nowMs);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at.toISOString();
}

/**
 * Excludes the member from betting for 1, 3, 6 or 12 months, or indefinitely. It cannot be lifted
 * early; a longer one may replace it. The member may withdraw for EXCLUSION_WITHDRAW_DAYS, then the
 * operator returns the balance to the member's own PIX key. Open sports slips settle normally.
 */
export async function selfExclude(
  ctx: AppContext,
  member: Member,
  input: { months: number | 'indefinite'; password: string },
): Promise<{ until: string | null }> {
  await checkLoginPassword(ctx, member, input.password, 'password');
  const nowMs = clock.nowMs();
  const nowIso = new Date(nowMs).toISOString();
  const until = input.months === 'indefinite' ? null : addMonths(nowMs, input.months);
  await ctx.db.transaction().execute(async (trx) => {
    await lockMemberCash(trx, member.id);
    const settings = await repo.findSettings(trx, member.id);
    const r = restrictionsOf(settings, nowIso);
    if (r.excluded) {
      const longer = r.excluded.until !== null && (until === null || until > r.excluded.until);
      if (!longer) throw new AppError('RESTRICTION_ACTIVE');
      // A longer exclusion replaces the running one; the withdrawal window already granted stands.
      await repo.saveSettings(trx, member.id, { excluded_until: until }, nowIso);
      return;
    }
    await repo.saveSettings(
      trx,
      member.id,
      {
        excluded_at: nowIso,
        excluded_until: until,
        exclusion_source: 'self',
        withdraw_until: new Date(nowMs + EXCLUSION_WITHDRAW_DAYS * 86_400_000).toISOString(),
      },
      nowIso,
    );
  });
  return { until };
}

/** Stakes, wins and refunds as the ledger names them. */
const STAKE_CODES = new Set(['game_bet', 'sport_bet', 'game_rollback', 'sport_bet_refund']);
const WIN_CODES = new Set(['game_win', 'sport_bet_payout', 'sport_cashout', 'sport_bet_correction']);
const BONUS_CODES = new Set(['bonus', 'rebate_claim', 'agency_commission']);
const WITHDRAWAL_CODES = new Set(['withdrawal_request', 'withdrawal_rejected', 'withdrawal_failed']);

function emptyDay(day: string): StatementDay {
  return { day, deposits: '0.00', withdrawals: '0.00', stakes: '0.00', wins: '0.00', bonuses: '0.00', net: '0.00', seconds: 0 };
}

interface Totals {
  deposits: number;
  withdrawals: number;
  stakes: number;
  wins: number;
  bonuses: number;
  seconds: number;
}

function addCode(totals: Totals, code: string, amount: number): void {
  // Cash entries are signed from the member's side: stakes and withdrawals are negative.
  if (code === 'deposit') totals.deposits += amount;
  else if (WITHDRAWAL_CODES.has(code)) totals.withdrawals -= amount;
  else if (STAKE_CODES.has(code)) totals.stakes -= amount;
  else if (WIN_CODES.has(code)) totals.wins += amount;
  else if (BONUS_CODES.has(code)) totals.bonuses += amount;
}

function toDay(day: string, t: Totals): StatementDay {
  return {
    day,
    deposits: formatCentavos(t.deposits),
    withdrawals: formatCentavos(t.withdrawals),
    stakes: formatCentavos(t.stakes),
    wins: formatCentavos(t.wins),
    bonuses: formatCentavos(t.bonuses),
    net: formatCentavos(t.wins - t.stakes),
    seconds: t.seconds,
  };
}

const zero = (): Totals => ({ deposits: 0, withdrawals: 0, stakes: 0, wins: 0, bonuses: 0, seconds: 0 });

/** Deposits, withdrawals, stakes, wins, bonuses, net result and time played per São Paulo day. */
export async function statement(
  ctx: AppContext,
  memberId: number,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<StatementAnswer> {
  const today = saoPauloDay(clock.nowIso());
  const to = range.to ?? today;
  const from = range.from ?? addDays(to, -29);
  if (!isRealDay(from)) throw fieldError('VALIDATION_FAILED', 'from', 'validation.date_format');
  if (!isRealDay(to)) throw fieldError('VALIDATION_FAILED', 'to', 'validation.date_format');
  if (from > to || daysBetween(from, to).length > STATEMENT_MAX_DAYS)
    throw fieldError('VALIDATION_FAILED', 'from', 'validation.statement_range');
  const [money, usage] = await Promise.all([
    statementRepo.cashByDayAndCode(ctx.db, ctx.dialect, memberId, dayRange(from).start, dayRange(to).end),
    repo.usageDays(ctx.db, memberId, from, to),
  ]);
  const byDay = new Map<string, Totals>();
  const totalsOf = (day: string) => {
    const found = byDay.get(day);
    if (found) return found;
    const fresh = zero();
    byDay.set(day, fresh);
    return fresh;
  };
  for (const row of money) addCode(totalsOf(row.day), row.code, row.total);
  for (const row of usage) totalsOf(row.day).seconds += Number(row.seconds);
  const all = zero();
  const days = daysBetween(from, to).map((day) => {
    const t = byDay.get(day);
    if (!t) return emptyDay(day);
    for (const key of Object.keys(all) as (keyof Totals)[]) all[key] += t[key];
    return toDay(day, t);
  });
  const { day: _day, ...totals } = toDay(from, all);
  return { from, to, days, totals };
}

const CSV_COLUMNS = ['day', 'deposits', 'withdrawals', 'stakes', 'wins', 'bonuses', 'net', 'seconds'] as const;

/** The statement as CSV (one header line, one line per day; amounts in reais with a dot). */
export function statementCsv(answer: StatementAnswer): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const day of answer.days) lines.push(CSV_COLUMNS.map((c) => String(day[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Everything the member set, what runs now, and what the member may do. */
export async function status(ctx: AppContext, member: Member, session: MemberSession | null): Promise<ResponsibleStatus> {
  const nowIso = clock.nowIso();
  const today = saoPauloDay(nowIso);
  const [settings, standing, limits, usage] = await Promise.all([
    repo.findSettings(ctx.db, member.id),
    repo.memberForStanding(ctx.db, member.id),
    limitViews(ctx, member.id),
    repo.usageBetween(ctx.db, member.id, today, today),
  ]);
  const identityMissing = Boolean(standing && standing.regulated === 1 && standing.kyc_status !== 'approved');
  const r = restrictionsOf(settings, nowIso, identityMissing);
  const blocked = Boolean(r.pausedUntil || r.excluded || r.closed);
  const withdrawClosed = (r.excluded !== null || r.closed) && Boolean(r.excluded?.withdrawUntil && r.excluded.withdrawUntil <= nowIso);
  return {
    limits,
    reality_check_minutes: settings?.reality_check_minutes ?? 0,
    pause: r.pausedUntil ? { until: r.pausedUntil } : null,
    self_exclusion: r.excluded
      ? { since: r.excluded.since, until: r.excluded.until, source: r.excluded.source, withdraw_until: r.excluded.withdrawUntil }
      : null,
    closed: r.closed,
    time_limit_reached: r.timeLimitReached,
    can: {
      bet: !blocked && !r.timeLimitReached && !identityMissing,
      deposit: !blocked && !identityMissing,
      withdraw: !withdrawClosed,
      bonus: !blocked,
    },
    session: session ? await sessionSummary(ctx, member.id, session.created_at, nowIso) : null,
    today_seconds: usage.seconds,
    central_exclusion_url: CENTRAL_EXCLUSION_URL,
  };
}

/** The reality check's figures: time since the session started, its stakes, wins and net. */
async function sessionSummary(ctx: AppContext, memberId: number, startedAt: string, nowIso: string) {
  const totals = zero();
  for (const row of await statementRepo.cashByCodeSince(ctx.db, memberId, startedAt)) addCode(totals, row.code, row.total);
  return {
    started_at: startedAt,
    seconds: Math.max(0, Math.floor((Date.parse(nowIso) - Date.parse(startedAt)) / 1000)),
    stakes: formatCentavos(totals.stakes),
    wins: formatCentavos(totals.wins),
    net: formatCentavos(totals.wins - totals.stakes),
  };
}
