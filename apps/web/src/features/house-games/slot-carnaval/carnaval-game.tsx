import { mulDivFloor } from '@casino/games/exact';
import {
  CARNAVAL_FREE_MULTIPLIERS,
  CARNAVAL_FREE_REELS,
  CARNAVAL_LINE_COUNT,
  CARNAVAL_LINES,
  CARNAVAL_MAX_FREE_SPINS,
  CARNAVAL_PAYTABLE,
  CARNAVAL_REELS,
  CARNAVAL_SCATTER,
  type CarnavalLineWin,
  type CarnavalOutcome,
  type CarnavalPayingSymbol,
  type CarnavalSpin,
  type CarnavalSymbol,
  carnavalGrid,
  carnavalRtpBreakdown,
  declaredRtp as carnavalDeclaredRtp,
} from '@casino/games/slot-carnaval';
import { formatCentavos } from '@casino/shared/money';
import { FastForward } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../components/button.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { formatAmount } from '../common/bet-amount.tsx';
import { RulesPanel } from '../common/rules-panel.tsx';
import { percent, SlotScreen, useSlotRound } from '../common/slot-round.tsx';
import { sound } from '../common/sound.ts';
// The reel machinery is shared by both slots; it lives with the first one.
import { cellCentre, type ReelsHandle, SlotReels, stripFiller } from '../slot-fruit/slot-reels.tsx';
import { CarnavalSymbolDefs, CarnavalSymbolIcon } from './carnaval-symbols.tsx';

const CODE = 'carnaval-20';
/** Line wins shown one at a time before the game moves on (the rest are shown together). */
const MAX_LINES_ONE_BY_ONE = 6;
const LINE_COLOURS = [
  '#facc15',
  '#38bdf8',
  '#f472b6',
  '#4ade80',
  '#fb923c',
  '#a78bfa',
  '#f87171',
  '#2dd4bf',
  '#fde047',
  '#60a5fa',
  '#e879f9',
  '#86efac',
  '#fdba74',
  '#c4b5fd',
  '#fca5a5',
  '#5eead4',
  '#fef08a',
  '#93c5fd',
  '#f0abfc',
  '#bef264',
] as const;

/** What the stage shows at each step of a round's presentation. */
type Scene =
  | { kind: 'idle' }
  | { kind: 'spinning'; free: boolean }
  | { kind: 'lines'; wins: CarnavalLineWin[]; focus: CarnavalLineWin | null; multiplier: number }
  | { kind: 'scatter'; positions: [number, number][]; count: number; awarded: number }
  | { kind: 'done'; winCentavos: number; wins: CarnavalLineWin[] };

type Feature = { played: number; total: number; multiplier: number; winCentavos: number; retrigger: number };

const money = (centavos: number) => formatMoney(formatCentavos(centavos));

function isCarnavalOutcome(value: unknown): value is CarnavalOutcome {
  const o = value as Partial<CarnavalOutcome> | null;
  return !!o && !!o.base && Array.isArray(o.base.grid) && Array.isArray(o.freeSpins) && typeof o.totalUnits === 'number';
}

const INITIAL_GRID = carnavalGrid(CARNAVAL_REELS, [3, 9, 15, 21, 27]);

function LineDiagram({ line, colour, index }: { line: readonly number[]; colour: string; index: number }) {
  const points = line.map((row, reel) => cellCentre(reel, row).join(',')).join(' ');
  return (
    <li className="flex flex-col items-center gap-0.5 text-[11px] text-muted" data-testid="carnaval-line">
      <svg viewBox="0 0 500 300" className="h-9 w-full rounded bg-ink/70" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((reel) =>
          [0, 1, 2].map((row) => (
            <rect key={`${reel}-${row}`} x={reel * 100 + 8} y={row * 100 + 8} width="84" height="84" rx="12" fill="#1d2545" />
          )),
        )}
        <polyline points={points} fill="none" stroke={colour} strokeWidth="26" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {index + 1}
    </li>
  );
}

const PAYING_ORDER: readonly CarnavalPayingSymbol[] = ['wild', 'queen', 'drum', 'mask', 'feather', 'ace', 'king', 'jack', 'ten'];

