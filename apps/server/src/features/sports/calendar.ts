import { addDays, dayRange, saoPauloDay, weekStart } from '../../lib/sao-paulo.ts';
import type { SeedCompetition } from './sports.seed.ts';

/**
 * The fixture calendar of the real competitions, as a pure function of dates: the same week always
 * yields the same fixtures, so the job can top up a rolling 14-day window every few minutes and
 * insert only what is missing. Kick-offs follow each competition's habits in Brasília time:
 *
 * - Série A: a weekend round (Sat/Sun 16:00, 18:30, 20:30) every week, a midweek round
 *   (Wed/Thu 19:00, 21:30) every other week;
 * - Libertadores: a group matchday (Tue/Wed/Thu 19:00, 21:30) in the weeks without a Série A
 *   midweek round (CBF and CONMEBOL dates do not overlap here);
 * - Premier League and La Liga: weekend rounds at 09:30, 12:00 and 14:30;
 * - Champions League: Tue/Wed 16:00 in the same weeks as the Libertadores.
 *
 * Pairings are double round-robins (a cup: within each group); a team never plays twice on one
 * São Paulo day, even across competitions (a match that cannot be placed is postponed).
 */

export interface CalendarFixture {
  competitionCode: string;
  homeTeamCode: string;
  awayTeamCode: string;
  /** ISO instant of kick-off. */
  startsAt: string;
  /** São Paulo day of kick-off. */
  day: string;
}

type Weeks = 'every' | 'even' | 'odd';
/** Monday = 0 ... Sunday = 6 (days after the week's Monday). */
type Slot = { weekday: number; time: string };
interface RoundWindow {
  weeks: Weeks;
  slots: Slot[];
}

const TUE = 1;
const WED = 2;
const THU = 3;
const SAT = 5;
const SUN = 6;
const at = (weekdays: number[], times: string[]): Slot[] => weekdays.flatMap((weekday) => times.map((time) => ({ weekday, time })));

/** Each competition's round windows, in the order its rounds are played within a week. */
export const COMPETITION_WINDOWS: Readonly<Record<string, RoundWindow[]>> = {
  'brasileirao-serie-a': [
    { weeks: 'odd', slots: at([WED, THU], ['19:00', '21:30']) },
    { weeks: 'every', slots: at([SAT, SUN], ['16:00', '18:30', '20:30']) },
  ],
  'copa-libertadores': [{ weeks: 'even', slots: at([TUE, WED, THU], ['19:00', '21:30']) }],
  'champions-league': [{ weeks: 'even', slots: at([TUE, WED], ['16:00']) }],
  'premier-league': [{ weeks: 'every', slots: at([SAT, SUN], ['09:30', '12:00', '14:30']) }],
  'la-liga': [{ weeks: 'every', slots: at([SAT, SUN], ['09:30', '12:00', '14:30']) }],
};

/** Continental nights are fixed first; domestic leagues fit around them. */
const PLACEMENT_ORDER = ['copa-libertadores', 'champions-league', 'brasileirao-serie-a', 'premier-league', 'la-liga'];

/** Week 0 of the calendar (a Monday): rounds are counted from it, so the season cycles forever. */
const EPOCH_MONDAY = '2024-01-01';
const WEEK_MS = 7 * 86_400_000;
const MINUTE_MS = 60_000;

/** Every fixture kicking off in [from, from + days), in kick-off order. */
export function generateCalendar(competitions: readonly SeedCompetition[], from: Date, days: number): CalendarFixture[] {
  const end = from.getTime() + days * 86_400_000;
  const fixtures: CalendarFixture[] = [];
  let monday = weekStart(saoPauloDay(from));
  while (Date.parse(dayRange(monday).start) < end) {
    for (const fixture of weekFixtures(competitions, monday)) {
      const kickOff = Date.parse(fixture.startsAt);
      if (kickOff >= from.getTime() && kickOff < end) fixtures.push(fixture);
    }
    monday = addDays(monday, 7);
  }
  return fixtures.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.competitionCode.localeCompare(b.competitionCode));
}

