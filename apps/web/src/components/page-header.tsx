import type { ReactNode } from 'react';
import { useTranslation } from '../lib/translation.ts';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../lib/use-page-title.ts';
import { ChevronLeftIcon } from './shell-icons.tsx';

/** Page title with a back button; also sets the document title. */
export function PageHeader({ title, back = true, action }: { title: string; back?: boolean; action?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(title);
  const goBack = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate('/');
  };
  return (
    <div className="mb-4 flex min-h-10 items-center gap-2">
      {back ? (
        <button
          type="button"
          onClick={goBack}
          aria-label={t('common.back')}
          className="-ml-1 flex size-10 items-center justify-center rounded-full text-soft hover:bg-surface-2 hover:text-white"
        >
          <ChevronLeftIcon size={22} />
        </button>
      ) : null}
      <h1 className="min-w-0 flex-1 truncate text-lg font-bold text-white md:text-xl">{title}</h1>
      {action}
    </div>
  );
}
