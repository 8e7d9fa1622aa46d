import { createHash, randomInt } from 'node:crypto';
import { formatOdds, parseOdds } from '@casino/games/football';
import { accumulatedOdds, payoutFor } from '@casino/games/sport-bets';
import { centavos, formatBRL, formatCentavos, parseReais } from '@casino/shared/money';
import type { OddsChangePolicy, placeBetBody, SportBet } from '@casino/shared/schemas/sports';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/database.ts';
import { nowIso } from '../../../db/database.ts';
import { AppError, fieldError } from '../../../lib/http.ts';
import { recentRead } from '../../../lib/recent-reads.ts';
import { saoPauloDay } from '../../../lib/sao-paulo.ts';
import { cash, house, moved } from '../../../platform/ledger/ledger.service.ts';
import { moneyFailure } from '../../../platform/ledger/money-failure.ts';
import { postTransfer } from '../../../platform/ledger/post-transfer.ts';
import { takeStake } from '../../../platform/responsible/standing.ts';
import { pushBalance } from '../../../platform/realtime/realtime.ts';
import { walletBalance } from '../../wallet/wallet.service.ts';
import { betViews } from './bet-views.ts';
import * as repo from './bets.repository.ts';
import { inGroupCommit } from '../../../platform/ledger/group-commit.ts';

/**
 * Placing sports bets (issue 6, DESIGN.md section 8). One request is one slip: singles (one bet per
 * selection, each for `stake`) or one accumulator. Everything happens in one transaction: the
 * slip's markets are locked (market-id order), the prices are read under the locks and compared
 * with the slip's under the player's odds-change policy, the limits and the book's liability are
 * checked, then each bet is stored with its legs at the accepted (current) odds and its stake moves
 * cash(member) -> house('sportsbook_house'). A suspension, price change or settlement of a market
 * waits for the placement or makes it wait, so a bet is never accepted against a state its market
 * had already left. A refused slip writes nothing.
 */

export type PlaceBetInput = z.output<typeof placeBetBody>;

export const SPORTSBOOK_HOUSE = 'sportsbook_house';
/** The category a sports stake counts under (turnover, rebates, VIP). */
export const SPORTS_CATEGORY = 'sports';

const BET_NO_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CLOSED_FIXTURES = new Set(['finished', 'cancelled']);
const CLOSED_MARKETS = new Set(['settled', 'void']);
/** The most bets one slip can create (the schema's selection limit). */
const MAX_BETS_PER_SLIP = 20;

/** 'SB' + the São Paulo date + 8 random letters and digits: SB20250614K3J9QZ7A. */
export function newBetNo(now = Date.now()): string {
  let tail = '';
  for (let i = 0; i < 8; i += 1) tail += BET_NO_ALPHABET[randomInt(BET_NO_ALPHABET.length)];
  return `SB${saoPauloDay(now).replaceAll('-', '')}${tail}`;
}

/**
 * The stored request key of the slip's index-th bet. Singles store several bets under one client
 * request_id, and the column is unique per member: the first bet keeps the client's id, the others
 * a derived key that no client id can equal (client ids never hold '~' or ':').
 */
export function requestKeyOf(requestId: string, index: number): string {
  return index === 0 ? requestId : derivedKey(hashedRequestId(requestId), index);
}

const hashedRequestId = (requestId: string) => createHash('sha256').update(requestId).digest('base64url');
const derivedKey = (hashed: string, index: number) => `~${index}:${hashed}`;

/** Every key a slip of this request id may have stored, the id hashed once for all of them. */
function allRequestKeys(requestId: string): string[] {
  const hashed = hashedRequestId(requestId);
  return Array.from({ length: MAX_BETS_PER_SLIP }, (_, i) => (i === 0 ? requestId : derivedKey(hashed, i)));
}

interface SlipLine {
  index: number;
  selectionId: number;
  /** The odds the slip showed, in hundredths. */
  clientOdds: number;
}

interface PlannedBet {
  lines: { selectionId: number; marketId: number; fixtureId: number; odds: number }[];
  totalOdds: number;
  payoutCentavos: number;
}

/** Thrown inside the transaction when the same request committed first: answered as a replay. */
class RequestRaced extends Error {}

