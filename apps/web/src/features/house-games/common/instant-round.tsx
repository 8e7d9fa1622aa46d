import { moneyStringToCentavos } from '@casino/shared/money';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { type AutoBet, AutoBetPanel, ModeTabs } from './auto-bet.tsx';
import { BetAmountInput } from './bet-amount.tsx';
import { useBalanceHold } from './balance-hold.ts';
import { useInvalidateFairSeeds } from './house-api.ts';
import { LoginToBetButton, OpenRoundButton } from './round-controls.tsx';
import { sound } from './sound.ts';

/**
 * What the one-call house games (dice, limbo, keno, baccarat, Bac Bo) share: one bet call whose
 * answer is shown by an animation while the top bar holds the stake, the bet button (or the auto
 * bet panel), and the strip of recent results.
 */

/** What a round's answer carries for the wallet: the stake taken and the amount paid. */
type InstantAnswer = { amount: string; win: string };

/**
 * Timers that die with the screen: `after(ms, run)` runs `run` after `ms` and answers once it ran.
 * A screen closed mid-animation clears them.
 */
export function useRoundTimers(): (ms: number, run?: () => void) => Promise<void> {
  const timers = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const id of timers.current) window.clearTimeout(id);
    },
    [],
  );
  return useCallback(
    (ms: number, run?: () => void) =>
      new Promise<void>((resolve) => {
        timers.current.push(
          window.setTimeout(() => {
            run?.();
            resolve();
          }, ms),
        );
      }),
    [],
  );
}

/**
 * One bet of a one-call game: `busy` while it runs, the "bet" sound, the stake held in the top
 * bar until `show` (the round's animation) is over, then the payout released; a refused bet gives
 * the stake back and calls `onError`. Answers the stake and payout (for the auto bet) or null.
 */
export function useInstantRound() {
  const [busy, setBusy] = useState(false);
  const holdBalance = useBalanceHold();
  const invalidateSeeds = useInvalidateFairSeeds();
  const bet = useCallback(
    async <A extends InstantAnswer>(
      stake: number,
      send: () => Promise<A>,
      show: (answer: A, winCentavos: number) => Promise<void> | void,
      onError?: () => void,
    ): Promise<{ betCentavos: number; payoutCentavos: number } | null> => {
      setBusy(true);
      sound.play('bet');
      const hold = holdBalance(stake);
      let payoutCentavos: number | undefined;
      try {
        const answer = await send();
        const winCentavos = moneyStringToCentavos(answer.win) ?? 0;
        payoutCentavos = winCentavos;
        const shown = show(answer, winCentavos);
        invalidateSeeds();
        await shown;
        return { betCentavos: moneyStringToCentavos(answer.amount) ?? stake, payoutCentavos: winCentavos };
      } catch {
        hold.cancel();
        onError?.();
        return null;
      } finally {
        hold.release(payoutCentavos);
        setBusy(false);
      }
    },
    [holdBalance, invalidateSeeds],
  );
  return { busy, bet };
}

/** The top of the controls: manual or auto, and the stake (locked while a bet or the auto bet runs). */
export function StakeControls({
  mode,
  onMode,
  auto,
  betCentavos,
  onBet,
  minCentavos,
  maxCentavos,
  locked,
}: {
  mode: 'manual' | 'auto';
  onMode: (mode: 'manual' | 'auto') => void;
  auto: AutoBet;
  betCentavos: number;
  onBet: (centavos: number) => void;
  minCentavos: number;
  maxCentavos: number;
  locked: boolean;
}) {
  return (
    <>
      <ModeTabs mode={mode} onChange={onMode} disabled={auto.running} />
      <BetAmountInput valueCentavos={betCentavos} onChange={onBet} minCentavos={minCentavos} maxCentavos={maxCentavos} disabled={locked} />
    </>
  );
}

/** The manual bet button (the login for a visitor), or the auto bet panel in auto mode; `disabled` holds both. */
export function InstantBetButton({
  mode,
  loggedIn,
  busy,
  auto,
  onBet,
  testId,
  disabled,
  children,
}: {
  mode: 'manual' | 'auto';
  loggedIn: boolean;
  busy: boolean;
  auto: AutoBet;
  onBet: () => void;
  testId: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  if (mode === 'auto') return <AutoBetPanel auto={auto} disabled={!loggedIn || disabled === true} />;
  if (!loggedIn) return <LoginToBetButton />;
  return (
    <OpenRoundButton loading={busy} disabled={disabled} onClick={onBet} testId={testId}>
      {children}
    </OpenRoundButton>
  );
}

/** The strip of the last results, newest first, green for a win and red for a loss. */
export function RecentStrip({ items, testId }: { items: readonly { id: number; win: boolean; label: string }[]; testId: string }) {
  const { t } = useTranslation('play');
  return (
    <ol className="scrollbar-none flex min-h-8 items-center gap-1.5 overflow-x-auto" aria-label={t('common.history')} data-testid={testId}>
      {items.map((item) => (
        <li
          key={item.id}
          className={`animate-toast-in shrink-0 rounded-full px-2.5 py-1 text-xs font-bold tabular-nums ${item.win ? 'bg-money/15 text-money' : 'bg-danger/15 text-danger'}`}
        >
          {item.label}
        </li>
      ))}
    </ol>
  );
}

/** A numeric field that is typed freely and read when it loses focus (Enter leaves it). */
export function EditableField({
  label,
  display,
  onCommit,
  suffix,
  testId,
  disabled,
}: {
  label: string;
  display: string;
  onCommit: (text: string) => void;
  suffix: string;
  testId: string;
  disabled: boolean;
}) {
  const [text, setText] = useState(display);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setText(display);
  }, [display, editing]);
  return (
    <label className="flex min-w-0 flex-col gap-1">
      <span className="truncate text-xs font-semibold text-muted">{label}</span>
      <span className="flex h-10 items-center rounded-xl border border-line bg-ink/60 px-3 focus-within:border-gold/70">
        <input
          inputMode="decimal"
          className="w-full min-w-0 bg-transparent text-sm font-bold text-white tabular-nums outline-none"
          value={text}
          disabled={disabled}
          data-testid={testId}
          onFocus={(event) => {
            setEditing(true);
            event.currentTarget.select();
          }}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            setEditing(false);
            onCommit(text);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
          }}
        />
        <span className="text-sm text-muted">{suffix}</span>
      </span>
    </label>
  );
}
