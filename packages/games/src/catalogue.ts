/**
 * What the server needs to seed the catalogue with the house games: each game's declared RTP
 * (the exact figure from its module), volatility and stake limits in centavos.
 */
import type { HouseGameCode } from '@casino/shared/schemas/games';
import { declaredRtp as bacboRtp } from './bacbo.ts';
import { declaredRtp as baccaratRtp } from './baccarat.ts';
import { BINGO_RULES, declaredRtp as bingoRtp } from './bingo.ts';
import { declaredRtp as blackjackRtp } from './blackjack.ts';
import { declaredRtp as carnavalRtp } from './slot-carnaval.ts';
import { declaredRtp as crashRtp } from './crash.ts';
import { declaredRtp as diceRtp } from './dice.ts';
import { declaredRtp as doubleRtp } from './double.ts';
import { declaredRtp as fruitRtp } from './slot-fruit.ts';
import { declaredRtp as hiloRtp } from './hilo.ts';
import { declaredRtp as kenoRtp } from './keno.ts';
import { declaredRtp as limboRtp } from './limbo.ts';
import { declaredRtp as minesRtp } from './mines.ts';
import { declaredRtp as plinkoRtp } from './plinko.ts';
import { declaredRtp as rouletteRtp, ROULETTE_LIMITS } from './roulette.ts';
import { declaredRtp as videoPokerRtp } from './videopoker.ts';

export type Volatility = 'low' | 'medium' | 'high';
export type HouseGameMath = { rtp: number; volatility: Volatility; minBetCentavos: number; maxBetCentavos: number };

export const HOUSE_GAME_MATH: Readonly<Record<HouseGameCode, HouseGameMath>> = {
  crash: { rtp: crashRtp, volatility: 'high', minBetCentavos: 10, maxBetCentavos: 100_000 },
  double: { rtp: doubleRtp, volatility: 'medium', minBetCentavos: 10, maxBetCentavos: 100_000 },
  dice: { rtp: diceRtp, volatility: 'medium', minBetCentavos: 10, maxBetCentavos: 100_000 },
  mines: { rtp: minesRtp, volatility: 'medium', minBetCentavos: 10, maxBetCentavos: 100_000 },
  plinko: { rtp: plinkoRtp, volatility: 'high', minBetCentavos: 10, maxBetCentavos: 50_000 },
  'fruit-frenzy': { rtp: fruitRtp, volatility: 'medium', minBetCentavos: 50, maxBetCentavos: 50_000 },
  'carnaval-20': { rtp: carnavalRtp, volatility: 'high', minBetCentavos: 20, maxBetCentavos: 50_000 },
  roulette: {
    rtp: rouletteRtp,
    volatility: 'low',
    minBetCentavos: ROULETTE_LIMITS.minBetCentavos,
    maxBetCentavos: ROULETTE_LIMITS.maxTotalCentavos,
  },
  // One figure per game in the catalogue (keno: its lowest table; baccarat: the banker bet, as the
  // trade quotes it); every bet's and table's own RTP is in /api/house/config.
  blackjack: { rtp: blackjackRtp, volatility: 'low', minBetCentavos: 100, maxBetCentavos: 100_000 },
  'video-poker': { rtp: videoPokerRtp, volatility: 'medium', minBetCentavos: 50, maxBetCentavos: 50_000 },
  baccarat: { rtp: baccaratRtp, volatility: 'low', minBetCentavos: 100, maxBetCentavos: 100_000 },
  'bac-bo': { rtp: bacboRtp, volatility: 'low', minBetCentavos: 100, maxBetCentavos: 100_000 },
  keno: { rtp: kenoRtp, volatility: 'high', minBetCentavos: 10, maxBetCentavos: 50_000 },
  'hi-lo': { rtp: hiloRtp, volatility: 'medium', minBetCentavos: 10, maxBetCentavos: 100_000 },
  limbo: { rtp: limboRtp, volatility: 'high', minBetCentavos: 10, maxBetCentavos: 100_000 },
  'live-roulette': {
    rtp: rouletteRtp,
    volatility: 'low',
    minBetCentavos: ROULETTE_LIMITS.minBetCentavos,
    maxBetCentavos: ROULETTE_LIMITS.maxTotalCentavos,
  },
  'live-bac-bo': { rtp: bacboRtp, volatility: 'low', minBetCentavos: 100, maxBetCentavos: 100_000 },
  // Bingo: the share of card sales returned (85% prizes + 5% jackpot; house edge 10%, bingo.ts);
  // a stake is one purchase of 1..24 cards at the room's price.
  'bingo-75': {
    rtp: bingoRtp,
    volatility: 'high',
    minBetCentavos: BINGO_RULES['bingo-75'].priceCentavos,
    maxBetCentavos: 24 * BINGO_RULES['bingo-75'].priceCentavos,
  },
  'bingo-90': {
    rtp: bingoRtp,
    volatility: 'high',
    minBetCentavos: BINGO_RULES['bingo-90'].priceCentavos,
    maxBetCentavos: 24 * BINGO_RULES['bingo-90'].priceCentavos,
  },
};

/** The declared RTP as the catalogue's percentage string ("97.00"), floored to 1/100 of a percent. */
export function rtpPercent(rtp: number): string {
  const basis = Math.floor(rtp * 10_000 + 1e-9);
  return `${Math.floor(basis / 100)}.${String(basis % 100).padStart(2, '0')}`;
}

/** Whether a stake lies inside a game's limits. */
export function stakeProblem(code: HouseGameCode, betCentavos: number): 'invalid' | 'below_min' | 'above_max' | null {
  const math = HOUSE_GAME_MATH[code];
  if (!Number.isSafeInteger(betCentavos) || betCentavos <= 0) return 'invalid';
  if (betCentavos < math.minBetCentavos) return 'below_min';
  if (betCentavos > math.maxBetCentavos) return 'above_max';
  return null;
}
