import { describe, expect, test } from 'vitest';
import { newRequestId, parseStake, planSlip, slipTotals, totalOddsOf } from './slip-maths.ts';
import type { SlipSelection, SlipState } from './slip-store.ts';

const pick = (selection_id: number, fixture_id: number, odds: string, extra: Partial<SlipSelection> = {}): SlipSelection => ({
  selection_id,
  odds,
  fixture_id,
  fixture_name: 'Flamengo x Palmeiras',
  market_type: '1x2',
  line: null,
  selection_code: 'home',
  ...extra,
});

const slip = (state: Partial<SlipState>): SlipState => ({
  selections: [],
  mode: 'single',
  stakes: {},
  stake: '',
  acceptOdds: 'higher',
  ...state,
});

test('parseStake reads what players type in either language', () => {
  expect(parseStake('10')).toBe(1000);
  expect(parseStake('10,5')).toBe(1050);
  expect(parseStake('1.234,56')).toBe(123_456);
  expect(parseStake('1,234.56')).toBe(123_456);
  expect(parseStake('R$ 5')).toBe(500);
  expect(parseStake('abc')).toBeNull();
  expect(parseStake('-5')).toBeNull();
  expect(parseStake('')).toBeNull();
});

test('the accumulated odds are the exact product rounded down once, like the server', () => {
  // 1.85 x 2.10 x 3.40 = 13.209 -> 13.20
  expect(totalOddsOf([pick(1, 1, '1.85'), pick(2, 2, '2.10'), pick(3, 3, '3.40')])).toBe(1320);
});

describe('planSlip', () => {
  test('singles with the same stake travel together; the totals are exact to the centavo', () => {
    const plan = planSlip(
      slip({
        selections: [pick(1, 1, '1.85'), pick(2, 2, '2.10'), pick(3, 3, '3.33')],
        stakes: { 1: '10', 2: '10,00', 3: '0,99' },
        acceptOdds: 'none',
      }),
    );
    expect(plan).toEqual({
      ok: true,
      placements: [
        {
          kind: 'single',
          stake: '10.00',
          selections: [
            { selection_id: 1, odds: '1.85' },
            { selection_id: 2, odds: '2.10' },
          ],
          accept_odds: 'none',
        },
        { kind: 'single', stake: '0.99', selections: [{ selection_id: 3, odds: '3.33' }], accept_odds: 'none' },
      ],
      totalStakeCentavos: 2099,
      // 18.50 + 21.00 + floor(0.99 x 3.33 = 3.2967) 3.29
      potentialCentavos: 1850 + 2100 + 329,
    });
  });

  test('an accumulator is one placement at the product of its legs', () => {
    const plan = planSlip(
      slip({ mode: 'accumulator', selections: [pick(1, 1, '1.85'), pick(2, 2, '2.10'), pick(3, 3, '3.40')], stake: '10' }),
    );
    expect(plan).toMatchObject({ ok: true, totalStakeCentavos: 1000, potentialCentavos: 13_200 });
    expect(plan.ok && plan.placements).toHaveLength(1);
  });

  test.each([
    ['empty', slip({})],
    ['stake_missing', slip({ selections: [pick(1, 1, '1.85')] })],
    ['stake_invalid', slip({ selections: [pick(1, 1, '1.85')], stakes: { 1: '0' } })],
    ['stake_invalid', slip({ selections: [pick(1, 1, '1.85')], stakes: { 1: 'dez' } })],
    ['accumulator_min', slip({ mode: 'accumulator', selections: [pick(1, 1, '1.85')], stake: '10' })],
    ['same_fixture', slip({ mode: 'accumulator', selections: [pick(1, 1, '1.85'), pick(2, 1, '2.00')], stake: '10' })],
    ['unavailable', slip({ selections: [pick(1, 1, '1.85', { unavailable: true })], stakes: { 1: '10' } })],
  ])('refuses before calling the server: %s', (reason, state) => {
    expect(planSlip(state)).toEqual({ ok: false, reason });
  });
});

test('request ids fit the API pattern and differ', () => {
  const a = newRequestId();
  expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  expect(newRequestId()).not.toBe(a);
});

test('the totals count what reads as money, even while the slip cannot be placed yet', () => {
  const singles = slip({
    selections: [pick(1, 1, '1.85'), pick(2, 2, '2.10', { unavailable: true }), pick(3, 3, '3.00')],
    stakes: { 1: '10', 2: '5', 3: 'dez' },
  });
  expect(slipTotals(singles)).toEqual({ stakeCentavos: 1500, potentialCentavos: 1850 + 1050 });
  const accumulator = slip({ mode: 'accumulator', selections: [pick(1, 1, '1.85'), pick(2, 2, '2.10')], stake: '2,50' });
  // 1.85 x 2.10 = 3.885 -> 3.88; 2.50 x 3.88 = 9.70
  expect(slipTotals(accumulator)).toEqual({ stakeCentavos: 250, potentialCentavos: 970 });
});
