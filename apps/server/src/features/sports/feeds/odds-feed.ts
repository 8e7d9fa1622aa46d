import type { MarketType, TeamRating } from '@casino/games/football';

/**
 * The seam between the book and whoever prices its fixtures (DESIGN.md section 8). The built-in
 * PoissonFeed prices from team ratings; an external feed (a data provider) would implement the
 * same interface, also listing its fixtures. A fixture names its feed in `fixtures.feed`.
 */

/** A fixture as an external feed announces it (the built-in feed announces none). */
export interface FeedFixture {
  externalId: string;
  competitionCode: string;
  homeTeamCode: string;
  awayTeamCode: string;
  startsAt: string;
}

/** What a feed needs to price one fixture. */
export interface PricingFixture {
  id: number;
  isVirtual: boolean;
  externalId: string | null;
}

export interface PricingTeams {
  home: TeamRating;
  away: TeamRating;
}

export interface PricingSettings {
  /** The competition's margin, or the book's default. */
  marginBp: number;
}

/** A match in play: the minute and the score so far (prices are of the final result). */
export interface InPlayState {
  minute: number;
  score: { home: number; away: number };
}

export interface FeedSelection {
  code: string;
  /** Decimal odds in hundredths. */
  odds: number;
  /** The fair probability in parts per million. */
  probabilityPpm: number;
}

export interface FeedMarket {
  type: MarketType;
  /** Hundredths (2.5 -> 250); 0 when none. */
  line: number;
  marginBp: number;
  /**
   * False when a price cannot carry the margin (a selection is all but certain and its price would
   * fall below the shortest one, 1.01): the market is then suspended, never quoted.
   */
  tradable: boolean;
  selections: FeedSelection[];
}

export interface OddsFeed {
  readonly name: string;
  /** Fixtures the feed knows between two instants (external feeds); the built-in feed has none. */
  fixtures(from: Date, to: Date): Promise<FeedFixture[]>;
  /** Every market of a fixture, priced; `inPlay` prices the final result from the current score. */
  price(fixture: PricingFixture, teams: PricingTeams, settings: PricingSettings, inPlay?: InPlayState): FeedMarket[];
}
