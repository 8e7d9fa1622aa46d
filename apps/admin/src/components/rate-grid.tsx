import type { ReactNode } from 'react';
import { Spinner } from './confirm-dialog';

/**
 * A percent input in a grid of rates: rose while it does not parse (`invalid`, with `invalidTitle`
 * as its tooltip), amber while it differs from the saved rate (`changed`).
 */
export function PercentCellInput({
  value,
  onChange,
  label,
  invalid,
  invalidTitle,
  changed,
  maxLength,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name: which rate this is ("VIP 3, slots"). */
  label: string;
  invalid: boolean;
  invalidTitle: string;
  changed: boolean;
  maxLength: number;
  disabled?: boolean;
}) {
  return (
    <div className="relative inline-block">
      <input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        inputMode="decimal"
        maxLength={maxLength}
        aria-label={label}
        aria-invalid={invalid ? true : undefined}
        title={invalid ? invalidTitle : undefined}
        className={`input h-8 w-[4.75rem] pr-6 pl-2 text-right tabular-nums ${
          invalid
            ? 'border-rose-500/70 text-rose-200 focus:border-rose-400 focus:ring-rose-400/20'
            : changed
              ? 'border-amber-400/60 bg-amber-400/5'
              : ''
        }`}
      />
      <span className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 text-xs text-slate-500">%</span>
    </div>
  );
}

/**
 * The page header's actions over a grid of rates being edited: what the drafts amount to (read
 * out as it changes), Reset and Save.
 */
export function RateGridActions({
  status,
  canReset,
  canSave,
  pending,
  onReset,
  onSave,
  resetLabel,
  saveLabel,
}: {
  status: ReactNode;
  canReset: boolean;
  canSave: boolean;
  pending: boolean;
  onReset: () => void;
  onSave: () => void;
  resetLabel: string;
  saveLabel: string;
}) {
  return (
    <>
      <span className="text-sm text-slate-400" aria-live="polite">
        {status}
      </span>
      <button type="button" className="btn-secondary" disabled={!canReset || pending} onClick={onReset}>
        {resetLabel}
      </button>
      <button type="button" className="btn-primary" disabled={!canSave || pending} onClick={onSave}>
        {pending && <Spinner />}
        {saveLabel}
      </button>
    </>
  );
}
