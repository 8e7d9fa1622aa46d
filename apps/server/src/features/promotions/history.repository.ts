import type { Database } from '../../db/database.ts';

/** The member's bonus credits (every reward ever paid), as the cover and promotion histories read them. */

export interface BonusCreditFilter {
  memberId: number;
  /** Only these sources (the histories never list a source outside the shared contract). */
  sources: readonly string[];
  /** Only credits at or after this instant. */
  since?: string | undefined;
}

export interface BonusCreditRow {
  id: number;
  source: string;
  amountCentavos: number;
  wageringCentavos: number;
  createdAt: string;
  /** Valid bets the member settled since the credit (its turnover progress). */
  betSinceCentavos: number;
}

function filtered(db: Database, filter: BonusCreditFilter) {
  let query = db
    .selectFrom('bonus_credits as b')
    .where('b.member_id', '=', filter.memberId)
    .where('b.source', 'in', [...filter.sources]);
  if (filter.since) query = query.where('b.created_at', '>=', filter.since);
  return query;
}

/** How many credits match and their Σ amount. */
export async function bonusCreditTotals(db: Database, filter: BonusCreditFilter): Promise<{ count: number; amountCentavos: number }> {
  if (filter.sources.length === 0) return { count: 0, amountCentavos: 0 };
  const row = await filtered(db, filter)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number | string>('b.amount_centavos'), eb.lit(0)).as('amount'),
    ])
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), amountCentavos: Number(row?.amount ?? 0) };
}

/**
 * One page of credits, newest first, each with the valid bets settled since it was credited
 * (settled game rounds: the same stakes that reduce ml_money).
 */
export async function bonusCreditPage(
  db: Database,
  filter: BonusCreditFilter,
  page: { offset: number; limit: number },
): Promise<BonusCreditRow[]> {
  if (filter.sources.length === 0) return [];
  const rows = await filtered(db, filter)
    .select(['b.id', 'b.source', 'b.amount_centavos', 'b.wagering_centavos', 'b.created_at'])
    .select((eb) =>
      eb
        .selectFrom('game_rounds as r')
        .select((sub) => sub.fn.coalesce(sub.fn.sum<number | string>('r.bet_centavos'), sub.lit(0)).as('bet'))
        .whereRef('r.member_id', '=', 'b.member_id')
        .where('r.status', '=', 'settled')
        .whereRef('r.settled_at', '>=', 'b.created_at')
        .as('bet_since'),
    )
    .orderBy('b.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    source: r.source,
    amountCentavos: r.amount_centavos,
    wageringCentavos: r.wagering_centavos,
    createdAt: r.created_at,
    betSinceCentavos: Number(r.bet_since ?? 0),
  }));
}
