import { lostSelections, type MarketType, winningCodes } from '@casino/games/football';
import { centavos } from '@casino/shared/money';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/database.ts';
import { nowIso } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { BalancePushes } from '../../house-games/shared/balance-pushes.ts';
import { lockCashBalances, postTransfers } from '../../../platform/ledger/bulk-transfer.ts';
import { cash, house, moved, type TransferInput } from '../../../platform/ledger/ledger.service.ts';
import { recordWins } from '../../../platform/responsible/standing.ts';
import { countValidStakes } from '../../wallet/wallet.service.ts';
import * as repo from './settle.repository.ts';
import { type BetMove, legResultOf, planBetMove, transferCode, winFigure } from './settlement-rules.ts';

/**
 * Settlement and resettlement of sports bets (issue 6, docs/SPORTSBOOK.md "Settlement").
 *
 * A fixture's CURRENT result (its score at `result_version`, or its cancellation) decides every
 * market: selections won / lost (void when cancelled), then every bet with a leg on it is brought
 * to what its legs now say. Money moves only by the DIFFERENCE between what the bet should have
 * paid and what it has paid (`paid_centavos`), so a settlement run twice pays once and a corrected
 * result moves money only by the difference, in either direction. A correction that takes money
 * back never takes a member's cash below zero: it takes what is there and records the shortfall.
 * A cashed-out bet is final. Bets are settled in pages of BATCH, one transaction each.
 */

/** The book's house account: stakes land in it, payouts leave it. */
export const SPORTSBOOK_HOUSE = 'sportsbook_house';
/**
 * Bets read per page, and at most settled per transaction (one durable commit each): a page's
 * money moves in one bulk posting, so larger pages cost fewer commits and round trips.
 */
const BATCH = 5_000;
/** Pages settling at once on PostgreSQL (one commits while the next is prepared). */
const PARALLEL_PAGES = 2;
/** A page that met a PostgreSQL deadlock or serialization failure is tried again this many times. */
const RETRIES = 4;
/** The valid-bet category of sports stakes (rebates, VIP and the day's figures read it). */
export const SPORTS_CATEGORY = 'sports';

export type SettleContext = Pick<AppContext, 'db' | 'dialect' | 'log' | 'realtime' | 'config'>;

export interface SettlementSummary {
  fixtureId: number;
  /** The result version the markets were settled at (0 for markets settled early in play). */
  resultVersion: number;
  marketsChanged: number;
  /** Bets read, and bets whose state or money moved. */
  betsSeen: number;
  betsMoved: number;
  paidCentavos: number;
  takenBackCentavos: number;
  /** What corrections could not take back because the member's cash was short. */
  shortfallCentavos: number;
}

export type ResultInput = { home_score: number; away_score: number } | { cancelled: true };

/**
 * Settles a finished or cancelled fixture at its current result: every market, then every bet with
 * a leg on it. Safe to run again (and concurrently): a second run finds nothing to move. The back
 * office calls it through enterResult; it is exported for an operator's "settle again".
 */
export async function settleFixture(ctx: SettleContext, fixtureId: number): Promise<SettlementSummary> {
  const decided = await ctx.db.transaction().execute(async (trx) => {
    const fixture = await repo.lockFixture(trx, ctx.dialect, fixtureId);
    if (!fixture) throw new AppError('SPORTS_FIXTURE_NOT_FOUND');
    if (!isOver(fixture)) throw new AppError('SPORTS_RESULT_INVALID');
    await repo.lockMarketsOfFixture(trx, ctx.dialect, fixtureId);
    const markets = await repo.marketsOfFixture(trx, fixtureId);
    const changed = await writeMarketResults(trx, markets, {
      cancelled: fixture.status === 'cancelled',
      home: fixture.home_score,
      away: fixture.away_score,
      version: fixture.result_version,
    });
    return { version: fixture.result_version, marketIds: markets.map((m) => m.id), changed };
  });
  const bets = await settleBetsOnMarkets(ctx, decided.marketIds);
  return { fixtureId, resultVersion: decided.version, marketsChanged: decided.changed, ...bets };
}