/** The fixtures of one week (Monday to Sunday, São Paulo), every competition with a schedule. */
export function weekFixtures(competitions: readonly SeedCompetition[], monday: string): CalendarFixture[] {
  const week = weekNumber(monday);
  const busy = new Map<string, Set<string>>(); // São Paulo day -> team codes playing
  const fixtures: CalendarFixture[] = [];
  const ordered = [...competitions].sort((a, b) => placement(a.code) - placement(b.code));
  for (const competition of ordered) {
    const windows = COMPETITION_WINDOWS[competition.code];
    if (!windows) continue;
    const rounds = roundRobin(competition);
    let played = roundsBefore(windows, week);
    for (const window of windows) {
      if (!isActive(window.weeks, week)) continue;
      const round = rounds[mod(played, rounds.length)]!;
      played++;
      round.forEach((match, index) => {
        const slot = placeMatch(window.slots, index + played, match, monday, busy);
        if (!slot) return; // postponed: both teams are busy in every slot of the window
        const day = addDays(monday, slot.weekday);
        markBusy(busy, day, match);
        fixtures.push({
          competitionCode: competition.code,
          homeTeamCode: match.home,
          awayTeamCode: match.away,
          startsAt: kickOffAt(day, slot.time),
          day,
        });
      });
    }
  }
  return fixtures;
}

interface Match {
  home: string;
  away: string;
}

/**
 * The rounds of a double round-robin (circle method): each team once per round, home and away
 * alternating, the second half the first with venues swapped. A cup pairs within its groups, and
 * its round k joins every group's round k.
 */
export function roundRobin(competition: SeedCompetition): Match[][] {
  const size = competition.groupSize ?? competition.teams.length;
  const groups: string[][] = [];
  for (let i = 0; i < competition.teams.length; i += size) groups.push(competition.teams.slice(i, i + size));
  const perGroup = groups.map(circleRounds);
  const count = Math.max(...perGroup.map((r) => r.length));
  return Array.from({ length: count }, (_, k) => perGroup.flatMap((rounds) => rounds[k] ?? []));
}

function circleRounds(teams: readonly string[]): Match[][] {
  const list = teams.length % 2 === 0 ? [...teams] : [...teams, ''];
  const n = list.length;
  const firstHalf: Match[][] = [];
  for (let round = 0; round < n - 1; round++) {
    const matches: Match[] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = list[i]!;
      const b = list[n - 1 - i]!;
      if (a === '' || b === '') continue; // odd count: a bye
      matches.push((round + i) % 2 === 0 ? { home: a, away: b } : { home: b, away: a });
    }
    firstHalf.push(matches);
    // Rotate every team but the first one place clockwise.
    list.splice(1, 0, list.pop()!);
  }
  const secondHalf = firstHalf.map((round) => round.map((m) => ({ home: m.away, away: m.home })));
  return [...firstHalf, ...secondHalf];
}

/** The window's slot for a match: its turn in the rotation, or the next slot where both teams are free that day. */
function placeMatch(slots: readonly Slot[], turn: number, match: Match, monday: string, busy: Map<string, Set<string>>) {
  for (let k = 0; k < slots.length; k++) {
    const slot = slots[mod(turn + k, slots.length)]!;
    const playing = busy.get(addDays(monday, slot.weekday));
    if (!playing || (!playing.has(match.home) && !playing.has(match.away))) return slot;
  }
  return undefined;
}

function markBusy(busy: Map<string, Set<string>>, day: string, match: Match) {
  const playing = busy.get(day) ?? new Set<string>();
  playing.add(match.home);
  playing.add(match.away);
  busy.set(day, playing);
}

/** "HH:MM" in Brasília (UTC-3 all year) on a São Paulo day, as an ISO instant. */
export function kickOffAt(day: string, time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(Date.parse(dayRange(day).start) + (hours * 60 + minutes) * MINUTE_MS).toISOString();
}

function weekNumber(monday: string): number {
  return Math.round((Date.parse(`${monday}T00:00:00.000Z`) - Date.parse(`${EPOCH_MONDAY}T00:00:00.000Z`)) / WEEK_MS);
}

function isActive(weeks: Weeks, week: number): boolean {
  if (weeks === 'every') return true;
  return mod(week, 2) === (weeks === 'even' ? 0 : 1);
}

/** How many rounds the competition played in the weeks before `week` (its place in the season). */
function roundsBefore(windows: readonly RoundWindow[], week: number): number {
  return windows.reduce(
    (sum, w) => sum + (w.weeks === 'every' ? week : w.weeks === 'even' ? Math.ceil(week / 2) : Math.floor(week / 2)),
    0,
  );
}

function placement(code: string): number {
  const index = PLACEMENT_ORDER.indexOf(code);
  return index === -1 ? PLACEMENT_ORDER.length : index;
}

function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}
