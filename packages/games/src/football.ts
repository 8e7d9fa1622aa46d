/**
 * Football pricing (issue 6, DESIGN.md section 8): team ratings -> expected goals -> an independent
 * Poisson score matrix -> fair probabilities of every market -> decimal odds with the book's margin.
 * Pure code: the server prices fixtures with it and the tests recompute prices independently.
 */

/** A team's strength in thousandths of the league average (1000 = average). */
export interface TeamRating {
  attack: number;
  defence: number;
}

export interface ExpectedGoals {
  home: number;
  away: number;
}

/** Goals an average team scores per match, and the home side's multiplier (Série A-like figures). */
export const BASE_GOALS = 1.3;
export const HOME_ADVANTAGE = 1.2;
/** Scores above this per side carry negligible probability and are folded into the last row/column. */
export const MAX_GOALS = 10;
/** The longest price offered (1000.00) and the shortest (1.01), in hundredths. */
export const MAX_ODDS = 100_000;
export const MIN_ODDS = 101;
/** Over/under lines offered, in hundredths. */
export const OVER_UNDER_LINES = [50, 150, 250, 350, 450] as const;
/** Asian handicap lines offered from the home side, in hundredths (half lines: no push). */
export const ASIAN_HANDICAP_LINES = [-250, -150, -50, 50, 150, 250] as const;
/** Correct score: every score up to this per side, plus other_home / other_draw / other_away. */
export const CORRECT_SCORE_MAX = 4;

/**
 * Expected goals of a fixture: the league's base rate scaled by the side's attack and the other
 * side's defence (a defence above 1000 concedes more), times the home advantage for the home side.
 */
export function expectedGoals(home: TeamRating, away: TeamRating, options: { base?: number; homeAdvantage?: number } = {}): ExpectedGoals {
  const base = options.base ?? BASE_GOALS;
  const advantage = options.homeAdvantage ?? HOME_ADVANTAGE;
  return {
    home: base * (home.attack / 1000) * (away.defence / 1000) * advantage,
    away: base * (away.attack / 1000) * (home.defence / 1000),
  };
}

/** P(X = k) for a Poisson variable of mean `lambda`, k = 0..max, the tail folded into max. */
export function poissonRow(lambda: number, max = MAX_GOALS): number[] {
  const row: number[] = [];
  let p = Math.exp(-lambda);
  let sum = 0;
  for (let k = 0; k < max; k++) {
    row.push(p);
    sum += p;
    p = (p * lambda) / (k + 1);
  }
  row.push(Math.max(0, 1 - sum));
  return row;
}

/** matrix[h][a] = P(home scores h, away scores a), independent Poisson sides (rows sum to 1). */
export function scoreMatrix(xg: ExpectedGoals, max = MAX_GOALS): number[][] {
  const home = poissonRow(xg.home, max);
  const away = poissonRow(xg.away, max);
  return home.map((ph) => away.map((pa) => ph * pa));
}

/**
 * The matrix of FINAL scores of a match in play: the current score plus Poisson goals over the
 * minutes left (each side's rate scaled by (90 - minute) / 90).
 */
export function inPlayMatrix(xg: ExpectedGoals, minute: number, score: { home: number; away: number }, max = MAX_GOALS): number[][] {
  const left = Math.max(0, Math.min(90, 90 - minute)) / 90;
  const rest = scoreMatrix({ home: xg.home * left, away: xg.away * left }, max);
  const size = max + 1;
  const matrix = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (let h = 0; h < size; h++) {
    for (let a = 0; a < size; a++) {
      const fh = Math.min(max, score.home + h);
      const fa = Math.min(max, score.away + a);
      matrix[fh]![fa]! += rest[h]![a]!;
    }
  }
  return matrix;
}

export type MarketType = '1x2' | 'double_chance' | 'over_under' | 'btts' | 'correct_score' | 'asian_handicap';

export interface FairSelection {
  code: string;
  probability: number;
}

export interface FairMarket {
  type: MarketType;
  /** Hundredths (2.5 -> 250; -1.5 -> -150); 0 when the market has none. */
  line: number;
  selections: FairSelection[];
}

function sumWhere(matrix: number[][], keep: (h: number, a: number) => boolean): number {
  let sum = 0;
  for (let h = 0; h < matrix.length; h++) {
    const row = matrix[h]!;
    for (let a = 0; a < row.length; a++) if (keep(h, a)) sum += row[a]!;
  }
  return sum;
}

/**
 * Every market the book offers on a fixture, with fair probabilities from the score matrix.
 * Each market's probabilities sum to 1, except double chance (each outcome is in two selections: 2).
 * Asian handicap lines are half lines, so a stake is never pushed.
 */
