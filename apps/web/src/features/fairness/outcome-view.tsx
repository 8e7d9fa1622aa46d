import type { CarnavalSymbol } from '@casino/games/slot-carnaval';
import type { FruitSymbol } from '@casino/games/slot-fruit';
import { Bomb, Gem } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { BlackjackShoeView } from './outcome-blackjack.tsx';
import { HiloCardsView, VideoPokerDeckView } from './outcome-cards.tsx';
import { TableOutcomeView } from './outcome-table.tsx';
import { formatHundredthsX, formatRoll, type Outcome } from './verify.ts';

/** The recomputed outcome drawn the way the game shows it. */

function Big({ children, tone = 'text-white', testId }: { children: ReactNode; tone?: string; testId?: string }) {
  return (
    <p className={`text-center text-4xl font-black tabular-nums ${tone}`} data-testid={testId}>
      {children}
    </p>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-line/40 py-1.5 text-sm last:border-0">
      <span className="text-muted">{label}</span>
      <span className="min-w-0 truncate text-right font-semibold text-white tabular-nums">{children}</span>
    </div>
  );
}

function DiceView({ outcome }: { outcome: Extract<Outcome, { game: 'dice' }> }) {
  const { t } = useTranslation();
  const target = outcome.target / 100;
  const roll = outcome.roll / 100;
  const winFrom = outcome.direction === 'over' ? target : 0;
  const winTo = outcome.direction === 'over' ? 100 : target;
  return (
    <div className="flex flex-col gap-3">
      <Big tone={outcome.win ? 'text-money' : 'text-danger'} testId="verify-roll">
        {formatRoll(outcome.roll)}
      </Big>
      <div className="relative mx-1 mt-5 h-3 rounded-full bg-danger/40" aria-hidden="true">
        <div className="absolute inset-y-0 rounded-full bg-money/70" style={{ left: `${winFrom}%`, width: `${winTo - winFrom}%` }} />
        <div className="absolute -top-6 -translate-x-1/2 text-xs font-bold text-white" style={{ left: `${roll}%` }}>
          ▼
        </div>
        <div className="absolute -bottom-5 -translate-x-1/2 text-[10px] text-muted" style={{ left: `${target}%` }}>
          {formatRoll(outcome.target)}
        </div>
      </div>
      <div className="mt-3">
        <Line label={t('fairness.facts.result')}>{outcome.win ? t('fairness.win') : t('fairness.loss')}</Line>
        <Line label={t('fairness.params.direction')}>{t(`fairness.params.${outcome.direction}`)}</Line>
        <Line label={t('fairness.chance')}>{formatRoll(outcome.chance)}%</Line>
        <Line label={t('fairness.multiplier')}>{outcome.multiplier}x</Line>
      </div>
    </div>
  );
}

function MinesView({ outcome }: { outcome: Extract<Outcome, { game: 'mines' }> }) {
  const { t } = useTranslation();
  const mines = new Set(outcome.minePositions);
  return (
    <div className="flex flex-col items-center gap-3">
      <ol className="grid w-full max-w-[280px] grid-cols-5 gap-1.5" aria-label={t('fairness.facts.mine_tiles')} data-testid="verify-mines">
        {Array.from({ length: 25 }, (_, tile) => (
          <li
            key={tile}
            data-mine={mines.has(tile) || undefined}
            className={`flex aspect-square items-center justify-center rounded-lg ${mines.has(tile) ? 'bg-danger/25 text-danger ring-1 ring-danger/50' : 'bg-surface-2 text-money/80'}`}
            title={String(tile)}
          >
            {mines.has(tile) ? <Bomb size={18} aria-label={t('fairness.mine')} /> : <Gem size={16} aria-hidden="true" />}
          </li>
        ))}
      </ol>
      <p className="text-xs text-muted">
        {t('fairness.mines_order')}: <span className="font-mono text-soft">{outcome.minePositions.join(', ')}</span>
      </p>
    </div>
  );
}

