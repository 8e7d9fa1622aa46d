import { randomInt } from 'node:crypto';
import { hashServerSeed, randomServerSeed, type Seeds } from '@casino/games/fair';
import { type ExpectedGoals, expectedGoals } from '@casino/games/football';
import { type GoalEvent, MATCH_MINUTES, playMatch, scoreAt } from '@casino/games/virtual-match';
import type { Config } from '../../../config.ts';
import { nowIso } from '../../../db/database.ts';
import { sleepUntil } from '../../house-games/shared/feed.ts';
import { createLeadership, type Leadership } from '../../house-games/shared/leader.ts';
import { createFixture, repriceInPlay, suspendFixtureMarkets } from '../markets.service.ts';
import { VIRTUAL_COMPETITION_CODE } from '../sports.seed.ts';
import { lockMarketsOfFixture } from '../settlement/settle.repository.ts';
import { enterResult, resumeSettlements, type SettleContext, settleDecidedMarkets, withRetries } from '../settlement/settle.service.ts';
import * as repo from './virtual.repository.ts';

/**
 * The always-on virtual football league (issue 6, docs/SPORTSBOOK.md "Virtual league"): rounds of
 * VIRTUAL_MATCHES matches between the 16 virtual teams, back to back, so the book works end to end
 * with no outside feed.
 *
 * - A round is created with every match priced and open for bets until its kick-off, each with a
 *   fresh server seed of which only sha256 is shown.
 * - At kick-off the goals are drawn by playMatch from (server seed, client seed 'virtual-league',
 *   nonce = fixture id) and the expected goals of the two teams (the model the book prices with),
 *   and the next round is created, so a round is always open for bets.
 * - Each VIRTUAL_MINUTE_MS the minute advances: the score moves, the markets are repriced in play;
 *   a goal suspends them first (before the score changes) and for the next minute, and settles
 *   the markets it decided for good (an over line passed, both teams scored).
 * - At 90' the match is finished and settled (enterResult), and the seed is revealed.
 * - Restart rule: a virtual match left live, or scheduled past its kick-off, is finished from its
 *   seed at once (the same goals it would have had) and settled; no stake is ever lost.
 * Only the leader (one process per database, its own advisory lock) runs the league.
 */

export const VIRTUAL_CLIENT_SEED = 'virtual-league';

export interface VirtualTimings {
  bettingMs: number;
  minuteMs: number;
  matches: number;
}

export type LeagueContext = SettleContext;

/** One match of a round being played: its goals (drawn at kick-off) and when its markets reopen. */
interface Match {
  id: number;
  goals: GoalEvent[];
  xg: ExpectedGoals;
  /** After a goal, the markets stay suspended until this minute. */
  reopensAt: number;
}

export interface Round {
  competitionId: number;
  /** ISO instant of kick-off (the round's key: its matches share it). */
  kickoffAt: string;
  fixtureIds: number[];
}

/** The seeds that draw a virtual match's goals (what a player checks it with). */
export function matchSeeds(serverSeed: string, fixtureId: number): Seeds {
  return { serverSeed, clientSeed: VIRTUAL_CLIENT_SEED, nonce: fixtureId };
}

/** The goals of a virtual match, from its seed and its teams' ratings (deterministic). */
export function drawGoals(
  serverSeed: string,
  fixtureId: number,
  row: Pick<repo.MatchRow, 'home_attack' | 'home_defence' | 'away_attack' | 'away_defence'>,
) {
  return playMatch(matchSeeds(serverSeed, fixtureId), xgOf(row));
}

function xgOf(row: Pick<repo.MatchRow, 'home_attack' | 'home_defence' | 'away_attack' | 'away_defence'>): ExpectedGoals {
  return expectedGoals({ attack: row.home_attack, defence: row.home_defence }, { attack: row.away_attack, defence: row.away_defence });
}

/** When a virtual match kicked off at `startsAt` plays its 90th minute. */
export function virtualEndsAt(startsAt: string, minuteMs: number): string {
  return new Date(Date.parse(startsAt) + MATCH_MINUTES * minuteMs).toISOString();
}

