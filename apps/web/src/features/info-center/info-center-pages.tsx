import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { FeaturePage } from '../../components/feature-page.tsx';

const TABS = [
  { to: '/information-center/support', label: 'pages.support' },
  { to: '/information-center/notification', label: 'pages.notification' },
  { to: '/information-center/announcement', label: 'pages.announcement' },
];

function InfoTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('pages.information_center')} className="grid grid-cols-3 gap-1 rounded-xl bg-surface p-1">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) =>
            `flex h-10 items-center justify-center truncate rounded-lg px-1 text-[13px] font-semibold transition ${
              isActive ? 'bg-surface-2 text-gold' : 'text-muted hover:text-white'
            }`
          }
        >
          {t(tab.label)}
        </NavLink>
      ))}
    </nav>
  );
}

/** Support, notifications and announcements arrive in a later release. */
export function SupportPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.support')} emptyText={t('empty.no_data')}>
      <InfoTabs />
      <div className="rounded-2xl border border-line/60 bg-surface p-4 text-sm text-soft">{t('footer.support_24_7')}</div>
    </FeaturePage>
  );
}

export function NotificationPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.notification')} emptyText={t('empty.no_records')} gated>
      <InfoTabs />
    </FeaturePage>
  );
}

export function AnnouncementPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.announcement')} emptyText={t('empty.no_data')}>
      <InfoTabs />
    </FeaturePage>
  );
}