export function fairMarkets(matrix: number[][]): FairMarket[] {
  const home = sumWhere(matrix, (h, a) => h > a);
  const draw = sumWhere(matrix, (h, a) => h === a);
  const away = sumWhere(matrix, (h, a) => h < a);
  const markets: FairMarket[] = [
    {
      type: '1x2',
      line: 0,
      selections: [
        { code: 'home', probability: home },
        { code: 'draw', probability: draw },
        { code: 'away', probability: away },
      ],
    },
    {
      type: 'double_chance',
      line: 0,
      selections: [
        { code: 'home_draw', probability: home + draw },
        { code: 'home_away', probability: home + away },
        { code: 'draw_away', probability: draw + away },
      ],
    },
  ];
  for (const line of OVER_UNDER_LINES) {
    const over = sumWhere(matrix, (h, a) => (h + a) * 100 > line);
    markets.push({
      type: 'over_under',
      line,
      selections: [
        { code: 'over', probability: over },
        { code: 'under', probability: 1 - over },
      ],
    });
  }
  const yes = sumWhere(matrix, (h, a) => h > 0 && a > 0);
  markets.push({
    type: 'btts',
    line: 0,
    selections: [
      { code: 'yes', probability: yes },
      { code: 'no', probability: 1 - yes },
    ],
  });
  const scores: FairSelection[] = [];
  for (let h = 0; h <= CORRECT_SCORE_MAX; h++) {
    for (let a = 0; a <= CORRECT_SCORE_MAX; a++) scores.push({ code: `${h}-${a}`, probability: matrix[h]![a]! });
  }
  const big = (h: number, a: number) => h > CORRECT_SCORE_MAX || a > CORRECT_SCORE_MAX;
  scores.push(
    { code: 'other_home', probability: sumWhere(matrix, (h, a) => big(h, a) && h > a) },
    { code: 'other_draw', probability: sumWhere(matrix, (h, a) => big(h, a) && h === a) },
    { code: 'other_away', probability: sumWhere(matrix, (h, a) => big(h, a) && h < a) },
  );
  markets.push({ type: 'correct_score', line: 0, selections: scores });
  for (const line of ASIAN_HANDICAP_LINES) {
    // The home side wins the handicap when its goals plus the line beat the away side's goals.
    const homeCovers = sumWhere(matrix, (h, a) => h * 100 + line > a * 100);
    markets.push({
      type: 'asian_handicap',
      line,
      selections: [
        { code: 'home', probability: homeCovers },
        { code: 'away', probability: 1 - homeCovers },
      ],
    });
  }
  return markets;
}

/**
 * Decimal odds in hundredths for a fair probability and a margin: 1 / (p x (1 + margin)), rounded
 * DOWN to the cent (the book never offers more than its price), within [MIN_ODDS, MAX_ODDS].
 * So each market's implied probabilities sum to (1 + margin), plus at most the rounding.
 */
export function priceOdds(probability: number, marginBp: number): number {
  if (!(probability > 0)) return MAX_ODDS;
  const raw = 100 / (probability * (1 + marginBp / 10_000));
  // A hair of tolerance so 1.8499999999 computed for an exact 1.85 stays 1.85.
  const odds = Math.floor(raw + 1e-9);
  return Math.max(MIN_ODDS, Math.min(MAX_ODDS, odds));
}

export interface PricedSelection {
  code: string;
  /** Decimal odds in hundredths. */
  odds: number;
  /** The fair probability in parts per million (rounded). */
  probabilityPpm: number;
}

export function priceMarket(market: FairMarket, marginBp: number): PricedSelection[] {
  return market.selections.map((s) => ({
    code: s.code,
    odds: priceOdds(s.probability, marginBp),
    probabilityPpm: Math.round(s.probability * 1_000_000),
  }));
}

/** Which selections of a market win for a final score (every other selection loses). */
export function winningCodes(type: MarketType, line: number, home: number, away: number): string[] {
  switch (type) {
    case '1x2':
      return [home > away ? 'home' : home === away ? 'draw' : 'away'];
    case 'double_chance':
      if (home > away) return ['home_draw', 'home_away'];
      if (home === away) return ['home_draw', 'draw_away'];
      return ['home_away', 'draw_away'];
    case 'over_under':
      return [(home + away) * 100 > line ? 'over' : 'under'];
    case 'btts':
      return [home > 0 && away > 0 ? 'yes' : 'no'];
    case 'correct_score':
      if (home > CORRECT_SCORE_MAX || away > CORRECT_SCORE_MAX)
        return [home > away ? 'other_home' : home === away ? 'other_draw' : 'other_away'];
      return [`${home}-${away}`];
    case 'asian_handicap':
      return [home * 100 + line > away * 100 ? 'home' : 'away'];
  }
}

/**
 * The selections of a market that a match in play at `score` can no longer win, whatever goals are
 * still to come (goals are never taken away): a correct score below the current one, the under of
 * a line already passed, "no" once both sides scored. The book closes them at once: none is offered
 * at the longest price, and bets on them are lost without waiting for full time.
 */
export function lostSelections(type: MarketType, line: number, score: { home: number; away: number }): string[] {
  switch (type) {
    case 'over_under':
      return (score.home + score.away) * 100 > line ? ['under'] : [];
    case 'btts':
      return score.home > 0 && score.away > 0 ? ['no'] : [];
    case 'correct_score': {
      const lost: string[] = [];
      for (let h = 0; h <= CORRECT_SCORE_MAX; h++) {
        for (let a = 0; a <= CORRECT_SCORE_MAX; a++) if (h < score.home || a < score.away) lost.push(`${h}-${a}`);
      }
      return lost;
    }
    // Whoever leads, the other side can still score: nothing is decided before full time.
    case '1x2':
    case 'double_chance':
    case 'asian_handicap':
      return [];
  }
}

/** "2.5" / "-1.5" / null for a line in hundredths. */
export function formatLine(type: MarketType, line: number): string | null {
  if (type !== 'over_under' && type !== 'asian_handicap') return null;
  const sign = line < 0 ? '-' : type === 'asian_handicap' && line > 0 ? '+' : '';
  const abs = Math.abs(line);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100)
    .padStart(2, '0')
    .replace(/0$/, '')}`;
}

/** "1.85" from 185. */
export function formatOdds(odds: number): string {
  return `${Math.floor(odds / 100)}.${String(odds % 100).padStart(2, '0')}`;
}

/** 185 from "1.85"; null when not a price with exactly two decimals. */
export function parseOdds(text: string): number | null {
  const match = /^(\d{1,5})\.(\d{2})$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number(match[2]);
}
