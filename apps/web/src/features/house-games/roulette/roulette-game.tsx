import { rtpPercent } from '@casino/games/catalogue';
import {
  declaredRtp as rouletteDeclaredRtp,
  ROULETTE_CHIPS_CENTAVOS,
  ROULETTE_LIMITS,
  ROULETTE_PAYOUTS,
  type RouletteBetType,
} from '@casino/games/roulette';
import { API } from '@casino/shared/player-api-paths';
import type { rouletteAnswerSchema } from '@casino/shared/schemas/house-games';
import type { z } from 'zod';
import { formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import { Copy, Eraser, RotateCcw, Undo2 } from 'lucide-react';
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../components/button.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useBalanceHold } from '../common/balance-hold.ts';
import { formatAmount } from '../common/bet-amount.tsx';
import { GameShell, RtpCaption } from '../common/game-shell.tsx';
import { RulesPanel } from '../common/rules-panel.tsx';
import { housePost, requireLogin, useHouseConfig, useInvalidateFairSeeds } from '../common/house-api.ts';
import { sound } from '../common/sound.ts';
import { Chip, chipColour, chipLabel } from './chip.tsx';
import { numberColour, SPOT_BY_KEY, type Spot } from './roulette-layout.ts';
import { RouletteTable } from './roulette-table.tsx';
import { RouletteWheel, type RouletteWheelHandle } from './roulette-wheel.tsx';

const CODE = 'roulette';
const MAX_HISTORY = 24;
const MAX_UNDO = 200;
/** How long the phone overlay keeps the landed wheel on screen before showing the table again. */
const OVERLAY_RESULT_MS = 1800;

