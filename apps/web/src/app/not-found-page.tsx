import { useTranslation } from '../lib/translation.ts';
import { Link } from 'react-router';
import { buttonClass } from '../components/button.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('common.page_not_found')} />
      <EmptyState text={t('empty.no_data')}>
        <Link to="/" className={buttonClass('gold', 'sm')}>
          {t('common.go_home')}
        </Link>
      </EmptyState>
    </section>
  );
}
