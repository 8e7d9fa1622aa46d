import { roleAllows } from '@casino/shared/schemas/admin';
import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  type DashboardAlert,
  type DashboardFigures,
  type DashboardQueue,
  type DashboardResponse,
} from '@casino/shared/schemas/dashboard';
import { formatCentavos } from '@casino/shared/money';
import type { AppContext } from '../../context.ts';
import { reportRange } from '../../lib/report-range.ts';
import { daysBetween, SAO_PAULO_TIME_ZONE, saoPauloDay } from '../../lib/sao-paulo.ts';
import * as ledgerChecks from '../../platform/ledger/ledger-invariants.repository.ts';
import { resultTotalsByDayAndKind } from '../games/admin/games-admin.repository.ts';
import { claimsByDay } from '../promotions/admin/promotions-admin.repository.ts';
import { findSettings, settledBetsByDay, worstMarkets } from '../sports/admin/sports-admin.repository.ts';
import * as repo from './dashboard.repository.ts';

/**
 * The back office's landing page (issue 15 item 8): the period's money, GGR by product, promotion
 * cost and players, per São Paulo day, next to the open review queues and the alerts. Each figure
 * is read with its report's own query (game results, sportsbook GGR, promotions cost), so the
 * dashboard and the report agree to the centavo; each section needs the permission of its report.
 */

/** Markets read from the liability board when counting those over the cap (it is sorted worst first). */
const LIABILITY_SCAN = 100;
/** The quick ledger checks are repeated at most this often per process (the full check is `npm run ledger:verify`). */
const LEDGER_CHECK_TTL_MS = 5 * 60_000;

type Role = string;
const can = (role: Role, permission: Parameters<typeof roleAllows>[1]) => roleAllows(role, permission);

interface DayFigures {
  deposits: { count: number; amount: number };
  withdrawals: { count: number; amount: number };
  casino: number;
  house: number;
  sports: number;
  bonuses: number;
  newPlayers: number;
  activePlayers: number;
}

const emptyDay = (): DayFigures => ({
  deposits: { count: 0, amount: 0 },
  withdrawals: { count: 0, amount: 0 },
  casino: 0,
  house: 0,
  sports: 0,
  bonuses: 0,
  newPlayers: 0,
  activePlayers: 0,
});

function addInto(target: DayFigures, source: DayFigures) {
  target.deposits.count += source.deposits.count;
  target.deposits.amount += source.deposits.amount;
  target.withdrawals.count += source.withdrawals.count;
  target.withdrawals.amount += source.withdrawals.amount;
  target.casino += source.casino;
  target.house += source.house;
  target.sports += source.sports;
  target.bonuses += source.bonuses;
  target.newPlayers += source.newPlayers;
}

interface Sections {
  deposits: boolean;
  withdrawals: boolean;
  games: boolean;
  sports: boolean;
  promotions: boolean;
  players: boolean;
}

function present(figures: DayFigures, sections: Sections): DashboardFigures {
  const ggrParts = [sections.games ? figures.casino + figures.house : 0, sections.sports ? figures.sports : 0];
  return {
    deposits: sections.deposits ? { count: figures.deposits.count, amount: formatCentavos(figures.deposits.amount) } : null,
    withdrawals: sections.withdrawals ? { count: figures.withdrawals.count, amount: formatCentavos(figures.withdrawals.amount) } : null,
    ggr:
      sections.games || sections.sports
        ? {
            casino: sections.games ? formatCentavos(figures.casino) : null,
            house: sections.games ? formatCentavos(figures.house) : null,
            sports: sections.sports ? formatCentavos(figures.sports) : null,
            total: formatCentavos(ggrParts[0]! + ggrParts[1]!),
          }
        : null,
    bonus_cost: sections.promotions ? formatCentavos(figures.bonuses) : null,
    new_players: sections.players ? figures.newPlayers : null,
    active_players: sections.players ? figures.activePlayers : null,
  };
}

const none = async <T>(value: T) => value;

// ---- ledger check ---------------------------------------------------------------------------------

interface LedgerCheck {
  ok: boolean;
  checked_at: string;
  failed: string[];
}
const ledgerCheckCache = new WeakMap<AppContext, { at: number; result: Promise<LedgerCheck> }>();

