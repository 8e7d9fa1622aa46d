import type { Database } from '../../db/database.ts';
import { dayRange } from '../../lib/sao-paulo.ts';
import * as repo from './agency.repository.ts';
import type { CommissionBase, CommissionSource } from './agency.repository.ts';

/**
 * The one commission formula, shared by the daily settlement and the live "pending" figures the
 * player sees for today: for a São Paulo day, per (agent, subordinate, source), the base is the
 * subordinate's credited recharges that day or its valid bets that day, and the commission is
 * floor(base x rate(level) / 10000). Nothing is paid below one centavo.
 */

/** The seeded rates per level (basis points): recharge 1% / 0.5% / 0.25%, betting 0.3% / 0.15% / 0.05%. */
export const DEFAULT_AGENCY_RATES = [
  { depth: 1, recharge_bp: 100, betting_bp: 30 },
  { depth: 2, recharge_bp: 50, betting_bp: 15 },
  { depth: 3, recharge_bp: 25, betting_bp: 5 },
] as const;

/** Commissions are paid as cash with a turnover requirement of once their amount. */
export const AGENCY_WAGERING_MULTIPLE = 1;
/** The smallest commission paid: one centavo (a floor of zero pays nothing). */
export const AGENCY_MIN_PAYOUT_CENTAVOS = 1;

/** floor(base x rate / 10000) in exact integer arithmetic (bases times rates pass 2^53). */
export function commissionOf(baseCentavos: number, rateBp: number): number {
  if (!Number.isSafeInteger(baseCentavos) || baseCentavos < 0) throw new RangeError(`bad base ${baseCentavos}`);
  if (!Number.isSafeInteger(rateBp) || rateBp < 0) throw new RangeError(`bad rate ${rateBp}`);
  return Number((BigInt(baseCentavos) * BigInt(rateBp)) / 10_000n);
}

export interface Commission extends repo.NewCommission {}

export type RateTable = Map<number, { recharge_bp: number; betting_bp: number }>;

/** The rates by level as they stand (levels without a row earn nothing). */
export async function loadRates(db: Database): Promise<RateTable> {
  const rows = await repo.listRates(db);
  return new Map(rows.map((row) => [row.depth, { recharge_bp: row.recharge_bp, betting_bp: row.betting_bp }]));
}

function toCommissions(day: string, source: CommissionSource, bases: CommissionBase[], rates: RateTable): Commission[] {
  const commissions: Commission[] = [];
  for (const base of bases) {
    const rate = rates.get(base.depth);
    const rateBp = rate ? (source === 'recharge' ? rate.recharge_bp : rate.betting_bp) : 0;
    const amount = commissionOf(base.base_centavos, rateBp);
    if (amount < AGENCY_MIN_PAYOUT_CENTAVOS) continue;
    commissions.push({ ...base, day, source, rate_bp: rateBp, amount_centavos: amount });
  }
  return commissions;
}

/**
 * Every commission day `day` earns (all agents, or the scope's), computed from the bases as they
 * stand: for a finished day that is what the settlement pays, for today it is what is pending.
 */
export async function computeDayCommissions(
  db: Database,
  day: string,
  scope: repo.BaseScope = {},
  rates?: RateTable,
): Promise<Commission[]> {
  const table = rates ?? (await loadRates(db));
  const [recharge, betting] = await Promise.all([repo.rechargeBases(db, dayRange(day), scope), repo.bettingBases(db, day, scope)]);
  return [...toCommissions(day, 'recharge', recharge, table), ...toCommissions(day, 'betting', betting, table)];
}

/** An agent's commissions of `day` not recorded yet: today's pending figures. */
export async function pendingCommissions(db: Database, agentId: number, day: string, subordinateIds?: number[]): Promise<Commission[]> {
  const [computed, recorded] = await Promise.all([
    computeDayCommissions(db, day, { agentId, subordinateIds }),
    repo.recordedPairs(db, agentId, day),
  ]);
  return computed.filter((c) => !recorded.has(`${c.subordinate_id}:${c.source}`));
}
