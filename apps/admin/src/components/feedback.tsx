import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, InboxIcon, RefreshIcon } from './icons';

export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded bg-white/[0.06] ${className}`} />;
}

/** Placeholder rows with the table's column count, so the layout does not jump when data arrives. */
export function TableSkeleton({ columns, rows = 8 }: { columns: number; rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="divide-y divide-white/5">
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="flex gap-4 px-3 py-3.5">
          {Array.from({ length: columns }, (_, column) => (
            <Skeleton key={column} className={`h-3.5 flex-1 ${column === 0 ? 'max-w-16' : ''}`} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-6 py-14 text-center">
      <span className="rounded-full bg-white/5 p-3 text-slate-500">
        <InboxIcon width={22} height={22} />
      </span>
      <p className="font-medium text-slate-300">{title}</p>
      {hint && <p className="max-w-sm text-sm text-slate-500">{hint}</p>}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-3 px-6 py-12 text-center">
      <span className="rounded-full bg-rose-500/10 p-3 text-rose-400">
        <AlertIcon width={22} height={22} />
      </span>
      <p className="max-w-md text-sm text-slate-300">{message}</p>
      {onRetry && (
        <button type="button" className="btn-secondary" onClick={onRetry}>
          <RefreshIcon width={16} height={16} />
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

type Tone = 'green' | 'red' | 'amber' | 'slate' | 'gold' | 'blue';
const TONES: Record<Tone, string> = {
  green: 'bg-emerald-500/10 text-emerald-300 ring-emerald-500/25',
  red: 'bg-rose-500/10 text-rose-300 ring-rose-500/25',
  amber: 'bg-amber-500/10 text-amber-300 ring-amber-500/25',
  slate: 'bg-slate-500/10 text-slate-300 ring-slate-500/25',
  gold: 'bg-gold-400/10 text-gold-300 ring-gold-400/30',
  blue: 'bg-sky-500/10 text-sky-300 ring-sky-500/25',
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

export function OnlineDot({ online, label }: { online: boolean; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-xs text-slate-400" title={label}>
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${online ? 'bg-emerald-400 shadow-[0_0_0_3px] shadow-emerald-400/20' : 'bg-slate-600'}`}
      />
      {label}
    </span>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="truncate text-xl font-semibold tracking-tight text-white">{title}</h1>
        {subtitle && <div className="mt-1 text-sm text-slate-400">{subtitle}</div>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
