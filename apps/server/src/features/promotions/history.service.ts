import { formatCentavos } from '@casino/shared/money';
import { ACTIVITY_TYPES, BONUS_SOURCES, type BonusSource, type CoverHistory, type CoverItem } from '@casino/shared/schemas/promotions';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../db/schema.ts';
import { translate } from '../../lib/i18n.ts';
import { addDays, dayRange, saoPauloDay } from '../../lib/sao-paulo.ts';
import { type BonusCreditRow, bonusCreditPage, bonusCreditTotals } from './history.repository.ts';

/**
 * The cover history (api/cover/history: every bonus credited, with its source, amount, wagering and
 * status) and the promotion history (/promotion/history: the activity claims only).
 */

export interface HistoryQuery {
  page: number;
  page_size: number;
  days?: 1 | 3 | 7 | undefined;
  source?: BonusSource | undefined;
}

/**
 * A credit's turnover is done once the member owes no turnover at all, or once the valid bets
 * settled since it was credited reach its own wagering. Simple and explainable to a player; it does
 * not split later bets between overlapping credits (ml_money itself is one pooled figure).
 */
export function creditStatus(
  row: Pick<BonusCreditRow, 'wageringCentavos' | 'betSinceCentavos'>,
  wageringLeftCentavos: number,
): CoverItem['status'] {
  if (row.wageringCentavos === 0 || wageringLeftCentavos === 0) return 'completed';
  return row.betSinceCentavos >= row.wageringCentavos ? 'completed' : 'wagering';
}

/** The first instant of "today", "the last 3 days" or "the last 7 days" on the São Paulo calendar. */
function sinceOf(days: 1 | 3 | 7 | undefined, now: Date): string | undefined {
  if (!days) return undefined;
  return dayRange(addDays(saoPauloDay(now), -(days - 1))).start;
}

async function history(
  ctx: AppContext,
  member: Member,
  query: HistoryQuery,
  lang: string,
  allowed: readonly BonusSource[],
): Promise<CoverHistory> {
  const sources = query.source ? allowed.filter((s) => s === query.source) : allowed;
  const filter = { memberId: member.id, sources, since: sinceOf(query.days, new Date()) };
  const totals = await bonusCreditTotals(ctx.db, filter);
  const rows = await bonusCreditPage(ctx.db, filter, { offset: (query.page - 1) * query.page_size, limit: query.page_size });
  const wageringLeft = member.wagering_required_centavos;
  return {
    list: rows.map((row) => ({
      id: row.id,
      source: row.source as BonusSource,
      source_name: translate(lang, `promo.sources.${row.source}`),
      amount: formatCentavos(row.amountCentavos),
      wagering: formatCentavos(row.wageringCentavos),
      status: creditStatus(row, wageringLeft),
      created_at: row.createdAt,
    })),
    total: totals.count,
    page: query.page,
    page_size: query.page_size,
    total_amount: formatCentavos(totals.amountCentavos),
    wagering_left: formatCentavos(wageringLeft),
  };
}

/** Every bonus credited to the member (activities, VIP level-ups, rebates, commissions), newest first. */
export function coverHistory(ctx: AppContext, member: Member, query: HistoryQuery, lang: string): Promise<CoverHistory> {
  return history(ctx, member, query, lang, BONUS_SOURCES);
}

/** The member's activity claims only (not VIP, rebate or commission credits), newest first. */
export function promotionHistory(ctx: AppContext, member: Member, query: HistoryQuery, lang: string): Promise<CoverHistory> {
  return history(ctx, member, query, lang, ACTIVITY_TYPES);
}