const fieldOf = (index: number) => `selections.${index}.selection_id`;

function parseStake(stake: string | number): number {
  const centavos = parseReais(stake);
  if (centavos === null || centavos <= 0) throw fieldError('VALIDATION_FAILED', 'stake', 'validation.amount_invalid');
  return centavos;
}

/** The slip's lines with the client's odds parsed; every selection at most once. */
function readSlip(input: PlaceBetInput): SlipLine[] {
  const seen = new Set<number>();
  return input.selections.map((selection, index) => {
    const clientOdds = parseOdds(selection.odds);
    if (clientOdds === null || clientOdds < 100) {
      throw fieldError('VALIDATION_FAILED', `selections.${index}.odds`, 'sports.odds_invalid');
    }
    if (seen.has(selection.selection_id)) throw fieldError('VALIDATION_FAILED', fieldOf(index), 'sports.selection_repeated');
    seen.add(selection.selection_id);
    return { index, selectionId: selection.selection_id, clientOdds };
  });
}

function checkShape(kind: PlaceBetInput['kind'], lines: SlipLine[], settings: repo.SportsbookSettings): void {
  if (kind !== 'accumulator') return;
  if (lines.length < 2) throw fieldError('VALIDATION_FAILED', 'selections', 'sports.accumulator_too_few');
  if (lines.length > settings.max_legs) throw fieldError('SPORTS_TOO_MANY_LEGS', 'selections', 'sports.too_many_legs');
}

/** The stake of each bet against the book's minimum and maximum, with the limit in the message. */
function checkStakeLimits(stakeCentavos: number, settings: repo.SportsbookSettings): void {
  if (stakeCentavos < settings.min_stake_centavos) {
    throw new AppError('SPORTS_STAKE_BELOW_MIN', {
      fieldErrors: { stake: ['sports.stake_below_min'] },
      messageValues: (lang) => ({
        min: formatBRL(settings.min_stake_centavos, lang),
      }),
    });
  }
  if (stakeCentavos > settings.max_stake_centavos) {
    throw new AppError('SPORTS_STAKE_ABOVE_MAX', {
      fieldErrors: { stake: ['sports.stake_above_max'] },
      messageValues: (lang) => ({
        max: formatBRL(settings.max_stake_centavos, lang),
      }),
    });
  }
}

export async function loadSettings(db: Database): Promise<repo.SportsbookSettings> {
  const settings = await repo.findSettings(db);
  if (!settings) throw new Error('sportsbook_settings row 1 is missing');
  return settings;
}

/**
 * The book's settings as every placement checks them: read at most once a second
 * (lib/recent-reads.ts); the back office's change applies at once in its process
 * (forgetRecentReads), in the others within that second.
 */
export function recentSettings(db: Database): Promise<repo.SportsbookSettings> {
  return recentRead(db, 'sportsbook-settings', () => loadSettings(db));
}

/**
 * Locks the slip's markets in id order, in one statement (PostgreSQL; SQLite has one writer, and
 * its transactions take the one connection one at a time). A selection that does not exist locks
 * nothing: the slip read after the locks refuses it.
 */
async function lockSlipMarkets(trx: Database, lines: SlipLine[]): Promise<void> {
  await repo.lockMarketsOfSelections(
    trx,
    lines.map((l) => l.selectionId),
  );
}

/**
 * Whether betting on a line's match is over: finished or cancelled, its competition switched off, or still 'scheduled' after its
 * kick-off (the job that closes pre-match betting may lag; a pre-match price is never taken once the
 * match may have started).
 */
function matchClosed(row: repo.SlipRow, nowMs: number): boolean {
  if (CLOSED_FIXTURES.has(row.fixture_status)) return true;
  // A competition the trader switched off takes no bets, even by a selection id kept from before.
  if (row.competition_enabled !== 1) return true;
  return row.fixture_status === 'scheduled' && Date.parse(row.starts_at) <= nowMs;
}

/**
 * The current state of each line, refused when a match or market is closed or suspended, or when
 * the selection itself is decided (a correct score the score in play has already ruled out).
 */
