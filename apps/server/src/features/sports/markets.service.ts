import { lostSelections } from '@casino/games/football';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { FeedMarket, InPlayState } from './feeds/odds-feed.ts';
import { feedFor } from './feeds/poisson-feed.ts';
import { findBookSettings, findFixtureForPricing, insertFixture, type PricingRow } from './fixtures.repository.ts';
import {
  bumpMarket,
  findFixtureMarkets,
  insertMarket,
  insertSelections,
  setMarketsStatus,
  type StoredMarket,
  updateSelectionPrices,
} from './markets.repository.ts';

/**
 * Creating fixtures and writing their prices. The pricing functions are shared: the calendar
 * prices real fixtures before kick-off, the virtual league (S4) prices its matches and reprices
 * them minute by minute in play, and the back office reprices after a margin change.
 */

/** Runs `work` in the caller's transaction, or in a new one. */
async function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

export interface NewFixture {
  competitionId: number;
  homeTeamId: number;
  awayTeamId: number;
  /** ISO instant of kick-off. */
  startsAt: string;
  isVirtual?: boolean;
  /** Virtual matches: the committed seed and its sha256 (shown before kick-off). */
  serverSeed?: string | null;
  serverSeedHash?: string | null;
  /** Virtual matches: the goals drawn from the seed (JSON array of { minute, team }). */
  eventsJson?: string | null;
  /** The odds feed that prices it ('poisson' by default). */
  feed?: string;
  /** The calendar's or an external feed's key of the fixture. */
  externalId?: string | null;
}

/**
 * Creates a scheduled fixture and, unless told not to, prices every market at once (markets open),
 * in one transaction: a fixture is never visible without its prices. Answers the fixture id.
 */
export async function createFixture(db: Database, fixture: NewFixture, options: { price?: boolean } = {}): Promise<number> {
  if (fixture.homeTeamId === fixture.awayTeamId) throw new Error('a fixture needs two different teams');
  return inTransaction(db, async (trx) => {
    const id = await insertFixture(trx, {
      competitionId: fixture.competitionId,
      homeTeamId: fixture.homeTeamId,
      awayTeamId: fixture.awayTeamId,
      startsAt: fixture.startsAt,
      isVirtual: fixture.isVirtual ?? false,
      serverSeed: fixture.serverSeed ?? null,
      serverSeedHash: fixture.serverSeedHash ?? null,
      eventsJson: fixture.eventsJson ?? null,
      feed: fixture.feed ?? 'poisson',
      externalId: fixture.externalId ?? null,
      now: nowIso(),
    });
    if (options.price !== false) await priceFixture(trx, id);
    return id;
  });
}

export interface PricingOptions {
  /** Prices of the final result from the minute and score of a match in play. */
  inPlay?: InPlayState;
  /**
   * Opens every tradable market (the virtual league in play). Without it, pricing never reopens a
   * market a trader or the lifecycle suspended; it only suspends markets it cannot price fairly.
   */
  open?: boolean;
}

export interface PricingSummary {
  created: number;
  /** Markets whose odds or state changed (each got a new version). */
  changed: number;
}

/**
 * Writes the prices of every market of a fixture from its feed: missing markets are created,
 * existing ones get the new odds and a new version when a price or their state changes (a bet is
 * accepted against one version). Settled and void markets, and finished or cancelled fixtures,
 * are left alone. Safe to run twice or from two processes (conditional writes).
 */
export async function priceFixture(db: Database, fixtureId: number, options: PricingOptions = {}): Promise<PricingSummary> {
  return inTransaction(db, async (trx) => {
    const fixture = await findFixtureForPricing(trx, fixtureId);
    if (!fixture || fixture.status === 'finished' || fixture.status === 'cancelled') return { created: 0, changed: 0 };
    const marginBp = fixture.competition_margin_bp ?? (await findBookSettings(trx)).default_margin_bp;
    const priced = priceWithFeed(fixture, marginBp, options.inPlay);
    const stored = await findFixtureMarkets(trx, fixtureId);
    const now = nowIso();
    const summary: PricingSummary = { created: 0, changed: 0 };
    for (const market of priced) {
      const lost = new Set(options.inPlay ? lostSelections(market.type, market.line, options.inPlay.score) : []);
      const existing = stored.find((m) => m.type === market.type && Number(m.line) === market.line);
      if (!existing) {
        const status = lost.size > 0 ? 'suspended' : initialStatus(market, fixture.status, options);
        if (await createMarket(trx, fixtureId, market, status, now)) summary.created++;
      } else if (await updateMarket(trx, existing, market, lost, options, now)) summary.changed++;
    }
    return summary;
  });
}

