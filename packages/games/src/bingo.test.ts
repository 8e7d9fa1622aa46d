import { describe, expect, it } from 'vitest';
import {
  BINGO_RULES,
  ballOrder,
  bingoCard,
  calledPositions,
  card75,
  card90,
  cardPrizeBalls,
  declaredRtp,
  HOUSE_EDGE_PERCENT,
  isValidCard,
  playRound,
  potOf,
  simulatedReturn,
  splitPrize,
  winsByCard,
} from './bingo.ts';
import { shuffle } from './cards.ts';
import { fastFloats, hmacFloats } from './fair.ts';

const HASH = 'ab'.repeat(32);
const SALT = 'cd'.repeat(16);

describe('bingo cards', () => {
  it('75-ball cards are valid: B-I-N-G-O column ranges, 24 distinct numbers, free centre', () => {
    for (let seed = 0; seed < 500; seed += 1) expect(isValidCard('bingo-75', card75(fastFloats(seed)))).toBe(true);
  });

  it('90-ball tickets are valid: 15 numbers, 5 per row, every column used, ascending columns', () => {
    for (let seed = 0; seed < 500; seed += 1) expect(isValidCard('bingo-90', card90(fastFloats(seed)))).toBe(true);
  });

  it('a card is a function of the round hash, salt and card id', () => {
    const a = bingoCard('bingo-90', HASH, SALT, '7-0');
    expect(bingoCard('bingo-90', HASH, SALT, '7-0')).toEqual(a);
    expect(bingoCard('bingo-90', HASH, SALT, '7-1')).not.toEqual(a);
    const source = hmacFloats({ serverSeed: HASH, clientSeed: `${SALT}:card:7-0`, nonce: 0 });
    expect(card90(source)).toEqual(a);
  });

  it('rejects malformed cards', () => {
    const good = card75(fastFloats(1));
    expect(isValidCard('bingo-75', [...good.slice(0, 12), 5, ...good.slice(13)])).toBe(false);
    const swapped = [...good];
    swapped[0] = 70;
    expect(isValidCard('bingo-75', swapped)).toBe(false);
    expect(isValidCard('bingo-90', good)).toBe(false);
  });
});

describe('bingo draw', () => {
  it('the ball order is the Fisher-Yates shuffle of 1..B over the seed stream', () => {
    for (const room of ['bingo-75', 'bingo-90'] as const) {
      const order = ballOrder(room, HASH, SALT);
      const n = BINGO_RULES[room].balls;
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      const source = hmacFloats({ serverSeed: HASH, clientSeed: `${SALT}:balls`, nonce: 0 });
      expect(order).toEqual(
        shuffle(
          source,
          Array.from({ length: n }, (_, i) => i + 1),
        ),
      );
    }
    expect(ballOrder('bingo-90', HASH, SALT)).not.toEqual(ballOrder('bingo-90', HASH, 'other'));
  });
});

