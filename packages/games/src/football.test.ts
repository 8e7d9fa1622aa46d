import { describe, expect, it } from 'vitest';
import { fastFloats } from './fair.ts';
import {
  ASIAN_HANDICAP_LINES,
  BASE_GOALS,
  CORRECT_SCORE_MAX,
  expectedGoals,
  type FairMarket,
  fairMarkets,
  formatLine,
  formatOdds,
  HOME_ADVANTAGE,
  inPlayMatrix,
  lostSelections,
  MAX_GOALS,
  MAX_ODDS,
  MIN_ODDS,
  OVER_UNDER_LINES,
  parseOdds,
  poissonRow,
  priceMarket,
  priceOdds,
  scoreMatrix,
  winningCodes,
} from './football.ts';

/**
 * The football pricing model checked against a computation written here from its definition:
 * P(h, a) = Poisson(h; xg home) x Poisson(a; xg away), summed over every score up to 60 goals a
 * side (the tail beyond is far below 1e-30), with no shared code.
 */

function pmf(lambda: number, k: number): number {
  // e^-l l^k / k!, in logs so large k stays finite.
  let logFactorial = 0;
  for (let i = 2; i <= k; i++) logFactorial += Math.log(i);
  return Math.exp(-lambda + k * Math.log(lambda) - logFactorial);
}

type Predicate = (h: number, a: number) => boolean;
function exactProbability(xgHome: number, xgAway: number, keep: Predicate): number {
  let sum = 0;
  for (let h = 0; h <= 60; h++) for (let a = 0; a <= 60; a++) if (keep(h, a)) sum += pmf(xgHome, h) * pmf(xgAway, a);
  return sum;
}

/** What each selection of each market means, written out independently of fairMarkets. */
function independentMarkets(): { type: string; line: number; code: string; keep: Predicate }[] {
  const rows: { type: string; line: number; code: string; keep: Predicate }[] = [
    { type: '1x2', line: 0, code: 'home', keep: (h, a) => h > a },
    { type: '1x2', line: 0, code: 'draw', keep: (h, a) => h === a },
    { type: '1x2', line: 0, code: 'away', keep: (h, a) => h < a },
    { type: 'double_chance', line: 0, code: 'home_draw', keep: (h, a) => h >= a },
    { type: 'double_chance', line: 0, code: 'home_away', keep: (h, a) => h !== a },
    { type: 'double_chance', line: 0, code: 'draw_away', keep: (h, a) => h <= a },
    { type: 'btts', line: 0, code: 'yes', keep: (h, a) => h >= 1 && a >= 1 },
    { type: 'btts', line: 0, code: 'no', keep: (h, a) => h === 0 || a === 0 },
  ];
  for (const [line, goals] of [
    [50, 1],
    [150, 2],
    [250, 3],
    [350, 4],
    [450, 5],
  ] as const) {
    rows.push({ type: 'over_under', line, code: 'over', keep: (h, a) => h + a >= goals });
    rows.push({ type: 'over_under', line, code: 'under', keep: (h, a) => h + a < goals });
  }
  for (let h = 0; h <= 4; h++) {
    for (let a = 0; a <= 4; a++) rows.push({ type: 'correct_score', line: 0, code: `${h}-${a}`, keep: (x, y) => x === h && y === a });
  }
  const other = (x: number, y: number) => x >= 5 || y >= 5;
  rows.push({ type: 'correct_score', line: 0, code: 'other_home', keep: (x, y) => other(x, y) && x > y });
  rows.push({ type: 'correct_score', line: 0, code: 'other_draw', keep: (x, y) => other(x, y) && x === y });
  rows.push({ type: 'correct_score', line: 0, code: 'other_away', keep: (x, y) => other(x, y) && x < y });
  // Asian handicap on half lines: home -2.5 wins by 3+, -1.5 by 2+, -0.5 by 1+, +0.5 avoids defeat, +1.5 loses by 1 at most...
  for (const [line, margin] of [
    [-250, 3],
    [-150, 2],
    [-50, 1],
    [50, 0],
    [150, -1],
    [250, -2],
  ] as const) {
    rows.push({ type: 'asian_handicap', line, code: 'home', keep: (h, a) => h - a >= margin });
    rows.push({ type: 'asian_handicap', line, code: 'away', keep: (h, a) => h - a < margin });
  }
  return rows;
}

