import { formatLine, formatOdds, type MarketType } from '@casino/games/football';
import { formatCentavos } from '@casino/shared/money';
import { DEFAULT_REPORT_DAYS, type LiabilityBoard, MAX_REPORT_DAYS, type SportsReport } from '@casino/shared/schemas/sports-admin';
import type { AppContext } from '../../../context.ts';
import { reportRange as reportDays } from '../../../lib/report-range.ts';
import { daysBetween, SAO_PAULO_TIME_ZONE } from '../../../lib/sao-paulo.ts';
import * as repo from './sports-admin.repository.ts';
import { type FixtureState, type MarketKind, type MarketState, nameIn, ratioPercent } from './sports-admin.views.ts';

/**
 * What the book risks and what it earned: the liability board (the markets of undecided fixtures
 * that would cost the most) and the GGR report by São Paulo day and competition, checked against
 * the ledger's own figure for the sportsbook's house account.
 */

// ---- liability board ----------------------------------------------------------------------------

/**
 * The markets with the largest worst case across scheduled and live fixtures, each with its
 * worst selection and the share of the book's per-market cap it uses.
 */
export async function liabilityBoard(
  ctx: AppContext,
  query: { limit: number; virtual?: boolean | undefined; lang?: string | undefined },
): Promise<LiabilityBoard> {
  const [worst, settings] = await Promise.all([repo.worstMarkets(ctx.db, query.limit, query.virtual), repo.findSettings(ctx.db)]);
  const context = await repo.marketsContext(
    ctx.db,
    worst.map((row) => row.marketId),
  );
  const cap = Number(settings.max_market_liability_centavos);
  const list = worst.flatMap((row) => {
    const market = context.markets.find((m) => Number(m.id) === row.marketId);
    if (!market) return [];
    const selections = context.selections.filter((s) => Number(s.market_id) === row.marketId);
    const worstSelection = selections.reduce<(typeof selections)[number] | undefined>(
      (best, s) => (best === undefined || s.payoutsCentavos > best.payoutsCentavos ? s : best),
      undefined,
    );
    const liability = row.worstPayoutCentavos - row.stakesCentavos;
    return [
      {
        fixture_id: Number(market.fixture_id),
        fixture_name: `${market.home_name} x ${market.away_name}`,
        competition: nameIn(market.competition_names_json, query.lang, market.competition_code),
        starts_at: market.starts_at,
        fixture_status: market.fixture_status as FixtureState,
        is_virtual: market.is_virtual === 1,
        market_id: row.marketId,
        market_type: market.type as MarketKind,
        line: formatLine(market.type as MarketType, Number(market.line)),
        market_status: market.status as MarketState,
        worst_selection: worstSelection?.code ?? '',
        worst_odds: worstSelection ? formatOdds(worstSelection.odds) : '',
        open_bets: row.bets,
        stakes: formatCentavos(row.stakesCentavos),
        potential_payout: formatCentavos(row.worstPayoutCentavos),
        liability: formatCentavos(liability),
        limit_used: ratioPercent(Math.max(0, liability), cap) ?? '0.00',
      },
    ];
  });
  return { list, max_market_liability: formatCentavos(cap) };
}

// ---- GGR report ---------------------------------------------------------------------------------

/** The report's São Paulo days (both included) and their UTC interval; default the last 30 days. */
export function reportRange(from: string | undefined, to: string | undefined, now = Date.now()) {
  return reportDays(from, to, { defaultDays: DEFAULT_REPORT_DAYS, maxDays: MAX_REPORT_DAYS }, now);
}

interface Sums {
  bets: number;
  stakesCentavos: number;
  payoutsCentavos: number;
}

const ZERO: Sums = { bets: 0, stakesCentavos: 0, payoutsCentavos: 0 };

function add(a: Sums, b: Sums): Sums {
  return {
    bets: a.bets + b.bets,
    stakesCentavos: a.stakesCentavos + b.stakesCentavos,
    payoutsCentavos: a.payoutsCentavos + b.payoutsCentavos,
  };
}

