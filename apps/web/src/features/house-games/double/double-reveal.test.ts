import type { DoubleState } from '@casino/shared/schemas/house-games';
import { describe, expect, it } from 'vitest';
import { isRevealed, visibleHistory } from './double-reveal.ts';

const chip = (round_id: number, roll: number) => ({ round_id, roll, color: roll === 0 ? ('white' as const) : ('red' as const), hash: 'h' });
const earlier = [chip(9, 3), chip(8, 0)];

function stateOf(phase: DoubleState['phase'], roll: number | null, history = earlier) {
  return { round_id: 10, phase, roll, history };
}

describe('what the double page reveals of a round', () => {
  it('keeps the ended round out of the history while the strip still runs', () => {
    const ended = stateOf('ended', 5, [chip(10, 5), ...earlier]);
    expect(isRevealed(ended, 9)).toBe(false);
    expect(visibleHistory(ended, 9).map((item) => item.round_id)).toEqual([9, 8]);
  });

  it('shows it once the strip has stopped on the roll', () => {
    const ended = stateOf('ended', 5, [chip(10, 5), ...earlier]);
    expect(isRevealed(ended, 10)).toBe(true);
    expect(visibleHistory(ended, 10).map((item) => item.round_id)).toEqual([10, 9, 8]);
  });

  it('hides nothing while betting or before the round has a result', () => {
    expect(visibleHistory(stateOf('betting', null), null).map((item) => item.round_id)).toEqual([9, 8]);
    expect(visibleHistory(stateOf('spinning', null), 9).map((item) => item.round_id)).toEqual([9, 8]);
    expect(isRevealed(stateOf('spinning', null), 10)).toBe(false);
    expect(visibleHistory(null, null)).toEqual([]);
  });
});