/** A random pairing of the teams: the first `matches` pairs of a shuffle (Fisher-Yates, crypto RNG). */
export function pairTeams<T>(teams: readonly T[], matches: number, random: (n: number) => number = randomInt): [T, T][] {
  const shuffled = [...teams];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const pairs: [T, T][] = [];
  for (let i = 0; i + 1 < shuffled.length && pairs.length < matches; i += 2) pairs.push([shuffled[i]!, shuffled[i + 1]!]);
  return pairs;
}

const NO_CATALOGUE_RETRY_MS = 5_000;

export class VirtualLeague {
  constructor(
    private readonly ctx: LeagueContext,
    readonly timings: VirtualTimings,
  ) {}

  /** The leader's loop: recover, then play rounds back to back until the signal aborts. */
  async lead(signal: AbortSignal): Promise<void> {
    await this.recover();
    while (!signal.aborted) {
      const round = (await this.upcomingRound()) ?? (await this.createRound(Date.now() + this.timings.bettingMs));
      if (!round) {
        this.ctx.log.warn('virtual league: no virtual competition or teams yet; trying again');
        await sleepUntil(Date.now() + NO_CATALOGUE_RETRY_MS, signal);
        continue;
      }
      await sleepUntil(Date.parse(round.kickoffAt), signal);
      if (signal.aborted) return;
      await this.playRound(round, signal);
    }
  }

  /**
   * The restart rule: matches a stopped leader left live, or scheduled past kick-off, are finished
   * from their seeds and settled; then any settlement it left half done is finished.
   */
  async recover(): Promise<number> {
    const abandoned = await repo.abandonedMatches(this.ctx.db, nowIso());
    for (const row of abandoned) {
      if (!row.server_seed) continue;
      const goals = drawGoals(row.server_seed, row.id, row);
      await repo.storeEvents(this.ctx.db, row.id, JSON.stringify(goals), nowIso());
      await this.finish({ id: row.id, goals, xg: xgOf(row), reopensAt: 0 });
      this.ctx.log.warn({ fixtureId: row.id }, 'virtual league: finished a match a stopped leader left from its seed');
    }
    await resumeSettlements(this.ctx);
    return abandoned.length;
  }

  /** The earliest round still scheduled, if any. */
  async upcomingRound(): Promise<Round | undefined> {
    const competition = await repo.findCompetitionByCode(this.ctx.db, VIRTUAL_COMPETITION_CODE);
    if (!competition) return undefined;
    const kickoffAt = await repo.nextScheduledKickoff(this.ctx.db, competition.id);
    if (!kickoffAt) return undefined;
    const rows = await repo.matchesOfRound(this.ctx.db, competition.id, kickoffAt);
    return { competitionId: competition.id, kickoffAt, fixtureIds: rows.map((r) => r.id) };
  }