const probabilityOf = (markets: FairMarket[], type: string, line: number, code: string) =>
  markets.find((m) => m.type === type && m.line === line)!.selections.find((s) => s.code === code)!.probability;

const XG_CASES: [number, number][] = [
  [1.56, 1.3],
  [0.4, 2.9],
  [2.8, 0.35],
  [1.0, 1.0],
  [3.2, 2.7],
  [0.05, 0.05],
];

describe('football model: expected goals', () => {
  it('scales the base rate by attack and the other side defence, with the home advantage at home', () => {
    expect(BASE_GOALS).toBe(1.3);
    expect(HOME_ADVANTAGE).toBe(1.2);
    const average = { attack: 1000, defence: 1000 };
    expect(expectedGoals(average, average).home).toBeCloseTo(1.56, 12);
    expect(expectedGoals(average, average).away).toBeCloseTo(1.3, 12);
    const xg = expectedGoals({ attack: 1350, defence: 720 }, { attack: 820, defence: 1190 });
    expect(xg.home).toBeCloseTo(1.3 * 1.35 * 1.19 * 1.2, 12);
    expect(xg.away).toBeCloseTo(1.3 * 0.82 * 0.72, 12);
    expect(expectedGoals(average, average, { base: 2, homeAdvantage: 1 })).toEqual({ home: 2, away: 2 });
  });
});

describe('football model: Poisson rows and score matrices', () => {
  it('gives each goal count its Poisson probability and folds the tail into the last cell', () => {
    for (const lambda of [0.05, 0.8, 1.56, 2.9, 4.5]) {
      const row = poissonRow(lambda);
      expect(row).toHaveLength(MAX_GOALS + 1);
      for (let k = 0; k < MAX_GOALS; k++) expect(row[k]).toBeCloseTo(pmf(lambda, k), 14);
      let tail = 0;
      for (let k = MAX_GOALS; k <= 80; k++) tail += pmf(lambda, k);
      expect(row[MAX_GOALS]).toBeCloseTo(tail, 12);
      expect(row.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 14);
    }
  });

  it('builds independent sides: every cell is the product of the two rows, the whole sums to 1', () => {
    const matrix = scoreMatrix({ home: 1.7, away: 0.9 });
    const home = poissonRow(1.7);
    const away = poissonRow(0.9);
    for (let h = 0; h <= MAX_GOALS; h++) for (let a = 0; a <= MAX_GOALS; a++) expect(matrix[h]![a]).toBe(home[h]! * away[a]!);
    expect(matrix.flat().reduce((s, p) => s + p, 0)).toBeCloseTo(1, 14);
  });

  it('in play: the final score is the current one plus Poisson goals over the minutes left', () => {
    const xg = { home: 1.8, away: 1.1 };
    // At kick-off, in-play equals pre-match.
    const start = inPlayMatrix(xg, 0, { home: 0, away: 0 });
    const pre = scoreMatrix(xg);
    for (let h = 0; h <= MAX_GOALS; h++) for (let a = 0; a <= MAX_GOALS; a++) expect(start[h]![a]).toBeCloseTo(pre[h]![a]!, 15);
    // At full time (and after), all the mass is on the score.
    for (const minute of [90, 95]) {
      const end = inPlayMatrix(xg, minute, { home: 2, away: 1 });
      expect(end[2]![1]).toBeCloseTo(1, 15);
      expect(end.flat().reduce((s, p) => s + p, 0)).toBeCloseTo(1, 14);
    }
    // At minute 60 with 1-0: home adds Poisson(1.8 x 30/90) goals, away Poisson(1.1 x 30/90).
    const mid = inPlayMatrix(xg, 60, { home: 1, away: 0 });
    expect(mid[0]![0]).toBe(0);
    expect(mid[0]![3]).toBe(0);
    expect(mid[1]![0]).toBeCloseTo(pmf(0.6, 0) * pmf(1.1 / 3, 0), 14);
    expect(mid[3]![2]).toBeCloseTo(pmf(0.6, 2) * pmf(1.1 / 3, 2), 14);
    expect(mid.flat().reduce((s, p) => s + p, 0)).toBeCloseTo(1, 14);
    // Scores beyond the matrix fold into its edge rather than vanish.
    const big = inPlayMatrix(xg, 80, { home: MAX_GOALS, away: 0 });
    expect(big[MAX_GOALS]!.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 14);
  });
});