/**
 * The ledger invariants cheap enough for a landing page (all entries sum to zero, no member account
 * negative, house accounts keep no running balance), once per few minutes per process.
 */
export function quickLedgerCheck(ctx: AppContext, now = Date.now()): Promise<LedgerCheck> {
  const cached = ledgerCheckCache.get(ctx);
  if (cached && now - cached.at < LEDGER_CHECK_TTL_MS) return cached.result;
  const result = (async () => {
    const [total, negative, houseBalance] = await Promise.all([
      ledgerChecks.nonZeroGrandTotal(ctx.db),
      ledgerChecks.negativeMemberAccounts(ctx.db, 1),
      ledgerChecks.houseAccountsWithBalance(ctx.db, 1),
    ]);
    const failed = [
      ...(total.length > 0 ? ['grand_total'] : []),
      ...(negative.length > 0 ? ['negative_member_account'] : []),
      ...(houseBalance.length > 0 ? ['house_running_balance'] : []),
    ];
    return { ok: failed.length === 0, checked_at: new Date(now).toISOString(), failed };
  })();
  ledgerCheckCache.set(ctx, { at: now, result });
  // A failed query is not kept: the next call asks again.
  result.catch(() => ledgerCheckCache.delete(ctx));
  return result;
}

/** Forgets the cached ledger check (tests that break the ledger on purpose). */
export function forgetLedgerCheck(ctx: AppContext) {
  ledgerCheckCache.delete(ctx);
}

// ---- the dashboard --------------------------------------------------------------------------------

function queueOf(kind: DashboardQueue['kind'], figures: repo.QueueFigures, now: number): DashboardQueue {
  return {
    kind,
    count: figures.count,
    oldest_at: figures.oldestAt,
    oldest_minutes: figures.oldestAt === null ? null : Math.max(0, Math.floor((now - Date.parse(figures.oldestAt)) / 60_000)),
  };
}

export async function dashboard(
  ctx: AppContext,
  role: Role,
  query: { from?: string | undefined; to?: string | undefined },
  now = Date.now(),
): Promise<DashboardResponse> {
  const range = reportRange(query.from, query.to, { defaultDays: DASHBOARD_DEFAULT_DAYS, maxDays: DASHBOARD_MAX_DAYS }, now);
  const today = saoPauloDay(now);
  // Today is read with the period when it lies inside it, and on its own otherwise.
  const period = { start: range.start, end: range.end };
  const todayRange = reportRange(today, today, { defaultDays: 1, maxDays: 1 }, now);
  const periods = today >= range.from && today <= range.to ? [period] : [period, { start: todayRange.start, end: todayRange.end }];
  const dayWindows =
    periods.length === 1
      ? [{ from: range.from, to: range.to }]
      : [
          { from: range.from, to: range.to },
          { from: today, to: today },
        ];

  const sections: Sections = {
    deposits: can(role, 'deposits.read'),
    withdrawals: can(role, 'withdrawals.review'),
    games: can(role, 'games.read'),
    sports: can(role, 'sports.read'),
    promotions: can(role, 'promotions.read'),
    players: can(role, 'members.read'),
  };

  const perPeriod = await Promise.all(
    periods.map((p, i) =>
      Promise.all([
        sections.deposits ? repo.creditedDepositsByDay(ctx.db, ctx.dialect, p) : none([]),
        sections.withdrawals ? repo.paidWithdrawalsByDay(ctx.db, ctx.dialect, p) : none([]),
        sections.games ? resultTotalsByDayAndKind(ctx.db, ctx.dialect, p) : none([]),
        sections.sports ? settledBetsByDay(ctx.db, ctx.dialect, p) : none([]),
        sections.promotions ? claimsByDay(ctx.db, ctx.dialect, p) : none([]),
        sections.players ? repo.newMembersByDay(ctx.db, ctx.dialect, p) : none([]),
        sections.players ? repo.activeMembers(ctx.db, ctx.dialect, p, dayWindows[i]!) : none({ byDay: [], total: 0 }),
      ]),
    ),
  );

  const byDay = new Map<string, DayFigures>();
  const dayOf = (day: string) => {
    let figures = byDay.get(day);
    if (!figures) {
      figures = emptyDay();
      byDay.set(day, figures);
    }
    return figures;
  };
  for (const [deposits, withdrawals, games, sports, claims, members, active] of perPeriod) {
    for (const row of deposits) dayOf(row.day).deposits = { count: row.count, amount: row.amountCentavos };
    for (const row of withdrawals) dayOf(row.day).withdrawals = { count: row.count, amount: row.amountCentavos };
    for (const row of games) {
      const figures = dayOf(row.day);
      if (row.kind === 'house') figures.house += row.bet - row.win;
      else figures.casino += row.bet - row.win;
    }
    for (const row of sports) dayOf(row.day).sports += row.stakesCentavos - row.payoutsCentavos;
    for (const row of claims) dayOf(row.day).bonuses += row.amountCentavos;
    for (const row of members) dayOf(row.day).newPlayers = row.count;
    for (const row of active.byDay) dayOf(row.day).activePlayers = row.count;
  }
  // A day read twice (never: the today period is read only outside the range) would double here.
  const days = daysBetween(range.from, range.to);
  const totals = emptyDay();
  for (const day of days) addInto(totals, byDay.get(day) ?? emptyDay());
  totals.activePlayers = perPeriod[0]![6].total;

  const [queues, alerts, ledgerCheck] = await Promise.all([
    queuesFor(ctx, role, now),
    alertsFor(ctx, role, now),
    can(role, 'ledger.read') ? quickLedgerCheck(ctx, now) : none(null),
  ]);
  if (ledgerCheck && !ledgerCheck.ok) {
    alerts.push({ kind: 'ledger_check_failed', count: ledgerCheck.failed.length, detail: { invariants: ledgerCheck.failed.join(', ') } });
  }

  return {
    from: range.from,
    to: range.to,
    today,
    time_zone: SAO_PAULO_TIME_ZONE,
    totals: present(totals, sections),
    today_figures: present(byDay.get(today) ?? emptyDay(), sections),
    days: days.map((day) => ({ day, ...present(byDay.get(day) ?? emptyDay(), sections) })),
    queues,
    alerts,
    ledger_check: ledgerCheck,
    withdrawal_target_minutes: ctx.config.WITHDRAWAL_REVIEW_TARGET_MINUTES,
  };
}

