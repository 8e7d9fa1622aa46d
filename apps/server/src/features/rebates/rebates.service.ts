import { GAME_CATEGORIES, type GameCategory } from '@casino/shared/game-codes';
import { centavos, formatCentavos } from '@casino/shared/money';
import type { RebateDetailItem, RebatesList } from '@casino/shared/schemas/vip';
import { MAX_VIP_LEVEL } from '@casino/shared/schemas/vip-admin';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import { addDays, saoPauloDay } from '../../lib/sao-paulo.ts';
import { house, moved, rebate } from '../../platform/ledger/ledger.service.ts';
import { postTransfer } from '../../platform/ledger/post-transfer.ts';
import { afterCredit, creditBonus, lockClaimant } from '../promotions/engine.ts';
import { pushBalance } from '../../platform/realtime/realtime.ts';
import { ACCRUAL_WINDOW_DAYS, defaultRebateRates, REBATE_WAGERING_MULTIPLE, rebateFor } from './rebate-rates.ts';
import * as repo from './rebates.repository.ts';
import { allRebateRateRows } from '../vip/vip.repository.ts';

/**
 * Rebates (fs_money, 返水; DESIGN.md section 7): a share of each day's valid bets by VIP level and
 * category accrues into the member's `rebate` ledger account, and the member claims it into cash
 * with a 1x turnover requirement.
 */

/** Seeds every level x category cell with the default rate; cells an operator set are kept. */
export async function seedRebateRates(db: Database): Promise<void> {
  await repo.insertMissingRates(db, defaultRebateRates(MAX_VIP_LEVEL));
}

async function memberLevel(db: Database, memberId: number): Promise<number> {
  const row = await db.selectFrom('members').select('level').where('id', '=', memberId).executeTakeFirst();
  if (!row) throw new AppError('UNAUTHENTICATED');
  return row.level;
}

/** A level's rates, category to basis points (a category without a row earns nothing). */
async function ratesOfLevel(db: Database, level: number): Promise<Map<string, number>> {
  return new Map((await repo.rateRowsOfLevel(db, level)).map((row) => [row.category, row.rate_bp]));
}

const windowStart = (now: Date) => addDays(saoPauloDay(now), -(ACCRUAL_WINDOW_DAYS - 1));

/**
 * Accrues what the member's valid bets of today and the two days before have earned at its current
 * level's rates and is not yet in fs_money: per day and category, one ledger transfer
 * promotions_expense -> rebate of the difference, with a conditional update of the row's accrued
 * amount in the same transaction. Safe to run any number of times, also concurrently: a row
 * already raised moves nothing, and the key names the target it reached. Answers the centavos moved.
 */
export async function accrueRebates(ctx: AppContext, memberId: number, now = new Date()): Promise<number> {
  const rates = await ratesOfLevel(ctx.db, await memberLevel(ctx.db, memberId));
  let movedCentavos = 0;
  for (const row of await repo.statsSince(ctx.db, memberId, windowStart(now))) {
    const fromCentavos = Number(row.rebate_centavos);
    const toCentavos = rebateFor(Number(row.bet_centavos), rates.get(row.category) ?? 0);
    if (toCentavos <= fromCentavos) continue;
    movedCentavos += await ctx.db.transaction().execute(async (trx) => {
      const raised = await repo.raiseAccrued(trx, { memberId, day: row.day, category: row.category, fromCentavos, toCentavos });
      if (!raised) return 0;
      await postTransfer(trx, {
        key: `rebate:accrue:${memberId}:${row.day}:${row.category}:${toCentavos}`,
        code: 'rebate_accrual',
        lines: moved(house('promotions_expense'), rebate(memberId), centavos(toCentavos - fromCentavos)),
        meta: { day: row.day, category: row.category, accrued: toCentavos },
      });
      return toCentavos - fromCentavos;
    });
  }
  if (movedCentavos > 0) await pushBalance(ctx.db, ctx.realtime, memberId);
  return movedCentavos;
}

/** Every level's rates, with the level names of the VIP table. */
export async function rateGrid(db: Database): Promise<RebatesList['rates']> {
  const [rows, levels] = await Promise.all([allRebateRateRows(db), db.selectFrom('vip_levels').select(['level', 'name']).execute()]);
  const levelNumbers = [...new Set([...levels.map((l) => l.level), ...rows.map((r) => r.level)])].sort((a, b) => a - b);
  return levelNumbers.map((level) => ({
    level,
    name: levels.find((l) => l.level === level)?.name ?? `VIP${level}`,
    rates: GAME_CATEGORIES.map((category) => ({
      category,
      rate_bp: rows.find((r) => r.level === level && r.category === category)?.rate_bp ?? 0,
    })),
  }));
}

