import { createHmac } from 'node:crypto';
import { HOUSE_GAME_CODES } from '@casino/shared/schemas/games';
import { describe, expect, it } from 'vitest';
import { GAME_FORMULAS, STREAM_FORMULA } from './formulas.ts';
import { computeSeeded, DEFAULT_PARAMS } from './verify.ts';

/**
 * The formulas /fairness prints, implemented again here from their text with node:crypto only,
 * must give what the games compute: a player who follows the page gets the server's outcomes.
 */

/** Stake's byte stream as the page writes it. */
function floats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round += 1) {
    const b = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 8 && out.length < count; i += 1) {
      out.push(b[4 * i]! / 256 + b[4 * i + 1]! / 256 ** 2 + b[4 * i + 2]! / 256 ** 3 + b[4 * i + 3]! / 256 ** 4);
    }
  }
  return out;
}

const SERVER = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('the formulas on /fairness', () => {
  it('cover every house game once, crash and double on the chain and the rest on Stake’s stream', () => {
    expect(GAME_FORMULAS.map((f) => f.game).sort()).toEqual([...HOUSE_GAME_CODES].sort());
    expect(GAME_FORMULAS.filter((f) => f.scheme === 'stake').map((f) => f.game)).toEqual(['dice', 'mines', 'plinko', 'roulette']);
    // The card games are labelled as card games, not with the slots' "our reels".
    expect(GAME_FORMULAS.filter((f) => f.scheme === 'cards').map((f) => f.game)).toEqual(['video-poker', 'baccarat', 'blackjack']);
    expect(GAME_FORMULAS.filter((f) => f.scheme === 'cards_draw').map((f) => f.game)).toEqual(['hi-lo']);
    expect(GAME_FORMULAS.filter((f) => f.scheme === 'stream_rules').map((f) => f.game)).toEqual(['keno', 'limbo', 'bac-bo']);
    expect(STREAM_FORMULA.join('\n')).toContain(
      'HMAC_SHA256(key = ascii(server_seed), message = ascii(client_seed + ":" + nonce + ":" + round))',
    );
    expect(GAME_FORMULAS.find((f) => f.game === 'crash')?.lines.join('\n')).toContain('floor(97 * 2^52 / (2^52 - r))');
  });

  it('give the games’ outcomes when followed by hand', () => {
    for (let nonce = 0; nonce < 40; nonce += 1) {
      const seeds = { serverSeed: SERVER, clientSeed: 'minha-sorte', nonce };
      const f = floats(SERVER, 'minha-sorte', nonce, 40);

      const dice = computeSeeded('dice', seeds, DEFAULT_PARAMS);
      expect(dice.game === 'dice' && dice.roll).toBe(Math.floor((f[0] as number) * 10001));

      const roulette = computeSeeded('roulette', seeds, DEFAULT_PARAMS);
      expect(roulette.game === 'roulette' && roulette.number).toBe(Math.floor((f[0] as number) * 37));

      const plinko = computeSeeded('plinko', seeds, { ...DEFAULT_PARAMS, plinkoRows: 16 });
      const steps = f.slice(0, 16).map((x) => Math.floor(x * 2));
      expect(plinko.game === 'plinko' && plinko.path).toEqual(steps);
      expect(plinko.game === 'plinko' && plinko.slot).toBe(steps.reduce((a, b) => a + b, 0));

      const mines = computeSeeded('mines', seeds, { ...DEFAULT_PARAMS, mines: 5 });
      const tiles = Array.from({ length: 25 }, (_, i) => i);
      const picked = [0, 1, 2, 3, 4].map((i) => tiles.splice(Math.floor((f[i] as number) * (25 - i)), 1)[0]);
      expect(mines.game === 'mines' && mines.minePositions).toEqual(picked);

      // Blackjack: 4-byte words, rejection, forward Fisher-Yates on 6 decks, as the page writes it.
      const words = floats(SERVER, 'minha-sorte', nonce, 400).map((x) => x * 2 ** 32);
      let w = 0;
      const uniform = (n: number) => {
        for (;;) {
          const u = words[w++] as number;
          if (u < 2 ** 32 - (2 ** 32 % n)) return u % n;
        }
      };
      const shoe = Array.from({ length: 312 }, (_, p) => p % 52);
      for (let i = 0; i < 311; i += 1) {
        const j = i + uniform(312 - i);
        [shoe[i], shoe[j]] = [shoe[j] as number, shoe[i] as number];
      }
      const bj = computeSeeded('blackjack', seeds, DEFAULT_PARAMS);
      expect(bj.game === 'blackjack' && bj.shoe).toEqual(shoe);

      const fruit = computeSeeded('fruit-frenzy', seeds, DEFAULT_PARAMS);
      expect(fruit.game === 'fruit-frenzy' && fruit.outcome.stops).toEqual([0, 1, 2].map((k) => Math.floor((f[k] as number) * 32)));
    }
  });
});
