import type { FixtureDetail, MarketItem, MarketType, SelectionItem } from '@casino/shared/schemas/sports';
import { ArrowDown, ArrowUp, Check, Lock } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import type { Choice } from '../../../components/tabs.tsx';
import { SelectionButton } from '../components/selection-button.tsx';
import { displayLine, marketName, selectionName } from '../selection-names.ts';
import { type SportsT, useSportsTranslation } from '../sports-i18n.ts';
import { type PriceMove, usePriceMoves } from './virtual-hooks.ts';

/** The order markets are listed in: the main result first, the long correct-score list last. */
const MARKET_ORDER = ['1x2', 'double_chance', 'btts', 'over_under', 'asian_handicap', 'correct_score'] as const;

/** Tabs over the market list, so a phone shows one group at a time instead of sixty buttons. */
export const MARKET_GROUPS = {
  main: ['1x2', 'double_chance', 'btts'],
  goals: ['over_under'],
  handicap: ['asian_handicap'],
  score: ['correct_score'],
} as const satisfies Record<string, readonly MarketType[]>;
export type MarketGroup = keyof typeof MARKET_GROUPS;

/** Markets sorted for reading: by type in MARKET_ORDER, then by line (0.5 before 1.5, -2.5 before +0.5). */
export function sortMarkets(markets: readonly MarketItem[]): MarketItem[] {
  const rank = (type: string) => MARKET_ORDER.indexOf(type as (typeof MARKET_ORDER)[number]);
  return [...markets].sort((a, b) => rank(a.type) - rank(b.type) || Number(a.line ?? 0) - Number(b.line ?? 0));
}

/** The groups that have at least one market, in tab order. */
export function groupsWithMarkets(markets: readonly MarketItem[]): MarketGroup[] {
  return (Object.keys(MARKET_GROUPS) as MarketGroup[]).filter((group) =>
    markets.some((market) => (MARKET_GROUPS[group] as readonly string[]).includes(market.type)),
  );
}

/**
 * Every market of the selected match, each selection an odds button feeding the shared bet slip.
 * Live prices move with the score: a moved price shows an arrow for a few seconds; a suspended
 * market shows a lock and its buttons refuse clicks; a settled market marks the winning selections.
 * Memoised: the page re-renders four times a second for its clocks, the markets only on new data.
 */
export const LiveMarkets = memo(function LiveMarkets({ fixture }: { fixture: FixtureDetail }) {
  const { t } = useSportsTranslation();
  const markets = useMemo(() => sortMarkets(fixture.markets), [fixture.markets]);
  const prices = useMemo(
    () => new Map(fixture.markets.flatMap((market) => market.selections.map((s) => [s.id, s.odds] as const))),
    [fixture.markets],
  );
  const moves = usePriceMoves(prices);
  const groups = groupsWithMarkets(markets);
  const [chosen, setChosen] = useState<MarketGroup>('main');
  const group = groups.includes(chosen) ? chosen : (groups[0] ?? 'main');
  if (markets.length === 0) return <p className="py-4 text-center text-sm text-muted">{t('fixture.no_markets')}</p>;
  const shown = markets.filter((market) => (MARKET_GROUPS[group] as readonly string[]).includes(market.type));
  const context = { fixture, moves, t };
  return (
    <div className="flex flex-col gap-2" data-testid="virtual-markets">
      {groups.length > 1 ? (
        <MarketTabs
          label={t('virtual.markets')}
          value={group}
          onChange={setChosen}
          choices={groups.map((value) => ({ value, label: t(`virtual.group_${value}`) }))}
        />
      ) : null}
      {group === 'goals' || group === 'handicap' ? (
        <LineTable markets={shown} {...context} />
      ) : (
        shown.map((market) => <MarketBlock key={market.id} market={market} {...context} />)
      )}
    </div>
  );
});

/**
 * The market groups as a segmented control sized for four labels on a 360 px phone (the shared
 * ChoiceTabs pads for two or three).
 */
