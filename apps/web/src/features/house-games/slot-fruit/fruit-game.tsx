import { mulDivFloor } from '@casino/games/exact';
import {
  declaredRtp as fruitDeclaredRtp,
  FRUIT_LINE_COUNT,
  FRUIT_LINES,
  FRUIT_MULTIPLIERS,
  FRUIT_PAYTABLE,
  FRUIT_REELS,
  FRUIT_SYMBOLS,
  type FruitOutcome,
  type FruitSymbol,
  fruitGrid,
  fruitHitFrequency,
} from '@casino/games/slot-fruit';
import { formatCentavos } from '@casino/shared/money';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { formatMoney } from '../../../lib/format.ts';
import { formatAmount } from '../common/bet-amount.tsx';
import { RulesPanel } from '../common/rules-panel.tsx';
import { percent, SlotScreen, useSlotRound } from '../common/slot-round.tsx';
import { sound } from '../common/sound.ts';
import { FruitSymbolDefs, FruitSymbolIcon } from './fruit-symbols.tsx';
import { cellCentre, type ReelsHandle, SlotReels, stripFiller } from './slot-reels.tsx';

const CODE = 'fruit-frenzy';
/** The five lines' colours, in FRUIT_LINES order. */
export const FRUIT_LINE_COLOURS = ['#facc15', '#38bdf8', '#f472b6', '#4ade80', '#fb923c'] as const;
const CHASE_STEP_MS = 90;

type Phase = 'idle' | 'spinning' | 'lines' | 'multiplier' | 'done';

const money = (centavos: number) => formatMoney(formatCentavos(centavos));
const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** The window before any spin: the first stops of each reel. */
const INITIAL_GRID = fruitGrid([6, 4, 2]);

function isFruitOutcome(value: unknown): value is FruitOutcome {
  const o = value as Partial<FruitOutcome> | null;
  return !!o && Array.isArray(o.grid) && Array.isArray(o.stops) && Array.isArray(o.lineWins) && typeof o.multiplier === 'number';
}

