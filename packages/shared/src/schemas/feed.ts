import { z } from 'zod';

/**
 * The live feed (issue 15 item 3): settled rounds of every game (house and provider), read by
 * visitors too. `GET /api/feed/wins` answers the latest rounds and the day's biggest multipliers
 * (São Paulo day); the `/ws` message `{ type: 'win', data: FeedEntry }` pushes new rounds as they
 * settle. Players appear masked ("ma***23"), never by their account.
 */
export const feedEntry = z.object({
  /** The round's id (game_rounds.id): lets a client drop a round it already shows. */
  id: z.number().int(),
  game_code: z.string(),
  /** The catalogue's default name, and its names by language (a screen picks the reader's). */
  game_name: z.string(),
  game_names: z.record(z.string(), z.string()),
  /** 'house' (our games) or 'external' (a provider's). */
  game_kind: z.string(),
  /** The player's account, masked. */
  player: z.string(),
  /** Reais with two decimals ("10.00"). */
  bet: z.string(),
  win: z.string(),
  /** Win over stake, two decimals ("2.50"; "0.00" for a lost round). */
  multiplier: z.string(),
  /** When the round settled (ISO). */
  at: z.string(),
});
export type FeedEntry = z.infer<typeof feedEntry>;

export const feedWinsResponse = z.object({
  /** The São Paulo day the top list covers (YYYY-MM-DD). */
  day: z.string(),
  /** The latest settled rounds, newest first. */
  latest: z.array(feedEntry),
  /** The day's biggest multipliers (rounds that won more than they staked), biggest first. */
  top: z.array(feedEntry),
});
export type FeedWinsResponse = z.infer<typeof feedWinsResponse>;

export { FEED_LATEST_SIZE, FEED_TOP_SIZE } from '../constants.ts';