/**
 * Reprices a match in play (the virtual league, each minute or at a goal): the markets price the
 * final result from the current score and the minutes left. Markets already decided (a price the
 * book cannot offer fairly) are suspended. A selection the score has already lost (a correct score
 * that can no longer happen) is never quoted again: it keeps its last price, and its market stays
 * suspended until settlement has marked it lost (settleDecidedMarkets, run after each goal), so
 * it is never offered at the longest price. `open` reopens the tradable ones.
 */
export async function repriceInPlay(
  db: Database,
  fixtureId: number,
  minute: number,
  score: { home: number; away: number },
  options: { open?: boolean } = {},
): Promise<PricingSummary> {
  return priceFixture(db, fixtureId, { inPlay: { minute, score }, open: options.open ?? false });
}

/**
 * Suspends every open market of a fixture (kick-off of a real match, a goal, a trader's call); each
 * gets a new version, so a bet priced before cannot be accepted after. Answers how many moved.
 */
export async function suspendFixtureMarkets(db: Database, fixtureId: number): Promise<number> {
  return setMarketsStatus(db, fixtureId, ['open'], 'suspended', nowIso());
}

function priceWithFeed(fixture: PricingRow, marginBp: number, inPlay: InPlayState | undefined): FeedMarket[] {
  const feed = feedFor(fixture.feed);
  return feed.price(
    { id: Number(fixture.id), isVirtual: fixture.is_virtual === 1, externalId: fixture.external_id },
    {
      home: { attack: fixture.home_attack, defence: fixture.home_defence },
      away: { attack: fixture.away_attack, defence: fixture.away_defence },
    },
    { marginBp },
    inPlay,
  );
}

/** A new market opens before kick-off (or when asked); in play or untradable it starts suspended. */
function initialStatus(market: FeedMarket, fixtureStatus: string, options: PricingOptions): string {
  if (!market.tradable) return 'suspended';
  if (fixtureStatus === 'scheduled' || options.open) return 'open';
  return 'suspended';
}

async function createMarket(trx: Database, fixtureId: number, market: FeedMarket, status: string, now: string): Promise<boolean> {
  const id = await insertMarket(trx, { fixtureId, type: market.type, line: market.line, status, marginBp: market.marginBp, now });
  if (id === undefined) return false;
  await insertSelections(
    trx,
    id,
    market.selections.map((s, sort) => ({ code: s.code, sort, odds: s.odds, probabilityPpm: s.probabilityPpm })),
  );
  return true;
}

/**
 * Writes a market's new prices; answers whether it got a new version. `lost`: the selections the
 * score in play has already lost.
 */
async function updateMarket(
  trx: Database,
  existing: StoredMarket,
  market: FeedMarket,
  lost: ReadonlySet<string>,
  options: PricingOptions,
  now: string,
): Promise<boolean> {
  if (existing.status !== 'open' && existing.status !== 'suspended') return false;
  const awaitingSettlement = existing.selections.some((s) => lost.has(s.code) && s.result === 'pending');
  // A state is written only when pricing decides it (untradable, lost selections not yet settled,
  // or opening in play): otherwise the market keeps whatever state it has at the write, even one a
  // trader set a moment ago.
  const status = !market.tradable || awaitingSettlement ? 'suspended' : options.open ? 'open' : undefined;
  const updates: { id: number; odds: number; probabilityPpm: number }[] = [];
  const missing: { code: string; sort: number; odds: number; probabilityPpm: number }[] = [];
  let oddsMoved = false;
  market.selections.forEach((selection, sort) => {
    const current = existing.selections.find((s) => s.code === selection.code);
    if (!current) {
      missing.push({ code: selection.code, sort, odds: selection.odds, probabilityPpm: selection.probabilityPpm });
      return;
    }
    // A decided selection is closed: its last offered price stays (a bet slip or a history shows it).
    if (current.result !== 'pending' || lost.has(selection.code)) return;
    if (current.odds !== selection.odds) oddsMoved = true;
    if (current.odds !== selection.odds || current.probability_ppm !== selection.probabilityPpm) {
      updates.push({ id: Number(current.id), odds: selection.odds, probabilityPpm: selection.probabilityPpm });
    }
  });
  const newVersion =
    oddsMoved || missing.length > 0 || (status !== undefined && status !== existing.status) || market.marginBp !== existing.margin_bp;
  if (newVersion && !(await bumpMarket(trx, Number(existing.id), { status, marginBp: market.marginBp, now }))) return false;
  await updateSelectionPrices(trx, updates);
  await insertSelections(trx, Number(existing.id), missing);
  return newVersion;
}