/**
 * Settles, during play, what a fixture's score has already decided for good: whole markets (an
 * over line passed, both teams scored), whose bets are paid at once instead of at full time, and
 * single selections of the markets still trading (a correct score that can no longer happen),
 * marked lost with their bets' legs, so those bets are lost at once and pricing may offer the
 * market again without them. Used by the virtual league after each goal; answers the markets
 * settled whole.
 */
export async function settleDecidedMarkets(ctx: SettleContext, fixtureId: number): Promise<number[]> {
  const decided = await ctx.db.transaction().execute(async (trx) => {
    const fixture = await repo.lockFixture(trx, ctx.dialect, fixtureId);
    if (fixture?.status !== 'live') return { whole: [], touched: [] };
    await repo.lockMarketsOfFixture(trx, ctx.dialect, fixtureId);
    const score = { home: fixture.home_score, away: fixture.away_score };
    const trading = (await repo.marketsOfFixture(trx, fixtureId)).filter((m) => m.status !== 'settled' && m.status !== 'void');
    const whole = trading.filter((m) => isDecided(m.type as MarketType, m.line, score.home, score.away));
    await writeMarketResults(trx, whole, { cancelled: false, ...score, version: fixture.result_version });
    const partly = await markLostSelections(
      trx,
      trading.filter((m) => !whole.includes(m)),
      score,
    );
    return { whole: whole.map((m) => m.id), touched: [...whole.map((m) => m.id), ...partly] };
  });
  if (decided.touched.length > 0) await settleBetsOnMarkets(ctx, decided.touched);
  return decided.whole;
}

/**
 * A trader's (or the virtual league's) result: a new fixture_results entry (version + 1), the
 * fixture finished (or cancelled) at that version, then settleFixture. The same result entered
 * again adds no version and moves nothing. operatorId is null for the virtual league.
 */
export async function enterResult(
  ctx: SettleContext,
  fixtureId: number,
  input: ResultInput,
  operatorId: number | null,
): Promise<SettlementSummary & { version: number }> {
  const cancelled = 'cancelled' in input;
  if (!cancelled && !(isScore(input.home_score) && isScore(input.away_score))) throw new AppError('SPORTS_RESULT_INVALID');
  await ctx.db.transaction().execute(async (trx) => {
    const fixture = await repo.lockFixture(trx, ctx.dialect, fixtureId);
    if (!fixture) throw new AppError('SPORTS_FIXTURE_NOT_FOUND');
    const now = nowIso();
    // A result needs a match that has kicked off; a cancellation may come at any time.
    if (!cancelled && fixture.starts_at > now) throw new AppError('SPORTS_RESULT_INVALID');
    const home = cancelled ? fixture.home_score : input.home_score;
    const away = cancelled ? fixture.away_score : input.away_score;
    const status = cancelled ? 'cancelled' : 'finished';
    const same =
      fixture.result_version > 0 &&
      fixture.status === status &&
      (cancelled || (fixture.home_score === home && fixture.away_score === away));
    if (same) return;
    const version = fixture.result_version + 1;
    await repo.insertResultEntry(trx, {
      fixtureId,
      version,
      kind: cancelled ? 'cancelled' : 'result',
      home: cancelled ? null : home,
      away: cancelled ? null : away,
      operatorId,
      now,
    });
    const written = await repo.writeFixtureResult(trx, fixtureId, fixture.result_version, {
      status,
      home,
      away,
      minute: cancelled ? fixture.minute : 90,
      now,
    });
    if (!written) throw new Error(`fixture ${fixtureId} result moved under its lock`);
  });
  const summary = await settleFixture(ctx, fixtureId);
  return { ...summary, version: summary.resultVersion };
}

