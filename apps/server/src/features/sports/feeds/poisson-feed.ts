import { expectedGoals, fairMarkets, inPlayMatrix, MIN_ODDS, priceMarket, scoreMatrix } from '@casino/games/football';
import type { FeedMarket, OddsFeed } from './odds-feed.ts';

/** Float noise, not a price. */
const TOLERANCE = 1e-9;

/**
 * A market is offered only when every selection's price carries the whole margin: a selection so
 * likely that its price falls below the shortest one (1.01) would be quoted at 1.01, a price that
 * holds less than the margin (or pays players an edge). Such a market is suspended instead.
 */
function carriesMargin(probability: number, marginBp: number): boolean {
  return probability * (1 + marginBp / 10_000) * (MIN_ODDS / 100) <= 1 + TOLERANCE;
}

/**
 * The built-in football feed: ratings -> expected goals -> Poisson score matrix (or the matrix of
 * final scores in play) -> fair markets -> odds with the margin. It needs no outside data, so the
 * book and the virtual league work offline.
 */
export const poissonFeed: OddsFeed = {
  name: 'poisson',
  async fixtures() {
    return [];
  },
  price(_fixture, teams, settings, inPlay) {
    const xg = expectedGoals(teams.home, teams.away);
    const matrix = inPlay ? inPlayMatrix(xg, inPlay.minute, inPlay.score) : scoreMatrix(xg);
    return fairMarkets(matrix).map((market): FeedMarket => {
      const priced = priceMarket(market, settings.marginBp);
      const tradable = market.selections.every((s) => carriesMargin(s.probability, settings.marginBp));
      return { type: market.type, line: market.line, marginBp: settings.marginBp, tradable, selections: priced };
    });
  },
};

const FEEDS = new Map<string, OddsFeed>([[poissonFeed.name, poissonFeed]]);

/** The feed a fixture names; unknown names fall back to the built-in model (never unpriced). */
export function feedFor(name: string): OddsFeed {
  return FEEDS.get(name) ?? poissonFeed;
}

/** Adds an external feed (a provider adapter) under its name. */
export function registerFeed(feed: OddsFeed): void {
  FEEDS.set(feed.name, feed);
}
