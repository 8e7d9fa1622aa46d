// Pure game maths (provably fair RNG, paytables, RTP), the same code on the server and in the
// browser. Import a module directly (`@casino/games/dice`); this file only lists them.
export * as baccarat from './baccarat.ts';
export * as bacbo from './bacbo.ts';
export * as blackjack from './blackjack.ts';
export * as cards from './cards.ts';
export * as catalogue from './catalogue.ts';
export * as crash from './crash.ts';
export * as dice from './dice.ts';
export * as double from './double.ts';
export * as exact from './exact.ts';
export * as fair from './fair.ts';
export * as hilo from './hilo.ts';
export * as keno from './keno.ts';
export * as limbo from './limbo.ts';
export * as mines from './mines.ts';
export * as plinko from './plinko.ts';
export * as roulette from './roulette.ts';
export * as carnaval from './slot-carnaval.ts';
export * as fruit from './slot-fruit.ts';
export * as videopoker from './videopoker.ts';
