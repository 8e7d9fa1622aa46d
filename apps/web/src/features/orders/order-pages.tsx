import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { FeaturePage } from '../../components/feature-page.tsx';

const TABS = [
  { to: '/order-center', label: 'pages.order_details' },
  { to: '/order-center/fee', label: 'pages.order_fee' },
  { to: '/order-center/association', label: 'pages.order_association' },
];

function OrderTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('pages.order_center')} className="grid grid-cols-3 gap-1 rounded-xl bg-surface p-1">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
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

/** The order centre (totals of recharges, withdrawals, bonuses, fees) arrives in a later release. */
export function OrderDetailsPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.order_center')} emptyText={t('empty.no_records')} gated>
      <OrderTabs />
    </FeaturePage>
  );
}

export function OrderFeePage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.order_fee')} emptyText={t('empty.no_records')} gated>
      <OrderTabs />
    </FeaturePage>
  );
}

export function OrderAssociationPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.order_association')} emptyText={t('empty.no_records')} gated>
      <OrderTabs />
    </FeaturePage>
  );
}