function LineDiagram({ line, colour }: { line: readonly number[]; colour: string }) {
  const points = line.map((row, reel) => cellCentre(reel, row).join(',')).join(' ');
  return (
    <svg viewBox="0 0 300 300" className="size-14 shrink-0 rounded-md bg-ink/70" aria-hidden="true">
      {[0, 1, 2].map((reel) =>
        [0, 1, 2].map((row) => (
          <rect key={`${reel}-${row}`} x={reel * 100 + 8} y={row * 100 + 8} width="84" height="84" rx="12" fill="#1d2545" />
        )),
      )}
      <polyline points={points} fill="none" stroke={colour} strokeWidth="22" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function FruitRules({ rtp, stakeCentavos }: { rtp: string; stakeCentavos: number }) {
  const { t } = useTranslation('play');
  const hit = useMemo(() => fruitHitFrequency(), []);
  const weightTotal = FRUIT_MULTIPLIERS.reduce((sum, m) => sum + m.weight, 0);
  const symbols = [...FRUIT_SYMBOLS].reverse();
  return (
    <RulesPanel rtp={rtp} loose defs={<FruitSymbolDefs />}>
      <p>{t('fruit.rules')}</p>
      <section>
        <h3 className="mb-2 font-bold text-white">{t('fruit.paytable')}</h3>
        <p className="mb-2 text-xs text-muted">{t('fruit.paytable_hint', { stake: money(stakeCentavos) })}</p>
        <ul className="grid grid-cols-1 gap-1.5 sm:grid-cols-2">
          {symbols.map((symbol) => (
            <li key={symbol} className="flex items-center gap-2 rounded-xl bg-surface-2/70 px-2 py-1.5" data-testid={`paytable-${symbol}`}>
              <span className="flex shrink-0">
                {[0, 1, 2].map((i) => (
                  <FruitSymbolIcon key={i} symbol={symbol} className="-mr-2 size-8 last:mr-0" />
                ))}
              </span>
              <span className="min-w-0 flex-1 text-xs text-muted">{t(`fruit.symbol.${symbol}`)}</span>
              <span className="text-right tabular-nums">
                <span className="block font-bold text-gold">{t('fruit.line_bets', { count: FRUIT_PAYTABLE[symbol] })}</span>
                <span className="block text-[11px] text-soft">
                  {money(mulDivFloor(stakeCentavos, FRUIT_PAYTABLE[symbol], FRUIT_LINE_COUNT))}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-muted">{t('fruit.wild_rule')}</p>
      </section>
      <section>
        <h3 className="mb-2 font-bold text-white">{t('fruit.lines')}</h3>
        <ol className="grid grid-cols-5 gap-1.5">
          {FRUIT_LINES.map((line, index) => (
            <li key={index} className="flex flex-col items-center gap-1 text-xs text-muted">
              <LineDiagram line={line} colour={FRUIT_LINE_COLOURS[index] ?? '#fff'} />
              {index + 1}
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h3 className="mb-2 font-bold text-white">{t('fruit.multiplier_title')}</h3>
        <p className="mb-2 text-xs text-muted">{t('fruit.multiplier_rule')}</p>
        <ul className="grid grid-cols-5 gap-1.5 text-center">
          {FRUIT_MULTIPLIERS.map((m) => (
            <li key={m.value} className="rounded-xl bg-surface-2/70 px-1 py-1.5">
              <span className="block text-base font-extrabold text-gold">×{m.value}</span>
              <span className="block text-[11px] text-muted tabular-nums">{percent(m.weight / weightTotal)}</span>
            </li>
          ))}
        </ul>
      </section>
      <p className="text-xs text-muted">{t('fruit.rtp_note', { hit: percent(hit) })}</p>
    </RulesPanel>
  );
}

/** The multiplier wheel, laid out as a row of lamps that a light chases around before it stops. */
function MultiplierLamps({ active, landed }: { active: number | null; landed: boolean }) {
  const { t } = useTranslation('play');
  return (
    <div className="flex items-center gap-1.5" title={t('fruit.multiplier_title')} data-testid="fruit-multipliers">
      {FRUIT_MULTIPLIERS.map((m, index) => {
        const on = active === index;
        return (
          <span
            key={m.value}
            data-value={m.value}
            data-active={on || undefined}
            className={`flex h-9 min-w-0 flex-1 items-center justify-center rounded-lg border text-sm font-extrabold tabular-nums transition duration-100 ${
              on
                ? `border-gold bg-gold text-ink shadow-[0_0_18px_rgba(245,196,81,0.8)] ${landed ? 'scale-110' : ''}`
                : 'border-[#4c2a7a] bg-[#1f1038] text-[#c4a8ff]'
            }`}
          >
            ×{m.value}
          </span>
        );
      })}
    </div>
  );
}

/**
 * Fruit Frenzy: a 3x3 slot with five lines and a multiplier wheel. The server's outcome names the
 * reel stops; the reels spin onto them, the winning lines light up, and on a win the wheel's light
 * chases round to the drawn multiplier before the total is shown.
 */
export default function FruitGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const reels = useRef<ReelsHandle<FruitSymbol>>(null);
  const [grid, setGrid] = useState<FruitSymbol[][]>(INITIAL_GRID);
  const [phase, setPhase] = useState<Phase>('idle');
  const [outcome, setOutcome] = useState<FruitOutcome | null>(null);
  const [lamp, setLamp] = useState<number | null>(null);
  const [winCentavos, setWin] = useState<number | null>(null);
  const [baseWinCentavos, setBaseWin] = useState(0);

  const round = useSlotRound({
    code: CODE,
    defaultBetCentavos: 100,
    declaredRtp: fruitDeclaredRtp,
    autoDelayMs: 700,
    onStart() {
      setPhase('spinning');
      setOutcome(null);
      setWin(null);
      setLamp(null);
    },
    onRefused() {
      setPhase('idle');
    },
    async present(result, amountCentavos, payoutCentavos) {
      if (!isFruitOutcome(result)) {
        setPhase('done');
        setWin(payoutCentavos);
        return;
      }
      await reels.current?.spin(result.grid, (reel, count) => stripFiller(FRUIT_REELS[reel] ?? [], result.stops[reel] ?? 0, count));
      setGrid(result.grid);
      setOutcome(result);
      if (result.lineWins.length === 0) {
        setPhase('done');
        setWin(0);
        return;
      }
      setPhase('lines');
      setBaseWin(mulDivFloor(amountCentavos, result.baseUnits, FRUIT_LINE_COUNT));
      sound.play('reveal');
      await wait(700);
      // The multiplier feature: the light runs round the lamps twice and stops on the drawn value.
      setPhase('multiplier');
      const target = Math.max(
        0,
        FRUIT_MULTIPLIERS.findIndex((m) => m.value === result.multiplier),
      );
      const steps = FRUIT_MULTIPLIERS.length * 2 + target;
      for (let step = 0; step <= steps; step++) {
        setLamp(step % FRUIT_MULTIPLIERS.length);
        sound.play('tick');
        await wait(CHASE_STEP_MS + Math.max(0, step - steps + 5) * 45);
      }
      setPhase('done');
      setWin(payoutCentavos);
      sound.play(payoutCentavos > amountCentavos ? 'win' : 'reveal');
    },
  });
  const { stake, rtp } = round;
  const spinning = phase === 'spinning' || phase === 'lines' || phase === 'multiplier';

  const lit = useMemo(() => {
    const cells = new Set<string>();
    if (outcome && phase !== 'spinning')
      for (const win of outcome.lineWins) for (const [reel, row] of win.positions) cells.add(`${reel}:${row}`);
    return cells;
  }, [outcome, phase]);

  const overlay = outcome
    ? outcome.lineWins.map((win) => (
        <polyline
          key={win.line}
          points={(FRUIT_LINES[win.line] ?? []).map((row, reel) => cellCentre(reel, row).join(',')).join(' ')}
          fill="none"
          stroke={FRUIT_LINE_COLOURS[win.line]}
          strokeWidth="7"
          strokeLinecap="round"
          strokeLinejoin="round"
          opacity="0.9"
          className="drop-shadow-[0_0_6px_rgba(0,0,0,0.8)]"
        />
      ))
    : null;

  const status =
    phase === 'spinning'
      ? t('fruit.good_luck')
      : phase === 'lines'
        ? t('fruit.line_win', { count: outcome?.lineWins.length ?? 0, amount: money(baseWinCentavos) })
        : phase === 'multiplier'
          ? t('fruit.multiplier_running')
          : winCentavos === null
            ? t('fruit.idle', { stake: money(stake) })
            : winCentavos > 0
              ? t('common.you_won', { amount: money(winCentavos) })
              : t('fruit.no_win');

  return (
    <SlotScreen
      code={CODE}
      title={t('fruit.title')}
      onExit={onExit}
      round={round}
      running={spinning}
      lineBet={t('fruit.line_bet', { amount: formatAmount(mulDivFloor(stake, 1, FRUIT_LINE_COUNT)) })}
      spinLabel={t('fruit.spin')}
      paytable={<FruitRules rtp={rtp} stakeCentavos={stake} />}
    >
      <FruitSymbolDefs />
      <div className="flex flex-1 flex-col items-center justify-center bg-[radial-gradient(ellipse_at_top,#3b1a5e,#0b0717_70%)] px-3 py-4 md:p-8">
        <div className="w-full max-w-[440px] rounded-[28px] border-2 border-[#f5c451]/60 bg-gradient-to-b from-[#5b2a86] via-[#2d1452] to-[#1a0b31] p-3 shadow-[0_20px_60px_-20px_rgba(245,196,81,0.35),inset_0_2px_0_rgba(255,255,255,0.15)] sm:p-4">
          <div className="mb-3 text-center">
            <p className="bg-gradient-to-b from-[#fff3b0] to-[#f59e0b] bg-clip-text text-2xl font-black tracking-wide text-transparent uppercase drop-shadow">
              Fruit Frenzy
            </p>
          </div>
          <div className="flex items-stretch gap-1.5">
            <LineMarkers side="left" />
            <SlotReels<FruitSymbol>
              ref={reels}
              grid={grid}
              renderSymbol={(symbol) => <FruitSymbolIcon symbol={symbol} className="size-full drop-shadow-[0_3px_3px_rgba(0,0,0,0.5)]" />}
              lit={phase === 'spinning' ? undefined : lit}
              overlay={phase === 'spinning' ? null : overlay}
              label={t('fruit.reels')}
              className="flex-1"
            />
            <LineMarkers side="right" />
          </div>
          <div className="mt-3">
            <MultiplierLamps active={lamp} landed={phase === 'done' && lamp !== null} />
          </div>
          <div
            className={`mt-3 flex h-12 items-center justify-center rounded-xl border px-3 text-center text-sm font-bold ${
              winCentavos ? 'border-gold/70 bg-gold/10 text-gold' : 'border-[#4c2a7a] bg-black/30 text-soft'
            }`}
            aria-live="polite"
            data-testid="slot-status"
            data-win={winCentavos ?? undefined}
          >
            {status}
          </div>
        </div>
      </div>
    </SlotScreen>
  );
}

/** The line numbers at the reels' edges, where each line starts (left) and ends (right). */
function LineMarkers({ side }: { side: 'left' | 'right' }) {
  const rows: number[][] = [[], [], []];
  FRUIT_LINES.forEach((line, index) => {
    const row = side === 'left' ? line[0] : line[line.length - 1];
    rows[row ?? 0]?.push(index);
  });
  return (
    <div className="flex w-5 flex-col justify-around" aria-hidden="true">
      {rows.map((indices, row) => (
        <div key={row} className="flex flex-col items-center gap-1">
          {indices.map((index) => (
            <span
              key={index}
              className="flex size-5 items-center justify-center rounded-full text-[10px] font-black text-ink"
              style={{ background: FRUIT_LINE_COLOURS[index] }}
            >
              {index + 1}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}