/**
 * Finishes settlements a stopped process left half done: fixtures whose markets are behind their
 * result, and fixtures with a decided leg of a bet still open. Run by the leader at start.
 */
export async function resumeSettlements(ctx: SettleContext): Promise<number> {
  const fixtureIds = new Set([
    ...(await repo.fixturesBehindTheirResult(ctx.db, 1_000)),
    ...(await repo.fixturesWithDecidedOpenBets(ctx.db, 1_000)),
  ]);
  for (const fixtureId of fixtureIds) {
    const summary = await settleFixture(ctx, fixtureId);
    if (summary.betsMoved > 0) ctx.log.warn({ fixtureId, bets: summary.betsMoved }, 'sportsbook: finished an interrupted settlement');
  }
  return fixtureIds.size;
}

// ---- markets --------------------------------------------------------------------------------------

function isOver(fixture: { status: string; result_version: number }): boolean {
  return (fixture.status === 'finished' || fixture.status === 'cancelled') && fixture.result_version > 0;
}

function isScore(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 99;
}

/** Whether more goals can no longer change the market's winner (goals are never taken away). */
function isDecided(type: MarketType, line: number, home: number, away: number): boolean {
  if (type === 'over_under') return (home + away) * 100 > line;
  if (type === 'btts') return home > 0 && away > 0;
  return false;
}

/**
 * Marks lost the selections of still-trading markets that the score can no longer let win (and
 * their bet legs); answers the markets that have any.
 */
async function markLostSelections(
  trx: Database,
  markets: Awaited<ReturnType<typeof repo.marketsOfFixture>>,
  score: { home: number; away: number },
): Promise<number[]> {
  const selections = await repo.selectionsOfMarkets(
    trx,
    markets.map((m) => m.id),
  );
  const touched: number[] = [];
  for (const market of markets) {
    const lost = new Set(lostSelections(market.type as MarketType, market.line, score));
    const ids = selections.filter((s) => s.market_id === market.id && s.result === 'pending' && lost.has(s.code)).map((s) => s.id);
    if (ids.length === 0) continue;
    await repo.markSelections(trx, market.id, ids, 'lost');
    touched.push(market.id);
  }
  return touched;
}

/** Writes each market's selections' results (and their bet legs') and its state; answers how many changed. */
async function writeMarketResults(
  trx: Database,
  markets: Awaited<ReturnType<typeof repo.marketsOfFixture>>,
  result: { cancelled: boolean; home: number; away: number; version: number },
): Promise<number> {
  const selections = await repo.selectionsOfMarkets(
    trx,
    markets.map((m) => m.id),
  );
  const now = nowIso();
  let changed = 0;
  for (const market of markets) {
    const own = selections.filter((s) => s.market_id === market.id);
    if (result.cancelled) {
      await repo.markSelections(
        trx,
        market.id,
        own.map((s) => s.id),
        'void',
      );
    } else {
      const winners = new Set(winningCodes(market.type as MarketType, market.line, result.home, result.away));
      await repo.markSelections(
        trx,
        market.id,
        own.filter((s) => winners.has(s.code)).map((s) => s.id),
        'won',
      );
      await repo.markSelections(
        trx,
        market.id,
        own.filter((s) => !winners.has(s.code)).map((s) => s.id),
        'lost',
      );
    }
    if (await repo.markMarket(trx, market.id, result.cancelled ? 'void' : 'settled', result.version, now)) changed++;
  }
  return changed;
}

// ---- bets -----------------------------------------------------------------------------------------

type BetTotals = Pick<SettlementSummary, 'betsSeen' | 'betsMoved' | 'paidCentavos' | 'takenBackCentavos' | 'shortfallCentavos'>;

/**
 * Brings every bet with a leg on the markets to what its legs say, a page at a time. Each page is
 * first read without locks; only the bets that need a move (or a leg result written) go into the
 * page's transaction, where they are read again under their locks and decided again. A page with
 * nothing to move (a settlement run again, the same result entered again) costs three reads.
 */
