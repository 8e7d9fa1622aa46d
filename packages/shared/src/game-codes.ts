/**
 * The game catalogue's fixed vocabularies, without zod: the player site's first route reads
 * them, and its JavaScript budget has no room for the schema library (schemas/games.ts
 * re-exports them beside the schemas).
 */

/** The spec's ten game categories (section 1), in the order players look for them. */
export const GAME_CATEGORIES = ['slots', 'live', 'table', 'sports', 'lottery', 'fish', 'crash', 'arcade', 'bingo', 'card'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** The house games (provider `house`), by code: the in-app game each one opens. */
export const HOUSE_GAME_CODES = [
  'crash',
  'double',
  'dice',
  'mines',
  'plinko',
  'fruit-frenzy',
  'carnaval-20',
  'roulette',
  'blackjack',
  'video-poker',
  'baccarat',
  'bac-bo',
  'keno',
  'hi-lo',
  'limbo',
  'live-roulette',
  'live-bac-bo',
  'bingo-75',
  'bingo-90',
] as const;
export type HouseGameCode = (typeof HOUSE_GAME_CODES)[number];
export const HOUSE_PLAT_TYPE = 'house';
export const SANDBOX_PLAT_TYPE = 'sandbox';
