import type { MarketType, OddsChangePolicy } from '@casino/shared/schemas/sports';
import { createStore, useStore } from '../../../lib/store.ts';

/** One pick on the bet slip: what the player saw when adding it (the server re-checks the price). */
export type SlipSelection = {
  selection_id: number;
  /** The decimal price the slip offers ("1.85"); updated when the server answers with a new price. */
  odds: string;
  fixture_id: number;
  fixture_name: string;
  market_type: MarketType;
  line: string | null;
  selection_code: string;
  /** Set when the server moved the price: the old price, to highlight the change until placed. */
  previous_odds?: string | null;
  /** The market was suspended or closed when the server last answered. */
  unavailable?: boolean;
};

export type SlipMode = 'single' | 'accumulator';

export type SlipState = {
  selections: SlipSelection[];
  mode: SlipMode;
  /** Singles: a stake in reais per selection id ("10.00" or what the player is typing). */
  stakes: Record<number, string>;
  /** The accumulator's one stake. */
  stake: string;
  /** What the player accepts when a price moved (kept across visits). */
  acceptOdds: OddsChangePolicy;
};

/** The schema's limit on legs per placement; the server's settings may be lower. */
export const MAX_SLIP_SELECTIONS = 20;
const SLIP_KEY = 'casino.sports.slip';
const POLICY_KEY = 'casino.sports.accept_odds';
const POLICIES: readonly OddsChangePolicy[] = ['none', 'higher', 'any'];

function readPolicy(): OddsChangePolicy {
  try {
    const saved = localStorage.getItem(POLICY_KEY);
    return POLICIES.includes(saved as OddsChangePolicy) ? (saved as OddsChangePolicy) : 'higher';
  } catch {
    return 'higher';
  }
}

function emptySlip(): SlipState {
  return { selections: [], mode: 'single', stakes: {}, stake: '', acceptOdds: readPolicy() };
}

function readSlip(): SlipState {
  try {
    const raw = sessionStorage.getItem(SLIP_KEY);
    if (!raw) return emptySlip();
    const saved = JSON.parse(raw) as Partial<SlipState>;
    const selections = Array.isArray(saved.selections) ? saved.selections.slice(0, MAX_SLIP_SELECTIONS) : [];
    return {
      ...emptySlip(),
      selections,
      mode: saved.mode === 'accumulator' ? 'accumulator' : 'single',
      stakes: saved.stakes && typeof saved.stakes === 'object' ? saved.stakes : {},
      stake: typeof saved.stake === 'string' ? saved.stake : '',
    };
  } catch {
    return emptySlip();
  }
}

const slip = createStore<SlipState>(readSlip());

// The slip survives a reload in this tab (sessionStorage), like the session itself.
slip.subscribe(() => {
  try {
    const { acceptOdds: _policy, ...rest } = slip.get();
    sessionStorage.setItem(SLIP_KEY, JSON.stringify(rest));
  } catch {
    // Storage can be disabled (private mode): the slip then lives in memory only.
  }
});

/**
 * Adds a pick, or removes it when it is already on the slip (an odds button toggles). In
 * accumulator mode a second pick from the same fixture replaces the first, since one accumulator
 * cannot hold two legs of one match.
 */
export function addSelection(pick: SlipSelection): void {
  slip.set((state) => {
    if (state.selections.some((s) => s.selection_id === pick.selection_id)) return withoutSelection(state, pick.selection_id);
    const fresh: SlipSelection = { ...pick, previous_odds: null, unavailable: false };
    const kept = state.mode === 'accumulator' ? state.selections.filter((s) => s.fixture_id !== pick.fixture_id) : state.selections;
    if (kept.length >= MAX_SLIP_SELECTIONS) return state;
    return { ...state, selections: [...kept, fresh] };
  });
}

function withoutSelection(state: SlipState, selectionId: number): SlipState {
  const { [selectionId]: _removed, ...stakes } = state.stakes;
  return { ...state, selections: state.selections.filter((s) => s.selection_id !== selectionId), stakes };
}

/** Takes one pick off the slip. */
export function removeSelection(selectionId: number): void {
  slip.set((state) => withoutSelection(state, selectionId));
}