describe('football model: fair markets against an independent computation', () => {
  it('lists every market the book offers, with the offered lines', () => {
    const markets = fairMarkets(scoreMatrix({ home: 1.5, away: 1.2 }));
    expect(markets.map((m) => `${m.type}:${m.line}`)).toEqual([
      '1x2:0',
      'double_chance:0',
      ...OVER_UNDER_LINES.map((l) => `over_under:${l}`),
      'btts:0',
      'correct_score:0',
      ...ASIAN_HANDICAP_LINES.map((l) => `asian_handicap:${l}`),
    ]);
    expect(markets.find((m) => m.type === 'correct_score')!.selections).toHaveLength((CORRECT_SCORE_MAX + 1) ** 2 + 3);
  });

  it('matches the exact Poisson probability of every selection of every market', () => {
    const expected = independentMarkets();
    for (const [home, away] of XG_CASES) {
      const markets = fairMarkets(scoreMatrix({ home, away }));
      // Scores past 10 a side fold into the matrix edge (MAX_GOALS): below 1e-9 for real matches, a few
      // millionths when both sides expect 3 goals (far from a cent of any price).
      const digits = home + away < 4 ? 9 : 5;
      const count = markets.reduce((n, m) => n + m.selections.length, 0);
      expect(count).toBe(expected.length);
      for (const row of expected) {
        const exact = exactProbability(home, away, row.keep);
        expect(probabilityOf(markets, row.type, row.line, row.code), `${home}-${away} ${row.type} ${row.line} ${row.code}`).toBeCloseTo(
          exact,
          digits,
        );
      }
    }
  });

  it('sums each market to 1 (double chance to 2: every outcome is in two of its selections)', () => {
    for (const [home, away] of XG_CASES) {
      for (const market of fairMarkets(scoreMatrix({ home, away }))) {
        const sum = market.selections.reduce((s, x) => s + x.probability, 0);
        expect(sum, market.type).toBeCloseTo(market.type === 'double_chance' ? 2 : 1, 12);
      }
    }
  });

  it('agrees with winningCodes on every score: the selections a score wins are the ones that hold it', () => {
    for (let h = 0; h <= 7; h++) {
      for (let a = 0; a <= 7; a++) {
        const matrix = Array.from({ length: MAX_GOALS + 1 }, () => new Array<number>(MAX_GOALS + 1).fill(0));
        matrix[h]![a] = 1;
        for (const market of fairMarkets(matrix)) {
          const holding = market.selections.filter((s) => s.probability === 1).map((s) => s.code);
          expect(winningCodes(market.type, market.line, h, a).sort(), `${h}-${a} ${market.type} ${market.line}`).toEqual(holding.sort());
        }
      }
    }
  });
});

