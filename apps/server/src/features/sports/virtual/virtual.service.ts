import { formatOdds } from '@casino/games/football';
import { LEG_RESULTS, MARKET_STATES, type FixtureSummary, type MarketItem, type VirtualLeague } from '@casino/shared/schemas/sports';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/http.ts';
import { localName } from '../sports-read.service.ts';
import { VIRTUAL_COMPETITION_CODE } from '../sports.seed.ts';
import * as repo from './virtual.repository.ts';
import { virtualEndsAt } from './virtual-league.ts';

/**
 * GET /api/sports/virtual: what the league page shows. The current round is the one being played
 * (or, between rounds, the one open for bets); the next round is open for bets while the current
 * one plays; the results are the last round played. Nothing of a match's future leaks: the score
 * is the one of the minute reached, and the seed is on the fixture page once the match finished.
 */
export async function virtualLeaguePage(ctx: Pick<AppContext, 'db' | 'config'>, lang: string, now = new Date()): Promise<VirtualLeague> {
  const competition = await repo.findCompetitionByCode(ctx.db, VIRTUAL_COMPETITION_CODE);
  if (!competition) throw new AppError('NOT_FOUND');
  const [live, scheduled, played] = await Promise.all([
    repo.roundKickoffs(ctx.db, competition.id, ['live'], 'asc', 1),
    repo.roundKickoffs(ctx.db, competition.id, ['scheduled'], 'asc', 2),
    // A round cancelled before its kick-off is no result.
    repo.roundKickoffs(ctx.db, competition.id, ['finished', 'cancelled'], 'desc', 2, now.toISOString()),
  ]);
  const currentAt = live[0] ?? scheduled[0];
  const nextAt = live[0] ? scheduled[0] : scheduled[1];
  // A round finishing now has some matches finished already: it stays the current round.
  const resultsAt = played.find((at) => at !== currentAt);
  const [current, next, results, openCount] = await Promise.all([
    roundSummaries(ctx, competition.id, currentAt, lang),
    roundSummaries(ctx, competition.id, nextAt, lang),
    roundSummaries(ctx, competition.id, resultsAt, lang),
    repo.openFixtureCount(ctx.db, competition.id),
  ]);
  return {
    competition: {
      id: competition.id,
      code: competition.code,
      name: localName(competition.names_json, lang, competition.code),
      country: competition.country,
      kind: 'virtual',
      fixture_count: openCount,
    },
    current,
    next,
    results,
    kickoff_at: currentAt ?? null,
    ends_at: currentAt ? virtualEndsAt(currentAt, ctx.config.VIRTUAL_MINUTE_MS) : null,
    server_time: now.toISOString(),
  };
}

async function roundSummaries(ctx: Pick<AppContext, 'db'>, competitionId: number, kickoffAt: string | undefined, lang: string) {
  if (!kickoffAt) return [];
  const ids = await repo.fixtureIdsAt(ctx.db, competitionId, [kickoffAt]);
  const [rows, markets, counts] = await Promise.all([
    repo.summaryRows(ctx.db, ids),
    repo.mainMarkets(ctx.db, ids),
    repo.marketCounts(ctx.db, ids),
  ]);
  return rows.map((row) =>
    toSummary(
      row,
      lang,
      markets.find((m) => m.fixture_id === row.id),
      counts.get(row.id) ?? 0,
    ),
  );
}

function toSummary(row: repo.SummaryRow, lang: string, market: repo.MainMarketRow | undefined, marketsCount: number): FixtureSummary {
  const team = (side: 'home' | 'away') => ({
    id: row[`${side}_id`],
    name: row[`${side}_name`],
    short_name: row[`${side}_short_name`],
    color_primary: row[`${side}_color_primary`],
    color_secondary: row[`${side}_color_secondary`],
  });
  return {
    id: row.id,
    competition: { code: row.competition_code, name: localName(row.competition_names_json, lang, row.competition_code) },
    home: team('home'),
    away: team('away'),
    starts_at: row.starts_at,
    status: row.status === 'live' || row.status === 'finished' || row.status === 'cancelled' ? row.status : 'scheduled',
    minute: row.minute,
    home_score: row.home_score,
    away_score: row.away_score,
    is_virtual: row.is_virtual === 1,
    main_market: market ? toMarketItem(market) : null,
    markets_count: marketsCount,
  };
}

function toMarketItem(market: repo.MainMarketRow): MarketItem {
  return {
    id: market.id,
    type: '1x2',
    line: null,
    status: (MARKET_STATES as readonly string[]).includes(market.status) ? (market.status as MarketItem['status']) : 'suspended',
    version: market.version,
    selections: market.selections.map((s) => ({
      id: s.id,
      code: s.code,
      odds: formatOdds(s.odds),
      result: (LEG_RESULTS as readonly string[]).includes(s.result) ? (s.result as MarketItem['selections'][number]['result']) : 'pending',
    })),
  };
}
