/** The spec's game categories (section 1), shared with the server (zod-free: the home route reads them). */
export { GAME_CATEGORIES as CATEGORIES, type GameCategory as Category } from '@casino/shared/game-codes';