/** The answer's figures: GGR = stakes − payouts, margin = GGR / stakes. */
export function ggrFigures(sums: Sums) {
  const ggr = sums.stakesCentavos - sums.payoutsCentavos;
  return {
    bets: sums.bets,
    stakes: formatCentavos(sums.stakesCentavos),
    payouts: formatCentavos(sums.payoutsCentavos),
    ggr: formatCentavos(ggr),
    margin: ratioPercent(ggr, sums.stakesCentavos),
  };
}

/**
 * GGR of the bets settled in the period (won, lost, void, cashed out; by the São Paulo day of
 * their settlement), per day and competition, with the ledger's check figure: Σ entries of the
 * sportsbook's house account in the period, by transfer code.
 */
export async function sportsReport(
  ctx: AppContext,
  query: { from?: string | undefined; to?: string | undefined; lang?: string | undefined },
  now = Date.now(),
): Promise<SportsReport> {
  const range = reportRange(query.from, query.to, now);
  const [rows, ledger, openStakes] = await Promise.all([
    repo.settledBetsByDay(ctx.db, ctx.dialect, range),
    repo.houseEntriesByDay(ctx.db, ctx.dialect, range),
    repo.openStakesOfPeriod(ctx.db, range),
  ]);
  const competitionIds = [...new Set(rows.flatMap((row) => (row.competitionId === null ? [] : [row.competitionId])))];
  const names = new Map(
    (await repo.competitionNames(ctx.db, competitionIds)).map((c) => [Number(c.id), nameIn(c.names_json, query.lang, c.code)]),
  );
  const competitionName = (id: number | null) => (id === null ? '' : (names.get(id) ?? String(id)));

  const byDay = new Map<string, Sums>();
  const byCompetition = new Map<number | null, Sums>();
  let totals = ZERO;
  for (const row of rows) {
    byDay.set(row.day, add(byDay.get(row.day) ?? ZERO, row));
    byCompetition.set(row.competitionId, add(byCompetition.get(row.competitionId) ?? ZERO, row));
    totals = add(totals, row);
  }
  const ledgerByDay = new Map<string, number>();
  const ledgerByCode = new Map<string, number>();
  for (const entry of ledger) {
    ledgerByDay.set(entry.day, (ledgerByDay.get(entry.day) ?? 0) + entry.amountCentavos);
    ledgerByCode.set(entry.code, (ledgerByCode.get(entry.code) ?? 0) + entry.amountCentavos);
  }
  const houseNet = [...ledgerByCode.values()].reduce((sum, amount) => sum + amount, 0);
  const ggr = totals.stakesCentavos - totals.payoutsCentavos;

  return {
    from: range.from,
    to: range.to,
    time_zone: SAO_PAULO_TIME_ZONE,
    rows: rows
      .sort((a, b) => a.day.localeCompare(b.day) || b.stakesCentavos - a.stakesCentavos)
      .map((row) => ({
        day: row.day,
        competition_id: row.competitionId,
        competition: competitionName(row.competitionId),
        ...ggrFigures(row),
      })),
    days: daysBetween(range.from, range.to).map((day) => ({
      day,
      ...ggrFigures(byDay.get(day) ?? ZERO),
      ledger: formatCentavos(ledgerByDay.get(day) ?? 0),
    })),
    competitions: [...byCompetition]
      .sort(([, a], [, b]) => b.stakesCentavos - a.stakesCentavos)
      .map(([id, sums]) => ({ competition_id: id, competition: competitionName(id), ...ggrFigures(sums) })),
    totals: ggrFigures(totals),
    ledger: {
      house_net: formatCentavos(houseNet),
      by_code: [...ledgerByCode].sort(([a], [b]) => a.localeCompare(b)).map(([code, amount]) => ({ code, amount: formatCentavos(amount) })),
      difference: formatCentavos(houseNet - ggr),
      open_stakes: formatCentavos(openStakes),
    },
  };
}
