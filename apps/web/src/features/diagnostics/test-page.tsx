import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { useIsLoggedIn } from '../../lib/session.ts';

/** /test, outside the layout: what support asks a player to read out when something is wrong. */
export function TestPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const rows: [string, string][] = [
    [t('test.language'), currentLanguage()],
    [t('test.session'), loggedIn ? t('test.logged_in') : t('test.logged_out')],
    [t('test.service_worker'), 'serviceWorker' in navigator && navigator.serviceWorker.controller ? 'on' : 'off'],
    [t('test.screen'), `${window.innerWidth} × ${window.innerHeight}`],
    [t('test.browser'), navigator.userAgent],
  ];
  return (
    <div className="mx-auto flex min-h-dvh max-w-lg flex-col gap-4 px-4 py-4">
      <PageHeader title={t('pages.test')} />
      <Card>
        <dl className="flex flex-col gap-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-col gap-0.5">
              <dt className="text-muted">{label}</dt>
              <dd className="break-words text-white">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Link to="/" className={buttonClass('gold')}>
        {t('common.go_home')}
      </Link>
    </div>
  );
}
