import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/http.ts';
import { parseResultBody } from './sports-admin.service.ts';
import { settingsOrderErrors } from './sports-book.service.ts';
import { ggrFigures, reportRange } from './sports-report.service.ts';
import { isRealDay as isRealDate } from '../../../lib/sao-paulo.ts';
import { fixtureFigures, marketFigures, nameIn, ppmToPercent, ratioPercent, selectionFigures } from './sports-admin.views.ts';

/** The back office's sportsbook arithmetic and parsing, without a database. */

const row = (marketId: number, selectionId: number, bets: number, stakes: number, payouts: number) => ({
  marketId,
  selectionId,
  bets,
  stakesCentavos: stakes,
  payoutsCentavos: payouts,
});

describe('liability', () => {
  it("a market's worst case is its largest selection payout less every stake on it", () => {
    const market = marketFigures([row(1, 10, 2, 3_000, 6_300), row(1, 11, 1, 500, 1_700)]);
    expect([market.bets, market.stakesCentavos, market.liabilityCentavos]).toEqual([3, 3_500, 2_800]);
    expect(selectionFigures(market, 10)).toMatchObject({ payoutsCentavos: 6_300, liabilityCentavos: 2_800 });
    expect(selectionFigures(market, 11).liabilityCentavos).toBe(-1_800);
    // A selection nobody backed: the book keeps every stake if it wins.
    expect(selectionFigures(market, 12)).toEqual({ bets: 0, stakesCentavos: 0, payoutsCentavos: 0, liabilityCentavos: -3_500 });
  });

  it('a balanced book has a negative worst case; a market without bets has none', () => {
    expect(marketFigures([row(1, 1, 1, 1_000, 1_900), row(1, 2, 1, 1_000, 1_900)]).liabilityCentavos).toBe(-100);
    const empty = marketFigures([]);
    expect([empty.bets, empty.liabilityCentavos]).toEqual([0, 0]);
    expect(selectionFigures(empty, 1).liabilityCentavos).toBe(0);
  });

  it("a fixture adds its markets' bets and stakes and keeps its worst market", () => {
    expect(fixtureFigures([row(1, 1, 1, 1_000, 2_100), row(2, 5, 2, 400, 5_000), row(2, 6, 1, 100, 190)])).toEqual({
      bets: 4,
      stakesCentavos: 1_500,
      liabilityCentavos: 4_500,
    });
    expect(fixtureFigures([])).toEqual({ bets: 0, stakesCentavos: 0, liabilityCentavos: 0 });
  });
});

describe('percentages in integers', () => {
  it('rounds half away from zero to two decimals, null without a base', () => {
    expect(ratioPercent(1, 3)).toBe('33.33');
    expect(ratioPercent(2, 3)).toBe('66.67');
    expect(ratioPercent(-600, 1_500)).toBe('-40.00');
    expect(ratioPercent(-1, 20_000)).toBe('-0.01');
    expect(ratioPercent(-1, 200_000)).toBe('0.00');
    expect(ratioPercent(73_000, 50_000_000)).toBe('0.15');
    expect(ratioPercent(5, 0)).toBeNull();
    expect(ppmToPercent(523_149)).toBe('52.31');
    expect(ppmToPercent(523_150)).toBe('52.32');
  });

  it('GGR figures: stakes less payouts, and the margin over stakes', () => {
    expect(ggrFigures({ bets: 3, stakesCentavos: 10_000, payoutsCentavos: 9_479 })).toEqual({
      bets: 3,
      stakes: '100.00',
      payouts: '94.79',
      ggr: '5.21',
      margin: '5.21',
    });
    expect(ggrFigures({ bets: 0, stakesCentavos: 0, payoutsCentavos: 0 }).margin).toBeNull();
  });
});

