import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { isApiError } from '../lib/api-client';
import { type DatePreset, presetRange } from '../lib/sao-paulo-days';
import { FilterBar } from './filter-bar';
import { Field } from './form-field';

export type DateRangeLabels = {
  from: string;
  to: string;
  apply: string;
  /** The accessible name of the quick ranges. */
  presets: string;
  preset: (preset: DatePreset) => string;
  /** Shown when the range ends before it starts. */
  dateOrder: string;
};

/**
 * The filter's labels from a report's catalogue section, which names them alike
 * (`<section>.from`, `.to`, `.apply`, `.presets_label`, `.presets.<preset>`, `.date_order`).
 */
export function reportRangeLabels(t: (key: string) => string, section: string): DateRangeLabels {
  return {
    from: t(`${section}.from`),
    to: t(`${section}.to`),
    apply: t(`${section}.apply`),
    presets: t(`${section}.presets_label`),
    preset: (preset) => t(`${section}.presets.${preset}`),
    dateOrder: t(`${section}.date_order`),
  };
}

/** The server's refusal of a report's dates, shown under the date filter. */
export function dateFieldError(query: { isError: boolean; error: unknown }): string | undefined {
  if (!query.isError || !isApiError(query.error)) return undefined;
  return query.error.fieldErrors.from?.[0] ?? query.error.fieldErrors.to?.[0];
}

/**
 * A report's filter: two São Paulo days, further fields (`children`), Apply, and the quick ranges,
 * pressed while they match the days shown. A range that ends before it starts is refused here;
 * `serverError` is the server's refusal. `className` sets the grid, `errorClassName` the error
 * line's span on it.
 */
export function DateRangeFilter({
  from,
  to,
  presets,
  labels,
  max,
  serverError,
  onApply,
  className,
  errorClassName,
  children,
}: {
  from: string;
  to: string;
  presets: readonly DatePreset[];
  labels: DateRangeLabels;
  /** The last day that can be picked. */
  max?: string;
  serverError?: string | undefined;
  onApply: (range: { from: string; to: string }) => void;
  className: string;
  errorClassName: string;
  children?: ReactNode;
}) {
  const ids = { from: useId(), to: useId() };
  const [dateError, setDateError] = useState<string | null>(null);

  function apply(range: { from: string; to: string }) {
    if (range.from && range.to && range.from > range.to) {
      setDateError(labels.dateOrder);
      return;
    }
    setDateError(null);
    onApply(range);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    apply({ from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') });
  }

  const error = dateError || serverError;
  return (
    <FilterBar key={`${from}|${to}`} onSubmit={submit} className={className}>
      <Field label={labels.from} id={ids.from}>
        <input id={ids.from} name="from" type="date" defaultValue={from} max={max} className="input tabular-nums" />
      </Field>
      <Field label={labels.to} id={ids.to}>
        <input id={ids.to} name="to" type="date" defaultValue={to} max={max} className="input tabular-nums" />
      </Field>
      {children}
      <button type="submit" className="btn-primary col-span-2 lg:col-span-1">
        {labels.apply}
      </button>
      <fieldset className="col-span-2 flex min-w-0 flex-wrap gap-1.5 lg:col-span-1 lg:justify-end">
        <legend className="sr-only">{labels.presets}</legend>
        {presets.map((preset) => {
          const range = presetRange(preset);
          const active = from === range.from && to === range.to;
          return (
            <button
              key={preset}
              type="button"
              aria-pressed={active}
              onClick={() => apply(range)}
              className={`btn h-8 px-2.5 text-xs ${active ? 'bg-gold-400/15 text-gold-300 ring-1 ring-gold-400/30' : 'text-slate-300 hover:bg-white/5'}`}
            >
              {labels.preset(preset)}
            </button>
          );
        })}
      </fieldset>
      {error && (
        <p role="alert" className={`col-span-2 text-xs text-rose-300 ${errorClassName}`}>
          {error}
        </p>
      )}
    </FilterBar>
  );
}