async function settleBetsOnMarkets(ctx: SettleContext, marketIds: number[]): Promise<BetTotals> {
  const totals: BetTotals = { betsSeen: 0, betsMoved: 0, paidCentavos: 0, takenBackCentavos: 0, shortfallCentavos: 0 };
  const pushes = new BalancePushes(ctx);
  const settlePage = async (betIds: number[]) => {
    const page = await withRetries(ctx, () => ctx.db.transaction().execute((trx) => settleBetPage(ctx, trx, betIds)));
    totals.betsMoved += page.betsMoved;
    totals.paidCentavos += page.paidCentavos;
    totals.takenBackCentavos += page.takenBackCentavos;
    totals.shortfallCentavos += page.shortfallCentavos;
    // Balances are pushed once the page committed (never a balance that could still roll back),
    // to the members a message can reach (a settlement moves thousands, few of them watching).
    for (const memberId of page.membersPaid) if (ctx.realtime.mayReach(memberId)) pushes.push(memberId);
  };
  // On PostgreSQL a page commits while the next is read and decided: pages hold different bets,
  // and take their members' locks in one order, so the worst they do is wait for each other.
  const parallel = ctx.dialect === 'postgres' ? PARALLEL_PAGES : 1;
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const start = async (betIds: number[]) => {
    const settling: Promise<void> = settlePage(betIds)
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => running.delete(settling));
    running.add(settling);
    while (running.size >= parallel) await Promise.race(running);
  };

  // Market by market, each in its index's order; the bets due gather across markets into pages of
  // up to BATCH (a bet with legs on two of them is due once, and read in place the second time).
  const due = new Set<number>();
  for (const marketId of marketIds) {
    let after = 0;
    while (!failure) {
      const rows = await repo.betsWithLegsOnMarket(ctx.db, marketId, after, BATCH);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      const page = betsToMove(rows);
      totals.betsSeen += page.seen;
      for (const betId of page.due) due.add(betId);
      if (due.size >= BATCH) {
        await start([...due]);
        due.clear();
      }
    }
  }
  if (due.size > 0 && !failure) await start([...due]);
  await Promise.all(running);
  await pushes.drain();
  if (failure) throw failure.error;
  return totals;
}

/** The bets of a page (read without locks) whose state, money or leg results are behind their legs. */
function betsToMove(rows: Awaited<ReturnType<typeof repo.betsWithLegsOnMarket>>): { seen: number; due: number[] } {
  const legsByBet = groupByBet(rows.map((row) => ({ ...row, id: row.leg_id, bet_id: row.id })));
  const due: number[] = [];
  let seen = 0;
  for (const [betId, legs] of legsByBet) {
    if (legs[0]!.status === 'cashed_out') continue;
    seen++;
    if (decide(legs[0]!, legs).due) due.push(betId);
  }
  return { seen, due };
}

/** What a bet's legs now say: the leg results to write, the move (or null), and whether either is due. */
function decide(
  bet: Pick<repo.BetRow, 'status' | 'stake_centavos' | 'paid_centavos'>,
  legs: readonly { id: number; odds: number; result: string; selection_result: string }[],
) {
  const legFixes = legs.filter((leg) => leg.result !== legResultOf(leg.selection_result));
  const move = planBetMove(
    { status: bet.status, stakeCentavos: bet.stake_centavos, paidCentavos: bet.paid_centavos },
    legs.map((l) => ({ odds: l.odds, result: legResultOf(l.selection_result) })),
  );
  return { legFixes, move, due: move !== null || legFixes.length > 0 };
}

/** A bet's planned move with the money it actually moves (a correction may find the cash short). */
interface PlannedMove {
  bet: repo.BetRow;
  move: BetMove;
  amountCentavos: number;
  shortfallCentavos: number;
}

