import { describe, expect, it } from 'vitest';
import {
  coveredNumbers,
  declaredRtp,
  play,
  RED_NUMBERS,
  ROULETTE_LIMITS,
  ROULETTE_PAYOUTS,
  type RouletteBet,
  rouletteBetKey,
  rouletteColor,
  settleRoulette,
  validateRouletteBet,
  validateRouletteStakes,
  WHEEL_ORDER,
} from './roulette.ts';

function subsets(size: number, from = 0, prefix: number[] = [], out: number[][] = []): number[][] {
  if (prefix.length === size) {
    out.push(prefix);
    return out;
  }
  for (let n = from; n <= 36; n += 1) subsets(size, n + 1, [...prefix, n], out);
  return out;
}

function legalCount(type: RouletteBet['type'], size: number): number {
  return subsets(size).filter((numbers) => validateRouletteBet({ type, numbers }) === null).length;
}

describe('roulette', () => {
  it('has a European wheel: 37 pockets, 18 red, 18 black, one green zero', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    expect(RED_NUMBERS.size).toBe(18);
    expect(rouletteColor(0)).toBe('green');
    expect(rouletteColor(32)).toBe('red');
    expect(rouletteColor(15)).toBe('black');
    // Red and black alternate around the wheel.
    for (let i = 1; i < 36; i += 1) expect(rouletteColor(WHEEL_ORDER[i] as number)).not.toBe(rouletteColor(WHEEL_ORDER[i + 1] as number));
  });

  it('draws the number as floor(f * 37)', () => {
    expect(play(() => 0).number).toBe(0);
    expect(play(() => 0.9999).number).toBe(36);
    expect(play(() => 17.5 / 37)).toEqual({ number: 17, color: 'black' });
  });

  it('knows every legal inside bet: 37 straights, 60 splits, 14 streets, 23 corners, 11 lines', () => {
    expect(legalCount('straight', 1)).toBe(37);
    expect(legalCount('split', 2)).toBe(60);
    expect(legalCount('street', 3)).toBe(14);
    expect(legalCount('corner', 4)).toBe(23);
    const lines = Array.from({ length: 36 }, (_, i) => i + 1).filter(
      (n) => validateRouletteBet({ type: 'line', numbers: [n, n + 1, n + 2, n + 3, n + 4, n + 5] }) === null,
    );
    expect(lines).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31]);
  });

  it('refuses bets that do not form their shape on the layout', () => {
    const cases: [RouletteBet, string | null][] = [
      [{ type: 'split', numbers: [2, 1] }, null],
      [{ type: 'split', numbers: [1, 4] }, null],
      [{ type: 'split', numbers: [0, 3] }, null],
      [{ type: 'split', numbers: [3, 4] }, 'numbers_invalid'],
      [{ type: 'split', numbers: [0, 4] }, 'numbers_invalid'],
      [{ type: 'split', numbers: [1, 1] }, 'numbers_invalid'],
      [{ type: 'street', numbers: [0, 1, 2] }, null],
      [{ type: 'street', numbers: [2, 3, 4] }, 'numbers_invalid'],
      [{ type: 'corner', numbers: [2, 3, 5, 6] }, null],
      [{ type: 'corner', numbers: [3, 4, 6, 7] }, 'numbers_invalid'],
      [{ type: 'corner', numbers: [0, 1, 2, 3] }, null],
      [{ type: 'line', numbers: [2, 3, 4, 5, 6, 7] }, 'numbers_invalid'],
      [{ type: 'straight', numbers: [37] }, 'numbers_invalid'],
      [{ type: 'straight', numbers: [-1] }, 'numbers_invalid'],
      [{ type: 'straight', numbers: [1.5] }, 'numbers_invalid'],
      [{ type: 'straight', numbers: [] }, 'numbers_invalid'],
      [{ type: 'straight' }, 'numbers_invalid'],
      [{ type: 'straight', numbers: [5], index: 1 }, 'index_invalid'],
      [{ type: 'dozen', index: 3 }, null],
      [{ type: 'dozen', index: 4 }, 'index_invalid'],
      [{ type: 'column' }, 'index_invalid'],
      [{ type: 'red', index: 1 }, 'index_invalid'],
      [{ type: 'red', numbers: [1] }, 'numbers_invalid'],
      [{ type: 'even' }, null],
      [{ type: 'neighbours' } as never, 'type_invalid'],
    ];
    for (const [bet, expected] of cases) expect([bet, validateRouletteBet(bet)]).toEqual([bet, expected]);
  });

  it('covers the right numbers with the outside bets', () => {
    expect(coveredNumbers({ type: 'dozen', index: 2 })).toEqual(Array.from({ length: 12 }, (_, i) => i + 13));
    expect(coveredNumbers({ type: 'column', index: 1 })).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(coveredNumbers({ type: 'low' })).toHaveLength(18);
    for (const type of ['red', 'black', 'odd', 'even', 'low', 'high'] as const) expect(coveredNumbers({ type })).not.toContain(0);
    expect(rouletteBetKey({ type: 'split', numbers: [5, 2] })).toBe('split:2-5');
    expect(rouletteBetKey({ type: 'column', index: 3 })).toBe('column:3');
  });

  it('returns exactly 36/37 on every legal bet, counted over the 37 pockets', () => {
    expect(declaredRtp).toBe(36 / 37);
    const bets: RouletteBet[] = [
      ...(['straight', 'split', 'street', 'corner'] as const).flatMap((type, i) => subsets(i + 1).map((numbers) => ({ type, numbers }))),
      ...[1, 4, 31].map((n) => ({ type: 'line' as const, numbers: [n, n + 1, n + 2, n + 3, n + 4, n + 5] })),
      ...[1, 2, 3].flatMap((index) => [
        { type: 'dozen' as const, index },
        { type: 'column' as const, index },
      ]),
      ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((type) => ({ type })),
    ].filter((bet) => validateRouletteBet(bet) === null);
    // 37 + 60 + 14 + 23 inside spots, three lines, six dozens and columns, six even-money bets.
    expect(bets).toHaveLength(149);
    for (const bet of bets) {
      let returned = 0;
      for (let n = 0; n <= 36; n += 1) returned += settleRoulette(n, [{ bet, amountCentavos: 1 }]).totalReturnCentavos;
      expect([rouletteBetKey(bet), returned]).toEqual([rouletteBetKey(bet), 36]);
    }
  });

  it('settles a table of chips: stake times (payout + 1) on each winning spot', () => {
    const stakes = [
      { bet: { type: 'straight', numbers: [17] } as RouletteBet, amountCentavos: 100 },
      { bet: { type: 'split', numbers: [17, 20] } as RouletteBet, amountCentavos: 200 },
      { bet: { type: 'black' } as RouletteBet, amountCentavos: 500 },
      { bet: { type: 'dozen', index: 1 } as RouletteBet, amountCentavos: 300 },
    ];
    const result = settleRoulette(17, stakes);
    expect(result.returns).toEqual([3600, 3600, 1000, 0]);
    expect(result.totalBetCentavos).toBe(1100);
    expect(result.totalReturnCentavos).toBe(8200);
    expect(settleRoulette(0, stakes).totalReturnCentavos).toBe(0);
    expect(ROULETTE_PAYOUTS.corner).toBe(8);
  });

  it('enforces the table limits per spot and per spin', () => {
    const straight = { type: 'straight', numbers: [7] } as RouletteBet;
    expect(validateRouletteStakes([{ bet: straight, amountCentavos: 100 }])).toBeNull();
    expect(validateRouletteStakes([])).toEqual({ index: -1, reason: 'no_bets' });
    expect(validateRouletteStakes([{ bet: straight, amountCentavos: 9 }])).toEqual({ index: 0, reason: 'below_min' });
    expect(validateRouletteStakes([{ bet: straight, amountCentavos: 10.5 }])).toEqual({ index: 0, reason: 'below_min' });
    const max = ROULETTE_LIMITS.maxBetCentavos.straight;
    expect(validateRouletteStakes([{ bet: straight, amountCentavos: max }])).toBeNull();
    // Two chips on the same number count together.
    expect(
      validateRouletteStakes([
        { bet: straight, amountCentavos: max },
        { bet: { type: 'straight', numbers: [7] }, amountCentavos: 10 },
      ]),
    ).toEqual({ index: 1, reason: 'above_max' });
    expect(validateRouletteStakes([{ bet: { type: 'split', numbers: [3, 4] }, amountCentavos: 100 }])).toEqual({
      index: 0,
      reason: 'numbers_invalid',
    });
    const evenMoney = (['red', 'black', 'odd'] as const).map((type) => ({ bet: { type } as RouletteBet, amountCentavos: 200_000 }));
    expect(validateRouletteStakes(evenMoney)).toEqual({ index: -1, reason: 'above_total' });
    const many = Array.from({ length: ROULETTE_LIMITS.maxBets + 1 }, () => ({ bet: { type: 'red' } as RouletteBet, amountCentavos: 10 }));
    expect(validateRouletteStakes(many)).toEqual({ index: -1, reason: 'too_many_bets' });
  });
});