describe('football model: selections a score in play has already lost', () => {
  /** Every market of the book (its types, lines and selection codes), read from the model itself. */
  const markets = fairMarkets(scoreMatrix({ home: 1.4, away: 1.1 }));
  /** Goals that may still come in this check: far more than any line or correct score needs. */
  const MORE = 12;

  it('names exactly the selections no later score can win, for every market and every score up to 8-8', () => {
    for (let home = 0; home <= 8; home++) {
      for (let away = 0; away <= 8; away++) {
        for (const market of markets) {
          const lost = new Set(lostSelections(market.type, market.line, { home, away }));
          for (const { code } of market.selections) {
            let canWin = false;
            for (let h = home; h <= home + MORE && !canWin; h++) {
              for (let a = away; a <= away + MORE && !canWin; a++) canWin = winningCodes(market.type, market.line, h, a).includes(code);
            }
            expect(lost.has(code), `${home}-${away} ${market.type} ${market.line} ${code}`).toBe(!canWin);
          }
        }
      }
    }
  });

  it('closes the correct scores below the score, the under of a passed line and "no" once both scored', () => {
    expect(lostSelections('correct_score', 0, { home: 1, away: 0 })).toEqual(['0-0', '0-1', '0-2', '0-3', '0-4']);
    expect(lostSelections('correct_score', 0, { home: 0, away: 0 })).toEqual([]);
    expect(lostSelections('correct_score', 0, { home: 5, away: 0 })).toHaveLength((CORRECT_SCORE_MAX + 1) ** 2);
    expect(lostSelections('over_under', 250, { home: 2, away: 1 })).toEqual(['under']);
    expect(lostSelections('over_under', 350, { home: 2, away: 1 })).toEqual([]);
    expect(lostSelections('btts', 0, { home: 1, away: 1 })).toEqual(['no']);
    expect(lostSelections('1x2', 0, { home: 4, away: 0 })).toEqual([]);
  });
});

describe('football model: prices', () => {
  it('prices 1 / (p x (1 + margin)) rounded down to the cent', () => {
    expect(priceOdds(0.5, 0)).toBe(200);
    expect(priceOdds(0.5, 600)).toBe(188); // 188.679...
    expect(priceOdds(1 / 1.85, 0)).toBe(185); // exactly 1.85 despite float noise
    expect(priceOdds(0.25, 500)).toBe(380); // 380.95...
    expect(priceOdds(0.3, 1000)).toBe(303); // 303.03...
  });

  it('clamps to the shortest (1.01) and longest (1000.00) prices; an impossible outcome gets the longest', () => {
    expect(MIN_ODDS).toBe(101);
    expect(MAX_ODDS).toBe(100_000);
    expect(priceOdds(0.999, 600)).toBe(101);
    expect(priceOdds(1, 0)).toBe(101);
    expect(priceOdds(1e-9, 600)).toBe(100_000);
    expect(priceOdds(0, 600)).toBe(100_000);
    expect(priceOdds(Number.NaN, 600)).toBe(100_000);
    expect(priceOdds(-0.1, 600)).toBe(100_000);
  });

  it('never quotes above the fair price with margin, and by less than a cent', () => {
    const random = fastFloats(7);
    for (let i = 0; i < 20_000; i++) {
      const p = 0.001 + random() * 0.95;
      const margin = Math.floor(random() * 1500);
      const raw = 100 / (p * (1 + margin / 10_000));
      const odds = priceOdds(p, margin);
      if (raw < MIN_ODDS || raw > MAX_ODDS) continue;
      expect(odds).toBeLessThanOrEqual(raw + 1e-6);
      expect(odds).toBeGreaterThan(raw - 1);
    }
  });

  it('makes each market sum to 1 + margin plus at most the rounding (double chance: 2 x)', () => {
    for (const [home, away] of XG_CASES) {
      for (const margin of [0, 300, 600, 1200]) {
        for (const market of fairMarkets(scoreMatrix({ home, away }))) {
          const priced = priceMarket(market, margin);
          const clampedLow = market.selections.some((s) => s.probability * (1 + margin / 10_000) > 100 / MIN_ODDS);
          if (clampedLow) continue; // the book suspends such a market (it cannot carry the margin)
          const target = (market.type === 'double_chance' ? 2 : 1) * (1 + margin / 10_000);
          let sum = 0;
          let slack = 0;
          for (const s of priced) {
            sum += 100 / s.odds;
            slack += s.odds === MAX_ODDS ? 100 / s.odds : 100 / (s.odds * (s.odds - 1));
          }
          expect(sum).toBeGreaterThanOrEqual(target - 1e-9);
          expect(sum).toBeLessThanOrEqual(target + slack + 1e-9);
        }
      }
    }
  });

  it('keeps the fair probability in parts per million beside each price', () => {
    const market = fairMarkets(scoreMatrix({ home: 1.56, away: 1.3 }))[0]!;
    const priced = priceMarket(market, 600);
    expect(priced.map((s) => s.code)).toEqual(['home', 'draw', 'away']);
    for (const [i, s] of priced.entries()) expect(s.probabilityPpm).toBe(Math.round(market.selections[i]!.probability * 1_000_000));
    expect(priced.reduce((n, s) => n + s.probabilityPpm, 0)).toBeGreaterThanOrEqual(999_998);
  });
});