/**
 * One page of bets in one transaction: the bets are locked in id order and decided again from
 * their legs; their members' cash accounts are locked (in account id order, so two pages never
 * wait on each other in a circle) and read, so a correction that takes money back takes at most
 * what is there (bets of one member in id order, each seeing the ones before); then the money
 * moves in one bulk posting (a transfer per bet under the key of its next settlement version), the
 * bets' new states and leg results are written in a few statements, and each member's valid stakes,
 * wins and loss-limit figures are counted once for the page.
 */
async function settleBetPage(ctx: SettleContext, trx: Database, betIds: number[]) {
  const bets = (await repo.lockBets(trx, ctx.dialect, betIds)).filter((b) => b.status !== 'cashed_out');
  const legsByBet = groupByBet(
    await repo.legsOfBets(
      trx,
      bets.map((b) => b.id),
    ),
  );
  const legFixes = new Map<string, number[]>();
  const decided: { bet: repo.BetRow; move: BetMove }[] = [];
  for (const bet of [...bets].sort((a, b) => a.member_id - b.member_id || a.id - b.id)) {
    const { legFixes: fixes, move } = decide(bet, legsByBet.get(bet.id) ?? []);
    for (const leg of fixes) {
      const result = legResultOf(leg.selection_result);
      legFixes.set(result, [...(legFixes.get(result) ?? []), leg.id]);
    }
    if (move) decided.push({ bet, move });
  }
  await repo.setLegResults(trx, legFixes);
  const planned = await planMoney(
    trx,
    decided,
    decided.some((d) => d.move.deltaCentavos < 0),
  );
  await postTransfers(trx, planned.filter((p) => p.amountCentavos !== 0).map(transferOf));

  const page = {
    betsMoved: planned.length,
    paidCentavos: 0,
    takenBackCentavos: 0,
    shortfallCentavos: 0,
    membersPaid: new Set<number>(),
  };
  const now = nowIso();
  const figures = new Map<number, MemberFigures>();
  for (const { bet, move, amountCentavos, shortfallCentavos } of planned) {
    addFigures(figures, bet, move, amountCentavos);
    if (amountCentavos > 0) page.paidCentavos += amountCentavos;
    if (amountCentavos < 0) page.takenBackCentavos -= amountCentavos;
    if (amountCentavos !== 0) page.membersPaid.add(bet.member_id);
    page.shortfallCentavos += shortfallCentavos;
    if (shortfallCentavos > 0) {
      ctx.log.warn(
        { bet: bet.bet_no, member: bet.member_id, shortfall: shortfallCentavos },
        'sportsbook: a correction found the cash short',
      );
    }
  }
  const moves = planned.map(({ bet, move, amountCentavos }) => ({
    id: bet.id,
    status: move.status,
    paidCentavos: bet.paid_centavos + amountCentavos,
    settledAt: move.status === 'open' ? null : now,
  }));
  // Conditional on every bet still being where it was read (not cashed out, same version): the
  // bets were read under their row locks (PostgreSQL) or by the only writer (SQLite), so a miss
  // means a lock is missing somewhere, and the whole page rolls back rather than pay twice.
  const written = await repo.moveBets(trx, moves, bets);
  if (written !== moves.length) throw new SettlementConflict(`${moves.length - written} of ${moves.length} bets`);
  await countFigures(trx, figures);
  return page;
}

function groupByBet<T extends { bet_id: number }>(legs: T[]): Map<number, T[]> {
  const byBet = new Map<number, T[]>();
  for (const leg of legs) {
    const list = byBet.get(leg.bet_id);
    if (list) list.push(leg);
    else byBet.set(leg.bet_id, [leg]);
  }
  return byBet;
}

/**
 * The money each bet moves. The members' cash accounts are locked first (every member of the
 * page, in account id order: their figures rows are written later in the page, and the locks keep
 * two pages from taking those in different orders); when a correction takes money back it takes
 * at most the member's cash as it stands after the member's earlier bets of the page: the rest is
 * the shortfall. `decided` is in member then bet id order.
 */