function PlinkoView({ outcome }: { outcome: Extract<Outcome, { game: 'plinko' }> }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <Big tone="text-gold" testId="verify-plinko">
        {formatHundredthsX(outcome.table[outcome.slot] ?? 0)}
      </Big>
      <div className="scrollbar-none flex gap-0.5 overflow-x-auto" aria-hidden="true">
        {outcome.table.map((hundredths, slot) => (
          <span
            key={slot}
            className={`min-w-7 flex-1 rounded px-0.5 py-1 text-center text-[10px] font-bold tabular-nums ${
              slot === outcome.slot ? 'bg-gold text-ink' : 'bg-surface-2 text-muted'
            }`}
          >
            {hundredths / 100}
          </span>
        ))}
      </div>
      <Line label={t('fairness.facts.path')}>
        <span className="font-mono">{outcome.path.map((step) => (step === 1 ? 'R' : 'L')).join(' ')}</span>
      </Line>
      <Line label={t('fairness.facts.slot')}>{outcome.slot}</Line>
    </div>
  );
}

const ROULETTE_TONE = { green: 'bg-money text-white', red: 'bg-danger text-white', black: 'bg-ink text-white ring-1 ring-line' } as const;

function RouletteView({ outcome }: { outcome: Extract<Outcome, { game: 'roulette' }> }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-2">
      <span
        className={`flex size-20 items-center justify-center rounded-full text-3xl font-black ${ROULETTE_TONE[outcome.color]}`}
        data-testid="verify-roulette"
      >
        {outcome.number}
      </span>
      <span className="text-sm text-soft">{t(`fairness.colors.${outcome.color}`)}</span>
    </div>
  );
}

const SYMBOL_TONE: Record<string, string> = {
  wild: 'bg-gold text-ink',
  scatter: 'bg-fuchsia-500 text-white',
  seven: 'bg-danger text-white',
  bell: 'bg-amber-400 text-ink',
  queen: 'bg-violet-500 text-white',
  drum: 'bg-orange-500 text-white',
  mask: 'bg-emerald-500 text-white',
  feather: 'bg-sky-500 text-white',
  cherry: 'bg-rose-500 text-white',
  lemon: 'bg-yellow-300 text-ink',
  orange: 'bg-orange-400 text-ink',
  plum: 'bg-purple-500 text-white',
  grape: 'bg-indigo-500 text-white',
  watermelon: 'bg-green-500 text-white',
};

function SymbolGrid({ grid, highlight }: { grid: (FruitSymbol | CarnavalSymbol)[][]; highlight: Set<string> }) {
  const { t } = useTranslation();
  const rows = grid[0]?.length ?? 0;
  return (
    <div className="grid gap-1" style={{ gridTemplateColumns: `repeat(${grid.length}, minmax(0, 1fr))` }} data-testid="verify-grid">
      {Array.from({ length: rows }, (_, row) =>
        grid.map((column, reel) => {
          const symbol = column[row] as string;
          return (
            <span
              key={`${reel}-${row}`}
              className={`flex h-10 items-center justify-center truncate rounded-md px-0.5 text-[10px] font-bold uppercase ${
                SYMBOL_TONE[symbol] ?? 'bg-surface-2 text-soft'
              } ${highlight.has(`${reel}:${row}`) ? 'ring-2 ring-white' : 'opacity-80'}`}
            >
              {t(`fairness.symbols.${symbol}`, { defaultValue: symbol })}
            </span>
          );
        }),
      )}
    </div>
  );
}

const winningCells = (wins: { positions: [number, number][] }[]) =>
  new Set(wins.flatMap((win) => win.positions.map(([reel, row]) => `${reel}:${row}`)));

function FruitView({ outcome }: { outcome: Extract<Outcome, { game: 'fruit-frenzy' }> }) {
  const { t } = useTranslation();
  const o = outcome.outcome;
  return (
    <div className="flex flex-col gap-3">
      <SymbolGrid grid={o.grid} highlight={winningCells(o.lineWins)} />
      <div>
        <Line label={t('fairness.facts.stops')}>{o.stops.join(', ')}</Line>
        <Line label={t('fairness.line_wins')}>{o.lineWins.length}</Line>
        <Line label={t('fairness.facts.wheel')}>x{o.multiplier}</Line>
        <Line label={t('fairness.total_units')}>{o.totalUnits}</Line>
      </div>
    </div>
  );
}

function CarnavalView({ outcome }: { outcome: Extract<Outcome, { game: 'carnaval-20' }> }) {
  const { t } = useTranslation();
  const o = outcome.outcome;
  return (
    <div className="flex flex-col gap-3">
      <SymbolGrid grid={o.base.grid} highlight={winningCells(o.base.lineWins)} />
      <div>
        <Line label={t('fairness.facts.stops')}>{o.base.stops.join(', ')}</Line>
        <Line label={t('fairness.line_wins')}>{o.base.lineWins.length}</Line>
        <Line label={t('fairness.scatters')}>{o.base.scatter.count}</Line>
        <Line label={t('fairness.facts.free_spins')}>
          {o.freeSpins.length > 0 ? `${o.freeSpins.length} (x${o.freeSpinMultiplier})` : '0'}
        </Line>
        <Line label={t('fairness.total_units')}>{o.totalUnits}</Line>
      </div>
    </div>
  );
}