describe('football model: results and text', () => {
  it('decides each market from a final score', () => {
    expect(winningCodes('1x2', 0, 2, 1)).toEqual(['home']);
    expect(winningCodes('1x2', 0, 1, 1)).toEqual(['draw']);
    expect(winningCodes('1x2', 0, 0, 3)).toEqual(['away']);
    expect(winningCodes('double_chance', 0, 0, 0)).toEqual(['home_draw', 'draw_away']);
    expect(winningCodes('over_under', 250, 2, 1)).toEqual(['over']);
    expect(winningCodes('over_under', 250, 1, 1)).toEqual(['under']);
    expect(winningCodes('over_under', 50, 0, 0)).toEqual(['under']);
    expect(winningCodes('btts', 0, 3, 0)).toEqual(['no']);
    expect(winningCodes('btts', 0, 1, 2)).toEqual(['yes']);
    expect(winningCodes('correct_score', 0, 4, 4)).toEqual(['4-4']);
    expect(winningCodes('correct_score', 0, 5, 0)).toEqual(['other_home']);
    expect(winningCodes('correct_score', 0, 5, 5)).toEqual(['other_draw']);
    expect(winningCodes('correct_score', 0, 2, 7)).toEqual(['other_away']);
    expect(winningCodes('asian_handicap', -150, 2, 0)).toEqual(['home']);
    expect(winningCodes('asian_handicap', -150, 2, 1)).toEqual(['away']);
    expect(winningCodes('asian_handicap', 50, 1, 1)).toEqual(['home']);
    expect(winningCodes('asian_handicap', 150, 0, 2)).toEqual(['away']);
  });

  it('writes lines and odds as players read them, and parses only two-decimal prices', () => {
    expect(formatLine('over_under', 250)).toBe('2.5');
    expect(formatLine('over_under', 50)).toBe('0.5');
    expect(formatLine('asian_handicap', -150)).toBe('-1.5');
    expect(formatLine('asian_handicap', 50)).toBe('+0.5');
    expect(formatLine('asian_handicap', 225)).toBe('+2.25');
    expect(formatLine('1x2', 0)).toBeNull();
    expect(formatLine('btts', 0)).toBeNull();
    expect(formatOdds(185)).toBe('1.85');
    expect(formatOdds(101)).toBe('1.01');
    expect(formatOdds(1000)).toBe('10.00');
    expect(formatOdds(100_000)).toBe('1000.00');
    for (const odds of [101, 185, 250, 999, 1000, 12_345, 100_000]) expect(parseOdds(formatOdds(odds))).toBe(odds);
    for (const bad of ['1.8', '1.855', '-1.50', '1,85', ' 1.85', '1.85 ', 'abc', '', '185', '123456.00', '1e2.00']) {
      expect(parseOdds(bad), bad).toBeNull();
    }
  });
});