function checkOpen(kind: PlaceBetInput['kind'], lines: SlipLine[], rows: Map<number, repo.SlipRow>): void {
  if (kind === 'accumulator') {
    const fixtures = new Set<number>();
    for (const line of lines) {
      const fixtureId = rows.get(line.selectionId)!.fixture_id;
      if (fixtures.has(fixtureId)) throw fieldError('SPORTS_SAME_FIXTURE', fieldOf(line.index), 'sports.same_fixture');
      fixtures.add(fixtureId);
    }
  }
  const nowMs = Date.now();
  for (const line of lines) {
    const row = rows.get(line.selectionId)!;
    if (matchClosed(row, nowMs) || CLOSED_MARKETS.has(row.market_status) || row.selection_result !== 'pending') {
      throw fieldError('SPORTS_MARKET_CLOSED', fieldOf(line.index), 'sports.market_closed');
    }
  }
  for (const line of lines) {
    if (rows.get(line.selectionId)!.market_status !== 'open') {
      throw fieldError('SPORTS_MARKET_SUSPENDED', fieldOf(line.index), 'sports.market_suspended');
    }
  }
}

/** Whether the player's policy takes the current price in place of the one the slip showed. */
export function acceptsPrice(policy: OddsChangePolicy, clientOdds: number, currentOdds: number): boolean {
  if (clientOdds === currentOdds) return true;
  if (policy === 'any') return true;
  return policy === 'higher' && currentOdds > clientOdds;
}

/**
 * Refuses the slip when a price moved against the player's policy: 409 with every moved price, so
 * the slip can show them all at once.
 */
function checkPrices(policy: OddsChangePolicy, lines: SlipLine[], rows: Map<number, repo.SlipRow>): void {
  if (lines.every((l) => acceptsPrice(policy, l.clientOdds, rows.get(l.selectionId)!.odds))) return;
  const changes = lines
    .filter((l) => rows.get(l.selectionId)!.odds !== l.clientOdds)
    .map((l) => {
      const row = rows.get(l.selectionId)!;
      return { selection_id: l.selectionId, odds: formatOdds(row.odds), status: row.market_status };
    });
  throw new AppError('SPORTS_ODDS_CHANGED', { extra: { changes } });
}

/** The bets of the slip at the current prices: one per selection, or one with every leg. */
function planBets(kind: PlaceBetInput['kind'], stakeCentavos: number, lines: SlipLine[], rows: Map<number, repo.SlipRow>): PlannedBet[] {
  const legOf = (line: SlipLine) => {
    const row = rows.get(line.selectionId)!;
    return { selectionId: line.selectionId, marketId: row.market_id, fixtureId: row.fixture_id, odds: row.odds };
  };
  const groups = kind === 'single' ? lines.map((line) => [legOf(line)]) : [lines.map(legOf)];
  return groups.map((legs) => {
    const totalOdds = accumulatedOdds(legs.map((l) => l.odds));
    return { lines: legs, totalOdds, payoutCentavos: payoutFor(stakeCentavos, totalOdds) };
  });
}

function checkPayouts(bets: PlannedBet[], settings: repo.SportsbookSettings): void {
  for (const bet of bets) {
    if (!Number.isSafeInteger(bet.payoutCentavos) || bet.payoutCentavos > settings.max_payout_centavos) {
      throw new AppError('SPORTS_PAYOUT_ABOVE_MAX', {
        fieldErrors: { stake: ['sports.payout_above_max'] },
        messageValues: (lang) => ({
          max: formatBRL(settings.max_payout_centavos, lang),
        }),
      });
    }
  }
}

/**
 * The book's worst case on each market of the slip, with the slip's bets added: for each of the
 * slip's selections, what open bets on it would pay less every open stake on its market, from the
 * totals findSlip read under the market locks (so two slips cannot both take the last room of a
 * market; SQLite has one writer).
 */