  /**
   * A new round kicking off at `kickoffMs`: random pairs of the virtual teams, each match with a
   * fresh seed (only its hash is shown), priced and open for bets (one transaction: a round is
   * never seen half created). Undefined when the catalogue has no virtual league yet.
   */
  async createRound(kickoffMs: number): Promise<Round | undefined> {
    const competition = await repo.findCompetitionByCode(this.ctx.db, VIRTUAL_COMPETITION_CODE);
    const teams = await repo.virtualTeams(this.ctx.db);
    if (!competition || teams.length < 2) return undefined;
    const kickoffAt = new Date(kickoffMs).toISOString();
    const fixtureIds = await this.ctx.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const [home, away] of pairTeams(teams, this.timings.matches)) {
        const serverSeed = randomServerSeed();
        ids.push(
          await createFixture(trx, {
            competitionId: competition.id,
            homeTeamId: home.id,
            awayTeamId: away.id,
            startsAt: kickoffAt,
            isVirtual: true,
            serverSeed,
            serverSeedHash: hashServerSeed(serverSeed),
          }),
        );
      }
      return ids;
    });
    return { competitionId: competition.id, kickoffAt, fixtureIds };
  }

  /**
   * Plays a round from kick-off to full time: goals drawn, the next round created, the minutes
   * advanced on the clock (a late tick catches up several minutes at once), then every match
   * finished and settled. An aborted signal leaves the round to the restart rule.
   */
  async playRound(round: Round, signal: AbortSignal): Promise<void> {
    const kickoffMs = Date.parse(round.kickoffAt);
    const matches = await this.kickOff(round);
    await this.createRound(Math.max(Date.now() + this.timings.bettingMs, kickoffMs + (MATCH_MINUTES + 1) * this.timings.minuteMs));
    let minute = 0;
    while (minute < MATCH_MINUTES) {
      await sleepUntil(kickoffMs + (minute + 1) * this.timings.minuteMs, signal);
      if (signal.aborted) return;
      const reached = Math.floor((Date.now() - kickoffMs) / this.timings.minuteMs);
      const next = Math.min(MATCH_MINUTES, Math.max(minute + 1, reached));
      for (const match of matches) await this.advance(match, minute, next);
      minute = next;
    }
    for (const match of matches) await this.finish(match);
  }

  /** Kick-off of every match of the round: goals drawn from the seed and stored, status live. */
  private async kickOff(round: Round): Promise<Match[]> {
    const rows = await repo.matchesOfRound(this.ctx.db, round.competitionId, round.kickoffAt);
    const matches: Match[] = [];
    for (const row of rows) {
      if (!row.server_seed || (row.status !== 'scheduled' && row.status !== 'live')) continue;
      const goals = drawGoals(row.server_seed, row.id, row);
      if (row.status === 'scheduled') await repo.kickOff(this.ctx.db, row.id, JSON.stringify(goals), nowIso());
      matches.push({ id: row.id, goals, xg: xgOf(row), reopensAt: 0 });
    }
    return matches;
  }

  /**
   * Moves a match from minute `from` to `to`. A goal in between suspends its markets in the same
   * transaction that shows the new score (no bet is taken at a price from before the goal), keeps
   * them suspended for a minute, and settles the markets it decided.
   */
  private async advance(match: Match, from: number, to: number): Promise<void> {
    const scored = match.goals.some((g) => g.minute > from && g.minute <= to);
    const score = scoreAt(match.goals, to);
    if (scored) match.reopensAt = to + 1;
    await withRetries(this.ctx, () =>
      this.ctx.db.transaction().execute(async (trx) => {
        await lockMarketsOfFixture(trx, this.ctx.dialect, match.id);
        if (scored) await suspendFixtureMarkets(trx, match.id);
        await repo.setMinute(trx, match.id, to, score, nowIso());
        await repriceInPlay(trx, match.id, to, score, { open: to >= match.reopensAt });
      }),
    );
    if (scored) await settleDecidedMarkets(this.ctx, match.id);
  }

  /** Full time: markets suspended, the final score entered as the result (the seed is revealed), everything settled. */
  private async finish(match: Match): Promise<void> {
    const final = scoreAt(match.goals, MATCH_MINUTES);
    // A trader who cancelled the match (or finished it by hand) has the last word.
    const status = await repo.fixtureStatus(this.ctx.db, match.id);
    if (status !== 'live' && status !== 'scheduled') return;
    await suspendFixtureMarkets(this.ctx.db, match.id);
    await enterResult(this.ctx, match.id, { home_score: final.home, away_score: final.away }, null);
  }
}

export interface RunningLeague {
  readonly league: VirtualLeague;
  close(): Promise<void>;
}

/** Whether this process runs the league: VIRTUAL_LEAGUE, else on everywhere but in tests. */
export function virtualLeagueEnabled(config: Config): boolean {
  return (config.VIRTUAL_LEAGUE ?? (config.NODE_ENV === 'test' ? 'off' : 'on')) === 'on';
}

export function timingsOf(config: Config): VirtualTimings {
  return { bettingMs: config.VIRTUAL_BETTING_MS, minuteMs: config.VIRTUAL_MINUTE_MS, matches: config.VIRTUAL_MATCHES };
}

/** Starts the league under its own leader lock (stopped before the database closes). */
export function startVirtualLeague(ctx: LeagueContext, config: Config): RunningLeague {
  const league = new VirtualLeague(ctx, timingsOf(config));
  const leadership: Leadership = createLeadership(ctx.db, ctx.dialect, ctx.log, 'virtual-league');
  leadership.run(async (signal) => {
    ctx.log.info('virtual league: this process runs the rounds');
    await league.lead(signal);
  });
  return {
    league,
    close: () => leadership.close(),
  };
}
