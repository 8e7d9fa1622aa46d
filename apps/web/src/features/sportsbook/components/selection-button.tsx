import type { FixtureSummary, MarketItem, SelectionItem } from '@casino/shared/schemas/sports';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { displayOdds, useOddsFormat } from '../slip/odds-format.ts';
import { addSelection, useSlip } from '../slip/slip-store.ts';

type SelectionButtonProps = {
  fixture: Pick<FixtureSummary, 'id' | 'home' | 'away' | 'status'>;
  market: Pick<MarketItem, 'type' | 'line' | 'status'>;
  selection: SelectionItem;
  /** A short label above the price ("1", "X", "Mais de 2.5"); none shows the price alone. */
  label?: ReactNode;
  /** Read by screen readers, e.g. "Flamengo, Resultado final". */
  ariaLabel?: string;
  className?: string;
};

/**
 * A selection takes bets only while its market is open, its fixture has not finished and the
 * selection itself is undecided (in play a score can rule one out, e.g. a correct score of 0-0).
 */
export function isBettable(
  fixture: Pick<FixtureSummary, 'status'>,
  market: Pick<MarketItem, 'status'>,
  selection?: Pick<SelectionItem, 'result'>,
): boolean {
  if (selection && selection.result !== 'pending') return false;
  return market.status === 'open' && (fixture.status === 'scheduled' || fixture.status === 'live');
}

/**
 * The odds button: shows the price in the player's format, toggles the pick on the bet slip, and
 * locks (no click) while its market is suspended or closed. Used by every sportsbook screen.
 */
export function SelectionButton({ fixture, market, selection, label, ariaLabel, className = '' }: SelectionButtonProps) {
  const format = useOddsFormat();
  const slip = useSlip();
  const selected = slip.isSelected(selection.id);
  const bettable = isBettable(fixture, market, selection);
  const pick = () =>
    addSelection({
      selection_id: selection.id,
      odds: selection.odds,
      fixture_id: fixture.id,
      fixture_name: `${fixture.home.name} x ${fixture.away.name}`,
      market_type: market.type,
      line: market.line,
      selection_code: selection.code,
    });
  const tone = selected ? 'border-gold bg-gold text-ink' : 'border-line bg-surface-2 text-white hover:border-gold/60 hover:bg-line';
  return (
    <button
      type="button"
      onClick={pick}
      disabled={!bettable}
      aria-pressed={selected}
      aria-label={ariaLabel ? `${ariaLabel} ${selection.odds}` : undefined}
      data-selection-id={selection.id}
      className={`flex min-h-11 min-w-0 flex-col items-center justify-center rounded-lg border px-1.5 py-1 leading-tight transition disabled:cursor-not-allowed disabled:opacity-50 ${tone} ${className}`}
    >
      {label ? <span className={`max-w-full truncate text-[11px] ${selected ? 'text-ink/80' : 'text-muted'}`}>{label}</span> : null}
      <span className="text-sm font-bold tabular-nums">
        {bettable ? displayOdds(selection.odds, format) : <Lock size={14} aria-hidden="true" className="my-0.5" />}
      </span>
    </button>
  );
}