const DOUBLE_TONE = { red: 'bg-danger text-white', black: 'bg-ink text-white ring-1 ring-line', white: 'bg-white text-ink' } as const;

export function OutcomeView({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  switch (outcome.game) {
    case 'dice':
      return <DiceView outcome={outcome} />;
    case 'mines':
      return <MinesView outcome={outcome} />;
    case 'plinko':
      return <PlinkoView outcome={outcome} />;
    case 'roulette':
      return <RouletteView outcome={outcome} />;
    case 'fruit-frenzy':
      return <FruitView outcome={outcome} />;
    case 'carnaval-20':
      return <CarnavalView outcome={outcome} />;
    case 'hi-lo':
      return <HiloCardsView cards={outcome.cards} />;
    case 'video-poker':
      return <VideoPokerDeckView deck={outcome.deck} />;
    case 'blackjack':
      return <BlackjackShoeView shoe={outcome.shoe} />;
    case 'keno':
    case 'limbo':
    case 'baccarat':
    case 'bac-bo':
      return <TableOutcomeView outcome={outcome} />;
    case 'crash':
      return (
        <Big tone={outcome.crashPoint < 200 ? 'text-danger' : 'text-money'} testId="verify-crash">
          {formatHundredthsX(outcome.crashPoint)}
        </Big>
      );
    case 'bingo-75':
    case 'bingo-90':
      return <BingoOutcomeView outcome={outcome} />;
    case 'live-roulette':
      return (
        <Big
          tone={outcome.color === 'red' ? 'text-danger' : outcome.color === 'green' ? 'text-money' : 'text-white'}
          testId="verify-live-roulette"
        >
          {outcome.number}
        </Big>
      );
    case 'live-bac-bo':
      return (
        <Big tone="text-white" testId="verify-live-bac-bo">
          {`${outcome.dice[0]}+${outcome.dice[1]} = ${outcome.playerTotal} · ${outcome.dice[2]}+${outcome.dice[3]} = ${outcome.bankerTotal}`}
        </Big>
      );
    case 'double':
      return (
        <div className="flex flex-col items-center gap-2">
          <span
            className={`flex size-20 items-center justify-center rounded-2xl text-3xl font-black ${DOUBLE_TONE[outcome.color]}`}
            data-testid="verify-double"
          >
            {outcome.roll}
          </span>
          <span className="text-sm text-soft">{t(`fairness.colors.${outcome.color}`)}</span>
        </div>
      );
  }
}

/** Bingo: the whole ball order (the round stops at its first full house) and the cards asked for. */
function BingoOutcomeView({ outcome }: { outcome: Extract<Outcome, { game: 'bingo-75' | 'bingo-90' }> }) {
  const { t } = useTranslation();
  const cols = outcome.game === 'bingo-75' ? 5 : 9;
  return (
    <div className="flex flex-col gap-3" data-testid="verify-bingo">
      <div>
        <span className="text-xs font-semibold text-muted">{t('fairness.bingo_order')}</span>
        <ol className="mt-1 flex flex-wrap gap-1">
          {outcome.balls.map((n, i) => (
            <li
              key={n}
              className="flex h-7 min-w-7 items-center justify-center rounded-full bg-gold/15 px-1 text-xs font-bold text-gold tabular-nums"
              title={`#${i + 1}`}
            >
              {n}
            </li>
          ))}
        </ol>
      </div>
      {outcome.cards.map((card) => (
        <div key={card.id} className="flex flex-col gap-1">
          <span className="text-xs font-semibold text-muted">#{card.id}</span>
          <div className="grid max-w-sm gap-0.5" style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}>
            {card.cells.map((n, i) => (
              <span
                key={`${card.id}:${i}`}
                className={`flex aspect-square items-center justify-center rounded text-[11px] font-bold ${n === 0 ? 'bg-night/60 text-gold' : 'bg-white/90 text-night'}`}
              >
                {n === 0 && outcome.game === 'bingo-75' ? '★' : n === 0 ? '' : n}
              </span>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
