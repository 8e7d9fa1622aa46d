import type { InputHTMLAttributes, ReactNode } from 'react';
import { ChevronDownIcon, SearchIcon } from './icons';

/**
 * A label, its control, and under it either the field's error or its hint. The error carries the
 * id `${id}-error` that invalidProps points the control at; `hintId` gives the hint `${id}-hint`
 * for a control that is described by its hint too.
 */
export function Field({
  label,
  id,
  error,
  hint,
  hintId = false,
  className = '',
  children,
}: {
  label: string;
  id: string;
  error?: string | undefined;
  hint?: ReactNode;
  hintId?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-rose-300">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId ? `${id}-hint` : undefined} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The attributes of a control whose Field may show an error (and, with `hint`, a hint with an id). */
export function invalidProps(id: string, error: string | undefined, { hint = false } = {}) {
  if (error) return { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` };
  return hint ? { 'aria-describedby': `${id}-hint` } : {};
}

/** A labelled native select with the back office's chevron. */
export function SelectField({
  id,
  label,
  name,
  value,
  onChange,
  children,
  className = '',
}: {
  id: string;
  label: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)} className="input appearance-none pr-8">
          {children}
        </select>
        <ChevronDownIcon
          className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-slate-400"
          width={14}
          height={14}
        />
      </div>
    </div>
  );
}

/** A search box with the magnifier inside it; `className` adds to the input's own classes. */
export function SearchInput({ className = '', ...input }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="relative">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500" width={16} height={16} />
      <input type="search" className={`input pl-9 ${className}`} {...input} />
    </div>
  );
}

const CHECK_ROW = 'flex cursor-pointer items-center justify-between gap-3 text-sm';
const CHECK_BOX = 'rounded-lg border border-white/5 bg-navy-900/60 p-3';

/**
 * A checkbox as a row of a form: its label and a hint line on the left, the box on the right. In a
 * CheckGroup, every row but the first is `divided`; a lone row is `boxed` in the group's frame.
 */
export function CheckField({
  id,
  label,
  hint,
  divided = false,
  boxed = false,
  ...input
}: { id: string; label: string; hint: string; divided?: boolean; boxed?: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label htmlFor={id} className={`${CHECK_ROW} ${divided ? 'border-t border-white/5 pt-2' : ''} ${boxed ? CHECK_BOX : ''}`}>
      <span>
        <span className="block font-medium text-slate-200">{label}</span>
        <span className="block text-xs text-slate-500">{hint}</span>
      </span>
      <input id={id} type="checkbox" className="size-4 accent-amber-400" {...input} />
    </label>
  );
}

/** The frame around a few CheckFields. */
export function CheckGroup({ children }: { children: ReactNode }) {
  return <div className={`space-y-2 ${CHECK_BOX}`}>{children}</div>;
}
