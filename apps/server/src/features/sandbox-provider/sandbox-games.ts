import { randomInt } from 'node:crypto';

/**
 * The sandbox aggregator's three games. They are "someone else's" games: their own rules and their
 * own RNG (crypto.randomInt), not provably fair; the casino only sees bets and wins through the
 * signed seamless wallet. Multipliers are in hundredths (x100) so a payout is integer arithmetic:
 * floor(stake * multiplierX100 / 100). Each game's RTP is exact (sandbox-games.test.ts enumerates
 * it) and declared in the catalogue seed.
 */

export type Rng = (maxExclusive: number) => number;
export const cryptoRng: Rng = (maxExclusive) => randomInt(0, maxExclusive);

export const SANDBOX_GAME_CODES = ['sandbox-tigre-sortudo', 'sandbox-pesca-dourada', 'sandbox-keno-rapido'] as const;
export type SandboxGameCode = (typeof SANDBOX_GAME_CODES)[number];
export const isSandboxGame = (code: string): code is SandboxGameCode => (SANDBOX_GAME_CODES as readonly string[]).includes(code);

/** Stakes the provider offers, in centavos (the catalogue's min/max match the ends). */
export const SANDBOX_STAKES: Record<SandboxGameCode, readonly number[]> = {
  'sandbox-tigre-sortudo': [50, 100, 200, 500, 1000, 2000],
  'sandbox-pesca-dourada': [50, 100, 200, 500, 1000, 2000],
  'sandbox-keno-rapido': [50, 100, 200, 500, 1000],
};

/** Declared RTPs in basis points, as the tests compute them. */
export const SANDBOX_RTP_BP: Record<SandboxGameCode, number> = {
  'sandbox-tigre-sortudo': 9631,
  'sandbox-pesca-dourada': 9600,
  'sandbox-keno-rapido': 9500,
};

export const payout = (stakeCentavos: number, multiplierX100: number) => Math.floor((stakeCentavos * multiplierX100) / 100);

// ---- Tigre Sortudo: three reels, three rows shown, the middle row pays; the tiger is wild ------

export const TIGRE_SYMBOLS = ['tiger', 'seven', 'bar', 'bell', 'orange', 'cherry'] as const;
export type TigreSymbol = (typeof TIGRE_SYMBOLS)[number];
/** One reel strip (all three reels use it); a stop is uniform over its 32 positions. */
// biome-ignore format: a reel strip reads best as a block
export const TIGRE_STRIP: readonly TigreSymbol[] = [
  'cherry', 'orange', 'bell', 'cherry', 'bar', 'orange', 'cherry', 'seven',
  'bell', 'cherry', 'orange', 'tiger', 'cherry', 'bar', 'orange', 'bell',
  'cherry', 'seven', 'orange', 'cherry', 'bar', 'bell', 'cherry', 'orange',
  'tiger', 'cherry', 'bell', 'bar', 'cherry', 'seven', 'orange', 'cherry',
];
/** Three of a kind on the middle row (tigers substitute), x100. */
export const TIGRE_PAYS: Record<TigreSymbol, number> = { tiger: 12000, seven: 5000, bar: 2500, bell: 1500, orange: 800, cherry: 400 };

export function tigreLineMultiplier(line: readonly TigreSymbol[]): number {
  const plain = line.filter((s) => s !== 'tiger');
  if (plain.length === 0) return TIGRE_PAYS.tiger;
  const first = plain[0]!;
  return plain.every((s) => s === first) ? TIGRE_PAYS[first] : 0;
}

export interface TigreOutcome {
  game: 'sandbox-tigre-sortudo';
  /** reels[r] = [top, middle, bottom] */
  reels: TigreSymbol[][];
  multiplierX100: number;
}

export function playTigre(rng: Rng): TigreOutcome {
  const n = TIGRE_STRIP.length;
  const reels = [0, 1, 2].map(() => {
    const stop = rng(n);
    return [TIGRE_STRIP[(stop + n - 1) % n]!, TIGRE_STRIP[stop]!, TIGRE_STRIP[(stop + 1) % n]!];
  });
  return { game: 'sandbox-tigre-sortudo', reels, multiplierX100: tigreLineMultiplier(reels.map((r) => r[1]!)) };
}

// ---- Pesca Dourada: cast into one of three spots, the catch decides the multiplier --------------

export const PESCA_CATCHES = [
  { fish: 'nothing', multiplierX100: 0, weight: 22_540 },
  { fish: 'boot', multiplierX100: 20, weight: 12_000 },
  { fish: 'lambari', multiplierX100: 50, weight: 30_000 },
  { fish: 'tilapia', multiplierX100: 120, weight: 23_000 },
  { fish: 'tucunare', multiplierX100: 250, weight: 10_000 },
  { fish: 'pirarucu', multiplierX100: 600, weight: 2_000 },
  { fish: 'dourado', multiplierX100: 2_000, weight: 400 },
  { fish: 'treasure', multiplierX100: 10_000, weight: 60 },
] as const;
export type PescaFish = (typeof PESCA_CATCHES)[number]['fish'];
export const PESCA_TOTAL_WEIGHT = PESCA_CATCHES.reduce((sum, c) => sum + c.weight, 0);

export interface PescaOutcome {
  game: 'sandbox-pesca-dourada';
  spot: number;
  fish: PescaFish;
  multiplierX100: number;
}

/** The spot is the player's choice and only decides where the line lands on screen. */
export function playPesca(spot: number, rng: Rng): PescaOutcome {
  let ticket = rng(PESCA_TOTAL_WEIGHT);
  for (const c of PESCA_CATCHES) {
    if (ticket < c.weight) return { game: 'sandbox-pesca-dourada', spot, fish: c.fish, multiplierX100: c.multiplierX100 };
    ticket -= c.weight;
  }
  throw new Error('pesca ticket beyond the total weight');
}

// ---- Keno Rápido: pick 1 to 6 numbers of 1-40, ten are drawn ------------------------------------

export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MAX_PICKS = 6;
/** KENO_PAYS[picks][hits], x100. */
export const KENO_PAYS: Record<number, readonly number[]> = {
  1: [0, 380],
  2: [0, 100, 980],
  3: [0, 50, 280, 2_860],
  4: [0, 0, 170, 1_000, 8_354],
  5: [0, 0, 60, 400, 2_000, 71_702],
  6: [0, 0, 30, 200, 900, 4_000, 560_735],
};

export interface KenoOutcome {
  game: 'sandbox-keno-rapido';
  picks: number[];
  drawn: number[];
  hits: number[];
  multiplierX100: number;
}

export function validKenoPicks(picks: unknown): picks is number[] {
  return (
    Array.isArray(picks) &&
    picks.length >= 1 &&
    picks.length <= KENO_MAX_PICKS &&
    picks.every((p) => Number.isInteger(p) && p >= 1 && p <= KENO_NUMBERS) &&
    new Set(picks).size === picks.length
  );
}

export function playKeno(picks: number[], rng: Rng): KenoOutcome {
  if (!validKenoPicks(picks)) throw new RangeError('invalid keno picks');
  // A partial Fisher-Yates shuffle draws ten distinct numbers.
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  for (let i = 0; i < KENO_DRAWN; i++) {
    const j = i + rng(KENO_NUMBERS - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const drawn = pool.slice(0, KENO_DRAWN);
  const hits = picks.filter((p) => drawn.includes(p));
  return { game: 'sandbox-keno-rapido', picks, drawn, hits, multiplierX100: KENO_PAYS[picks.length]![hits.length] ?? 0 };
}
