import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GAME_FORMULAS } from './formulas.ts';
import { checkRound, computeChain, parseCardIds } from './verify.ts';

/** Bingo in the verify tool: the ball order as /fairness writes it, by hand with node:crypto. */

const HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const SALT = '9f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c';

function words(clientSeed: string): () => number {
  let round = 0;
  let digest = createHmac('sha256', HASH).update(`${clientSeed}:0:0`).digest();
  let cursor = 0;
  return () => {
    if (cursor === 32) {
      round += 1;
      digest = createHmac('sha256', HASH).update(`${clientSeed}:0:${round}`).digest();
      cursor = 0;
    }
    const u = digest.readUInt32BE(cursor);
    cursor += 4;
    return u;
  };
}

function byHand(balls: number): number[] {
  const next = words(`${SALT}:balls`);
  const uniform = (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const u = next();
      if (u < limit) return u % n;
    }
  };
  const order = Array.from({ length: balls }, (_, i) => i + 1);
  for (let i = 0; i < balls - 1; i += 1) {
    const j = i + uniform(balls - i);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

describe('bingo in the verify tool', () => {
  it('recomputes the ball order the formulas describe, and the cards asked for', () => {
    for (const game of ['bingo-75', 'bingo-90'] as const) {
      const outcome = computeChain(game, HASH, SALT, parseCardIds('7-0, 7-1 junk'));
      if (outcome.game !== game) throw new Error('wrong game');
      expect(outcome.balls).toEqual(byHand(game === 'bingo-75' ? 75 : 90));
      expect(outcome.cards.map((c) => c.id)).toEqual(['7-0', '7-1']);
      expect(outcome.cards[0]?.cells).toHaveLength(game === 'bingo-75' ? 25 : 27);
      expect(GAME_FORMULAS.find((f) => f.game === game)?.scheme).toBe('ours');
    }
  });

  it('checks a recorded round: its first ball against the recomputed order', () => {
    const balls = byHand(90);
    const round = {
      id: 1,
      game_code: 'bingo-90',
      status: 'settled' as const,
      amount: '2.00',
      win: '0.00',
      created_at: '',
      settled_at: '',
      outcome: { game: 'bingo-90', cards: [{ id: '5-0', win_centavos: 0 }] },
      seeds: null,
      chain: { hash: HASH, salt: SALT, result: balls[0] as number },
    };
    const check = checkRound(round as unknown as Parameters<typeof checkRound>[0]);
    expect(check.kind).toBe('checked');
    if (check.kind === 'checked') {
      expect(check.match).toBe(true);
      expect(check.outcome.game === 'bingo-90' && check.outcome.cards.map((c) => c.id)).toEqual(['5-0']);
    }
  });
});
