import { accumulatedOdds, payoutFor } from '@casino/games/sport-bets';
import { formatCentavos, parseReais } from '@casino/shared/money';
import type { OddsChangePolicy } from '@casino/shared/schemas/sports';
import { oddsHundredths } from './odds-format.ts';
import type { SlipSelection, SlipState } from './slip-store.ts';

/**
 * Reads what a player typed ("10", "10,5", "1.234,56", "1,234.56", "R$ 5") into centavos, or null.
 * The last separator followed by one or two digits is the decimal point whatever the language.
 */
export function parseStake(text: string): number | null {
  const cleaned = text.replace(/R\$|\s/g, '');
  if (!/^[\d.,]+$/.test(cleaned)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(cleaned);
  const wholePart = decimal ? cleaned.slice(0, decimal.index) : cleaned;
  const whole = wholePart.replace(/[.,]/g, '');
  if (whole === '' && !decimal) return null;
  return parseReais(`${whole || '0'}${decimal ? `.${decimal[1]}` : ''}`);
}

/** The accumulator's price in hundredths: the product of the legs, rounded down like the server. */
export function totalOddsOf(selections: readonly SlipSelection[]): number {
  return accumulatedOdds(selections.map((s) => oddsHundredths(s.odds) ?? 100));
}

/** What a stake returns at a price, in centavos (rounded down to the centavo, as the server pays). */
export function potentialPayout(stakeCentavos: number, oddsHundred: number): number {
  return payoutFor(stakeCentavos, oddsHundred);
}

/** Two picks of one fixture cannot make one accumulator. */
export function hasSameFixture(selections: readonly SlipSelection[]): boolean {
  return new Set(selections.map((s) => s.fixture_id)).size !== selections.length;
}

export type Placement = {
  kind: 'single' | 'accumulator';
  /** Reais as the API speaks them ("10.00"). */
  stake: string;
  selections: { selection_id: number; odds: string }[];
  accept_odds: OddsChangePolicy;
};

export type SlipPlan =
  | { ok: true; placements: Placement[]; totalStakeCentavos: number; potentialCentavos: number }
  | { ok: false; reason: 'empty' | 'stake_missing' | 'stake_invalid' | 'accumulator_min' | 'same_fixture' | 'unavailable' };

const legOf = (s: SlipSelection) => ({ selection_id: s.selection_id, odds: s.odds });

/** Singles with the same stake travel in one placement (the API takes one stake per call). */
function planSingles(state: SlipState): SlipPlan {
  const byStake = new Map<number, SlipSelection[]>();
  let potential = 0;
  let total = 0;
  for (const selection of state.selections) {
    const typed = state.stakes[selection.selection_id] ?? '';
    if (typed.trim() === '') return { ok: false, reason: 'stake_missing' };
    const stake = parseStake(typed);
    if (stake === null || stake <= 0) return { ok: false, reason: 'stake_invalid' };
    byStake.set(stake, [...(byStake.get(stake) ?? []), selection]);
    total += stake;
    potential += potentialPayout(stake, oddsHundredths(selection.odds) ?? 100);
  }
  const placements = [...byStake].map(([stake, picks]) => ({
    kind: 'single' as const,
    stake: formatCentavos(stake),
    selections: picks.map(legOf),
    accept_odds: state.acceptOdds,
  }));
  return { ok: true, placements, totalStakeCentavos: total, potentialCentavos: potential };
}

function planAccumulator(state: SlipState): SlipPlan {
  if (state.selections.length < 2) return { ok: false, reason: 'accumulator_min' };
  if (hasSameFixture(state.selections)) return { ok: false, reason: 'same_fixture' };
  if (state.stake.trim() === '') return { ok: false, reason: 'stake_missing' };
  const stake = parseStake(state.stake);
  if (stake === null || stake <= 0) return { ok: false, reason: 'stake_invalid' };
  const placement: Placement = {
    kind: 'accumulator',
    stake: formatCentavos(stake),
    selections: state.selections.map(legOf),
    accept_odds: state.acceptOdds,
  };
  return {
    ok: true,
    placements: [placement],
    totalStakeCentavos: stake,
    potentialCentavos: potentialPayout(stake, totalOddsOf(state.selections)),
  };
}

/**
 * What the slip would place now: one call per distinct single stake, or one accumulator; or why it
 * cannot be placed yet. The server re-checks prices, limits and the balance; this only saves a round trip.
 */
export function planSlip(state: SlipState): SlipPlan {
  if (state.selections.length === 0) return { ok: false, reason: 'empty' };
  if (state.selections.some((s) => s.unavailable)) return { ok: false, reason: 'unavailable' };
  return state.mode === 'accumulator' ? planAccumulator(state) : planSingles(state);
}

/**
 * What the slip adds up to as typed, even before it can be placed: the stakes that read as money and
 * what they would return (singles one by one; an accumulator at the product of its legs).
 */
export function slipTotals(state: SlipState): { stakeCentavos: number; potentialCentavos: number } {
  if (state.mode === 'accumulator') {
    const stake = parseStake(state.stake) ?? 0;
    return { stakeCentavos: stake, potentialCentavos: potentialPayout(stake, totalOddsOf(state.selections)) };
  }
  let stakeCentavos = 0;
  let potentialCentavos = 0;
  for (const selection of state.selections) {
    const stake = parseStake(state.stakes[selection.selection_id] ?? '') ?? 0;
    stakeCentavos += stake;
    potentialCentavos += potentialPayout(stake, oddsHundredths(selection.odds) ?? 100);
  }
  return { stakeCentavos, potentialCentavos };
}

/** An idempotency key for one placement; without crypto.randomUUID (plain http) 16 random bytes in hex. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
