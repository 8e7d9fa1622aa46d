import { z } from 'zod';
import { langField } from './fields.ts';

/**
 * Bingo rooms (issue 14 item 5): 75-ball and 90-ball rooms played as shared rounds on a schedule.
 * HTTP: API.house.bingoRooms (the rooms, their round, price, pot, jackpot and, signed in, the
 * member's cards) and API.house.bingoBuy (cards for the round in its buying window). Websocket
 * /ws/bingo (?room=bingo-75|bingo-90, both when absent): the room's state on connect, then
 * `bingo.state`, `bingo.bets` (sales) and `bingo.ball` (each ball called, with the prizes won at it).
 * The maths (cards and balls from the seed, prizes, the pot) is packages/games bingo.ts.
 */

export const BINGO_ROOM_CODES = ['bingo-75', 'bingo-90'] as const;
export type BingoRoomCode = (typeof BINGO_ROOM_CODES)[number];
export const BINGO_PHASES = ['buying', 'drawing', 'ended'] as const;
export const BINGO_PRIZES = ['line', 'corners', 'x', 'two_lines', 'full_house'] as const;
/** The most cards one purchase may hold (the server's BINGO_MAX_CARDS may be lower). */
export const BINGO_MAX_CARDS = 24;

const money = z.string();

export const bingoBuyBodySchema = z.object({
  room: z.enum(BINGO_ROOM_CODES, { error: 'bingo.room_invalid' }),
  cards: z
    .number({ error: 'bingo.cards_invalid' })
    .int({ error: 'bingo.cards_invalid' })
    .min(1, { error: 'bingo.cards_invalid' })
    .max(BINGO_MAX_CARDS, { error: 'bingo.cards_invalid' }),
  lang: langField,
});
export type BingoBuyBody = z.infer<typeof bingoBuyBodySchema>;

export const bingoCardSchema = z.object({
  /** `${purchase id}-${index}`: what the card's numbers are derived from. */
  id: z.string(),
  /** Cells row by row (75-ball 5x5, 90-ball 3x9); 0 = free centre or empty. */
  cells: z.array(z.number().int()),
  /** What the card won (prizes and jackpot), once the round ended. */
  win: money.nullable(),
});
export type BingoCard = z.infer<typeof bingoCardSchema>;

export const bingoWinnerSchema = z.object({ player: z.string(), card: z.string(), win: money });
export const bingoPrizeSchema = z.object({
  prize: z.enum(BINGO_PRIZES),
  amount: money,
  /** The ball count it was won at: null until then. */
  ball: z.number().int().nullable(),
  winners: z.array(bingoWinnerSchema),
});
export type BingoPrizeView = z.infer<typeof bingoPrizeSchema>;

export const bingoHistoryItemSchema = z.object({ round_id: z.number(), balls_called: z.number().int(), hash: z.string() });

export const bingoStateSchema = z.object({
  room: z.enum(BINGO_ROOM_CODES),
  round_id: z.number(),
  phase: z.enum(BINGO_PHASES),
  server_time: z.number(),
  buy_ends_at: z.number(),
  ball_ms: z.number().int(),
  balls_total: z.number().int(),
  price: money,
  max_cards: z.number().int(),
  /** The balls called so far, in order. */
  balls: z.array(z.number().int()),
  cards_sold: z.number().int(),
  players: z.number().int(),
  /** Ticket sales of the round, and the prize pool (85% of them). */
  sales: money,
  pot: money,
  prizes: z.array(bingoPrizeSchema),
  /** The room's progressive jackpot pool (this round's 5% included) and the balls it must be won within. */
  jackpot: money,
  jackpot_balls: z.number().int(),
  jackpot_won: z.object({ amount: money, winners: z.array(bingoWinnerSchema) }).nullable(),
  /** Revealed once the round ended: with the chain's salt, the balls and cards recompute. */
  hash: z.string().nullable(),
  salt: z.string().nullable(),
  history: z.array(bingoHistoryItemSchema),
  terminating_hash: z.string(),
  /** The member's cards in this round (signed in). */
  my_cards: z.array(bingoCardSchema).optional(),
});
export type BingoState = z.infer<typeof bingoStateSchema>;

export const bingoRoomsSchema = z.object({ rooms: z.array(bingoStateSchema) });
export type BingoRooms = z.infer<typeof bingoRoomsSchema>;

export const bingoBuyAnswerSchema = z.object({
  room: z.enum(BINGO_ROOM_CODES),
  round_id: z.number(),
  amount: money,
  cards: z.array(bingoCardSchema),
  balance: money,
});
export type BingoBuyAnswer = z.infer<typeof bingoBuyAnswerSchema>;

/** Messages on /ws/bingo. */
export type BingoServerMessage =
  | { type: 'bingo.state'; data: BingoState }
  | { type: 'bingo.bets'; data: { room: BingoRoomCode; round_id: number; cards_sold: number; players: number; sales: string; pot: string } }
  | {
      type: 'bingo.ball';
      /** `balls`: every ball called so far, this one last (a screen that missed one catches up). */
      data: { room: BingoRoomCode; round_id: number; ball: number; count: number; balls: number[]; prizes: BingoPrizeView[] };
    };