function MarketTabs({
  choices,
  value,
  onChange,
  label,
}: {
  choices: readonly Choice<MarketGroup>[];
  value: MarketGroup;
  onChange: (value: MarketGroup) => void;
  label: string;
}) {
  return (
    <div role="tablist" aria-label={label} className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-night/70 p-1">
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          role="tab"
          aria-selected={value === choice.value}
          onClick={() => onChange(choice.value)}
          className={`h-9 min-w-0 truncate rounded-lg px-1 text-[13px] font-semibold transition ${
            value === choice.value ? 'bg-surface-2 text-gold' : 'text-muted hover:text-white'
          }`}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}

type BlockContext = { fixture: FixtureDetail; moves: ReadonlyMap<number, PriceMove>; t: SportsT };

function MarketBlock({ fixture, market, moves, t }: BlockContext & { market: MarketItem }) {
  const columns =
    market.type === 'correct_score' ? 'grid-cols-3 sm:grid-cols-5' : market.selections.length === 2 ? 'grid-cols-2' : 'grid-cols-3';
  return (
    <section className="rounded-xl border border-line/60 bg-night/60 p-2.5" aria-label={marketName(t, market.type, market.line)}>
      <header className="mb-2 flex min-h-5 items-center justify-between gap-2">
        <h4 className="truncate text-[13px] font-semibold text-soft">{marketName(t, market.type, market.line)}</h4>
        <MarketState status={market.status} t={t} />
      </header>
      <div className={`grid gap-1.5 ${columns}`}>
        {market.selections.map((selection) => (
          <SelectionCell key={selection.id} fixture={fixture} market={market} selection={selection} moves={moves} t={t} />
        ))}
      </div>
    </section>
  );
}

/**
 * Over/under and Asian handicap: one row per line ("2,5 | Mais de 2,5 | Menos de 2,5"), the
 * market's name once above, each row with its own state (a line can be suspended alone).
 */
function LineTable({ fixture, markets, moves, t }: BlockContext & { markets: readonly MarketItem[] }) {
  const first = markets[0];
  if (!first) return null;
  return (
    <section className="rounded-xl border border-line/60 bg-night/60 p-2.5" aria-label={t(`markets.${first.type}`)}>
      <h4 className="mb-2 truncate text-[13px] font-semibold text-soft">{t(`markets.${first.type}`)}</h4>
      <div className="flex flex-col gap-1.5">
        {markets.map((market) => (
          <div key={market.id} className="grid grid-cols-[3.25rem_minmax(0,1fr)_minmax(0,1fr)] items-center gap-1.5">
            <span className="flex flex-col items-start text-[13px] font-semibold text-white tabular-nums">
              {market.line ? displayLine(market.line) : ''}
              <MarketState status={market.status} t={t} compact />
            </span>
            {market.selections.map((selection) => (
              <SelectionCell key={selection.id} fixture={fixture} market={market} selection={selection} moves={moves} t={t} />
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}

/** One selection: an odds button while it trades, its result once settled or decided by the score. */
function SelectionCell({ fixture, market, selection, moves, t }: BlockContext & { market: MarketItem; selection: SelectionItem }) {
  const name = selectionName(
    t,
    { market_type: market.type, line: market.line, selection_code: selection.code },
    {
      home: fixture.home.name,
      away: fixture.away.name,
    },
  );
  // A settled market, or a selection the score in play has already decided, shows its result, no price.
  if (market.status === 'settled' || market.status === 'void' || selection.result !== 'pending') {
    return <SettledSelection name={name} selection={selection} t={t} />;
  }
  return (
    <div className="relative min-w-0">
      <SelectionButton
        fixture={fixture}
        market={market}
        selection={selection}
        label={name}
        ariaLabel={`${fixture.home.name} x ${fixture.away.name}, ${marketName(t, market.type, market.line)}, ${name}`}
        className="w-full"
      />
      <MoveArrow move={market.status === 'open' ? moves.get(selection.id) : undefined} />
    </div>
  );
}

function MarketState({ status, t, compact = false }: { status: MarketItem['status']; t: SportsT; compact?: boolean }) {
  if (status === 'open') return null;
  if (status === 'suspended') {
    return (
      <span
        className="inline-flex shrink-0 items-center gap-1 rounded-full bg-danger/15 px-2 py-0.5 text-[11px] font-semibold text-danger"
        title={t('status.suspended')}
        data-testid="market-suspended"
      >
        <Lock size={11} aria-label={compact ? t('status.suspended') : undefined} aria-hidden={compact ? undefined : true} />
        {compact ? null : t('status.suspended')}
      </span>
    );
  }
  if (compact) return null;
  return (
    <span className="shrink-0 rounded-full bg-surface-2 px-2 py-0.5 text-[11px] font-semibold text-muted">
      {status === 'void' ? t('results.void') : t('virtual.market_settled')}
    </span>
  );
}

/**
 * A settled selection: its name and its result (the last in-play price means nothing once the
 * match is over, so none is shown). No button: there is nothing left to bet on.
 */
function SettledSelection({ name, selection, t }: { name: string; selection: SelectionItem; t: SportsT }) {
  const won = selection.result === 'won';
  return (
    <div
      className={`flex min-h-11 min-w-0 flex-col items-center justify-center rounded-lg border px-1.5 py-1 leading-tight ${
        won ? 'border-money/60 bg-money/15 text-white' : 'border-line/50 bg-surface/40 text-muted'
      }`}
      data-result={selection.result}
    >
      <span className="max-w-full truncate text-[11px]">{name}</span>
      <span className={`inline-flex items-center gap-1 text-[13px] font-bold ${won ? 'text-money' : ''}`}>
        {won ? <Check size={13} aria-hidden="true" /> : null}
        {t(`results.${selection.result}`)}
      </span>
    </div>
  );
}

/** A small arrow in the button's corner while a live price has just moved (no layout change). */
function MoveArrow({ move }: { move: PriceMove | undefined }) {
  if (!move) return null;
  const Icon = move === 'up' ? ArrowUp : ArrowDown;
  return (
    <span
      className={`pointer-events-none absolute right-0.5 bottom-0.5 rounded-full p-0.5 ${move === 'up' ? 'bg-money/20 text-money' : 'bg-danger/20 text-danger'}`}
      data-move={move}
    >
      <Icon size={10} strokeWidth={3} aria-hidden="true" />
    </span>
  );
}