/** Whether an element is on screen (true until measured, so nothing flashes on first paint). */
function useInView(ref: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** The server's answer to a spin (POST API.house.roulette). */
type RouletteAnswer = z.infer<typeof rouletteAnswerSchema>;

type Stakes = ReadonlyMap<string, number>;
type Result = { number: number; betCentavos: number; payoutCentavos: number };

const total = (stakes: Stakes) => [...stakes.values()].reduce((a, b) => a + b, 0);

/** Why a chip cannot go on a spot under the table limits, or null when it fits. */
function limitProblem(stakes: Stakes, spot: Spot, addCentavos: number): 'spot_max' | 'total_max' | 'too_many' | null {
  const onSpot = (stakes.get(spot.key) ?? 0) + addCentavos;
  if (onSpot > ROULETTE_LIMITS.maxBetCentavos[spot.bet.type]) return 'spot_max';
  if (total(stakes) + addCentavos > ROULETTE_LIMITS.maxTotalCentavos) return 'total_max';
  if (!stakes.has(spot.key) && stakes.size >= ROULETTE_LIMITS.maxBets) return 'too_many';
  return null;
}

const TILE_BG = { green: 'bg-[#0f7a3a]', red: 'bg-[#c81e1e]', black: 'bg-[#101522]' } as const;

function NumberBadge({ n, size = 'sm' }: { n: number; size?: 'sm' | 'lg' }) {
  return (
    <span
      className={`flex shrink-0 items-center justify-center rounded-full font-extrabold text-white tabular-nums ${TILE_BG[numberColour(n)]} ${
        size === 'lg' ? 'size-16 text-3xl ring-4 ring-gold/70' : 'size-7 text-xs'
      }`}
    >
      {n}
    </span>
  );
}

const BET_TYPE_ORDER: readonly RouletteBetType[] = ['straight', 'split', 'street', 'corner', 'line', 'dozen', 'column', 'red', 'low'];

function RouletteRules({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  return (
    <RulesPanel rtp={rtp}>
      <p>{t('roulette.rules')}</p>
      <div className="overflow-x-auto rounded-xl border border-line">
        <table className="w-full text-xs">
          <thead className="bg-surface-2 text-muted">
            <tr>
              <th className="px-2 py-1.5 text-left font-semibold">{t('roulette.rules_bet')}</th>
              <th className="px-2 py-1.5 text-right font-semibold">{t('roulette.rules_pays')}</th>
              <th className="px-2 py-1.5 text-right font-semibold">{t('roulette.rules_max')}</th>
            </tr>
          </thead>
          <tbody>
            {BET_TYPE_ORDER.map((type) => (
              <tr key={type} className="border-t border-line/60">
                <td className="px-2 py-1.5">
                  <span className="font-semibold text-white">{t(`roulette.type.${type}`)}</span>
                  <span className="block text-muted">{t(`roulette.type_help.${type}`)}</span>
                </td>
                <td className="px-2 py-1.5 text-right font-bold text-gold tabular-nums">
                  {t('roulette.pays', { x: ROULETTE_PAYOUTS[type] })}
                </td>
                <td className="px-2 py-1.5 text-right tabular-nums">{formatAmount(ROULETTE_LIMITS.maxBetCentavos[type])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted">
        {t('roulette.rules_limits', {
          min: formatAmount(ROULETTE_LIMITS.minBetCentavos),
          total: formatAmount(ROULETTE_LIMITS.maxTotalCentavos),
          spots: ROULETTE_LIMITS.maxBets,
        })}
      </p>
    </RulesPanel>
  );
}

function ToolButton({
  label,
  onClick,
  disabled,
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  children: ReactNode;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      className="flex h-12 flex-col items-center justify-center gap-0.5 rounded-xl bg-surface-2 text-[11px] font-semibold text-soft transition hover:bg-line hover:text-white disabled:opacity-40"
    >
      {children}
      <span className="leading-none">{label}</span>
    </button>
  );
}

/**
 * European roulette: chips of seven values on every standard bet, undo, clear, rebet and double;
 * the server spins (one float, floor(f * 37)), the wheel lands on its number, winning stakes
 * glow and the numbers of the session line up in the history strip.
 */
export default function RouletteGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const config = useHouseConfig(CODE);
  const invalidateSeeds = useInvalidateFairSeeds();
  const wide = useMediaQuery('(min-width: 1024px)');
  const phone = !useMediaQuery('(min-width: 640px)');
  const wheel = useRef<RouletteWheelHandle>(null);
  const holdBalance = useBalanceHold();
  const overlayTimer = useRef(0);
  const spinSlot = useRef<HTMLDivElement>(null);
  const spinButtonInView = useInView(spinSlot);
  useEffect(() => () => window.clearTimeout(overlayTimer.current), []);
  const [chip, setChip] = useState<number>(ROULETTE_CHIPS_CENTAVOS[2]);
  const [stakes, setStakes] = useState<Stakes>(new Map());
  const [undo, setUndo] = useState<Stakes[]>([]);
  const [lastBets, setLastBets] = useState<Stakes>(new Map());
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [history, setHistory] = useState<number[]>([]);
  const [overlay, setOverlay] = useState(false);
  const viewportWidth = useViewportWidth();
  const rtp = config.data?.rtp ?? rtpPercent(rouletteDeclaredRtp);
  const totalCentavos = total(stakes);

  const change = useCallback(
    (next: Stakes) => {
      setUndo((stack) => [...stack.slice(-MAX_UNDO + 1), stakes]);
      setStakes(next);
    },
    [stakes],
  );

  const place = useCallback(
    (spot: Spot) => {
      if (spinning) return;
      setResult(null);
      const problem = limitProblem(stakes, spot, chip);
      if (problem) {
        toast.info(
          t(`roulette.limit_${problem}`, {
            max: formatAmount(problem === 'spot_max' ? ROULETTE_LIMITS.maxBetCentavos[spot.bet.type] : ROULETTE_LIMITS.maxTotalCentavos),
            spots: ROULETTE_LIMITS.maxBets,
          }),
        );
        return;
      }
      sound.play('click');
      const next = new Map(stakes);
      next.set(spot.key, (stakes.get(spot.key) ?? 0) + chip);
      change(next);
    },
    [spinning, stakes, chip, change, t],
  );

  const clear = () => {
    setResult(null);
    if (stakes.size > 0) change(new Map());
  };

  const undoLast = () => {
    setResult(null);
    const previous = undo.at(-1);
    if (!previous) return;
    setUndo(undo.slice(0, -1));
    setStakes(previous);
  };

  const rebet = () => {
    setResult(null);
    change(new Map(lastBets));
  };

  const double = () => {
    setResult(null);
    const next = new Map<string, number>();
    for (const [key, amount] of stakes) {
      const spot = SPOT_BY_KEY.get(key);
      if (!spot || amount * 2 > ROULETTE_LIMITS.maxBetCentavos[spot.bet.type]) {
        toast.info(t('roulette.limit_double'));
        return;
      }
      next.set(key, amount * 2);
    }
    if (total(next) > ROULETTE_LIMITS.maxTotalCentavos) {
      toast.info(t('roulette.limit_total_max', { max: formatAmount(ROULETTE_LIMITS.maxTotalCentavos) }));
      return;
    }
    change(next);
  };

  const spin = async () => {
    if (spinning || stakes.size === 0 || !requireLogin()) return;
    const bets = [...stakes].map(([key, amount]) => ({ ...SPOT_BY_KEY.get(key)!.bet, amount: formatCentavos(amount) }));
    setSpinning(true);
    setResult(null);
    setOverlay(true);
    sound.play('spin');
    // The top bar shows the stakes gone until the ball has landed.
    const hold = holdBalance(totalCentavos);
    let answer: RouletteAnswer;
    try {
      answer = await housePost<RouletteAnswer>(API.house.roulette, { bets });
    } catch {
      hold.cancel();
      setSpinning(false);
      setOverlay(false);
      return;
    }
    invalidateSeeds();
    setLastBets(stakes);
    setUndo([]);
    const { number } = answer.outcome;
    const payoutCentavos = moneyStringToCentavos(answer.win) ?? 0;
    try {
      await wheel.current?.spin(number);
    } finally {
      hold.release(payoutCentavos);
    }
    const betCentavos = moneyStringToCentavos(answer.amount) ?? totalCentavos;
    setResult({ number, betCentavos, payoutCentavos });
    setHistory((list) => [number, ...list].slice(0, MAX_HISTORY));
    sound.play(payoutCentavos > 0 ? 'win' : 'lose');
    setSpinning(false);
    window.clearTimeout(overlayTimer.current);
    overlayTimer.current = window.setTimeout(() => setOverlay(false), OVERLAY_RESULT_MS);
  };

  const outcomeText = result
    ? result.payoutCentavos > 0
      ? t('common.you_won', { amount: formatMoney(formatCentavos(result.payoutCentavos)) })
      : t('roulette.no_win')
    : spinning
      ? t('roulette.spinning')
      : stakes.size === 0
        ? t('roulette.place_bets')
        : t('roulette.ready', { amount: formatMoney(formatCentavos(totalCentavos)) });

  const controls = (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-xs font-semibold text-muted">{t('roulette.chip')}</legend>
        <div className="flex justify-between gap-1 md:flex-wrap md:justify-start">
          {ROULETTE_CHIPS_CENTAVOS.map((value, index) => (
            <button
              key={value}
              type="button"
              aria-pressed={chip === value}
              aria-label={formatMoney(formatCentavos(value))}
              onClick={() => {
                sound.play('click');
                setChip(value);
              }}
              data-testid={`chip-${value}`}
              className={`rounded-full transition ${chip === value ? '-translate-y-1 ring-2 ring-gold ring-offset-2 ring-offset-night' : 'opacity-80 hover:opacity-100'}`}
            >
              <Chip colour={chipColour(index)} label={chipLabel(value)} size={phone ? 42 : 40} />
            </button>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-4 gap-1.5">
        <ToolButton label={t('roulette.undo')} onClick={undoLast} disabled={spinning || undo.length === 0} testId="roulette-undo">
          <Undo2 size={18} aria-hidden="true" />
        </ToolButton>
        <ToolButton label={t('roulette.clear')} onClick={clear} disabled={spinning || stakes.size === 0} testId="roulette-clear">
          <Eraser size={18} aria-hidden="true" />
        </ToolButton>
        <ToolButton label={t('roulette.rebet')} onClick={rebet} disabled={spinning || lastBets.size === 0} testId="roulette-rebet">
          <RotateCcw size={18} aria-hidden="true" />
        </ToolButton>
        <ToolButton label={t('roulette.double')} onClick={double} disabled={spinning || stakes.size === 0} testId="roulette-double">
          <Copy size={18} aria-hidden="true" />
        </ToolButton>
      </div>
      <div className="flex items-center justify-between rounded-xl border border-line bg-ink/60 px-3 py-2 text-sm">
        <span className="text-muted">{t('roulette.total_bet')}</span>
        <span className="font-bold text-white tabular-nums" data-testid="roulette-total">
          {formatMoney(formatCentavos(totalCentavos))}
        </span>
      </div>
      <p className="text-[11px] text-muted">
        {t('roulette.limits', {
          min: formatAmount(ROULETTE_LIMITS.minBetCentavos),
          straight: formatAmount(ROULETTE_LIMITS.maxBetCentavos.straight),
          total: formatAmount(ROULETTE_LIMITS.maxTotalCentavos),
        })}
      </p>
      <div ref={spinSlot}>
        <Button
          variant="money"
          size="lg"
          block
          loading={spinning}
          disabled={stakes.size === 0}
          onClick={() => void spin()}
          data-testid="roulette-spin"
        >
          {t('roulette.spin')}
        </Button>
      </div>
      <RtpCaption rtp={rtp} />
    </div>
  );

  const outcome = (
    <div className="flex min-w-0 flex-col items-center gap-2 text-center" aria-live="polite">
      {result ? <NumberBadge n={result.number} size="lg" /> : null}
      <p
        className={`text-sm font-bold ${result && result.payoutCentavos > 0 ? 'text-money' : 'text-soft'}`}
        data-testid="roulette-outcome"
        data-number={result?.number}
      >
        {outcomeText}
      </p>
    </div>
  );
  const wheelElement = <RouletteWheel ref={wheel} label={t('roulette.wheel')} size={wide ? 280 : Math.min(300, viewportWidth - 64)} />;

  return (
    <GameShell code={CODE} title={t('roulette.title')} onExit={onExit} controls={controls} paytable={<RouletteRules rtp={rtp} />}>
      <div className="flex flex-1 flex-col gap-3 bg-[radial-gradient(ellipse_at_top,#123a2a,transparent_70%)] px-3 pt-3 pb-3 lg:gap-5 lg:p-6">
        <ol
          className="scrollbar-none flex h-8 shrink-0 gap-1 overflow-x-auto"
          aria-label={t('roulette.history')}
          data-testid="roulette-history"
        >
          {history.length === 0 ? <li className="self-center text-xs text-muted">{t('roulette.no_history')}</li> : null}
          {history.map((n, i) => (
            <li key={`${history.length - i}`} className={i === 0 ? 'animate-toast-in' : 'opacity-90'}>
              <NumberBadge n={n} />
            </li>
          ))}
        </ol>
        {wide ? (
          <div className="flex items-center justify-center gap-10">
            {wheelElement}
            <div className="w-[260px]">{outcome}</div>
          </div>
        ) : (
          <p
            className={`text-center text-sm font-bold ${result && result.payoutCentavos > 0 ? 'text-money' : 'text-soft'}`}
            data-testid="roulette-status"
          >
            {outcomeText}
          </p>
        )}
        <div className={wide ? 'mx-auto w-full max-w-[980px]' : 'mx-auto w-full max-w-[430px]'}>
          <RouletteTable
            orientation={wide ? 'horizontal' : 'vertical'}
            stakes={stakes}
            chipValues={ROULETTE_CHIPS_CENTAVOS}
            onPlace={place}
            disabled={spinning}
            result={result?.number ?? null}
          />
        </div>
      </div>
      {!wide && stakes.size > 0 && !spinButtonInView && !overlay ? (
        // Phones: while the table is scrolled into view, the total and the spin button stay at thumb's reach.
        <div
          className="animate-sheet-in fixed inset-x-0 bottom-0 z-30 flex items-center gap-2 border-t border-line bg-night/95 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] backdrop-blur"
          data-testid="roulette-quick-bar"
        >
          <button
            type="button"
            onClick={undoLast}
            disabled={spinning || undo.length === 0}
            aria-label={t('roulette.undo')}
            className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-soft disabled:opacity-40"
          >
            <Undo2 size={18} aria-hidden="true" />
          </button>
          <span className="flex min-w-0 flex-1 flex-col leading-tight">
            <span className="text-[11px] text-muted">{t('roulette.total_bet')}</span>
            <span className="truncate text-sm font-bold text-white tabular-nums">{formatMoney(formatCentavos(totalCentavos))}</span>
          </span>
          <Button variant="money" size="md" loading={spinning} onClick={() => void spin()} className="px-8">
            {t('roulette.spin')}
          </Button>
        </div>
      ) : null}
      {wide ? null : (
        // Phones and tablets: the wheel comes up over the table for the spin, whatever was scrolled.
        <div
          className={`fixed inset-0 z-40 flex flex-col items-center justify-center gap-5 bg-ink/80 backdrop-blur-sm transition-opacity duration-300 ${
            overlay ? 'opacity-100' : 'pointer-events-none opacity-0'
          }`}
          aria-hidden={!overlay}
          data-testid="roulette-overlay"
          onClick={() => {
            if (!spinning) setOverlay(false);
          }}
        >
          {wheelElement}
          <div className="min-h-24 px-6">{outcome}</div>
        </div>
      )}
    </GameShell>
  );
}
