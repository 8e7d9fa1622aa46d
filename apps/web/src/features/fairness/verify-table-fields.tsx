import { KENO_RISKS, type KenoRisk } from '@casino/games/keno';
import { useId } from 'react';
import { inputClass } from '../../components/form-field.tsx';
import { useTranslation } from '../../lib/translation.ts';
import type { TableGame, TableParams } from './verify-table.ts';

const mono = `${inputClass} border-line font-mono text-[13px]`;

/** The verify tool's inputs for keno (picks and risk) and limbo (target); baccarat and bac bo need none. */
export function TableParamsFields<P extends TableParams>({
  game,
  params,
  onChange,
}: {
  game: TableGame;
  params: P;
  onChange: (params: P) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (game === 'keno') {
    return (
      <div className="grid grid-cols-2 gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-picks`} className="text-[13px] font-medium text-soft">
            {t('fairness.params.keno_picks')}
          </label>
          <input
            id={`${id}-picks`}
            name="keno_picks"
            inputMode="numeric"
            value={params.kenoPicks}
            onChange={(event) => onChange({ ...params, kenoPicks: event.target.value })}
            className={mono}
            autoComplete="off"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-risk`} className="text-[13px] font-medium text-soft">
            {t('fairness.params.risk')}
          </label>
          <select
            id={`${id}-risk`}
            name="keno_risk"
            value={params.kenoRisk}
            onChange={(event) => onChange({ ...params, kenoRisk: event.target.value as KenoRisk })}
            className={`${inputClass} border-line appearance-none`}
          >
            {KENO_RISKS.map((risk) => (
              <option key={risk} value={risk}>
                {t(`fairness.params.risk_${risk}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
    );
  }
  if (game === 'limbo') {
    return (
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-target`} className="text-[13px] font-medium text-soft">
          {t('fairness.params.limbo_target')}
        </label>
        <input
          id={`${id}-target`}
          name="limbo_target"
          inputMode="decimal"
          value={params.limboTarget}
          onChange={(event) => onChange({ ...params, limboTarget: event.target.value })}
          className={mono}
          autoComplete="off"
        />
      </div>
    );
  }
  return null;
}