/** Empties the slip (after a placement, or the player's "clear"); the odds policy stays. */
export function clear(): void {
  slip.set((state) => ({ ...emptySlip(), mode: state.mode, acceptOdds: state.acceptOdds }));
}

/** Whether a selection is on the slip (for the odds buttons' selected state). */
export function isSelected(selectionId: number): boolean {
  return slip.get().selections.some((s) => s.selection_id === selectionId);
}

/** Switches between singles and one accumulator; the picks stay. */
export function setMode(mode: SlipMode): void {
  slip.set((state) => ({ ...state, mode }));
}

/** The stake of one single, as typed. */
export function setSingleStake(selectionId: number, stake: string): void {
  slip.set((state) => ({ ...state, stakes: { ...state.stakes, [selectionId]: stake } }));
}

/** The same stake on every single (quick stakes in singles mode). */
export function setEverySingleStake(stake: string): void {
  slip.set((state) => ({
    ...state,
    stakes: Object.fromEntries(state.selections.map((s) => [s.selection_id, stake])),
  }));
}

/** The accumulator's stake, as typed. */
export function setAccumulatorStake(stake: string): void {
  slip.set((state) => ({ ...state, stake }));
}

/** What the player accepts when prices move; remembered on this device. */
export function setAcceptOdds(policy: OddsChangePolicy): void {
  try {
    localStorage.setItem(POLICY_KEY, policy);
  } catch {
    // Storage can be disabled; the choice then lasts for this visit.
  }
  slip.set((state) => ({ ...state, acceptOdds: policy }));
}

/**
 * Applies the server's current prices (a 409 SPORTS_ODDS_CHANGED body): each moved price replaces
 * the slip's and keeps the old one to highlight; a market no longer open marks its pick unavailable.
 */
export function applyPriceChanges(changes: readonly { selection_id: number; odds: string; status: string }[]): void {
  const byId = new Map(changes.map((c) => [c.selection_id, c]));
  slip.set((state) => ({
    ...state,
    selections: state.selections.map((s) => {
      const change = byId.get(s.selection_id);
      if (!change) return s;
      const moved = change.odds !== s.odds;
      return {
        ...s,
        odds: change.odds,
        previous_odds: moved ? s.odds : (s.previous_odds ?? null),
        unavailable: change.status !== 'open',
      };
    }),
  }));
}

/** Drops the picks whose markets closed, so the rest can be placed. */
export function removeUnavailable(): void {
  slip.set((state) => {
    let next = state;
    for (const s of state.selections) if (s.unavailable) next = withoutSelection(next, s.selection_id);
    return next;
  });
}

/** Reads the slip for tests and non-React callers. */
export const getSlip = () => slip.get();

/**
 * The bet slip for React: its state plus the actions, so an odds button needs only this hook.
 * Re-renders on every slip change.
 */
export function useSlip() {
  const state = useStore(slip);
  return {
    ...state,
    addSelection,
    removeSelection,
    clear,
    isSelected: (selectionId: number) => state.selections.some((s) => s.selection_id === selectionId),
  };
}

type PricedMarket = { status: string; selections: readonly { id: number; odds: string }[] };

/**
 * Brings the slip's picks up to the prices a fresh read of the markets shows (a live match moves
 * them every few seconds), marking each move like a 409 would. Does nothing when nothing differs.
 */
export function syncSlipPrices(markets: readonly PricedMarket[]): void {
  const onSlip = new Map(slip.get().selections.map((s) => [s.selection_id, s]));
  if (onSlip.size === 0) return;
  const changes: { selection_id: number; odds: string; status: string }[] = [];
  for (const market of markets) {
    for (const selection of market.selections) {
      const pick = onSlip.get(selection.id);
      if (!pick) continue;
      const unavailable = market.status !== 'open';
      if (pick.odds !== selection.odds || Boolean(pick.unavailable) !== unavailable) {
        changes.push({ selection_id: selection.id, odds: selection.odds, status: market.status });
      }
    }
  }
  if (changes.length > 0) applyPriceChanges(changes);
}
