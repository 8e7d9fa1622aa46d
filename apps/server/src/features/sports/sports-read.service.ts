import { formatLine, formatOdds } from '@casino/games/football';
import { normalizeLanguage } from '@casino/shared/languages';
import {
  type CompetitionItem,
  type FixtureDetail,
  type FixtureSummary,
  goalEvent,
  LEG_RESULTS,
  MARKET_STATES,
  MARKET_TYPES,
  type MarketItem,
  type MarketType,
} from '@casino/shared/schemas/sports';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import * as repo from './sports-read.repository.ts';
import { virtualEndsAt } from './virtual/virtual-league.ts';

/**
 * The public pages of the sportsbook (visitors too): home, a competition, a fixture with every
 * market. Rows become the shared response types here, so nothing internal leaks (a virtual match's
 * seed and its goals to come stay hidden until they are played).
 */

/** Bounds of every list: a page never grows with the calendar. */
const LIVE_LIMIT = 100;
const UPCOMING_LIMIT = 100;
const COMPETITION_FIXTURES_LIMIT = 200;
const UPCOMING_WINDOW_MS = 24 * 3_600_000;

/** GET /api/sports/home: live now, kick-offs in the next 24 hours (real matches), competitions. */
export async function sportsHome(db: Database, lang: string, now = new Date()) {
  const [liveRows, upcomingRows, competitions] = await Promise.all([
    repo.findLiveFixtures(db, now, LIVE_LIMIT),
    repo.findUpcomingFixtures(db, now, new Date(now.getTime() + UPCOMING_WINDOW_MS), UPCOMING_LIMIT),
    repo.findCompetitionsWithCounts(db, now),
  ]);
  const summaries = await toSummaries(db, [...liveRows, ...upcomingRows], lang);
  return {
    live: summaries.slice(0, liveRows.length),
    upcoming: summaries.slice(liveRows.length),
    competitions: competitions.map((c) => toCompetitionItem(c, lang)),
  };
}

/** GET /api/sports/competition: one enabled competition and its fixtures still to play or playing. */
export async function competitionPage(db: Database, code: string, lang: string, now = new Date()) {
  const competition = await repo.findCompetitionByCode(db, code, now);
  if (!competition) throw new AppError('NOT_FOUND');
  const rows = await repo.findCompetitionFixtures(db, Number(competition.id), now, COMPETITION_FIXTURES_LIMIT);
  return { competition: toCompetitionItem(competition, lang), fixtures: await toSummaries(db, rows, lang) };
}

/**
 * GET /api/sports/fixture: a fixture with every market, its goals so far and the fairness
 * commitment. `virtualMinuteMs` (the league's clock) tells when a virtual match ends.
 */
export async function fixturePage(db: Database, fixtureId: number, lang: string, virtualMinuteMs: number): Promise<FixtureDetail> {
  const row = await repo.findFixture(db, fixtureId);
  if (!row) throw new AppError('SPORTS_FIXTURE_NOT_FOUND');
  const markets = sortMarkets(await repo.findMarkets(db, [fixtureId])).map(toMarketItem);
  const summary = toSummary(row, lang, markets.find((m) => m.type === '1x2') ?? null, markets.filter((m) => m.status !== 'void').length);
  return {
    ...summary,
    markets,
    events: playedEvents(row),
    server_seed_hash: row.server_seed_hash,
    // The seed decides a virtual match's goals: revealed only once every goal is known.
    server_seed: row.status === 'finished' ? row.server_seed : null,
    ends_at: row.finished_at ?? (row.is_virtual === 1 && row.status !== 'cancelled' ? virtualEndsAt(row.starts_at, virtualMinuteMs) : null),
  };
}

/** A name from names_json in the reader's language, else Portuguese, else the fallback. */
export function localName(namesJson: string, lang: string, fallback: string): string {
  let names: Record<string, unknown> = {};
  try {
    names = JSON.parse(namesJson) as Record<string, unknown>;
  } catch {
    return fallback;
  }
  const own = names[normalizeLanguage(lang)];
  if (typeof own === 'string' && own.trim() !== '') return own;
  return typeof names.pt === 'string' && names.pt.trim() !== '' ? names.pt : fallback;
}