function checkLiability(bets: PlannedBet[], stakeCentavos: number, settings: repo.SportsbookSettings, slip: Map<number, repo.SlipRow>) {
  const byMarket = new Map<number, { stakes: number; payouts: Map<number, number> }>();
  for (const bet of bets) {
    for (const leg of bet.lines) {
      const market = byMarket.get(leg.marketId) ?? { stakes: 0, payouts: new Map<number, number>() };
      market.stakes += stakeCentavos;
      market.payouts.set(leg.selectionId, (market.payouts.get(leg.selectionId) ?? 0) + bet.payoutCentavos);
      byMarket.set(leg.marketId, market);
    }
  }
  for (const added of byMarket.values()) {
    for (const [selectionId, payout] of added.payouts) {
      const open = slip.get(selectionId) as repo.SlipRow;
      const worst = open.selection_open_payouts + payout - (open.market_open_stakes + added.stakes);
      if (worst > settings.max_market_liability_centavos) throw new AppError('SPORTS_LIABILITY_EXCEEDED');
    }
  }
}

interface Placed {
  bets: repo.BetRow[];
  legs: repo.LegRow[];
  balanceCentavos: number;
}

/** Stores the bets with their legs and takes each stake; answers them and the member's cash balance after. */
async function writeBets(
  trx: Database,
  memberId: number,
  input: PlaceBetInput,
  stakeCentavos: number,
  bets: PlannedBet[],
  slip: Map<number, repo.SlipRow>,
): Promise<Placed> {
  const placedAt = nowIso();
  const stored: repo.BetRow[] = [];
  const legs: repo.LegRow[] = [];
  let balanceCentavos = 0;
  // Responsible gaming: restrictions and loss/wager limits for the slip's stakes together; each
  // bet's insert counts its own stake on the day answered (migration 0027).
  const usageDay = await takeStake(trx, memberId, stakeCentavos * bets.length, { countedByInsert: true });
  for (const [index, bet] of bets.entries()) {
    const betNo = newBetNo();
    const row = await repo.insertBet(trx, {
      member_id: memberId,
      bet_no: betNo,
      request_id: requestKeyOf(input.request_id, index),
      kind: input.kind,
      stake_centavos: stakeCentavos,
      total_odds: bet.totalOdds,
      potential_payout_centavos: bet.payoutCentavos,
      placed_at: placedAt,
      usage_day: usageDay,
    });
    if (!row) throw new RequestRaced();
    stored.push(row);
    const legIds = await repo.insertLegs(
      trx,
      bet.lines.map((leg) => ({
        bet_id: row.id,
        fixture_id: leg.fixtureId,
        market_id: leg.marketId,
        selection_id: leg.selectionId,
        odds: leg.odds,
      })),
    );
    // The legs as findLegs answers them, from the rows the slip was checked on (nothing else moved under the locks).
    legs.push(...bet.lines.map((leg, i) => legView(legIds[i] as number, row.id, leg.odds, slip.get(leg.selectionId) as repo.SlipRow)));
    const posted = await postTransfer(trx, {
      key: `sportbet:${betNo}:stake`,
      code: 'sport_bet',
      lines: moved(cash(memberId), house(SPORTSBOOK_HOUSE), centavos(stakeCentavos)),
      meta: { bet_no: betNo },
    });
    balanceCentavos = Object.values(posted.balances)[0] ?? balanceCentavos;
  }
  return { bets: stored, legs, balanceCentavos };
}

function legView(id: number, betId: number, odds: number, row: repo.SlipRow): repo.LegRow {
  return {
    id,
    bet_id: betId,
    odds,
    result: 'pending',
    selection_id: row.selection_id,
    selection_code: row.selection_code,
    probability_ppm: row.probability_ppm,
    market_id: row.market_id,
    market_type: row.market_type,
    line: row.line,
    market_status: row.market_status,
    fixture_id: row.fixture_id,
    starts_at: row.starts_at,
    fixture_status: row.fixture_status,
    home_score: row.home_score,
    away_score: row.away_score,
    home_name: row.home_name,
    away_name: row.away_name,
  };
}

