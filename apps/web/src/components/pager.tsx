import { useTranslation } from '../lib/translation.ts';
import { ChevronLeftIcon, ChevronRightIcon } from './shell-icons.tsx';

/** Previous / next under a paged list, with "page x of y"; nothing when everything fits one page. */
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
  const arrow =
    'flex size-10 items-center justify-center rounded-full border border-line bg-surface text-soft hover:text-white disabled:opacity-40';
  return (
    <nav aria-label={t('games.pages')} className="mt-2 flex items-center justify-center gap-3">
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label={t('games.previous_page')} className={arrow}>
        <ChevronLeftIcon size={18} />
      </button>
      <span className="text-sm text-soft tabular-nums">{t('games.page_of', { page, pages })}</span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= pages} aria-label={t('games.next_page')} className={arrow}>
        <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}