async function planMoney(trx: Database, decided: { bet: repo.BetRow; move: BetMove }[], debits: boolean): Promise<PlannedMove[]> {
  const cashLeft = await lockCashBalances(
    trx,
    decided.map((d) => d.bet.member_id),
  );
  return decided.map(({ bet, move }) => {
    let amount = move.deltaCentavos;
    let shortfall = 0;
    if (debits) {
      const available = cashLeft.get(bet.member_id) ?? 0;
      if (amount < 0) {
        shortfall = Math.max(0, -amount - available);
        amount += shortfall;
      }
      cashLeft.set(bet.member_id, available + amount);
    }
    return { bet, move, amountCentavos: amount, shortfallCentavos: shortfall };
  });
}

/** A bet's money difference as a ledger transfer, under the key of its next settlement version. */
function transferOf({ bet, move, amountCentavos, shortfallCentavos }: PlannedMove): TransferInput {
  const toMember = moved(house(SPORTSBOOK_HOUSE), cash(bet.member_id), centavos(amountCentavos));
  return {
    key: `sportbet:${bet.bet_no}:settle:${bet.settlement_version + 1}`,
    code: transferCode(bet.status, move),
    lines: amountCentavos > 0 ? toMember : toMember.reverse(),
    meta: {
      bet_no: bet.bet_no,
      from: bet.status,
      to: move.status,
      target_paid: move.targetPaidCentavos,
      ...(shortfallCentavos > 0 ? { shortfall_centavos: shortfallCentavos } : {}),
    },
  };
}

/** A member's valid stakes (and how many bets), change of wins and money moved in one page. */
interface MemberFigures {
  stakeCentavos: number;
  bets: number;
  winCentavos: number;
  movedCentavos: number;
}

function addFigures(figures: Map<number, MemberFigures>, bet: repo.BetRow, move: BetMove, amountCentavos: number): void {
  const member = figures.get(bet.member_id) ?? { stakeCentavos: 0, bets: 0, winCentavos: 0, movedCentavos: 0 };
  if (move.countsStake) {
    member.stakeCentavos += bet.stake_centavos;
    member.bets++;
  }
  member.winCentavos += winFigure(move.status, bet.paid_centavos + amountCentavos) - winFigure(bet.status, bet.paid_centavos);
  member.movedCentavos += amountCentavos;
  figures.set(bet.member_id, member);
}

/**
 * Counts the page's figures at once for every member: the valid stakes (lifetime totals, wagering
 * requirement, the day's figures, one round per bet), the wins, and every payout, refund or
 * correction against the member's loss limits (a refund undoes a stake's loss). The sums give
 * what counting bet by bet gives.
 */
async function countFigures(trx: Database, figures: Map<number, MemberFigures>): Promise<void> {
  const members = [...figures].sort(([a], [b]) => a - b);
  await countValidStakes(
    trx,
    SPORTS_CATEGORY,
    members.map(([memberId, f]) => ({ memberId, betCentavos: f.stakeCentavos, bets: f.bets, winCentavos: f.winCentavos })),
  );
  await recordWins(
    trx,
    members.map(([memberId, f]) => ({ memberId, amountCentavos: f.movedCentavos })),
  );
}

/** Two settlers met on one bet although it was locked: the page is retried from a fresh read. */
class SettlementConflict extends Error {
  constructor(what: string) {
    super(`sport bets moved under their locks: ${what}`);
  }
}

/**
 * Runs `work` again on a PostgreSQL deadlock or serialization failure (or a settlement conflict):
 * the transaction rolled back whole, so trying again from a fresh read is safe.
 */
export async function withRetries<T>(ctx: Pick<SettleContext, 'log'>, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      const retriable = error instanceof SettlementConflict || code === '40P01' || code === '40001';
      if (!retriable || attempt >= RETRIES) throw error;
      ctx.log.warn({ err: error, attempt }, 'sportsbook: transaction retried');
    }
  }
}
