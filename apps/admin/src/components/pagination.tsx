import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format';
import { useLanguage } from '../lib/use-language';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  busy?: boolean;
};

export function Pagination({ page, pageSize, total, onPageChange, busy = false }: PaginationProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={t('pagination.label')}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-white/5 px-3 py-2.5 text-sm text-slate-400"
    >
      <p>
        {t('pagination.range', {
          from: formatNumber(from, language),
          to: formatNumber(to, language),
          total: formatNumber(total, language),
        })}
      </p>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className="btn-ghost h-8 px-2"
          onClick={() => onPageChange(page - 1)}
          disabled={busy || page <= 1}
          aria-label={t('pagination.previous')}
        >
          <ChevronLeftIcon width={16} height={16} />
        </button>
        <span className="min-w-20 text-center tabular-nums" aria-current="page">
          {t('pagination.page_of', { page: formatNumber(page, language), pages: formatNumber(pages, language) })}
        </span>
        <button
          type="button"
          className="btn-ghost h-8 px-2"
          onClick={() => onPageChange(page + 1)}
          disabled={busy || page >= pages}
          aria-label={t('pagination.next')}
        >
          <ChevronRightIcon width={16} height={16} />
        </button>
      </div>
    </nav>
  );
}