function CarnavalRules({ rtp, stakeCentavos }: { rtp: string; stakeCentavos: number }) {
  const { t } = useTranslation('play');
  const breakdown = useMemo(() => carnavalRtpBreakdown(), []);
  const multiplierTotal = CARNAVAL_FREE_MULTIPLIERS.reduce((sum, m) => sum + m.weight, 0);
  const lineMoney = (units: number) => money(mulDivFloor(stakeCentavos, units, CARNAVAL_LINE_COUNT));
  return (
    <RulesPanel rtp={rtp} loose defs={<CarnavalSymbolDefs />}>
      <p>{t('carnaval.rules')}</p>
      <section>
        <h3 className="mb-1 font-bold text-white">{t('carnaval.paytable')}</h3>
        <p className="mb-2 text-xs text-muted">{t('carnaval.paytable_hint', { stake: money(stakeCentavos) })}</p>
        <div className="overflow-x-auto rounded-xl border border-line">
          <table className="w-full text-xs whitespace-nowrap tabular-nums">
            <thead className="bg-surface-2 text-muted">
              <tr>
                <th className="px-2 py-1.5 text-left font-semibold">{t('carnaval.symbol_col')}</th>
                {[3, 4, 5].map((n) => (
                  <th key={n} className="px-2 py-1.5 text-right font-semibold">
                    {t('carnaval.of_a_kind', { count: n })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {PAYING_ORDER.map((symbol) => (
                <tr key={symbol} className="border-t border-line/60" data-testid={`paytable-${symbol}`}>
                  <td className="px-2 py-1">
                    <span className="flex items-center gap-2">
                      <CarnavalSymbolIcon symbol={symbol} className="size-9 shrink-0" />
                      <span className="whitespace-normal text-soft">{t(`carnaval.symbol.${symbol}`)}</span>
                    </span>
                  </td>
                  {CARNAVAL_PAYTABLE[symbol].map((units, i) => (
                    <td key={i} className="px-2 py-1 text-right">
                      <span className="block font-bold text-gold">{units}×</span>
                      <span className="block text-[11px] text-muted">{lineMoney(units)}</span>
                    </td>
                  ))}
                </tr>
              ))}
              <tr className="border-t border-line/60" data-testid="paytable-scatter">
                <td className="px-2 py-1">
                  <span className="flex items-center gap-2">
                    <CarnavalSymbolIcon symbol="scatter" className="size-9 shrink-0" />
                    <span className="whitespace-normal text-soft">{t('carnaval.symbol.scatter')}</span>
                  </span>
                </td>
                {([3, 4, 5] as const).map((n) => (
                  <td key={n} className="px-2 py-1 text-right">
                    <span className="block font-bold text-gold">{lineMoney(CARNAVAL_SCATTER[n].units)}</span>
                    <span className="block text-[11px] text-pink-300">
                      {t('carnaval.free_spins_count', { count: CARNAVAL_SCATTER[n].freeSpins })}
                    </span>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
        <p className="mt-2 text-xs text-muted">{t('carnaval.wild_rule')}</p>
      </section>
      <section>
        <h3 className="mb-1 font-bold text-white">{t('carnaval.free_title')}</h3>
        <p className="text-xs text-muted">
          {t('carnaval.free_rule', {
            max: CARNAVAL_MAX_FREE_SPINS,
            odds: CARNAVAL_FREE_MULTIPLIERS.map((m) => `×${m.value} (${percent(m.weight / multiplierTotal, 0)})`).join(', '),
          })}
        </p>
      </section>
      <section>
        <h3 className="mb-2 font-bold text-white">{t('carnaval.lines', { count: CARNAVAL_LINE_COUNT })}</h3>
        <ol className="grid grid-cols-4 gap-1.5 sm:grid-cols-5">
          {CARNAVAL_LINES.map((line, index) => (
            <LineDiagram key={index} line={line} colour={LINE_COLOURS[index] ?? '#fff'} index={index} />
          ))}
        </ol>
      </section>
      <p className="text-xs text-muted">
        {t('carnaval.rtp_note', {
          lines: percent(breakdown.baseLines),
          scatter: percent(breakdown.baseScatter),
          feature: percent(breakdown.feature),
          every: Math.round(1 / breakdown.triggerChance),
        })}
      </p>
    </RulesPanel>
  );
}

/**
 * Carnaval 20: a 5x3 slot with 20 lines, wilds, scatters and free spins. The server plays the
 * whole round (base spin and every free spin) at once; the screen then replays it: reels land,
 * winning lines light up one by one, three scatters open the free spins, which play out with their
 * counter and running total before the round's win is shown.
 */
export default function CarnavalGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const reels = useRef<ReelsHandle<CarnavalSymbol>>(null);
  const [grid, setGrid] = useState<CarnavalSymbol[][]>(INITIAL_GRID);
  const [scene, setScene] = useState<Scene>({ kind: 'idle' });
  const [feature, setFeature] = useState<Feature | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const skip = useRef(false);
  const fast = useRef(false);

  const pause = (ms: number) =>
    skip.current ? Promise.resolve() : new Promise<void>((resolve) => window.setTimeout(resolve, fast.current ? ms / 2 : ms));

  const spinTo = async (spin: CarnavalSpin, free: boolean) => {
    setScene({ kind: 'spinning', free });
    const strips = free ? CARNAVAL_FREE_REELS : CARNAVAL_REELS;
    const timing = skip.current ? { firstMs: 0, staggerMs: 0 } : free ? { firstMs: 650, staggerMs: 130 } : { firstMs: 800, staggerMs: 200 };
    await reels.current?.spin(spin.grid, (reel, count) => stripFiller(strips[reel] ?? [], spin.stops[reel] ?? 0, count), timing);
    setGrid(spin.grid);
  };

  /** Shows a spin's line wins: one by one in the base game, all together in free spins. */
  const showLines = async (spin: CarnavalSpin, multiplier: number, oneByOne: boolean) => {
    if (spin.lineWins.length === 0) return;
    setScene({ kind: 'lines', wins: spin.lineWins, focus: null, multiplier });
    sound.play('reveal');
    await pause(oneByOne ? 900 : 700);
    if (!oneByOne || spin.lineWins.length < 2) return;
    for (const win of spin.lineWins.slice(0, MAX_LINES_ONE_BY_ONE)) {
      if (skip.current) break;
      setScene({ kind: 'lines', wins: spin.lineWins, focus: win, multiplier });
      sound.play('tick');
      await pause(750);
    }
    setScene({ kind: 'lines', wins: spin.lineWins, focus: null, multiplier });
  };

  const round = useSlotRound({
    code: CODE,
    defaultBetCentavos: 200,
    declaredRtp: carnavalDeclaredRtp,
    autoDelayMs: 500,
    onStart() {
      skip.current = false;
      setFeature(null);
      setBanner(null);
      setScene({ kind: 'spinning', free: false });
    },
    onRefused() {
      setScene({ kind: 'idle' });
    },
    onFinally() {
      skip.current = false;
    },
    async present(outcome, amountCentavos, payoutCentavos) {
      if (!isCarnavalOutcome(outcome)) {
        setScene({ kind: 'done', winCentavos: payoutCentavos, wins: [] });
        return;
      }
      const { base, freeSpins, freeSpinMultiplier } = outcome;
      await spinTo(base, false);
      await showLines(base, 1, true);
      if (base.scatter.count >= 3) {
        setScene({ kind: 'scatter', positions: base.scatter.positions, count: base.scatter.count, awarded: base.freeSpinsAwarded });
        sound.play('win');
        await pause(1300);
      }
      if (freeSpins.length > 0) {
        let awarded = base.freeSpinsAwarded;
        let featureWin = 0;
        setFeature({ played: 0, total: awarded, multiplier: freeSpinMultiplier, winCentavos: 0, retrigger: 0 });
        setBanner(t('carnaval.feature_start', { count: awarded, multiplier: freeSpinMultiplier }));
        await pause(1800);
        setBanner(null);
        for (const [index, spin] of freeSpins.entries()) {
          await spinTo(spin, true);
          featureWin += mulDivFloor(amountCentavos, spin.units * freeSpinMultiplier, CARNAVAL_LINE_COUNT);
          awarded += spin.freeSpinsAwarded;
          setFeature({
            played: index + 1,
            total: awarded,
            multiplier: freeSpinMultiplier,
            winCentavos: featureWin,
            retrigger: spin.freeSpinsAwarded,
          });
          await showLines(spin, freeSpinMultiplier, false);
          if (spin.freeSpinsAwarded > 0) {
            setScene({ kind: 'scatter', positions: spin.scatter.positions, count: spin.scatter.count, awarded: spin.freeSpinsAwarded });
            sound.play('win');
            await pause(1100);
          }
          await pause(spin.units > 0 ? 250 : 350);
        }
        setBanner(t('carnaval.feature_end', { amount: money(featureWin), count: freeSpins.length }));
        sound.play('cashout');
        await pause(2000);
        setBanner(null);
      }
      // The reels show the last spin: its winning lines stay lit with the round's total.
      setScene({ kind: 'done', winCentavos: payoutCentavos, wins: (freeSpins.at(-1) ?? base).lineWins });
      if (payoutCentavos > 0 && freeSpins.length === 0) sound.play(payoutCentavos > amountCentavos ? 'win' : 'reveal');
    },
  });
  const { stake, rtp, auto } = round;
  fast.current = auto.running;
  const running = scene.kind !== 'idle' && scene.kind !== 'done';

  const lit = useMemo(() => {
    const cells = new Set<string>();
    if (scene.kind === 'lines' || scene.kind === 'done') {
      const wins = scene.kind === 'lines' && scene.focus ? [scene.focus] : scene.wins;
      for (const win of wins) for (const [reel, row] of win.positions) cells.add(`${reel}:${row}`);
    }
    if (scene.kind === 'scatter') for (const [reel, row] of scene.positions) cells.add(`${reel}:${row}`);
    return cells;
  }, [scene]);

  const overlay =
    scene.kind === 'lines' || scene.kind === 'done'
      ? (scene.kind === 'lines' && scene.focus ? [scene.focus] : scene.wins).map((win) => (
          <polyline
            key={win.line}
            points={(CARNAVAL_LINES[win.line] ?? []).map((row, reel) => cellCentre(reel, row).join(',')).join(' ')}
            fill="none"
            stroke={LINE_COLOURS[win.line]}
            strokeWidth={scene.kind === 'lines' && scene.focus ? 9 : scene.kind === 'done' ? 5 : 6}
            strokeLinecap="round"
            strokeLinejoin="round"
            opacity={scene.kind === 'done' ? 0.75 : 0.92}
          />
        ))
      : null;

  const status = (() => {
    switch (scene.kind) {
      case 'spinning':
        return scene.free ? t('carnaval.free_spinning') : t('carnaval.good_luck');
      case 'lines': {
        if (scene.focus) {
          return t('carnaval.line_detail', {
            line: scene.focus.line + 1,
            count: scene.focus.count,
            symbol: t(`carnaval.symbol.${scene.focus.symbol}`),
            amount: money(mulDivFloor(stake, scene.focus.units * scene.multiplier, CARNAVAL_LINE_COUNT)),
          });
        }
        const units = scene.wins.reduce((sum, w) => sum + w.units, 0);
        return t('carnaval.lines_won', {
          count: scene.wins.length,
          amount: money(mulDivFloor(stake, units * scene.multiplier, CARNAVAL_LINE_COUNT)),
        });
      }
      case 'scatter':
        return t('carnaval.scatter_hit', { count: scene.count, spins: scene.awarded });
      case 'done':
        return scene.winCentavos > 0 ? t('common.you_won', { amount: money(scene.winCentavos) }) : t('carnaval.no_win');
      default:
        return t('carnaval.idle', { stake: money(stake) });
    }
  })();

  const inFeature = feature !== null && running;
  return (
    <SlotScreen
      code={CODE}
      title={t('carnaval.title')}
      onExit={onExit}
      round={round}
      running={running}
      lineBet={t('carnaval.line_bet', { amount: formatAmount(mulDivFloor(stake, 1, CARNAVAL_LINE_COUNT)) })}
      spinLabel={t('carnaval.spin')}
      manualAction={
        running && feature ? (
          <Button
            variant="outline"
            size="lg"
            block
            onClick={() => {
              skip.current = true;
            }}
            data-testid="slot-skip"
          >
            <FastForward size={18} aria-hidden="true" />
            {t('carnaval.skip')}
          </Button>
        ) : undefined
      }
      paytable={<CarnavalRules rtp={rtp} stakeCentavos={stake} />}
    >
      <CarnavalSymbolDefs />
      <div
        className={`flex flex-1 flex-col items-center justify-center px-2 py-4 transition-colors duration-700 md:p-8 ${
          inFeature
            ? 'bg-[radial-gradient(ellipse_at_top,#7c1d6f,#12061f_70%)]'
            : 'bg-[radial-gradient(ellipse_at_top,#0e5c5c,#07101c_70%)]'
        }`}
      >
        <div className="relative w-full max-w-[620px] rounded-[26px] border-2 border-[#f5c451]/60 bg-gradient-to-b from-[#1b6b63] via-[#16324f] to-[#1a0b31] p-2.5 shadow-[0_20px_60px_-20px_rgba(244,114,182,0.45),inset_0_2px_0_rgba(255,255,255,0.15)] sm:p-4">
          <Confetti />
          <div className="relative mb-2 flex items-center justify-between gap-2 px-1">
            <p className="bg-gradient-to-b from-[#fff3b0] via-[#facc15] to-[#f472b6] bg-clip-text text-xl font-black tracking-wide text-transparent uppercase italic drop-shadow sm:text-2xl">
              Carnaval 20
            </p>
            {feature ? (
              <div className="flex items-center gap-2 text-xs font-bold" data-testid="free-spins-hud">
                <span className="rounded-full bg-pink-500/25 px-2.5 py-1 text-pink-200 tabular-nums" data-testid="free-spins-counter">
                  {t('carnaval.free_counter', { played: feature.played, total: feature.total })}
                </span>
                <span className="rounded-full bg-gold/20 px-2 py-1 text-gold">×{feature.multiplier}</span>
              </div>
            ) : (
              <span className="text-[11px] font-semibold text-teal-200/80">
                {t('carnaval.lines_badge', { count: CARNAVAL_LINE_COUNT })}
              </span>
            )}
          </div>
          <SlotReels<CarnavalSymbol>
            ref={reels}
            grid={grid}
            renderSymbol={(symbol) => <CarnavalSymbolIcon symbol={symbol} className="size-full drop-shadow-[0_3px_3px_rgba(0,0,0,0.5)]" />}
            lit={lit}
            overlay={overlay}
            label={t('carnaval.reels')}
            className="relative"
          />
          {feature ? (
            <div
              className="relative mt-2 flex items-center justify-between rounded-xl border border-pink-400/40 bg-pink-500/10 px-3 py-2 text-sm"
              data-testid="free-spins-total"
            >
              <span className="text-pink-100">{t('carnaval.free_total')}</span>
              <span className="font-extrabold text-gold tabular-nums">{money(feature.winCentavos)}</span>
            </div>
          ) : null}
          <div
            className={`relative mt-2 flex min-h-12 items-center justify-center rounded-xl border px-3 py-2 text-center text-sm font-bold ${
              scene.kind === 'done' && scene.winCentavos > 0
                ? 'border-gold/70 bg-gold/10 text-gold'
                : 'border-teal-300/20 bg-black/30 text-soft'
            }`}
            aria-live="polite"
            data-testid="slot-status"
            data-win={scene.kind === 'done' ? scene.winCentavos : undefined}
          >
            {status}
          </div>
          {banner ? (
            <div
              className="absolute inset-0 z-10 flex items-center justify-center rounded-[24px] bg-black/60 p-6 backdrop-blur-[2px]"
              role="status"
              data-testid="carnaval-banner"
            >
              <p className="animate-sheet-in rounded-2xl border-2 border-gold bg-gradient-to-b from-[#be185d] to-[#6b21a8] px-6 py-5 text-center text-lg font-black text-white shadow-[0_0_40px_rgba(244,114,182,0.6)] sm:text-2xl">
                {banner}
              </p>
            </div>
          ) : null}
        </div>
      </div>
    </SlotScreen>
  );
}

/** A few confetti pieces on the cabinet's frame (decoration). */
function Confetti() {
  const pieces = [
    { left: '6%', top: '-6px', colour: '#facc15', rotate: 20 },
    { left: '22%', top: '-4px', colour: '#22d3ee', rotate: -30 },
    { left: '48%', top: '-7px', colour: '#f472b6', rotate: 45 },
    { left: '71%', top: '-5px', colour: '#4ade80', rotate: -15 },
    { left: '90%', top: '-6px', colour: '#a78bfa', rotate: 30 },
  ];
  return (
    <>
      {pieces.map((p) => (
        <span
          key={p.left}
          aria-hidden="true"
          className="absolute h-3 w-2 rounded-[2px]"
          style={{ left: p.left, top: p.top, background: p.colour, transform: `rotate(${p.rotate}deg)` }}
        />
      ))}
    </>
  );
}
