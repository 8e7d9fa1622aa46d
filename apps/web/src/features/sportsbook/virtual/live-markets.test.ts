import type { MarketItem } from '@casino/shared/schemas/sports';
import { describe, expect, test } from 'vitest';
import { groupsWithMarkets, sortMarkets } from './live-markets.tsx';

let nextId = 1;
const market = (type: MarketItem['type'], line: string | null = null): MarketItem => ({
  id: nextId++,
  type,
  line,
  status: 'open',
  version: 1,
  selections: [],
});

describe('the live market list', () => {
  test('reads the result first, then double chance, both to score, goals lines in order, handicaps, correct score last', () => {
    const markets = [
      market('correct_score'),
      market('over_under', '2.5'),
      market('asian_handicap', '+0.5'),
      market('over_under', '0.5'),
      market('btts'),
      market('asian_handicap', '-1.5'),
      market('1x2'),
      market('double_chance'),
    ];
    expect(sortMarkets(markets).map((m) => `${m.type}${m.line ?? ''}`)).toEqual([
      '1x2',
      'double_chance',
      'btts',
      'over_under0.5',
      'over_under2.5',
      'asian_handicap-1.5',
      'asian_handicap+0.5',
      'correct_score',
    ]);
  });

  test('offers only the tabs that have markets, in tab order', () => {
    expect(groupsWithMarkets([market('correct_score'), market('1x2')])).toEqual(['main', 'score']);
    expect(groupsWithMarkets([market('over_under', '1.5'), market('asian_handicap', '0.5')])).toEqual(['goals', 'handicap']);
    expect(groupsWithMarkets([])).toEqual([]);
  });
});
