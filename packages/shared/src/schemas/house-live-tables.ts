import { z } from 'zod';
import { langField } from './fields.ts';
import { rouletteChipSchema, stakeField } from './house-games.ts';

/**
 * The live tables (issue 14): live roulette and live Bac Bo, RNG tables run as shared rounds like
 * double (a betting window, the draw, the settlement; outcomes from the committed hash chain).
 * HTTP: API.house.liveRouletteState|liveRouletteBet, API.house.liveBacboState|liveBacboBet;
 * websockets /ws/live-roulette and /ws/live-bacbo (state on connect, then bets and results;
 * members connect with ?token= and may send bets).
 */

const money = z.string();

// ---- live roulette ---------------------------------------------------------------------------

export const LIVE_ROULETTE_PHASES = ['betting', 'spinning', 'ended'] as const;
export const ROULETTE_COLORS = ['green', 'red', 'black'] as const;

/** A line of the live list: one spot of one player ("straight:17", "red", "dozen:2", "corner:1"...). */
export const liveRoulettePlayerBetSchema = z.object({
  player: z.string(),
  /** The spot: type, then its numbers (corner and line by their first number), dozen/column index. */
  spot: z.string(),
  type: z.string(),
  amount: money,
  /** Set once the round ended: what the spot returned, stake included ("0.00" when it lost). */
  win: money.nullable(),
});
export const liveRouletteHistoryItemSchema = z.object({
  round_id: z.number(),
  number: z.number().int(),
  color: z.enum(ROULETTE_COLORS),
  hash: z.string(),
});
export const liveRouletteStateSchema = z.object({
  round_id: z.number(),
  phase: z.enum(LIVE_ROULETTE_PHASES),
  server_time: z.number(),
  betting_ends_at: z.number(),
  /** When the wheel stops (spinning and ended). */
  spin_ends_at: z.number().nullable(),
  /** The number 0..36 and its colour: null until the wheel stops. */
  number: z.number().int().nullable(),
  color: z.enum(ROULETTE_COLORS).nullable(),
  hash: z.string().nullable(),
  bets: z.array(liveRoulettePlayerBetSchema),
  /** Stakes and players in this round. */
  total: money,
  players: z.number().int(),
  history: z.array(liveRouletteHistoryItemSchema),
  my_bets: z.array(z.object({ spot: z.string(), type: z.string(), amount: money, win: money.nullable() })).optional(),
  terminating_hash: z.string(),
});
export type LiveRouletteState = z.infer<typeof liveRouletteStateSchema>;
export type LiveRoulettePlayerBet = z.infer<typeof liveRoulettePlayerBetSchema>;

/** Several chips at once, as the single-player roulette's body (one per spot and round). */
export const liveRouletteBetBodySchema = z.object({
  lang: langField,
  bets: z
    .array(rouletteChipSchema, { error: 'games.roulette_bet_invalid' })
    .min(1, { error: 'games.roulette_no_bets' })
    .max(160, { error: 'games.roulette_too_many_bets' }),
});
export type LiveRouletteBetBody = z.infer<typeof liveRouletteBetBodySchema>;
export const liveRouletteBetAnswerSchema = z.object({
  round_id: z.number(),
  bets: z.array(z.object({ spot: z.string(), type: z.string(), amount: money })),
  amount: money,
  balance: money,
});

// ---- live bac bo -----------------------------------------------------------------------------

export const LIVE_BACBO_PHASES = ['betting', 'rolling', 'ended'] as const;
export const LIVE_BACBO_SIDES = ['player', 'banker', 'tie'] as const;
export type LiveBacboSide = (typeof LIVE_BACBO_SIDES)[number];

export const liveBacboPlayerBetSchema = z.object({
  player: z.string(),
  side: z.enum(LIVE_BACBO_SIDES),
  amount: money,
  win: money.nullable(),
});
export const liveBacboHistoryItemSchema = z.object({
  round_id: z.number(),
  /** Player die 1, Player die 2, Banker die 1, Banker die 2. */
  dice: z.array(z.number().int()),
  player_total: z.number().int(),
  banker_total: z.number().int(),
  winner: z.enum(LIVE_BACBO_SIDES),
  hash: z.string(),
});
export const liveBacboStateSchema = z.object({
  round_id: z.number(),
  phase: z.enum(LIVE_BACBO_PHASES),
  server_time: z.number(),
  betting_ends_at: z.number(),
  /** When the dice settle (rolling and ended). */
  roll_ends_at: z.number().nullable(),
  /** [P1, P2, B1, B2]: null until the dice settle. */
  dice: z.array(z.number().int()).nullable(),
  player_total: z.number().int().nullable(),
  banker_total: z.number().int().nullable(),
  winner: z.enum(LIVE_BACBO_SIDES).nullable(),
  hash: z.string().nullable(),
  bets: z.array(liveBacboPlayerBetSchema),
  totals: z.object({ player: money, banker: money, tie: money }),
  history: z.array(liveBacboHistoryItemSchema),
  my_bets: z.array(z.object({ side: z.enum(LIVE_BACBO_SIDES), amount: money, win: money.nullable() })).optional(),
  terminating_hash: z.string(),
});
export type LiveBacboState = z.infer<typeof liveBacboStateSchema>;
export type LiveBacboPlayerBet = z.infer<typeof liveBacboPlayerBetSchema>;

export const liveBacboBetBodySchema = z.object({
  lang: langField,
  amount: stakeField,
  side: z.enum(LIVE_BACBO_SIDES, { error: 'games.bacbo_bet_invalid' }),
});
export const liveBacboBetAnswerSchema = z.object({
  round_id: z.number(),
  side: z.enum(LIVE_BACBO_SIDES),
  amount: money,
  balance: money,
});

// ---- websocket messages ----------------------------------------------------------------------

export const liveRouletteStateMessage = z.object({ type: z.literal('live-roulette.state'), data: liveRouletteStateSchema });
export const liveRouletteBetsMessage = z.object({
  type: z.literal('live-roulette.bets'),
  data: z.object({ round_id: z.number(), bets: z.array(liveRoulettePlayerBetSchema), total: money, players: z.number().int() }),
});
export const liveBacboStateMessage = z.object({ type: z.literal('live-bacbo.state'), data: liveBacboStateSchema });
export const liveBacboBetsMessage = z.object({
  type: z.literal('live-bacbo.bets'),
  data: z.object({
    round_id: z.number(),
    bets: z.array(liveBacboPlayerBetSchema),
    totals: z.object({ player: money, banker: money, tie: money }),
  }),
});
export type LiveTableServerMessage =
  | z.infer<typeof liveRouletteStateMessage>
  | z.infer<typeof liveRouletteBetsMessage>
  | z.infer<typeof liveBacboStateMessage>
  | z.infer<typeof liveBacboBetsMessage>;

/** What a member may send on /ws/live-roulette (`bets`) and /ws/live-bacbo (`amount` and `side`). */
export const liveTableClientMessage = z.object({
  type: z.literal('bet'),
  ref: z.string().max(64).optional(),
  lang: langField,
  bets: liveRouletteBetBodySchema.shape.bets.optional(),
  amount: stakeField.optional(),
  side: z.enum(LIVE_BACBO_SIDES, { error: 'games.bacbo_bet_invalid' }).optional(),
});
export type LiveTableClientMessage = z.infer<typeof liveTableClientMessage>;
