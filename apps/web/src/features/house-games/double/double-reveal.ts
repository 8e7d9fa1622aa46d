import type { DoubleState } from '@casino/shared/schemas/house-games';

/**
 * The server sends a round's result the moment it ends, while the strip on screen still runs for
 * a few seconds. Everything that tells the result (the history's newest chip, the winning column,
 * the last round's hash) waits until the strip stops on the roll: `landedRound` is the round whose
 * strip has stopped (or that was already over when the page opened).
 */

/** Whether the current round's result may be shown. */
export function isRevealed(state: Pick<DoubleState, 'round_id' | 'phase' | 'roll'> | null, landedRound: number | null): boolean {
  return state !== null && state.phase === 'ended' && state.roll !== null && landedRound === state.round_id;
}

/** The history without the current round until its strip has stopped. */
export function visibleHistory(
  state: Pick<DoubleState, 'round_id' | 'phase' | 'roll' | 'history'> | null,
  landedRound: number | null,
): DoubleState['history'] {
  if (!state) return [];
  const hidden = state.phase !== 'betting' && !isRevealed(state, landedRound) ? state.round_id : null;
  return state.history.filter((item) => item.round_id !== hidden);
}
