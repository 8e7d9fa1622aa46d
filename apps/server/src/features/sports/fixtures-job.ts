import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Database, Dialect } from '../../db/database.ts';
import { generateCalendar } from './calendar.ts';
import {
  findCalendarKeys,
  findEnabledCompetitions,
  findKickedOffRealFixtures,
  findRealFixturesClosingBetting,
  findTeamIds,
  markFixtureLive,
} from './fixtures.repository.ts';
import { createFixture, suspendFixtureMarkets } from './markets.service.ts';
import { SEED_COMPETITIONS } from './sports.seed.ts';

/**
 * The life of real fixtures: the calendar is topped up to 14 days ahead (priced at creation), betting
 * closes just before kick-off, and a fixture reaching kick-off goes live with every market suspended. There is no in-play feed for
 * real matches: a trader enters the result in the back office, which settles them. Every write is
 * conditional, so two processes running the job do nothing twice.
 */

export const CALENDAR_DAYS = 14;
export const FIXTURES_JOB_INTERVAL_MS = 30_000;
/** The calendar is pure and the top-up reads one index range: every 10 minutes is plenty. */
const CALENDAR_EVERY_MS = 10 * 60_000;
/** Kick-offs handled per pass (the next pass takes the rest). */
const KICK_OFF_BATCH = 200;
const DAY_MS = 86_400_000;

/**
 * The fixture key of a calendar match: competition, São Paulo day and teams by id (short enough for
 * external_id). A fixture a trader moved keeps its key, so the calendar never creates it again.
 */
export function calendarKey(competitionId: number, day: string, homeId: number, awayId: number): string {
  return `cal:${competitionId}:${day}:${homeId}:${awayId}`;
}

/**
 * Creates (and prices) the calendar's fixtures of [now, now + 14 days) that do not exist yet and
 * answers how many. On PostgreSQL a transaction-scoped advisory lock lets one process top up at a
 * time; SQLite runs one writer anyway.
 */
export async function topUpCalendar(db: Database, dialect: Dialect, now = new Date()): Promise<number> {
  const to = new Date(now.getTime() + CALENDAR_DAYS * DAY_MS);
  const competitions = await findEnabledCompetitions(db);
  const ids = new Map(competitions.map((c) => [c.code, Number(c.id)]));
  const scheduled = SEED_COMPETITIONS.filter((c) => c.kind !== 'virtual' && ids.has(c.code));
  const calendar = generateCalendar(scheduled, now, CALENDAR_DAYS);
  const teams = await findTeamIds(db);
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('sports_calendar'))`.execute(trx);
    const existing = await findCalendarKeys(trx, now.toISOString(), to.toISOString());
    let created = 0;
    for (const fixture of calendar) {
      const competitionId = ids.get(fixture.competitionCode)!;
      const homeId = teams.get(fixture.homeTeamCode);
      const awayId = teams.get(fixture.awayTeamCode);
      if (homeId === undefined || awayId === undefined) continue;
      const key = calendarKey(competitionId, fixture.day, homeId, awayId);
      if (existing.has(key)) continue;
      await createFixture(trx, { competitionId, homeTeamId: homeId, awayTeamId: awayId, startsAt: fixture.startsAt, externalId: key });
      created++;
    }
    return created;
  });
}

/**
 * Betting on a real match closes before its kick-off, never after: a pass runs every 30 s, so the
 * markets of matches kicking off within the next 45 s are suspended now (the match stays scheduled).
 */
export const BETTING_CLOSES_AHEAD_MS = 45_000;

/**
 * Kick-offs: markets of real fixtures about to start are suspended (each with a new version), then
 * fixtures whose kick-off passed go live with every market suspended, one fixture per transaction.
 * Answers how many went live.
 */
export async function kickOffDueFixtures(db: Database, now = new Date()): Promise<number> {
  const closing = await findRealFixturesClosingBetting(db, new Date(now.getTime() + BETTING_CLOSES_AHEAD_MS).toISOString(), KICK_OFF_BATCH);
  for (const fixture of closing) await suspendFixtureMarkets(db, Number(fixture.id));
  const due = await findKickedOffRealFixtures(db, now.toISOString(), KICK_OFF_BATCH);
  let moved = 0;
  for (const fixture of due) {
    const wentLive = await db.transaction().execute(async (trx) => {
      if (!(await markFixtureLive(trx, Number(fixture.id), now.toISOString()))) return false;
      await suspendFixtureMarkets(trx, Number(fixture.id));
      return true;
    });
    if (wentLive) moved++;
  }
  return moved;
}

export interface FixturesPass {
  created: number;
  live: number;
}

/** One pass: kick-offs first (they are due now), then the calendar when asked. */
export async function runFixturesPass(
  db: Database,
  dialect: Dialect,
  now = new Date(),
  options = { calendar: true },
): Promise<FixturesPass> {
  const live = await kickOffDueFixtures(db, now);
  const created = options.calendar ? await topUpCalendar(db, dialect, now) : 0;
  return { created, live };
}

/** SPORTS_CALENDAR, else on everywhere but in tests (which run passes by hand). */
export function fixturesJobEnabled(config: Config): boolean {
  return (config.SPORTS_CALENDAR ?? (config.NODE_ENV === 'test' ? 'off' : 'on')) === 'on';
}

export interface FixturesJob {
  close(): Promise<void>;
}

/**
 * Runs a pass at start and then every 30 s (the next starts only after the previous one ended),
 * topping up the calendar every 10 minutes. `close` waits for a pass in flight.
 */
export function startFixturesJob(ctx: AppContext, intervalMs = FIXTURES_JOB_INTERVAL_MS): FixturesJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let closed = false;
  let calendarAt = Number.NEGATIVE_INFINITY;
  const pass = () => {
    const now = new Date();
    const calendar = now.getTime() - calendarAt >= CALENDAR_EVERY_MS;
    running = runFixturesPass(ctx.db, ctx.dialect, now, { calendar })
      .then((report) => {
        // A failed top-up is retried on the next pass, not ten minutes later.
        if (calendar) calendarAt = now.getTime();
        if (report.created > 0 || report.live > 0) ctx.log.info(report, 'sports fixtures job pass');
      })
      .catch((error) => ctx.log.error({ err: error }, 'sports fixtures job pass failed'))
      .finally(schedule);
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(pass, intervalMs);
    timer.unref();
  };
  pass();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