describe('bingo prizes', () => {
  // A 90-ball ticket fixed by hand (rows: 1 10 20 30 40 / 41 50 60 70 80 / 2 11 21 51 61).
  const ticket = [1, 10, 20, 30, 40, 0, 0, 0, 0, 0, 0, 0, 0, 41, 50, 60, 70, 80, 2, 11, 21, 0, 0, 51, 61, 0, 0];

  it('90-ball: line, two lines and full house at the balls that complete them', () => {
    expect(isValidCard('bingo-90', ticket)).toBe(true);
    const order = [1, 10, 20, 30, 40, 41, 50, 60, 70, 80, 90, 2, 11, 21, 51, 61];
    const balls = cardPrizeBalls('bingo-90', ticket, calledPositions(order));
    expect(balls).toEqual({ line: 5, two_lines: 10, full_house: 16 });
  });

  it('75-ball: line, four corners, X and blackout; the centre is free', () => {
    const card = card75(fastFloats(3));
    const diag = [0, 6, 18, 24].map((i) => card[i] as number);
    const anti = [4, 8, 16, 20].map((i) => card[i] as number);
    const rest = card.filter((n) => n !== 0 && !diag.includes(n) && !anti.includes(n));
    const order = [...diag, ...anti, ...rest];
    const balls = cardPrizeBalls('bingo-75', card, calledPositions(order));
    expect(balls.line).toBe(4); // the diagonal with the free centre
    expect(balls.x).toBe(8);
    expect(balls.corners).toBe(8); // 0 and 24 in the diagonal, 4 and 20 in the anti-diagonal (the 8th call)
    expect(balls.full_house).toBe(24);
  });

  it('splits to the centavo, the remainder to the earliest cards', () => {
    expect(splitPrize(1000, 3)).toEqual([334, 333, 333]);
    expect(splitPrize(1001, 3)).toEqual([334, 334, 333]);
    expect(splitPrize(7, 1)).toEqual([7]);
    for (let a = 0; a < 200; a += 7) for (let w = 1; w < 9; w += 1) expect(splitPrize(a, w).reduce((s, x) => s + x, 0)).toBe(a);
  });

  it('pays exactly the prize share of the sales, ties shared, and the jackpot within K balls', () => {
    const order = ballOrder('bingo-90', HASH, SALT);
    const cards = Array.from({ length: 37 }, (_, i) => ({
      purchaseId: 10 + (i % 5),
      index: i,
      cells: bingoCard('bingo-90', HASH, SALT, `x-${i}`),
    }));
    // Two identical cards always tie.
    cards.push({ purchaseId: 1, index: 0, cells: cards[0]?.cells as number[] });
    const result = playRound('bingo-90', order, cards, 12_345);
    const pot = potOf('bingo-90', 38 * 100);
    const paid = result.prizes.reduce((s, p) => s + p.winners.reduce((t, w) => t + w.win, 0), 0);
    expect(paid).toBe(pot.prizePool);
    expect(pot.prizePool + pot.jackpotShare + pot.house).toBe(3800);
    for (const p of result.prizes) {
      expect(p.winners.length).toBeGreaterThan(0);
      expect(p.winners.reduce((s, w) => s + w.win, 0)).toBe(p.amount);
      const ids = p.winners.map((w) => w.purchaseId * 1000 + w.index);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
    expect(result.ballsCalled).toBe(result.prizes.find((p) => p.prize === 'full_house')?.ball);
    if (result.jackpot.won) {
      expect(result.ballsCalled).toBeLessThanOrEqual(40);
      expect(result.jackpot.amount).toBe(12_345 + pot.jackpotShare);
      expect(result.poolAfter).toBe(0);
    } else {
      expect(result.poolAfter).toBe(12_345 + pot.jackpotShare);
    }
    const total = [...winsByCard(result).values()].reduce((s, x) => s + x, 0);
    expect(total).toBe(paid + result.jackpot.amount);
  });

  it('a forced early full house wins the jackpot, split with the remainder to the earliest card', () => {
    const cells = bingoCard('bingo-90', HASH, SALT, 'j');
    const numbers = cells.filter((n) => n !== 0);
    const order = [...numbers, ...Array.from({ length: 90 }, (_, i) => i + 1).filter((n) => !numbers.includes(n))];
    const cards = [
      { purchaseId: 5, index: 1, cells },
      { purchaseId: 5, index: 0, cells },
      { purchaseId: 9, index: 0, cells },
    ];
    const result = playRound('bingo-90', order, cards, 1000);
    expect(result.ballsCalled).toBe(15);
    expect(result.jackpot.won).toBe(true);
    expect(result.jackpot.amount).toBe(1015);
    expect(result.jackpot.winners.map((w) => w.win)).toEqual([339, 338, 338]);
    expect(result.jackpot.winners.map((w) => `${w.purchaseId}-${w.index}`)).toEqual(['5-0', '5-1', '9-0']);
    expect(result.poolAfter).toBe(0);
  });

  it('declares 90% (10% house edge) and returns exactly that share', () => {
    expect(declaredRtp).toBe(0.9);
    expect(HOUSE_EDGE_PERCENT).toBe(10);
    expect(simulatedReturn('bingo-75', fastFloats(1), 100)).toBeCloseTo(0.9, 12);
    expect(simulatedReturn('bingo-90', fastFloats(2), 100)).toBeCloseTo(0.9, 12);
  });
});
