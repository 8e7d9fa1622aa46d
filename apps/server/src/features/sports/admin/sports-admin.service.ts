import { formatLine, formatOdds, type MarketType } from '@casino/games/football';
import { formatCentavos } from '@casino/shared/money';
import {
  type AdminFixture,
  type AdminFixtureDetail,
  type AdminFixturesQuery,
  type AdminMarket,
  type FixtureResultBody,
  type FixtureResultEntry,
  type FixtureResultResponse,
  MAX_SCORE,
  RESULT_DUE_MINUTES,
} from '@casino/shared/schemas/sports-admin';
import type { AppContext } from '../../../context.ts';
import { nowIso } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { dayRange, isRealDay } from '../../../lib/sao-paulo.ts';
import { writeAudit } from '../../../platform/audit/audit.repository.ts';
import { enterResult, type ResultInput } from '../settlement/settle.service.ts';
import * as repo from './sports-admin.repository.ts';
import {
  byMarket,
  type ExposureRow,
  exposureView,
  type FixtureState,
  fixtureFigures,
  goalsOf,
  type LegResult,
  type MarketFigures,
  type MarketKind,
  type MarketState,
  marketFigures,
  nameIn,
  ppmToPercent,
  selectionFigures,
} from './sports-admin.views.ts';
import type { Actor } from '../../../platform/audit/actor.ts';

/**
 * The trader's side of the sportsbook: fixtures with what the book risks on them, suspending and
 * reopening markets, entering and correcting results (settlement is the sports feature's:
 * enterResult). Every write is audited with the state before and after.
 */

const MINUTE_MS = 60_000;
const RESULT_AUDIT_ACTION = 'sports.result_enter';

// ---- fixtures -----------------------------------------------------------------------------------

function teamOf(row: repo.FixtureRow, side: 'home' | 'away') {
  return {
    id: Number(row[`${side}_id`]),
    name: row[`${side}_name`],
    short_name: row[`${side}_short_name`],
    color_primary: row[`${side}_color_primary`],
    color_secondary: row[`${side}_color_secondary`],
  };
}

/** A real fixture past kick-off plus RESULT_DUE_MINUTES that nobody has finished or cancelled. */
function isAwaitingResult(row: repo.FixtureRow, now: number): boolean {
  if (row.is_virtual === 1 || (row.status !== 'scheduled' && row.status !== 'live')) return false;
  return Date.parse(row.starts_at) + RESULT_DUE_MINUTES * MINUTE_MS <= now;
}

function toAdminFixture(row: repo.FixtureRow, exposure: readonly ExposureRow[], lang: string | undefined, now: number): AdminFixture {
  const figures = fixtureFigures(exposure);
  return {
    id: Number(row.id),
    competition: {
      id: Number(row.competition_id),
      code: row.competition_code,
      name: nameIn(row.competition_names_json, lang, row.competition_code),
    },
    home: teamOf(row, 'home'),
    away: teamOf(row, 'away'),
    starts_at: row.starts_at,
    status: row.status as FixtureState,
    minute: row.minute,
    home_score: row.home_score,
    away_score: row.away_score,
    is_virtual: row.is_virtual === 1,
    result_version: row.result_version,
    awaiting_result: isAwaitingResult(row, now),
    markets_count: Number(row.markets_count ?? 0),
    ...exposureView(figures),
    liability: formatCentavos(figures.liabilityCentavos),
  };
}

function exposureOfFixture(rows: readonly repo.SelectionExposure[], fixtureId: number): ExposureRow[] {
  return rows.filter((row) => row.fixtureId === fixtureId);
}

