import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshIcon, SearchIcon } from './icons';

/** The filter form above a list, in a card; `className` lays out its fields. */
export function FilterBar({
  onSubmit,
  className,
  children,
}: {
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <search className="mb-4 block">
      <form onSubmit={onSubmit} className={`card ${className}`}>
        {children}
      </form>
    </search>
  );
}

/** The filter form's Apply button, and Clear while any filter is set. */
export function FilterActions({
  applyLabel,
  clearLabel,
  filtered,
  onClear,
  icon = true,
  className = 'flex gap-2',
}: {
  applyLabel: string;
  clearLabel: string;
  filtered: boolean;
  onClear: () => void;
  icon?: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className="btn-primary flex-1">
        {icon && <SearchIcon width={16} height={16} />}
        {applyLabel}
      </button>
      {filtered && (
        <button type="button" className="btn-ghost" onClick={onClear}>
          {clearLabel}
        </button>
      )}
    </div>
  );
}

/** The page header's Refresh button: it spins while the list reloads; on a phone only the icon shows. */
export function RefreshButton({ busy, onRefresh }: { busy: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn-secondary"
      onClick={onRefresh}
      disabled={busy}
      aria-label={t('common.refresh')}
      title={t('common.refresh')}
    >
      <RefreshIcon width={16} height={16} className={busy ? 'animate-spin' : ''} />
      <span className="hidden sm:inline">{t('common.refresh')}</span>
    </button>
  );
}
