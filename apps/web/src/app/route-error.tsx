import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClass } from '../components/button.tsx';
import { AlertIcon } from '../components/icons.tsx';

/** A chunk that failed to load (often after a new release) or a render error: offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-danger/10 text-danger">
        <AlertIcon size={28} />
      </span>
      <p className="text-[15px] text-soft">{notFound ? t('common.page_not_found') : t('common.load_fail')}</p>
      <div className="flex gap-3">
        <Button variant="ghost" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
        <Link to="/" className={buttonClass('gold')} reloadDocument>
          {t('common.go_home')}
        </Link>
      </div>
    </div>
  );
}