async function queuesFor(ctx: AppContext, role: Role, now: number): Promise<DashboardQueue[]> {
  const wanted: [DashboardQueue['kind'], boolean, () => Promise<repo.QueueFigures>][] = [
    ['withdrawal_review', can(role, 'withdrawals.review'), () => repo.withdrawalReviewQueue(ctx.db)],
    ['kyc_review', can(role, 'kyc.review'), () => repo.kycReviewQueue(ctx.db)],
    ['balance_returns', can(role, 'responsible.read'), () => repo.queuedBalanceReturns(ctx.db)],
  ];
  const shown = wanted.filter(([, allowed]) => allowed);
  const figures = await Promise.all(shown.map(([, , read]) => read()));
  return shown.map(([kind], i) => queueOf(kind, figures[i]!, now));
}

async function alertsFor(ctx: AppContext, role: Role, now: number): Promise<DashboardAlert[]> {
  const target = ctx.config.WITHDRAWAL_REVIEW_TARGET_MINUTES;
  const [overdue, liability] = await Promise.all([
    can(role, 'withdrawals.review') ? repo.withdrawalsWaitingSince(ctx.db, new Date(now - target * 60_000).toISOString()) : none(0),
    can(role, 'sports.read') ? marketsOverCap(ctx) : none(null),
  ]);
  const alerts: DashboardAlert[] = [];
  if (overdue > 0) alerts.push({ kind: 'withdrawals_overdue', count: overdue, detail: { minutes: target } });
  if (liability && liability.count > 0) {
    alerts.push({ kind: 'liability_over_cap', count: liability.count, detail: { cap: formatCentavos(liability.capCentavos) } });
  }
  return alerts;
}

/** Markets of undecided fixtures whose worst case loses more than the book's per-market cap (the liability board's figure). */
async function marketsOverCap(ctx: AppContext) {
  const [worst, settings] = await Promise.all([worstMarkets(ctx.db, LIABILITY_SCAN, undefined), findSettings(ctx.db)]);
  const capCentavos = Number(settings.max_market_liability_centavos);
  return { count: worst.filter((row) => row.worstPayoutCentavos - row.stakesCentavos > capCentavos).length, capCentavos };
}