/** The fixtures list with filters, each with its open bets, their stakes and the worst case for the book. */
export async function listFixtures(ctx: AppContext, query: AdminFixturesQuery, now = Date.now()) {
  for (const field of ['from', 'to'] as const) {
    const day = query[field];
    if (day !== undefined && !isRealDay(day))
      throw new AppError('VALIDATION_FAILED', { fieldErrors: { [field]: ['validation.date_format'] } });
  }
  if (query.from && query.to && query.from > query.to)
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { from: ['validation.date_order'] } });
  const filter: repo.FixtureFilter = {
    competitionId: query.competition_id,
    status: query.status,
    start: query.from ? dayRange(query.from).start : undefined,
    end: query.to ? dayRange(query.to).end : undefined,
    virtual: query.virtual,
    dueBefore: new Date(now - RESULT_DUE_MINUTES * MINUTE_MS).toISOString(),
  };
  const { rows, total } = await repo.pageFixtures(ctx.db, filter, query.page, query.page_size);
  const exposure = await repo.openExposureOfFixtures(
    ctx.db,
    rows.map((row) => Number(row.id)),
  );
  return {
    list: rows.map((row) => toAdminFixture(row, exposureOfFixture(exposure, Number(row.id)), query.lang, now)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

function toAdminMarket(market: repo.MarketRow, figures: MarketFigures): AdminMarket {
  const line = Number(market.line);
  return {
    id: Number(market.id),
    type: market.type as MarketKind,
    line: formatLine(market.type as MarketType, line),
    status: market.status as MarketState,
    margin_bp: market.margin_bp,
    version: market.version,
    settled_version: market.settled_version,
    updated_at: market.updated_at,
    ...exposureView(figures),
    liability: formatCentavos(figures.liabilityCentavos),
    selections: market.selections.map((selection) => {
      const own = selectionFigures(figures, Number(selection.id));
      return {
        id: Number(selection.id),
        code: selection.code,
        odds: formatOdds(selection.odds),
        probability: ppmToPercent(selection.probability_ppm),
        result: selection.result as LegResult,
        ...exposureView(own),
        potential_payout: formatCentavos(own.payoutsCentavos),
        liability: formatCentavos(own.liabilityCentavos),
      };
    }),
  };
}

function toResultEntry(row: repo.ResultEntryRow): FixtureResultEntry {
  return {
    version: row.version,
    kind: row.kind === 'cancelled' ? 'cancelled' : 'result',
    home_score: row.home_score,
    away_score: row.away_score,
    operator_id: row.operator_id === null ? null : Number(row.operator_id),
    operator_username: row.operator_username ?? null,
    created_at: row.created_at,
  };
}

/**
 * The goals operators may see: a virtual match's goals are drawn before kick-off, so only those
 * already played show (all once finished); a real match has none recorded.
 */
function visibleGoals(row: repo.FixtureRow) {
  if (row.is_virtual !== 1 || row.status === 'scheduled' || row.status === 'cancelled') return [];
  const goals = goalsOf(row.events_json);
  return row.status === 'finished' ? goals : goals.filter((goal) => goal.minute <= row.minute);
}

/** A fixture with every market (odds, state, liability per selection) and its result history. */
export async function fixtureDetail(ctx: AppContext, id: number, lang: string | undefined, now = Date.now()): Promise<AdminFixtureDetail> {
  const row = await repo.findFixture(ctx.db, id);
  if (!row) throw new AppError('SPORTS_FIXTURE_NOT_FOUND');
  const [exposure, markets, results] = await Promise.all([
    repo.openExposureOfFixtures(ctx.db, [id]),
    repo.marketsOfFixture(ctx.db, id),
    repo.resultEntriesOf(ctx.db, id),
  ]);
  const figures = byMarket(exposure);
  const isVirtual = row.is_virtual === 1;
  return {
    ...toAdminFixture(row, exposure, lang, now),
    markets: markets.map((market) => toAdminMarket(market, figures.get(Number(market.id)) ?? marketFigures([]))),
    results: results.map(toResultEntry),
    events: visibleGoals(row),
    server_seed_hash: row.server_seed_hash,
    server_seed: isVirtual && row.status === 'finished' ? row.server_seed : null,
    result_allowed: !isVirtual && Date.parse(row.starts_at) <= now,
  };
}

// ---- results ------------------------------------------------------------------------------------

/** A score as typed (a number or a string of digits) when it is an integer within 0..MAX_SCORE. */
function scoreOf(value: number | string | undefined): number | null {
  const number = typeof value === 'string' ? (/^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= MAX_SCORE ? number : null;
}

/** The result a body asks for: a score, or a cancellation (never both); refusals name the field. */
export function parseResultBody(body: Omit<FixtureResultBody, 'lang'>): ResultInput {
  const hasScore = body.home_score !== undefined || body.away_score !== undefined;
  if (body.cancelled === true) {
    if (hasScore) throw new AppError('SPORTS_RESULT_INVALID', { fieldErrors: { cancelled: ['sports.result_cancel_or_score'] } });
    return { cancelled: true };
  }
  const home = scoreOf(body.home_score);
  const away = scoreOf(body.away_score);
  const errors: Record<string, string[]> = {};
  if (home === null) errors.home_score = ['sports.result_score'];
  if (away === null) errors.away_score = ['sports.result_score'];
  if (home === null || away === null)
    throw new AppError('SPORTS_RESULT_INVALID', { fieldErrors: errors, messageValues: { max: MAX_SCORE } });
  return { home_score: home, away_score: away };
}

/**
 * Enters or corrects a real fixture's result (or cancels it), then settles every bet with a leg on
 * it through the sports feature's enterResult: winners paid, losers closed, a cancellation voids.
 * A correction moves only the difference from what each bet already paid. The same result entered
 * again moves nothing and is not audited again.
 */
export async function enterFixtureResult(
  ctx: AppContext,
  actor: Actor,
  fixtureId: number,
  body: Omit<FixtureResultBody, 'lang'>,
  lang: string | undefined,
): Promise<FixtureResultResponse> {
  const input = parseResultBody(body);
  const before = await repo.findFixture(ctx.db, fixtureId);
  if (!before) throw new AppError('SPORTS_FIXTURE_NOT_FOUND');
  if (before.is_virtual === 1) throw new AppError('SPORTS_RESULT_INVALID', { fieldErrors: { fixture: ['sports.result_virtual'] } });
  if (!('cancelled' in input) && before.starts_at > nowIso()) {
    throw new AppError('SPORTS_RESULT_INVALID', { fieldErrors: { fixture: ['sports.result_before_kickoff'] } });
  }

  const summary = await enterResult(ctx, fixtureId, input, actor.operatorId);
  const recorded = summary.version > before.result_version;
  if (recorded) {
    await auditResultEntry(ctx, actor, fixtureId, {
      before: resultAuditView(before),
      after: {
        ...('cancelled' in input
          ? { status: 'cancelled' }
          : { status: 'finished', home_score: input.home_score, away_score: input.away_score }),
        result_version: summary.version,
        bets_changed: summary.betsMoved,
        paid_out: formatCentavos(summary.paidCentavos),
        taken_back: formatCentavos(summary.takenBackCentavos),
        shortfall: formatCentavos(summary.shortfallCentavos),
      },
    });
  }
  const fixture = await fixtureDetail(ctx, fixtureId, lang);
  const entry = fixture.results[0];
  if (!entry) throw new Error(`fixture ${fixtureId} has no result entry after enterResult`);
  return {
    fixture,
    entry,
    correction: recorded && before.result_version > 0,
    bets_changed: summary.betsMoved,
    paid_out: formatCentavos(summary.paidCentavos),
    taken_back: formatCentavos(summary.takenBackCentavos),
    net_paid: formatCentavos(summary.paidCentavos - summary.takenBackCentavos),
    shortfall: formatCentavos(summary.shortfallCentavos),
  };
}

/**
 * One audit row per result entry an operator made: two traders sending the same result at once
 * both see a new version, but the entry (and so its audit row) exists once.
 */
async function auditResultEntry(ctx: AppContext, actor: Actor, fixtureId: number, change: { before: unknown; after: unknown }) {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockFixtureRow(trx, fixtureId);
    const counts = await repo.resultEntryAuditCounts(trx, fixtureId, RESULT_AUDIT_ACTION);
    if (counts.audits >= counts.entries) return;
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: RESULT_AUDIT_ACTION,
      targetType: 'fixture',
      targetId: fixtureId,
      ...change,
      ip: actor.ip,
    });
  });
}

