import { ODDS_CHANGE_POLICIES, ODDS_FORMATS } from '@casino/shared/schemas/sports';
import { useId } from 'react';
import { useSportsTranslation } from '../sports-i18n.ts';
import { type OddsFormat, setOddsFormat, useOddsFormat } from './odds-format.ts';
import { setAcceptOdds, useSlip } from './slip-store.ts';

function RadioGroup<T extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-xs font-semibold text-muted">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg border px-3 text-sm transition ${
            value === option.value ? 'border-gold/70 bg-gold/10 text-white' : 'border-line text-soft hover:border-gold/40'
          }`}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="accent-[var(--color-gold)]"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The slip's two stored preferences: what to do when odds move, and how odds are written. */
export function SlipPreferences() {
  const { t } = useSportsTranslation();
  const { acceptOdds } = useSlip();
  const format = useOddsFormat();
  return (
    <div className="flex flex-col gap-4">
      <RadioGroup
        legend={t('slip.odds_policy')}
        value={acceptOdds}
        options={[...ODDS_CHANGE_POLICIES].reverse().map((policy) => ({ value: policy, label: t(`slip.policy_${policy}`) }))}
        onChange={setAcceptOdds}
      />
      <RadioGroup<OddsFormat>
        legend={t('slip.odds_format')}
        value={format}
        options={ODDS_FORMATS.map((f) => ({ value: f, label: t(`slip.format_${f}`) }))}
        onChange={setOddsFormat}
      />
    </div>
  );
}
