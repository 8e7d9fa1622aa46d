import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons.tsx';
import { errorMessage } from '../../lib/api.ts';
import { currentLanguage, htmlLangOf } from '../../lib/i18n.ts';

/** A pill that is a link (category, tag, provider filters). */
export function Chip({ to, active, children }: { to: string; active: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      replace
      aria-current={active ? 'page' : undefined}
      className={`flex h-9 shrink-0 items-center gap-1.5 rounded-full border px-3.5 text-sm whitespace-nowrap transition ${
        active ? 'border-gold bg-gold/10 font-semibold text-gold' : 'border-line bg-surface text-soft hover:border-gold/50 hover:text-white'
      }`}
    >
      {children}
    </Link>
  );
}

export function ChipRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label} className="scrollbar-none -mx-3 flex gap-2 overflow-x-auto px-3 md:mx-0 md:flex-wrap md:px-0">
      {children}
    </nav>
  );
}

/** A failed load: the server's message (or "Load Fail") and a retry button. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState text={error ? errorMessage(error) : t('common.load_fail')}>
      <Button size="sm" variant="ghost" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </EmptyState>
  );
}

/** "Load more" under a paged grid, with how many of how many are shown. */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-5 flex flex-col items-center gap-2">
      <p className="text-xs text-muted" data-testid="games-count">
        {t('games.showing', { shown, total })}
      </p>
      {hasMore ? (
        <Button variant="outline" size="sm" loading={loading} onClick={onMore} className="min-w-40">
          {t('games.load_more')}
        </Button>
      ) : null}
    </div>
  );
}

/** Previous / next with "page x of y". */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('games.pages')} className="mt-4 flex items-center justify-center gap-3">
      <button
        type="button"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label={t('games.previous_page')}
        className="flex size-10 items-center justify-center rounded-full border border-line bg-surface text-soft hover:text-white disabled:opacity-40"
      >
        <ChevronLeftIcon size={18} />
      </button>
      <span className="text-sm text-soft tabular-nums">{t('games.page_of', { page, pages })}</span>
      <button
        type="button"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
        aria-label={t('games.next_page')}
        className="flex size-10 items-center justify-center rounded-full border border-line bg-surface text-soft hover:text-white disabled:opacity-40"
      >
        <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(htmlLangOf(currentLanguage()), { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

/** A tag's label: translated when the catalogue knows it, else the tag itself. */
export function useTagLabel(): (tag: string) => string {
  const { t } = useTranslation();
  return (tag) => t(`games.tags.${tag}`, { defaultValue: tag });
}
