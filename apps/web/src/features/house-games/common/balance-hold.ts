import { moneyStringToCentavos } from '@casino/shared/money';
import { useCallback, useEffect, useRef } from 'react';
import { getUser } from '../../../lib/session.ts';
import { createStore, useStore } from '../../../lib/store.ts';

/**
 * The balance a game's top bar shows while an animation plays.
 *
 * The server settles a round at once: the bet's answer, and a moment later the /ws push, already
 * carry the final balance while the ball is still falling or the reels still spinning. Showing it
 * would spoil the outcome, so a game holds the figure at "balance minus stake" when the round
 * starts and releases it when its animation has shown the result.
 *
 * Only what the top bar shows is held: the session user (fed by bet answers, the /ws push and
 * /api/auth/me) keeps the real balance, so local checks read the truth. While any hold is active
 * the shown figure ignores the session; it moves only by the holds' own stakes and payouts (plinko
 * keeps several balls in the air), and snaps back to the real balance when the last one ends.
 *
 * A hold always ends: the game releases it when its animation ends or cancels it when the bet is
 * refused, the hook's holds end when the component unmounts, the game shell ends every hold when it
 * closes or the player logs out, and each hold ends on its own after HOLD_MAX_MS whatever happens.
 */

/** The longest any hold lasts (a Carnaval 20 feature with retriggers is the longest animation). */
export const HOLD_MAX_MS = 120_000;
/** More holds than this at once is a bug somewhere (plinko keeps at most 12 balls in flight). */
const MAX_HOLDS = 64;

export type BalanceHold = {
  /**
   * The animation has shown the outcome. The last active hold shows the real balance again; with
   * other holds still active, `payoutCentavos` (the round's return) is added to the held figure
   * (without it the figure stays as it is until the last hold ends).
   */
  release: (payoutCentavos?: number) => void;
  /** The bet was refused or never sent: the stake is given back to the shown figure. */
  cancel: () => void;
};

type ActiveHold = { takenCentavos: number; timer: ReturnType<typeof setTimeout> };

const active = new Map<number, ActiveHold>();
let nextId = 1;
/** The figure shown while holds are active (centavos), or null: show the real balance. */
const held = createStore<number | null>(null);

function realCentavos(): number {
  return moneyStringToCentavos(getUser().money) ?? 0;
}

function end(id: number, creditCentavos: number | undefined): void {
  const hold = active.get(id);
  if (!hold) return;
  clearTimeout(hold.timer);
  active.delete(id);
  if (active.size === 0) held.set(null);
  // Without its payout (a timed-out hold) the figure stays low until the last hold ends.
  else if (creditCentavos !== undefined) held.set((figure) => (figure === null ? null : figure + creditCentavos));
}

/**
 * Freezes the shown balance and takes `stakeCentavos` off it (never below zero). The first hold
 * starts from the real balance; later ones from the figure already shown.
 */
export function holdBalance(stakeCentavos: number, maxMs = HOLD_MAX_MS): BalanceHold {
  if (active.size >= MAX_HOLDS) releaseAllHolds();
  const base = held.get() ?? realCentavos();
  const takenCentavos = Math.min(Math.max(0, Math.trunc(stakeCentavos) || 0), Math.max(0, base));
  held.set(base - takenCentavos);
  const id = nextId++;
  active.set(id, { takenCentavos, timer: setTimeout(() => end(id, undefined), maxMs) });
  return {
    release: (payoutCentavos) => end(id, payoutCentavos),
    cancel: () => end(id, takenCentavos),
  };
}

/** Ends every hold: the shown balance is the real one again. */
export function releaseAllHolds(): void {
  for (const hold of active.values()) clearTimeout(hold.timer);
  active.clear();
  held.set(null);
}

/** How many holds are active (for tests and the shell). */
export function activeHolds(): number {
  return active.size;
}

/** The held figure in centavos, or null when the real balance is shown. */
export function heldCentavos(): number | null {
  return held.get();
}

/** The held figure in centavos for React, or null when the real balance is shown. */
export function useHeldCentavos(): number | null {
  return useStore(held);
}

/**
 * A game's holds: `hold(stake)` starts one; every hold still active when the component unmounts
 * (the player left in the middle of an animation) is released then.
 */
export function useBalanceHold(): (stakeCentavos: number) => BalanceHold {
  const mine = useRef(new Set<BalanceHold>());
  useEffect(() => {
    const holds = mine.current;
    return () => {
      for (const hold of holds) hold.release();
      holds.clear();
    };
  }, []);
  return useCallback((stakeCentavos: number) => {
    const holds = mine.current;
    const hold = holdBalance(stakeCentavos);
    const tracked: BalanceHold = {
      release: (payoutCentavos) => {
        holds.delete(tracked);
        hold.release(payoutCentavos);
      },
      cancel: () => {
        holds.delete(tracked);
        hold.cancel();
      },
    };
    holds.add(tracked);
    return tracked;
  }, []);
}
