import { coveredNumbers, type RouletteBetType, validateRouletteBet } from '@casino/games/roulette';
import { describe, expect, it } from 'vitest';
import { type Orientation, SPOTS, type Spot, tableLayout } from './roulette-layout.ts';

const ORIENTATIONS: Orientation[] = ['vertical', 'horizontal'];
const NUMBERS = Array.from({ length: 37 }, (_, n) => n);

function countByType(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const spot of SPOTS) counts[spot.bet.type] = (counts[spot.bet.type] ?? 0) + 1;
  return counts;
}

/** Every set of `size` numbers from 0..36 that the maths package accepts as a bet of `type`. */
function legalInsideBets(type: RouletteBetType, size: number): string[] {
  const found: string[] = [];
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length === size) {
      if (validateRouletteBet({ type, numbers: chosen }) === null) found.push(chosen.join('-'));
      return;
    }
    for (let n = start; n <= 36; n++) pick(n + 1, [...chosen, n]);
  };
  pick(0, []);
  return found.sort();
}

const insideKeys = (type: RouletteBetType) =>
  SPOTS.filter((s) => s.bet.type === type)
    .map((s) => s.numbers.join('-'))
    .sort();

describe('roulette table layout', () => {
  it('offers every standard bet once, each one the maths package accepts', () => {
    expect(new Set(SPOTS.map((s) => s.key)).size).toBe(SPOTS.length);
    for (const spot of SPOTS) {
      expect(validateRouletteBet(spot.bet), spot.key).toBeNull();
      expect(spot.numbers).toEqual(coveredNumbers(spot.bet));
    }
    expect(countByType()).toEqual({
      straight: 37,
      split: 60,
      // 12 rows and the trios 0-1-2, 0-2-3.
      street: 14,
      // 22 squares and the first four 0-1-2-3.
      corner: 23,
      line: 11,
      dozen: 3,
      column: 3,
      red: 1,
      black: 1,
      odd: 1,
      even: 1,
      low: 1,
      high: 1,
    });
  });

  it('has a spot for every legal split, street and corner (enumerated against the maths package)', () => {
    expect(insideKeys('split')).toEqual(legalInsideBets('split', 2));
    expect(insideKeys('street')).toEqual(legalInsideBets('street', 3));
    expect(insideKeys('corner')).toEqual(legalInsideBets('corner', 4));
  });

  for (const orientation of ORIENTATIONS) {
    describe(orientation, () => {
      const layout = tableLayout(orientation);
      const rects = SPOTS.filter((s): s is Spot & { shape: { type: 'rect' } } => s.shape.type === 'rect');
      const boxes = rects.map((s) => ({ key: s.key, ...layout.box(s.shape) }));
      const cellOf = (n: number) => boxes.find((b) => b.key === `straight:${n}`)!;

      it('keeps every box on the board, none overlapping another', () => {
        for (const b of boxes) {
          expect(b.left).toBeGreaterThanOrEqual(-1e-9);
          expect(b.top).toBeGreaterThanOrEqual(-1e-9);
          expect(b.left + b.width).toBeLessThanOrEqual(100 + 1e-9);
          expect(b.top + b.height).toBeLessThanOrEqual(100 + 1e-9);
          expect(b.width).toBeGreaterThan(0);
          expect(b.height).toBeGreaterThan(0);
        }
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i]!;
            const b = boxes[j]!;
            const overlapX = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
            const overlapY = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
            expect(overlapX > 1e-6 && overlapY > 1e-6, `${a.key} overlaps ${b.key}`).toBe(false);
          }
        }
      });

      it('puts each line bet on the meeting point of the numbers it covers', () => {
        for (const spot of SPOTS) {
          if (spot.shape.type !== 'point') continue;
          const at = layout.point(spot.shape.r, spot.shape.c);
          // The point touches every covered number's cell, except the bets that sit on the grid's
          // outer edge: a street beside its first number, a six line between its two rows' first
          // numbers, and the first four at the corner of the zero and the 1.
          const touching = spot.numbers.filter((n) => {
            const cell = cellOf(n);
            const dx = Math.max(cell.left - at.x, 0, at.x - (cell.left + cell.width));
            const dy = Math.max(cell.top - at.y, 0, at.y - (cell.top + cell.height));
            return dx < 1e-6 && dy < 1e-6;
          });
          const edgeTouches: Partial<Record<Spot['kind'], number>> = { street: 1, six_line: 2, basket: 2 };
          expect(touching.length, spot.key).toBe(edgeTouches[spot.kind] ?? spot.numbers.length);
        }
      });

      it('lays the numbers out in table order', () => {
        for (const n of NUMBERS.slice(1)) {
          const cell = cellOf(n);
          const next = n % 3 === 0 ? null : cellOf(n + 1);
          if (!next) continue;
          // 1-2-3 run across the table: left to right upright, bottom to top lying down.
          if (orientation === 'vertical') expect(next.left).toBeGreaterThan(cell.left);
          else expect(next.top).toBeLessThan(cell.top);
        }
      });
    });
  }
});
