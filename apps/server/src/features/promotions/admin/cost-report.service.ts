import { formatCentavos } from '@casino/shared/money';
import {
  COST_GROUPS,
  type CostGroup,
  DEFAULT_REPORT_DAYS,
  MAX_REPORT_DAYS,
  type PromotionsReport,
} from '@casino/shared/schemas/promotions-admin';
import type { AppContext } from '../../../context.ts';
import { reportRange as reportDays } from '../../../lib/report-range.ts';
import { daysBetween, SAO_PAULO_TIME_ZONE } from '../../../lib/sao-paulo.ts';
import * as repo from './promotions-admin.repository.ts';

/** The report's column of a bonus source. */
export function costGroupOf(source: string): CostGroup {
  if (source === 'rebate') return 'rebates';
  if (source === 'vip_levelup') return 'vip';
  if (source === 'agency_commission') return 'agency';
  return 'bonuses';
}

/** The report's days: both ends included, the last 30 São Paulo days by default, at most 92. */
export function reportRange(from: string | undefined, to: string | undefined, now = Date.now()) {
  const range = reportDays(from, to, { defaultDays: DEFAULT_REPORT_DAYS, maxDays: MAX_REPORT_DAYS }, now);
  return { ...range, days: daysBetween(range.from, range.to) };
}

type Figures = Record<CostGroup, number> & { claims: number; ledger: number };
const emptyFigures = (): Figures => ({ bonuses: 0, rebates: 0, vip: 0, agency: 0, claims: 0, ledger: 0 });

function formatFigures(figures: Figures) {
  const total = COST_GROUPS.reduce((sum, group) => sum + figures[group], 0);
  return {
    bonuses: formatCentavos(figures.bonuses),
    rebates: formatCentavos(figures.rebates),
    vip: formatCentavos(figures.vip),
    agency: formatCentavos(figures.agency),
    total: formatCentavos(total),
    claims: figures.claims,
    ledger: formatCentavos(figures.ledger),
  };
}

/**
 * What promotions cost per São Paulo day: bonuses, rebates claimed, VIP rewards and agency
 * commissions from bonus_credits, next to the check figure the ledger gives (what left
 * promotions_expense and agency_commission_expense). Rebates cost the ledger when they accrue and
 * the claims list when they are claimed, so `ledger_by_code` shows what the check figure is made of,
 * and `reconciliation` pairs every other claim with its own ledger entries to the centavo.
 */
export async function promotionsReport(ctx: AppContext, query: { from?: string | undefined; to?: string | undefined }, now = Date.now()) {
  const range = reportRange(query.from, query.to, now);
  const [claims, ledger, reconciliation] = await Promise.all([
    repo.claimsByDay(ctx.db, ctx.dialect, range),
    repo.expenseByDay(ctx.db, ctx.dialect, range),
    repo.reconcileClaims(ctx.db, range),
  ]);
  const byDay = new Map(range.days.map((day) => [day, emptyFigures()]));
  const totals = emptyFigures();
  const bySource = new Map<string, { claims: number; amountCentavos: number }>();
  for (const row of claims) {
    const group = costGroupOf(row.source);
    for (const figures of [byDay.get(row.day), totals]) {
      if (!figures) continue;
      figures[group] += row.amountCentavos;
      figures.claims += row.claims;
    }
    const source = bySource.get(row.source) ?? { claims: 0, amountCentavos: 0 };
    bySource.set(row.source, { claims: source.claims + row.claims, amountCentavos: source.amountCentavos + row.amountCentavos });
  }
  const byCode = new Map<string, number>();
  for (const row of ledger) {
    const figures = byDay.get(row.day);
    if (figures) figures.ledger += row.costCentavos;
    totals.ledger += row.costCentavos;
    byCode.set(row.code, (byCode.get(row.code) ?? 0) + row.costCentavos);
  }
  const report: PromotionsReport = {
    from: range.from,
    to: range.to,
    time_zone: SAO_PAULO_TIME_ZONE,
    days: range.days.map((day) => ({ day, ...formatFigures(byDay.get(day) ?? emptyFigures()) })),
    totals: formatFigures(totals),
    by_source: [...bySource.entries()]
      .sort((a, b) => b[1].amountCentavos - a[1].amountCentavos || a[0].localeCompare(b[0]))
      .map(([source, figures]) => ({
        source,
        group: costGroupOf(source),
        claims: figures.claims,
        amount: formatCentavos(figures.amountCentavos),
      })),
    ledger_by_code: [...byCode.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([code, amountCentavos]) => ({ code, amount: formatCentavos(amountCentavos) })),
    reconciliation: {
      claims_from_expense: formatCentavos(reconciliation.claimsCentavos),
      ledger_of_claims: formatCentavos(reconciliation.ledgerCentavos),
      unposted_claims: reconciliation.unposted,
      agrees: reconciliation.claimsCentavos === reconciliation.ledgerCentavos && reconciliation.unposted === 0,
    },
  };
  return report;
}
