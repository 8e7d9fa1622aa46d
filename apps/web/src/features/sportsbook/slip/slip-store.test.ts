import { beforeEach, describe, expect, test } from 'vitest';
import {
  addSelection,
  applyPriceChanges,
  clear,
  getSlip,
  isSelected,
  MAX_SLIP_SELECTIONS,
  removeSelection,
  removeUnavailable,
  type SlipSelection,
  setAcceptOdds,
  setEverySingleStake,
  setMode,
  setSingleStake,
  syncSlipPrices,
} from './slip-store.ts';

const pick = (selection_id: number, fixture_id: number, odds = '1.85'): SlipSelection => ({
  selection_id,
  odds,
  fixture_id,
  fixture_name: 'Flamengo x Palmeiras',
  market_type: '1x2',
  line: null,
  selection_code: 'home',
});

beforeEach(() => {
  clear();
  setMode('single');
});

describe('adding and removing picks', () => {
  test('the same odds button twice takes the pick off again', () => {
    addSelection(pick(1, 10));
    expect(isSelected(1)).toBe(true);
    addSelection(pick(1, 10));
    expect(isSelected(1)).toBe(false);
    expect(getSlip().selections).toEqual([]);
  });

  test('singles keep two picks of one fixture; an accumulator keeps the latest only', () => {
    addSelection(pick(1, 10));
    addSelection(pick(2, 10));
    expect(getSlip().selections.map((s) => s.selection_id)).toEqual([1, 2]);
    clear();
    setMode('accumulator');
    addSelection(pick(1, 10));
    addSelection(pick(3, 11));
    addSelection(pick(2, 10));
    expect(getSlip().selections.map((s) => s.selection_id)).toEqual([3, 2]);
  });

  test('removing a pick forgets its stake; clear empties the slip but keeps the mode and the odds policy', () => {
    addSelection(pick(1, 10));
    addSelection(pick(2, 11));
    setSingleStake(1, '10');
    setSingleStake(2, '20');
    removeSelection(1);
    expect(getSlip().stakes).toEqual({ 2: '20' });
    setAcceptOdds('any');
    setMode('accumulator');
    clear();
    expect(getSlip()).toMatchObject({ selections: [], stakes: {}, stake: '', mode: 'accumulator', acceptOdds: 'any' });
  });

  test('the slip holds at most the schema limit of picks', () => {
    for (let i = 1; i <= MAX_SLIP_SELECTIONS + 3; i++) addSelection(pick(i, 100 + i));
    expect(getSlip().selections).toHaveLength(MAX_SLIP_SELECTIONS);
  });

  test('a quick stake in singles sets every single', () => {
    addSelection(pick(1, 10));
    addSelection(pick(2, 11));
    setEverySingleStake('25');
    expect(getSlip().stakes).toEqual({ 1: '25', 2: '25' });
  });
});

describe('prices from the server', () => {
  test('a 409 moves the price, keeps the old one to highlight and marks a closed market', () => {
    addSelection(pick(1, 10, '1.85'));
    addSelection(pick(2, 11, '2.10'));
    applyPriceChanges([
      { selection_id: 1, odds: '1.70', status: 'open' },
      { selection_id: 2, odds: '2.10', status: 'suspended' },
    ]);
    const [first, second] = getSlip().selections;
    expect(first).toMatchObject({ odds: '1.70', previous_odds: '1.85', unavailable: false });
    expect(second).toMatchObject({ odds: '2.10', previous_odds: null, unavailable: true });
    removeUnavailable();
    expect(getSlip().selections.map((s) => s.selection_id)).toEqual([1]);
  });

  test('a fresh read of the markets syncs the slip only when something differs', () => {
    addSelection(pick(1, 10, '1.85'));
    const before = getSlip();
    syncSlipPrices([
      {
        status: 'open',
        selections: [
          { id: 1, odds: '1.85' },
          { id: 9, odds: '4.00' },
        ],
      },
    ]);
    expect(getSlip()).toBe(before);
    syncSlipPrices([{ status: 'open', selections: [{ id: 1, odds: '1.95' }] }]);
    expect(getSlip().selections[0]).toMatchObject({ odds: '1.95', previous_odds: '1.85' });
  });

  test('adding a pick again starts it fresh, without an old highlight', () => {
    addSelection(pick(1, 10, '1.85'));
    applyPriceChanges([{ selection_id: 1, odds: '1.70', status: 'open' }]);
    removeSelection(1);
    addSelection(pick(1, 10, '1.70'));
    expect(getSlip().selections[0]).toMatchObject({ odds: '1.70', previous_odds: null, unavailable: false });
  });
});
