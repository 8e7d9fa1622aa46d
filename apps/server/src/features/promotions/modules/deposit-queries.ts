import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { type ActivityRun, creditBonus, type ModuleCheck, type ModuleClaim, STATE_ERRORS } from '../engine.ts';

/**
 * What the deposit- and play-driven modules (ftd, rechargerebate, rechargetiers, welcome,
 * dailyrescue, weekly) read: credited deposits, claims already recorded, daily play figures.
 * Each takes `db` so a check reads the pool and a claim reads its own transaction.
 */

const DAY_MS = 86_400_000;

/** A credited deposit as the activities see it. */
export interface CreditedDeposit {
  id: number;
  orderNo: string;
  amountCentavos: number;
  creditedAt: string;
  /** The deposit bonus the member chose when depositing ('none', an activity type), or null. */
  bonusChoice: string | null;
}

type DepositRow = { id: number; order_no: string; amount_centavos: number; credited_at: string | null; bonus_choice: string | null };

export function toDeposit(row: DepositRow): CreditedDeposit {
  return {
    id: row.id,
    orderNo: row.order_no,
    amountCentavos: row.amount_centavos,
    creditedAt: row.credited_at ?? '',
    bonusChoice: row.bonus_choice,
  };
}

const DEPOSIT_COLUMNS = ['id', 'order_no', 'amount_centavos', 'credited_at', 'bonus_choice'] as const;

/** The member's first credited deposit (by the instant it was credited), if any. */
export async function firstCreditedDeposit(db: Database, memberId: number): Promise<CreditedDeposit | undefined> {
  const row = await db
    .selectFrom('deposit_orders')
    .select(DEPOSIT_COLUMNS)
    .where('member_id', '=', memberId)
    .where('status', '=', 'credited')
    .orderBy('credited_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? toDeposit(row) : undefined;
}

/** The member's credited deposits of at least `minCentavos` credited in [from, to), newest first, at most `limit`. */
export async function creditedDepositsSince(
  db: Database,
  memberId: number,
  range: { from: string; to?: string; minCentavos: number; limit: number },
): Promise<CreditedDeposit[]> {
  let query = db
    .selectFrom('deposit_orders')
    .select(DEPOSIT_COLUMNS)
    .where('member_id', '=', memberId)
    .where('status', '=', 'credited')
    .where('amount_centavos', '>=', range.minCentavos)
    .where('credited_at', '>=', range.from);
  if (range.to) query = query.where('credited_at', '<', range.to);
  const rows = await query.orderBy('credited_at', 'desc').orderBy('id', 'desc').limit(range.limit).execute();
  return rows.map(toDeposit);
}

/** Σ of the member's credited deposits in [from, to). */
export async function creditedTotal(db: Database, memberId: number, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_centavos'), eb.lit(0)).as('total'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'credited')
    .where('credited_at', '>=', from)
    .where('credited_at', '<', to)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** One of the member's deposit orders by id (undefined when it is another member's or unknown). */
export async function ownDepositOrder(db: Database, memberId: number, orderId: number) {
  return db
    .selectFrom('deposit_orders')
    .select([...DEPOSIT_COLUMNS, 'status'])
    .where('id', '=', orderId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** The claims already recorded under these keys: claim key -> when it was credited. */
export async function claimsByKey(db: Database, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('bonus_credits').select(['claim_key', 'created_at']).where('claim_key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.claim_key, r.created_at]));
}

/** Whether a claim is recorded under `key`. */
export async function isClaimed(db: Database, key: string): Promise<boolean> {
  return (await claimsByKey(db, [key])).has(key);
}

/** Σ of the member's claims of `source` whose key starts with `keyPrefix`. */
export async function claimedTotal(db: Database, memberId: number, source: string, keyPrefix: string): Promise<number> {
  const row = await db
    .selectFrom('bonus_credits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_centavos'), eb.lit(0)).as('total'))
    .where('member_id', '=', memberId)
    .where('source', '=', source)
    .where('claim_key', 'like', `${keyPrefix}%`)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Σ bet and Σ win of the member's daily figures for São Paulo days in [fromDay, toDay), every category. */
export async function playTotals(
  db: Database,
  memberId: number,
  fromDay: string,
  toDay: string,
): Promise<{ betCentavos: number; winCentavos: number }> {
  const row = await db
    .selectFrom('member_daily_stats')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('bet_centavos'), eb.lit(0)).as('bet'),
      eb.fn.coalesce(eb.fn.sum<number | string>('win_centavos'), eb.lit(0)).as('win'),
    ])
    .where('member_id', '=', memberId)
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .executeTakeFirst();
  return { betCentavos: Number(row?.bet ?? 0), winCentavos: Number(row?.win ?? 0) };
}

/** `iso` moved forward by whole days. */
export function plusDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * DAY_MS).toISOString();
}

/** ⌊amount × bp / 10 000⌋: a percentage in basis points of centavos, never a float on the money path. */
export function percentOf(amountCentavos: number, basisPoints: number): number {
  return Math.floor((amountCentavos * basisPoints) / 10_000);
}

/**
 * The claim of a single-reward activity: re-runs the module's evaluation inside the claim's
 * transaction (the member's row is locked, so the figures cannot move), refuses any state but
 * 'eligible' with its spec error, and pays through `creditBonus` under `claimKey`.
 */
export async function claimEvaluated<C>(
  run: ActivityRun<C>,
  trx: Database,
  evaluated: ModuleCheck,
  credit: { claimKey: string; detail?: Record<string, unknown> },
): Promise<ModuleClaim> {
  if (evaluated.state !== 'eligible') throw new AppError(STATE_ERRORS[evaluated.state]);
  const wageringCentavos = evaluated.wageringCentavos ?? evaluated.rewardCentavos * run.activity.wageringMultiple;
  const paid = await creditBonus(trx, {
    memberId: run.member.id,
    source: run.activity.type,
    activityId: run.activity.id,
    claimKey: credit.claimKey,
    amountCentavos: evaluated.rewardCentavos,
    wageringCentavos,
    ...(credit.detail ? { detail: credit.detail } : {}),
  });
  return { bonusId: paid.bonusId, rewardCentavos: evaluated.rewardCentavos, wageringCentavos, balanceCentavos: paid.balanceCentavos };
}
