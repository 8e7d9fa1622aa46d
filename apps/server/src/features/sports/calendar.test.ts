import { describe, expect, it } from 'vitest';
import { saoPauloDay } from '../../lib/sao-paulo.ts';
import { type CalendarFixture, generateCalendar, roundRobin } from './calendar.ts';
import { SEED_COMPETITIONS } from './sports.seed.ts';

const REAL = SEED_COMPETITIONS.filter((c) => c.kind !== 'virtual');
const FROM = new Date('2026-11-21T10:00:00.000Z'); // a Saturday morning in São Paulo
const DAY_MS = 86_400_000;

/** Weekday (0 = Sunday) and "HH:MM" of an instant in Brasília (UTC-3 all year). */
function brasilia(iso: string): { weekday: number; time: string } {
  const local = new Date(Date.parse(iso) - 3 * 3_600_000);
  return { weekday: local.getUTCDay(), time: local.toISOString().slice(11, 16) };
}

const SUN = 0;
const TUE = 2;
const WED = 3;
const THU = 4;
const SAT = 6;
const RULES: Record<string, { weekdays: number[]; times: string[] }> = {
  'brasileirao-serie-a': { weekdays: [WED, THU, SAT, SUN], times: ['16:00', '18:30', '20:30', '19:00', '21:30'] },
  'copa-libertadores': { weekdays: [TUE, WED, THU], times: ['19:00', '21:30'] },
  'premier-league': { weekdays: [SAT, SUN], times: ['09:30', '12:00', '14:30'] },
  'la-liga': { weekdays: [SAT, SUN], times: ['09:30', '12:00', '14:30'] },
  'champions-league': { weekdays: [TUE, WED], times: ['16:00'] },
};

describe('fixture calendar', () => {
  const calendar = generateCalendar(REAL, FROM, 14);
  const of = (code: string) => calendar.filter((f) => f.competitionCode === code);

  it('fills the next 14 days of every real competition, inside the window and in kick-off order', () => {
    for (const competition of REAL) expect(of(competition.code).length, competition.code).toBeGreaterThan(0);
    for (const fixture of calendar) {
      expect(Date.parse(fixture.startsAt)).toBeGreaterThanOrEqual(FROM.getTime());
      expect(Date.parse(fixture.startsAt)).toBeLessThan(FROM.getTime() + 14 * DAY_MS);
      expect(fixture.day).toBe(saoPauloDay(fixture.startsAt));
    }
    const starts = calendar.map((f) => f.startsAt);
    expect(starts).toEqual([...starts].sort());
    // Two weekends of every league: Série A 2 x 10 + a midweek round of 10, the European leagues 2 x 5.
    expect(of('brasileirao-serie-a')).toHaveLength(30);
    expect(of('premier-league')).toHaveLength(10);
    expect(of('la-liga')).toHaveLength(10);
    expect(of('copa-libertadores')).toHaveLength(6);
    expect(of('champions-league')).toHaveLength(5);
    // The last days are covered too (the window is rolling, not one week).
    expect(Date.parse(calendar.at(-1)!.startsAt)).toBeGreaterThan(FROM.getTime() + 8 * DAY_MS);
  });

  it('keeps each competition on its days and Brasília kick-off times', () => {
    for (const fixture of calendar) {
      const rule = RULES[fixture.competitionCode]!;
      const { weekday, time } = brasilia(fixture.startsAt);
      expect(rule.weekdays, `${fixture.competitionCode} ${fixture.startsAt}`).toContain(weekday);
      expect(rule.times, `${fixture.competitionCode} ${fixture.startsAt}`).toContain(time);
    }
    // Série A: weekend rounds at 16:00/18:30/20:30, midweek rounds at 19:00/21:30 only.
    for (const fixture of of('brasileirao-serie-a')) {
      const { weekday, time } = brasilia(fixture.startsAt);
      if (weekday === SAT || weekday === SUN) expect(['16:00', '18:30', '20:30']).toContain(time);
      else expect(['19:00', '21:30']).toContain(time);
    }
  });

  it('never has a team twice on one São Paulo day, across competitions', () => {
    const seen = new Map<string, CalendarFixture>();
    for (const fixture of calendar) {
      for (const team of [fixture.homeTeamCode, fixture.awayTeamCode]) {
        const key = `${fixture.day}:${team}`;
        expect(seen.get(key), `${team} twice on ${fixture.day}`).toBeUndefined();
        seen.set(key, fixture);
      }
      expect(fixture.homeTeamCode).not.toBe(fixture.awayTeamCode);
    }
  });

  it('pairs only the competition own teams, a cup within its groups', () => {
    for (const competition of REAL) {
      const teams = new Set(competition.teams);
      for (const f of of(competition.code)) {
        expect(teams.has(f.homeTeamCode) && teams.has(f.awayTeamCode), `${f.homeTeamCode}-${f.awayTeamCode}`).toBe(true);
      }
    }
    const libertadores = SEED_COMPETITIONS.find((c) => c.code === 'copa-libertadores')!;
    const groupOf = (code: string) => Math.floor(libertadores.teams.indexOf(code) / 4);
    for (const f of of('copa-libertadores')) expect(groupOf(f.homeTeamCode)).toBe(groupOf(f.awayTeamCode));
  });

  it('is the same for the same dates, and a later window repeats the fixtures it shares', () => {
    expect(generateCalendar(REAL, FROM, 14)).toEqual(calendar);
    const tomorrow = new Date(FROM.getTime() + DAY_MS);
    const later = generateCalendar(REAL, tomorrow, 14);
    const shared = calendar.filter((f) => Date.parse(f.startsAt) >= tomorrow.getTime());
    expect(later.slice(0, shared.length)).toEqual(shared);
  });

  it('makes double round-robins: every pair meets once home and once away, each team once per round', () => {
    const serieA = SEED_COMPETITIONS.find((c) => c.code === 'brasileirao-serie-a')!;
    const rounds = roundRobin(serieA);
    expect(rounds).toHaveLength(38);
    const pairs = new Set<string>();
    for (const round of rounds) {
      expect(round).toHaveLength(10);
      const teams = round.flatMap((m) => [m.home, m.away]);
      expect(new Set(teams).size).toBe(20);
      for (const m of round) pairs.add(`${m.home}>${m.away}`);
    }
    expect(pairs.size).toBe(20 * 19);
    // The second half swaps the venues: every team is at home in exactly half its matches.
    for (const team of serieA.teams) {
      const home = rounds.flat().filter((m) => m.home === team).length;
      expect(home).toBe(19);
    }
    const cup = roundRobin(SEED_COMPETITIONS.find((c) => c.code === 'copa-libertadores')!);
    expect(cup).toHaveLength(6);
    for (const round of cup) expect(round).toHaveLength(6);
  });
});
