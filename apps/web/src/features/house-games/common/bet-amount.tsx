import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { moneyCentavos } from '../../../lib/user.ts';
import { formatAmountIn, formatScaledIn, parseTypedAmount } from './amounts.ts';
import { useHeldCentavos } from './balance-hold.ts';
import { sound } from './sound.ts';

export { parseTypedAmount };

/** "1.234,56" in Portuguese: the amount without the currency sign, for inputs and chips. */
export function formatAmount(valueCentavos: number, lang = currentLanguage()): string {
  return formatAmountIn(valueCentavos, lang);
}

/** A fixed-point figure ("49,50" for 4950 with 2 decimals; "1,9800" for 19800 with 4), for rolls and multipliers. */
export function formatScaled(units: number, decimals: number, lang = currentLanguage()): string {
  return formatScaledIn(units, decimals, lang);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

type BetAmountInputProps = {
  valueCentavos: number;
  onChange: (valueCentavos: number) => void;
  minCentavos: number;
  maxCentavos: number;
  disabled?: boolean;
  /** Label above the field (defaults to "Bet amount"). */
  label?: string;
};

/** The stake: a reais field with ½, 2×, min and max; every value is kept inside the table limits. */
export function BetAmountInput({ valueCentavos, onChange, minCentavos, maxCentavos, disabled = false, label }: BetAmountInputProps) {
  const { t } = useTranslation('play');
  const id = useId();
  const { token, user } = useSession();
  const [text, setText] = useState(() => formatAmount(valueCentavos));
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (!editing) setText(formatAmount(valueCentavos));
  }, [valueCentavos, editing]);

  const set = (next: number) => {
    sound.play('click');
    const value = clamp(Math.round(next), minCentavos, maxCentavos);
    onChange(value);
    setText(formatAmount(value));
  };

  const commit = () => {
    setEditing(false);
    const parsed = parseTypedAmount(text);
    const value = parsed === null ? valueCentavos : clamp(parsed, minCentavos, maxCentavos);
    if (value !== valueCentavos) onChange(value);
    setText(formatAmount(value));
  };

  // "Max" is the table limit, or the whole balance when that is smaller (and still a valid stake).
  // While an animation holds the shown balance, Max goes by that figure, so it never gives away a
  // win the screen has not revealed yet.
  const held = useHeldCentavos();
  const balance = token ? (held ?? moneyCentavos(user.money)) : 0;
  const maxAffordable = token && balance >= minCentavos ? Math.min(maxCentavos, balance) : maxCentavos;
  const quick =
    'h-9 min-w-9 rounded-lg bg-surface-2 px-2 text-xs font-bold text-soft transition hover:bg-line hover:text-white disabled:opacity-50';

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-xs font-semibold text-muted">
          {label ?? t('common.bet_amount')}
        </label>
        <span className="text-[11px] text-muted tabular-nums">
          {t('common.limits', { min: formatAmount(minCentavos), max: formatAmount(maxCentavos) })}
        </span>
      </div>
      <div className="flex items-center gap-1 rounded-xl border border-line bg-ink/60 p-1 focus-within:border-gold/70">
        <span className="pl-2 text-sm font-semibold text-muted">R$</span>
        <input
          id={id}
          data-testid="bet-amount"
          inputMode="decimal"
          autoComplete="off"
          className="h-9 min-w-0 flex-1 bg-transparent px-1 text-base font-bold text-white tabular-nums outline-none disabled:opacity-60"
          value={text}
          disabled={disabled}
          onFocus={(event) => {
            setEditing(true);
            event.currentTarget.select();
          }}
          onChange={(event) => {
            setText(event.target.value);
            const parsed = parseTypedAmount(event.target.value);
            if (parsed !== null && parsed >= minCentavos && parsed <= maxCentavos) onChange(parsed);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
          }}
        />
        <button type="button" className={quick} disabled={disabled} onClick={() => set(valueCentavos / 2)} aria-label={t('common.half')}>
          ½
        </button>
        <button type="button" className={quick} disabled={disabled} onClick={() => set(valueCentavos * 2)} aria-label={t('common.double')}>
          2×
        </button>
        <button type="button" className={quick} disabled={disabled} onClick={() => set(minCentavos)}>
          {t('common.min')}
        </button>
        <button type="button" className={quick} disabled={disabled} onClick={() => set(maxAffordable)}>
          {t('common.max')}
        </button>
      </div>
    </div>
  );
}