/**
 * POST /api/games/rebates/list: the rate grid and the member's standing: fs_money (accrued,
 * claimable), pending (earned by today's bets, not yet accrued: the next accrual or a claim adds it)
 * and the lifetime total claimed.
 */
export async function rebatesList(ctx: AppContext, memberId: number, now = new Date()): Promise<RebatesList> {
  const level = await memberLevel(ctx.db, memberId);
  const [rates, stats, fsMoney, claimed, grid] = await Promise.all([
    ratesOfLevel(ctx.db, level),
    repo.statsSince(ctx.db, memberId, saoPauloDay(now)),
    repo.rebateBalance(ctx.db, memberId),
    repo.totalClaimed(ctx.db, memberId),
    rateGrid(ctx.db),
  ]);
  const today = saoPauloDay(now);
  const pending = stats
    .filter((row) => row.day === today)
    .reduce(
      (sum, row) => sum + Math.max(0, rebateFor(Number(row.bet_centavos), rates.get(row.category) ?? 0) - Number(row.rebate_centavos)),
      0,
    );
  return {
    userviplvl: level,
    fs_money: formatCentavos(fsMoney),
    pending: formatCentavos(pending),
    total_claimed: formatCentavos(claimed),
    wagering_multiple: REBATE_WAGERING_MULTIPLE,
    rates: grid,
  };
}

/**
 * POST /api/games/rebates/details: per São Paulo day and category, the valid bets, the member's
 * current rate and the rebate accrued; `days` (1, 3, 7) keeps today and the days before it.
 */
export async function rebateDetails(
  ctx: AppContext,
  memberId: number,
  filter: { days?: 1 | 3 | 7 | undefined; page: number; page_size: number },
  now = new Date(),
) {
  const fromDay = filter.days ? addDays(saoPauloDay(now), -(filter.days - 1)) : undefined;
  const rates = await ratesOfLevel(ctx.db, await memberLevel(ctx.db, memberId));
  const { rows, total } = await repo.pageStats(ctx.db, memberId, fromDay, filter.page, filter.page_size);
  const list: RebateDetailItem[] = rows.map((row) => ({
    day: row.day,
    category: row.category as GameCategory,
    valid_bet: formatCentavos(Number(row.bet_centavos)),
    rate_bp: rates.get(row.category) ?? 0,
    rebate: formatCentavos(Number(row.rebate_centavos)),
  }));
  return { list, total, page: filter.page, page_size: filter.page_size };
}

/**
 * POST /api/games/rebates/claim: accrues what recent bets earned, then moves the whole fs_money to
 * cash through the engine's creditBonus (from the member's rebate account, turnover 1x). Under the
 * member's lock and a numbered claim key, two simultaneous claims pay once: the second finds
 * nothing left (NOTHING_TO_CLAIM).
 */
export async function claimRebates(ctx: AppContext, memberId: number) {
  await accrueRebates(ctx, memberId);
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    await lockClaimant(trx, memberId);
    const amountCentavos = await repo.rebateBalance(trx, memberId);
    if (amountCentavos <= 0) throw new AppError('NOTHING_TO_CLAIM');
    const claimNumber = (await repo.countClaims(trx, memberId)) + 1;
    const wageringCentavos = amountCentavos * REBATE_WAGERING_MULTIPLE;
    const credited = await creditBonus(trx, {
      memberId,
      source: 'rebate',
      claimKey: `rebate:claim:${memberId}:${claimNumber}`,
      amountCentavos,
      wageringCentavos,
      from: 'rebate',
    });
    return { amountCentavos, wageringCentavos, balanceCentavos: credited.balanceCentavos };
  });
  await afterCredit(ctx, memberId, 'rebate', claimed.amountCentavos);
  return {
    reward: formatCentavos(claimed.amountCentavos),
    wagering: formatCentavos(claimed.wageringCentavos),
    balance: formatCentavos(claimed.balanceCentavos),
    fs_money: formatCentavos(await repo.rebateBalance(ctx.db, memberId)),
  };
}
