import { BACCARAT_DECKS } from '@casino/games/baccarat';
import { BLACKJACK_DECKS } from '@casino/games/blackjack';
import { DECK_SIZE } from '@casino/games/cards';
import { DICE_OUTCOMES } from '@casino/games/dice';
import { DOUBLE_SLOTS } from '@casino/games/double';
import { KENO_DRAWN, KENO_NUMBERS } from '@casino/games/keno';
import { LIMBO_MAX_RESULT } from '@casino/games/limbo';
import { MINES_TILES } from '@casino/games/mines';
import { ROULETTE_POCKETS } from '@casino/games/roulette';
import { CARNAVAL_FREE_MULTIPLIERS, CARNAVAL_FREE_REELS, CARNAVAL_REELS } from '@casino/games/slot-carnaval';
import { FRUIT_MULTIPLIERS, FRUIT_REELS } from '@casino/games/slot-fruit';
import type { HouseGameCode } from '@casino/shared/schemas/games';

/**
 * The exact formula of every house game as /fairness prints it, built from the constants the
 * games run with (packages/games), so the page cannot drift from the code. Formulas are written
 * in code notation and are the same in every language; the words around them are in the
 * catalogues (fairness.formulas.*).
 *
 * - stake: Stake's scheme throughout: its byte stream and its mapping for this game.
 * - stake_stream: Stake's byte stream, with a mapping of ours (our slots' reels).
 * - bustabit: Bustabit's hash chain and formula (with our 97% in place of its 99%).
 * - ours: our own game on Bustabit's hash chain.
 * - cards: Stake's byte stream as unbiased integers, a deck (or shoe) shuffled by Fisher-Yates.
 * - cards_draw: Stake's byte stream as unbiased integers, each card drawn from a full deck.
 */
export type FormulaScheme = 'stake' | 'stake_stream' | 'stream_rules' | 'bustabit' | 'ours' | 'cards' | 'cards_draw';
export type GameFormula = { game: HouseGameCode; scheme: FormulaScheme; lines: readonly string[] };

/** How every seeded game reads its random numbers (Stake's byte stream). ascii(x): the bytes of x's text. */
export const STREAM_FORMULA: readonly string[] = [
  'digest(round) = HMAC_SHA256(key = ascii(server_seed), message = ascii(client_seed + ":" + nonce + ":" + round))',
  'b = digest(0) ‖ digest(1) ‖ digest(2) ‖ ...',
  'float[i] = b[4i]/256 + b[4i+1]/256^2 + b[4i+2]/256^3 + b[4i+3]/256^4',
];

/** How crash and double read a round (Bustabit's chain), shared by both. */
export const CHAIN_FORMULA: readonly string[] = [
  'hash[i+1] = SHA256(ascii(hash[i]))      terminating_hash = SHA256(ascii(round_hash[1]))',
  'digest = HMAC_SHA256(key = ascii(round_hash), message = ascii(salt))',
  'r = parseInt(hex(digest).slice(0, 13), 16)      // 0 <= r < 2^52',
];

const BLACKJACK_SHOE = BLACKJACK_DECKS * DECK_SIZE;
const weights = (list: readonly { value: number; weight: number }[]) => `[${list.map((m) => `x${m.value}:${m.weight}`).join(', ')}]`;
const total = (list: readonly { weight: number }[]) => list.reduce((sum, m) => sum + m.weight, 0);
const lengths = (reels: readonly (readonly unknown[])[]) => `[${reels.map((reel) => reel.length).join(', ')}]`;

const BINGO_LINES = (balls: number): string[] => [
  'stream(client_seed) = the byte stream above with key = ascii(round_hash), client_seed as given, nonce = 0',
  'uniform(n) = u mod n for the next u = float * 2^32 below 2^32 - (2^32 mod n)      // larger u are skipped',
  `balls = [1 .. ${balls}]; with stream(salt + ":balls"): for i = 0 .. ${balls - 2}: j = i + uniform(${balls} - i); swap(balls[i], balls[j])`,
  'card "p-i" (purchase p, card i): from stream(salt + ":card:p-i"), as packages/games bingo.ts documents',
];

