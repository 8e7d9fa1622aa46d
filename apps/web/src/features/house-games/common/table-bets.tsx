import { formatCentavos } from '@casino/shared/money';
import { Eraser, RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useTranslation } from '../../../lib/translation.ts';
import { Chip, chipColour, chipLabel } from '../roulette/chip.tsx';
import { formatAmount } from './bet-amount.tsx';
import { sound } from './sound.ts';

/**
 * Chips on a few fixed spots (baccarat, bac bo): pick a chip value, tap a spot to add it, clear
 * or repeat the last round's bets. Amounts are centavos per spot; the round sends each spot once.
 */

export const TABLE_CHIPS_CENTAVOS = [100, 500, 1_000, 2_500, 10_000, 50_000] as const;

export type SpotStakes = Record<string, number>;

export function useTableBets(maxTotalCentavos: number) {
  const [chip, setChip] = useState<number>(TABLE_CHIPS_CENTAVOS[0]);
  const [stakes, setStakes] = useState<SpotStakes>({});
  const [lastStakes, setLastStakes] = useState<SpotStakes>({});
  const total = Object.values(stakes).reduce((sum, c) => sum + c, 0);
  return {
    chip,
    setChip,
    stakes,
    total,
    add(spot: string) {
      if (total + chip > maxTotalCentavos) return false;
      sound.play('click');
      setStakes((s) => ({ ...s, [spot]: (s[spot] ?? 0) + chip }));
      return true;
    },
    clear: () => setStakes({}),
    rebet: () => setStakes(lastStakes),
    canRebet: Object.keys(lastStakes).length > 0,
    /** The bets to send ({type, amount}) and remembers them for "repeat". */
    take(): { type: string; amount: string }[] {
      setLastStakes(stakes);
      return Object.entries(stakes)
        .filter(([, c]) => c > 0)
        .map(([type, c]) => ({ type, amount: formatCentavos(c) }));
    },
  };
}
export type TableBets = ReturnType<typeof useTableBets>;

/** A spot on the felt: its name, what it pays, and the chip stack on it. */
export function BetSpot({
  label,
  pays,
  stakeCentavos,
  onClick,
  disabled,
  tone,
  won,
  testId,
  className = '',
}: {
  label: string;
  pays: string;
  stakeCentavos: number;
  onClick: () => void;
  disabled: boolean;
  tone: 'player' | 'banker' | 'tie' | 'side';
  won: boolean;
  testId: string;
  className?: string;
}) {
  const tones = {
    player: 'border-sky-300/70 bg-sky-500/15 text-sky-100',
    banker: 'border-rose-300/70 bg-rose-500/15 text-rose-100',
    tie: 'border-emerald-200/70 bg-emerald-400/15 text-emerald-50',
    side: 'border-amber-200/60 bg-amber-300/10 text-amber-50',
  } as const;
  const index = TABLE_CHIPS_CENTAVOS.findLastIndex((c) => c <= stakeCentavos);
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={`relative flex min-h-20 flex-col items-center justify-center gap-0.5 rounded-2xl border-2 px-2 py-2 text-center transition disabled:cursor-not-allowed ${tones[tone]} ${won ? 'ring-4 ring-gold shadow-[0_0_24px_rgba(245,196,81,0.6)]' : 'hover:brightness-125'} ${className}`}
      data-testid={testId}
      data-won={won}
    >
      <span className="text-sm font-black tracking-wide uppercase">{label}</span>
      <span className="text-[11px] font-semibold opacity-80">{pays}</span>
      {stakeCentavos > 0 ? (
        <span className="absolute -top-3 -right-2 flex flex-col items-center">
          <Chip colour={chipColour(Math.max(0, index))} label={chipLabel(stakeCentavos)} size={34} />
        </span>
      ) : null}
    </button>
  );
}

/** The chip tray and the round's buttons (clear, repeat, play). */
export function ChipTray({
  bets,
  disabled,
  loggedIn,
  busy,
  playLabel,
  onPlay,
  onLogin,
  testId,
  extra,
}: {
  bets: TableBets;
  disabled: boolean;
  loggedIn: boolean;
  busy: boolean;
  playLabel: string;
  onPlay: () => void;
  onLogin: () => void;
  testId: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('play');
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <span className="text-xs font-semibold text-muted">{t('table.chip')}</span>
        <div className="flex flex-wrap gap-1.5" role="toolbar" aria-label={t('table.chip')}>
          {TABLE_CHIPS_CENTAVOS.map((value, index) => (
            <button
              key={value}
              type="button"
              aria-pressed={bets.chip === value}
              aria-label={formatAmount(value)}
              disabled={disabled}
              onClick={() => bets.setChip(value)}
              className={`rounded-full transition ${bets.chip === value ? '-translate-y-1' : 'opacity-80 hover:opacity-100'}`}
              data-testid={`${testId}-chip-${value}`}
            >
              <Chip colour={chipColour(index)} label={chipLabel(value)} size={40} glow={bets.chip === value} />
            </button>
          ))}
        </div>
      </div>
      <div className="flex items-center justify-between rounded-xl border border-line bg-ink/60 px-3 py-2 text-sm">
        <span className="text-muted">{t('table.total_bet')}</span>
        <span className="font-bold text-white tabular-nums" data-testid={`${testId}-total`}>
          R$ {formatAmount(bets.total)}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="ghost" disabled={disabled || bets.total === 0} onClick={bets.clear} data-testid={`${testId}-clear`}>
          <Eraser size={16} aria-hidden="true" /> {t('table.clear')}
        </Button>
        <Button variant="ghost" disabled={disabled || !bets.canRebet} onClick={bets.rebet} data-testid={`${testId}-rebet`}>
          <RotateCcw size={16} aria-hidden="true" /> {t('table.rebet')}
        </Button>
      </div>
      {extra}
      {loggedIn ? (
        <Button
          variant="money"
          size="lg"
          block
          loading={busy}
          disabled={bets.total === 0}
          onClick={onPlay}
          className="h-14 text-base"
          data-testid={`${testId}-play`}
        >
          {bets.total === 0 ? t('table.place_bets') : playLabel}
        </Button>
      ) : (
        <Button size="lg" block onClick={onLogin} className="h-14">
          {t('common.login_to_bet')}
        </Button>
      )}
    </div>
  );
}