/** The whole placement, inside one transaction (the caller maps the expected failures). */
async function placeInTransaction(
  trx: Database,
  memberId: number,
  input: PlaceBetInput,
  stakeCentavos: number,
  lines: SlipLine[],
  settings: repo.SportsbookSettings,
): Promise<Placed> {
  await lockSlipMarkets(trx, lines);
  const rows = new Map(
    (
      await repo.findSlip(
        trx,
        lines.map((l) => l.selectionId),
      )
    ).map((r) => [r.selection_id, r]),
  );
  const unknown = lines.find((l) => !rows.has(l.selectionId));
  if (unknown) throw fieldError('SPORTS_SELECTION_UNKNOWN', fieldOf(unknown.index), 'sports.selection_unknown');
  checkOpen(input.kind, lines, rows);
  checkPrices(input.accept_odds, lines, rows);
  const bets = planBets(input.kind, stakeCentavos, lines, rows);
  checkPayouts(bets, settings);
  checkLiability(bets, stakeCentavos, settings, rows);
  return writeBets(trx, memberId, input, stakeCentavos, bets, rows);
}

/** Whether stored bets are this slip (same kind, stake and selections, in order). */
function sameSlip(input: PlaceBetInput, stakeCentavos: number, stored: repo.BetRow[], legs: repo.LegRow[]): boolean {
  if (stored.some((bet) => bet.kind !== input.kind || bet.stake_centavos !== stakeCentavos)) return false;
  const selectionsOf = (bet: repo.BetRow) => legs.filter((l) => l.bet_id === bet.id).map((l) => l.selection_id);
  const wanted = input.selections.map((s) => s.selection_id);
  if (input.kind === 'accumulator') return stored.length === 1 && selectionsOf(stored[0]!).join() === wanted.join();
  if (stored.length !== wanted.length) return false;
  return wanted.every((selectionId, index) => {
    const bet = stored.find((b) => b.request_id === requestKeyOf(input.request_id, index));
    return bet !== undefined && selectionsOf(bet).join() === String(selectionId);
  });
}

/**
 * A request id the member used before: the same slip answers the first placement and moves
 * nothing; another slip under that id is a conflict. Undefined when the id is new.
 */
async function replay(ctx: AppContext, memberId: number, input: PlaceBetInput, stakeCentavos: number) {
  const stored = await repo.findBetsByRequestKeys(ctx.db, memberId, allRequestKeys(input.request_id));
  if (stored.length === 0) return undefined;
  const legs = await repo.findLegs(
    ctx.db,
    stored.map((b) => b.id),
  );
  if (!sameSlip(input, stakeCentavos, stored, legs)) throw new AppError('CONFLICT');
  const settings = await loadSettings(ctx.db);
  return { bets: betViews(stored, legs, settings.cashout_margin_bp), balance: formatCentavos(await walletBalance(ctx.db, memberId)) };
}

/** Tells the member's open pages the new balance, after the commit (a lost push only delays it). */
export async function notifyBalance(ctx: AppContext, memberId: number): Promise<void> {
  try {
    await pushBalance(ctx.db, ctx.realtime, memberId);
  } catch (error) {
    ctx.log.warn({ err: error, memberId }, 'balance push failed');
  }
}

/**
 * Places a slip for the member: every check of the issue, one transaction, a replay for a retried
 * request id. Answers the bets placed and the cash balance after them.
 */
export async function placeBets(ctx: AppContext, memberId: number, input: PlaceBetInput): Promise<{ bets: SportBet[]; balance: string }> {
  const stakeCentavos = parseStake(input.stake);
  const lines = readSlip(input);
  // A retry answers what was placed, even if a limit changed since.
  const earlier = await replay(ctx, memberId, input, stakeCentavos);
  if (earlier) return earlier;
  const settings = await recentSettings(ctx.db);
  checkShape(input.kind, lines, settings);
  checkStakeLimits(stakeCentavos, settings);

  let placed: Placed;
  try {
    // Placements arriving together share one durable commit on SQLite (group-commit.ts).
    placed = await inGroupCommit(ctx.db, (trx) => placeInTransaction(trx, memberId, input, stakeCentavos, lines, settings));
  } catch (error) {
    if (error instanceof RequestRaced) {
      const raced = await replay(ctx, memberId, input, stakeCentavos);
      if (raced) return raced;
    }
    throw moneyFailure(error, 'stake');
  }
  await notifyBalance(ctx, memberId);
  return { bets: betViews(placed.bets, placed.legs, settings.cashout_margin_bp), balance: formatCentavos(placed.balanceCentavos) };
}
