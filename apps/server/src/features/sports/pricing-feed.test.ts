import { describe, expect, it } from 'vitest';
import type { FeedMarket, OddsFeed } from './feeds/odds-feed.ts';
import { feedFor, poissonFeed, registerFeed } from './feeds/poisson-feed.ts';

/**
 * The built-in feed against a Poisson computation written here from the model's definition
 * (xG = 1.3 x attack x other defence, x 1.2 at home; independent Poisson sides), to the cent.
 */

function pmf(lambda: number, k: number): number {
  let p = Math.exp(-lambda);
  for (let i = 1; i <= k; i++) p *= lambda / i;
  return p;
}

function probability(lh: number, la: number, keep: (h: number, a: number) => boolean): number {
  let sum = 0;
  for (let h = 0; h <= 40; h++) for (let a = 0; a <= 40; a++) if (keep(h, a)) sum += pmf(lh, h) * pmf(la, a);
  return sum;
}

const odds = (p: number, marginBp: number) => Math.min(100_000, Math.max(101, Math.floor(100 / (p * (1 + marginBp / 10_000)) + 1e-9)));
const fixture = { id: 1, isVirtual: false, externalId: null };
const select = (markets: FeedMarket[], type: string, line = 0) => markets.find((m) => m.type === type && m.line === line)!;
const priceOf = (market: FeedMarket, code: string) => market.selections.find((s) => s.code === code)!.odds;

describe('the Poisson feed', () => {
  const flamengo = { attack: 1350, defence: 720 };
  const remo = { attack: 820, defence: 1190 };

  it('prices 1X2, over/under 2.5 and both teams to score to the cent, at any margin', () => {
    const lh = 1.3 * 1.35 * 1.19 * 1.2;
    const la = 1.3 * 0.82 * 0.72;
    for (const marginBp of [0, 450, 600, 1000]) {
      const markets = poissonFeed.price(fixture, { home: flamengo, away: remo }, { marginBp });
      const oneXTwo = select(markets, '1x2');
      expect(priceOf(oneXTwo, 'home')).toBe(
        odds(
          probability(lh, la, (h, a) => h > a),
          marginBp,
        ),
      );
      expect(priceOf(oneXTwo, 'draw')).toBe(
        odds(
          probability(lh, la, (h, a) => h === a),
          marginBp,
        ),
      );
      expect(priceOf(oneXTwo, 'away')).toBe(
        odds(
          probability(lh, la, (h, a) => h < a),
          marginBp,
        ),
      );
      const overUnder = select(markets, 'over_under', 250);
      expect(priceOf(overUnder, 'over')).toBe(
        odds(
          probability(lh, la, (h, a) => h + a > 2),
          marginBp,
        ),
      );
      expect(priceOf(overUnder, 'under')).toBe(
        odds(
          probability(lh, la, (h, a) => h + a <= 2),
          marginBp,
        ),
      );
      const btts = select(markets, 'btts');
      expect(priceOf(btts, 'yes')).toBe(
        odds(
          probability(lh, la, (h, a) => h > 0 && a > 0),
          marginBp,
        ),
      );
      expect(priceOf(btts, 'no')).toBe(
        odds(
          probability(lh, la, (h, a) => h === 0 || a === 0),
          marginBp,
        ),
      );
      expect(markets.every((m) => m.marginBp === marginBp)).toBe(true);
      expect(markets).toHaveLength(15);
    }
  });

  it('suspends a market that cannot carry the margin (a price below 1.01) and offers the rest', () => {
    const markets = poissonFeed.price(fixture, { home: flamengo, away: remo }, { marginBp: 600 });
    const lh = 1.3 * 1.35 * 1.19 * 1.2;
    const la = 1.3 * 0.82 * 0.72;
    for (const market of markets) {
      const carries = market.selections.every((s) => (s.probabilityPpm / 1e6) * 1.06 * 1.01 <= 1 + 1e-6);
      expect(market.tradable, `${market.type} ${market.line}`).toBe(carries);
    }
    // Over 0.5 goals here: 1 - e^-(lh + la) needs a price under 1.01 with 6%.
    const overHalf = 1 - Math.exp(-(lh + la));
    expect(overHalf * 1.06).toBeGreaterThan(100 / 101);
    expect(select(markets, 'over_under', 50).tradable).toBe(false);
    expect(select(markets, '1x2').tradable).toBe(true);
    // Two average sides (2.86 goals expected): only the near-certain over 0.5 and home +2.5 cannot carry 6%.
    const even = poissonFeed.price(
      fixture,
      { home: { attack: 1000, defence: 1000 }, away: { attack: 1000, defence: 1000 } },
      { marginBp: 600 },
    );
    expect(even.filter((m) => !m.tradable).map((m) => `${m.type} ${m.line}`)).toEqual(['over_under 50', 'asian_handicap 250']);
    // At a 2% margin over 0.5 (p = 0.943) carries it and is offered.
    const thin = poissonFeed.price(
      fixture,
      { home: { attack: 1000, defence: 1000 }, away: { attack: 1000, defence: 1000 } },
      { marginBp: 200 },
    );
    expect(select(thin, 'over_under', 50).tradable).toBe(true);
  });

  it('prices the final result in play from the score and the minutes left', () => {
    const average = { attack: 1000, defence: 1000 };
    const live = poissonFeed.price(
      fixture,
      { home: average, away: average },
      { marginBp: 600 },
      { minute: 45, score: { home: 0, away: 1 } },
    );
    // The rest of the match: Poisson(1.56 / 2) more home goals, Poisson(1.3 / 2) more away goals.
    const lh = 1.56 / 2;
    const la = 1.3 / 2;
    const oneXTwo = select(live, '1x2');
    expect(priceOf(oneXTwo, 'home')).toBe(
      odds(
        probability(lh, la, (h, a) => h > a + 1),
        600,
      ),
    );
    expect(priceOf(oneXTwo, 'draw')).toBe(
      odds(
        probability(lh, la, (h, a) => h === a + 1),
        600,
      ),
    );
    expect(priceOf(oneXTwo, 'away')).toBe(
      odds(
        probability(lh, la, (h, a) => h < a + 1),
        600,
      ),
    );
    // A goal is in: over 0.5 is decided and cannot be offered; 1-0 can no longer happen.
    expect(select(live, 'over_under', 50).tradable).toBe(false);
    expect(priceOf(select(live, 'correct_score'), '1-0')).toBe(100_000);
  });

  it('falls back to the built-in model for an unknown feed name, and routes to a registered one', () => {
    expect(feedFor('poisson')).toBe(poissonFeed);
    expect(feedFor('nobody')).toBe(poissonFeed);
    const external: OddsFeed = { name: 'test-feed', fixtures: async () => [], price: () => [] };
    registerFeed(external);
    expect(feedFor('test-feed')).toBe(external);
  });
});