function toCompetitionItem(row: repo.CompetitionRow, lang: string): CompetitionItem {
  return {
    id: Number(row.id),
    code: row.code,
    name: localName(row.names_json, lang, row.code),
    country: row.country,
    kind: asKind(row.kind),
    fixture_count: row.fixture_count,
  };
}

const asKind = (kind: string): CompetitionItem['kind'] =>
  kind === 'cup' || kind === 'international' || kind === 'virtual' ? kind : 'league';

/** Summaries of fixtures with their 1X2 market and market count (three queries for the whole list). */
async function toSummaries(db: Database, rows: readonly repo.FixtureRow[], lang: string): Promise<FixtureSummary[]> {
  const ids = rows.map((r) => Number(r.id));
  const [mainMarkets, counts] = await Promise.all([repo.findMarkets(db, ids, '1x2'), repo.countMarkets(db, ids)]);
  const mainByFixture = new Map(mainMarkets.map((m) => [Number(m.fixture_id), toMarketItem(m)]));
  return rows.map((row) => toSummary(row, lang, mainByFixture.get(Number(row.id)) ?? null, counts.get(Number(row.id)) ?? 0));
}

function toSummary(row: repo.FixtureRow, lang: string, mainMarket: MarketItem | null, marketsCount: number): FixtureSummary {
  return {
    id: Number(row.id),
    competition: { code: row.competition_code, name: localName(row.competition_names_json, lang, row.competition_code) },
    home: {
      id: Number(row.home_id),
      name: row.home_name,
      short_name: row.home_short_name,
      color_primary: row.home_color_primary,
      color_secondary: row.home_color_secondary,
    },
    away: {
      id: Number(row.away_id),
      name: row.away_name,
      short_name: row.away_short_name,
      color_primary: row.away_color_primary,
      color_secondary: row.away_color_secondary,
    },
    starts_at: row.starts_at,
    status: asFixtureStatus(row.status),
    minute: row.minute,
    home_score: row.home_score,
    away_score: row.away_score,
    is_virtual: row.is_virtual === 1,
    main_market: mainMarket,
    markets_count: marketsCount,
  };
}

const asFixtureStatus = (status: string): FixtureSummary['status'] =>
  status === 'live' || status === 'finished' || status === 'cancelled' ? status : 'scheduled';

/** Markets in the order a fixture page shows them: by type as the contract lists them, then by line. */
function sortMarkets(markets: repo.MarketRow[]): repo.MarketRow[] {
  const rank = (type: string) => {
    const index = (MARKET_TYPES as readonly string[]).indexOf(type);
    return index === -1 ? MARKET_TYPES.length : index;
  };
  return [...markets].sort((a, b) => rank(a.type) - rank(b.type) || Number(a.line) - Number(b.line));
}

function toMarketItem(row: repo.MarketRow): MarketItem {
  const type = row.type as MarketType;
  return {
    id: Number(row.id),
    type,
    line: formatLine(type, Number(row.line)),
    status: (MARKET_STATES as readonly string[]).includes(row.status) ? (row.status as MarketItem['status']) : 'suspended',
    version: row.version,
    selections: row.selections.map((s) => ({
      id: Number(s.id),
      code: s.code,
      odds: formatOdds(s.odds),
      result: (LEG_RESULTS as readonly string[]).includes(s.result) ? (s.result as (typeof LEG_RESULTS)[number]) : 'pending',
    })),
  };
}

const storedEvents = z.array(goalEvent);

/**
 * The goals a player may see: a virtual match's goals are drawn before kick-off, so only those of
 * minutes already played are shown (none before kick-off, all once finished).
 */
function playedEvents(row: repo.FixtureRow): z.infer<typeof storedEvents> {
  if (!row.events_json || row.status === 'scheduled') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.events_json);
  } catch {
    return [];
  }
  const events = storedEvents.safeParse(parsed);
  if (!events.success) return [];
  if (row.status === 'finished') return events.data;
  return events.data.filter((goal) => goal.minute <= row.minute);
}