function resultAuditView(row: repo.FixtureRow) {
  return { status: row.status, home_score: row.home_score, away_score: row.away_score, result_version: row.result_version };
}

// ---- markets ------------------------------------------------------------------------------------

/**
 * Suspends or reopens a market with a new version, so a bet priced before cannot be accepted
 * after. A settled or void market is final, and a market of a finished or cancelled fixture cannot
 * reopen. Asking for the state it already has changes nothing.
 */
export async function setMarketStatus(
  ctx: AppContext,
  actor: Actor,
  marketId: number,
  status: 'open' | 'suspended',
  lang: string | undefined,
): Promise<AdminMarket> {
  const market = await repo.findMarket(ctx.db, marketId);
  if (!market) throw new AppError('NOT_FOUND');
  if (market.status !== 'open' && market.status !== 'suspended') {
    throw new AppError('SPORTS_MARKET_CLOSED', { fieldErrors: { status: ['sports.market_final'] } });
  }
  if (status === 'open' && (market.fixture_status === 'finished' || market.fixture_status === 'cancelled')) {
    throw new AppError('SPORTS_MARKET_CLOSED', { fieldErrors: { status: ['sports.market_fixture_over'] } });
  }
  if (market.status !== status) {
    const moved = await ctx.db.transaction().execute(async (trx) => {
      const version = await repo.setMarketStatus(trx, marketId, market.status, status, nowIso());
      if (version === undefined) return false;
      await writeAudit(trx, {
        operatorId: actor.operatorId,
        action: 'sports.market_status',
        targetType: 'market',
        targetId: marketId,
        before: {
          fixture_id: Number(market.fixture_id),
          type: market.type,
          line: market.line,
          status: market.status,
          version: market.version,
        },
        after: { fixture_id: Number(market.fixture_id), type: market.type, line: market.line, status, version },
        ip: actor.ip,
      });
      return true;
    });
    // Another trader (or the feed) moved it since it was read: fine if it is where this one wanted it.
    if (!moved) await assertMarketIs(ctx, marketId, status);
  }
  const detail = await fixtureDetail(ctx, Number(market.fixture_id), lang);
  const view = detail.markets.find((m) => m.id === marketId);
  if (!view) throw new Error(`market ${marketId} vanished from its fixture`);
  return view;
}

/** After a lost race: the market is in the asked state (someone else put it there), or the operator looks again. */
async function assertMarketIs(ctx: AppContext, marketId: number, status: string): Promise<void> {
  const now = await repo.findMarket(ctx.db, marketId);
  if (now?.status === status) return;
  if (now && now.status !== 'open' && now.status !== 'suspended') {
    throw new AppError('SPORTS_MARKET_CLOSED', { fieldErrors: { status: ['sports.market_final'] } });
  }
  throw new AppError('CONFLICT');
}