export const GAME_FORMULAS: readonly GameFormula[] = [
  {
    game: 'bingo-75',
    scheme: 'ours',
    lines: [
      ...BINGO_LINES(75),
      'column c (B I N G O): the first 5 (N: 4) of the same shuffle of 15c+1 .. 15c+15, top to bottom; centre free',
    ],
  },
  {
    game: 'bingo-90',
    scheme: 'ours',
    lines: [
      ...BINGO_LINES(90),
      'column counts 1 each + 6 picks among columns under 3; rows per column: shuffle of [0,1,2], redrawn if 5 per row is no longer possible',
    ],
  },
  {
    game: 'hi-lo',
    scheme: 'cards_draw',
    lines: [
      'u[i] = float[i] * 2^32      // b[4i..4i+3] read as one big-endian uint32',
      'uniform(n) = u mod n for the next u below 2^32 - (2^32 mod n)      // larger u are skipped: no bias',
      `card[k] = uniform(${DECK_SIZE})      k = 0, 1, 2, ...      card = 13 * suit + rank - 1 (suits c d h s, ranks A = 1 .. K = 13)`,
      'w = 13 - rank (higher), rank - 1 (lower), 1 (same)      multiplier = 0.99 * 13^n / (w_1 * ... * w_n)      payout = floor(stake * multiplier)',
    ],
  },
  {
    game: 'video-poker',
    scheme: 'cards',
    lines: [
      'u[i] = float[i] * 2^32      // b[4i..4i+3] read as one big-endian uint32',
      'uniform(n) = u mod n for the next u below 2^32 - (2^32 mod n)      // larger u are skipped: no bias',
      `deck[p] = p      p = 0 .. ${DECK_SIZE - 1}      card = 13 * suit + rank - 1`,
      `for i = 0 .. ${DECK_SIZE - 2}: j = i + uniform(${DECK_SIZE} - i); swap(deck[i], deck[j])`,
      'deal: deck[0..4]      draw: the discarded cards, left to right, take deck[5], deck[6], ...',
    ],
  },
  {
    game: 'keno',
    scheme: 'stream_rules',
    lines: [
      'u[i] = float[i] * 2^32      // b[4i..4i+3] read as one big-endian uint32',
      'uniform(n) = u mod n for the next u below 2^32 - (2^32 mod n)      // larger u are skipped: no bias',
      `board = [1 .. ${KENO_NUMBERS}]; for i = 0 .. ${KENO_DRAWN - 1}: j = i + uniform(${KENO_NUMBERS} - i); swap(board[i], board[j])`,
      `drawn = board[0 .. ${KENO_DRAWN - 1}]      hits = picks in drawn      payout = floor(stake * paytable[risk][picks][hits] / 10)`,
    ],
  },
  {
    game: 'limbo',
    scheme: 'stream_rules',
    lines: [
      'u = (float[0] * 2^32) * 2^32 + float[1] * 2^32      // b[0..7] as one big-endian 64-bit integer',
      `result = min(${LIMBO_MAX_RESULT}, max(100, floor(99 * 2^64 / (2^64 - u)))) / 100`,
      'win when result >= target      payout = floor(stake * target)',
    ],
  },
  {
    game: 'baccarat',
    scheme: 'cards',
    lines: [
      'uniform(n) = u mod n for the next u = float * 2^32 below 2^32 - (2^32 mod n)      // larger u are skipped: no bias',
      `shoe[p] = p mod ${DECK_SIZE}      p = 0 .. ${BACCARAT_DECKS * DECK_SIZE - 1}      card = 13 * suit + rank - 1`,
      `for i = 0, 1, ...: j = i + uniform(${BACCARAT_DECKS * DECK_SIZE} - i); swap(shoe[i], shoe[j]); deal shoe[i]      // only the cards dealt`,
      'order: player, banker, player, banker, then the third cards (player first); value = rank < 10 ? rank : 0; total = sum mod 10',
    ],
  },
  {
    game: 'bac-bo',
    scheme: 'stream_rules',
    lines: [
      'uniform(n) = u mod n for the next u = float * 2^32 below 2^32 - (2^32 mod n)      // larger u are skipped: no bias',
      'die[k] = 1 + uniform(6)      k = 0..3: player 1, player 2, banker 1, banker 2',
    ],
  },
  {
    game: 'crash',
    scheme: 'bustabit',
    lines: [...CHAIN_FORMULA, 'crash = max(100, floor(97 * 2^52 / (2^52 - r))) / 100      // = floor(97 / (1 - r / 2^52)) / 100'],
  },
  {
    game: 'double',
    scheme: 'ours',
    lines: [...CHAIN_FORMULA, `roll = floor(${DOUBLE_SLOTS} * r / 2^52)`],
  },
  {
    game: 'live-roulette',
    scheme: 'ours',
    lines: [...CHAIN_FORMULA, 'number = floor(37 * r / 2^52)      // 0..36, single-zero wheel'],
  },
  {
    game: 'live-bac-bo',
    scheme: 'ours',
    lines: [
      ...CHAIN_FORMULA,
      'r[k] = the k-th 13 hex digits of the digest as an integer, k = 0..3      // r[0] = r',
      'die[k] = 1 + floor(6 * r[k] / 2^52)      player 1, player 2, banker 1, banker 2',
    ],
  },
  {
    game: 'dice',
    scheme: 'stake',
    lines: [`roll = floor(float[0] * ${DICE_OUTCOMES}) / 100`],
  },
  {
    game: 'mines',
    scheme: 'stake',
    lines: [
      `tiles = [0, 1, ..., ${MINES_TILES - 1}]`,
      `mine[i] = tiles.splice(floor(float[i] * (${MINES_TILES} - i)), 1)      i = 0 .. mines - 1`,
    ],
  },
  {
    game: 'plinko',
    scheme: 'stake',
    lines: ['step[i] = floor(float[i] * 2)      i = 0 .. rows - 1', 'slot = step[0] + ... + step[rows - 1]'],
  },
  {
    game: 'roulette',
    scheme: 'stake',
    lines: [`number = floor(float[0] * ${ROULETTE_POCKETS})`],
  },
  {
    game: 'fruit-frenzy',
    scheme: 'stake_stream',
    lines: [
      `stop[k] = floor(float[k] * reel_length[k])      k = 0..2, reel_length = ${lengths(FRUIT_REELS)}`,
      `ticket = floor(float[3] * ${total(FRUIT_MULTIPLIERS)})      ${weights(FRUIT_MULTIPLIERS)}`,
    ],
  },
  {
    game: 'carnaval-20',
    scheme: 'stake_stream',
    lines: [
      `stop[k] = floor(float[k] * reel_length[k])      k = 0..4, reel_length = ${lengths(CARNAVAL_REELS)}`,
      `ticket = floor(float[5] * ${total(CARNAVAL_FREE_MULTIPLIERS)})      ${weights(CARNAVAL_FREE_MULTIPLIERS)}`,
      `free_stop[j][k] = floor(float[6 + 5j + k] * free_reel_length[k])      free_reel_length = ${lengths(CARNAVAL_FREE_REELS)}`,
    ],
  },
  {
    game: 'blackjack',
    scheme: 'cards',
    lines: [
      'u[i] = float[i] * 2^32      // b[4i..4i+3] read as one big-endian uint32',
      'uniform(n) = u mod n for the next u below 2^32 - (2^32 mod n)      // larger u are skipped: no bias',
      `shoe[p] = p mod 52      p = 0 .. ${BLACKJACK_SHOE - 1}      card = 13 * suit + rank - 1 (suits c d h s, ranks A = 1 .. K = 13)`,
      `for i = 0 .. ${BLACKJACK_SHOE - 2}: j = i + uniform(${BLACKJACK_SHOE} - i); swap(shoe[i], shoe[j])`,
      'deal: shoe[0] player, shoe[1] dealer up, shoe[2] player, shoe[3] dealer hole, then shoe[4], ... as the moves ask',
    ],
  },
];
