import { expectedGoals, fairMarkets, inPlayMatrix, priceMarket, scoreMatrix } from '@casino/games/football';
import type { FeedMarket, OddsFeed } from './odds-feed.ts';

/** Tolerance on "price x probability <= 1": float noise, not an edge. */
const EDGE_TOLERANCE = 1e-9;

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
      const tradable = market.selections.every((s, i) => s.probability * (priced[i]!.odds / 100) <= 1 + EDGE_TOLERANCE);
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