describe('names and dates', () => {
  it('picks the reader language, then Portuguese, then the fallback', () => {
    const json = JSON.stringify({ pt: 'Brasileirão Série A', en: 'Brazilian Série A' });
    expect(nameIn(json, 'en', 'x')).toBe('Brazilian Série A');
    expect(nameIn(json, 'th', 'x')).toBe('Brasileirão Série A');
    expect(nameIn('{broken', 'pt', 'serie-a')).toBe('serie-a');
    expect(nameIn(null, 'pt', 'serie-a')).toBe('serie-a');
  });

  it('knows which days exist', () => {
    expect(['2024-02-29', '2025-12-31'].map(isRealDate)).toEqual([true, true]);
    expect(['2025-02-29', '2025-13-01', '2025-1-01', 'hoje'].map(isRealDate)).toEqual([false, false, false, false]);
  });

  it('a report covers São Paulo days: the last 30 by default, at most 366, in order', () => {
    const now = Date.parse('2025-03-10T02:00:00Z'); // still 9 March in São Paulo
    expect(reportRange(undefined, undefined, now)).toEqual({
      from: '2025-02-08',
      to: '2025-03-09',
      start: '2025-02-08T03:00:00.000Z',
      end: '2025-03-10T03:00:00.000Z',
    });
    const refusal = (from?: string, to?: string) => {
      try {
        reportRange(from, to, now);
      } catch (error) {
        return error instanceof AppError ? error.fieldErrors : error;
      }
      return null;
    };
    expect(refusal('2025-03-02', '2025-03-01')).toEqual({ from: ['validation.date_order'] });
    expect(refusal('2024-01-01', '2025-01-01')).toEqual({ from: ['validation.date_range_too_long'] });
    expect(refusal('2024-01-02', '2025-01-01')).toBeNull();
    expect(refusal('2025-02-30', undefined)).toEqual({ from: ['validation.date_format'] });
  });
});

describe('result entries', () => {
  it('reads a score (numbers or digits) or a cancellation, never both', () => {
    expect(parseResultBody({ home_score: 2, away_score: 0 })).toEqual({ home_score: 2, away_score: 0 });
    expect(parseResultBody({ home_score: '3', away_score: ' 1 ' })).toEqual({ home_score: 3, away_score: 1 });
    expect(parseResultBody({ cancelled: true })).toEqual({ cancelled: true });
    const codes = (body: Parameters<typeof parseResultBody>[0]) => {
      try {
        parseResultBody(body);
        return null;
      } catch (error) {
        return error instanceof AppError ? [error.errorCode, Object.keys(error.fieldErrors ?? {})] : error;
      }
    };
    expect(codes({ home_score: 100, away_score: 0 })).toEqual(['SPORTS_RESULT_INVALID', ['home_score']]);
    expect(codes({ home_score: 1, away_score: '1.0' })).toEqual(['SPORTS_RESULT_INVALID', ['away_score']]);
    expect(codes({ home_score: Number.NaN, away_score: 0 })).toEqual(['SPORTS_RESULT_INVALID', ['home_score']]);
    expect(codes({ cancelled: true, away_score: 1 })).toEqual(['SPORTS_RESULT_INVALID', ['cancelled']]);
  });
});

describe('settings order', () => {
  const valid = {
    default_margin_bp: 600,
    min_stake: 100,
    max_stake: 500_000,
    max_payout: 10_000_000,
    max_market_liability: 50_000_000,
    max_legs: 12,
    cashout_margin_bp: 500,
  };
  it('min stake ≤ max stake ≤ max payout ≤ max market liability, equal allowed', () => {
    expect(settingsOrderErrors(valid)).toEqual({});
    expect(settingsOrderErrors({ ...valid, min_stake: 500_000, max_payout: 500_000, max_market_liability: 500_000 })).toEqual({});
    expect(settingsOrderErrors({ ...valid, min_stake: 500_001 })).toEqual({ min_stake: ['sports.min_stake_above_max'] });
    expect(settingsOrderErrors({ ...valid, max_stake: 10_000_001 })).toEqual({ max_stake: ['sports.max_stake_above_payout'] });
    expect(settingsOrderErrors({ ...valid, max_market_liability: 9_999_999 })).toEqual({
      max_payout: ['sports.max_payout_above_liability'],
    });
  });
});
