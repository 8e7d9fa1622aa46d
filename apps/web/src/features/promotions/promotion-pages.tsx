import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { FeaturePage } from '../../components/feature-page.tsx';

const TABS = [
  { to: '/promotion/activity', label: 'pages.promotion_activity' },
  { to: '/promotion/rebates', label: 'pages.promotion_rebates' },
  { to: '/promotion/history', label: 'pages.promotion_history' },
  { to: '/promotion/cover', label: 'pages.promotion_cover' },
];

function PromotionTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.promotions')} className="scrollbar-none -mx-3 flex gap-2 overflow-x-auto px-3 md:mx-0 md:px-0">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            `flex h-9 shrink-0 items-center rounded-full border px-3.5 text-sm transition ${
              isActive ? 'border-gold bg-gold/10 text-gold' : 'border-line bg-surface text-soft hover:border-gold/50'
            }`
          }
        >
          {t(tab.label)}
        </NavLink>
      ))}
    </nav>
  );
}

/** Promotions arrive in a later release: each page has its title and the spec's empty text. */
export function ActivityListPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.promotion_activity')} emptyText={t('empty.no_activity')}>
      <PromotionTabs />
    </FeaturePage>
  );
}

export function RebatesPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.promotion_rebates')} emptyText={t('empty.no_records')} gated>
      <PromotionTabs />
    </FeaturePage>
  );
}

export function PromotionHistoryPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.promotion_history')} emptyText={t('empty.no_records')} gated>
      <PromotionTabs />
    </FeaturePage>
  );
}

export function CoverHistoryPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.promotion_cover')} emptyText={t('empty.no_records')} gated>
      <PromotionTabs />
    </FeaturePage>
  );
}

export function RechargeActivityPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.activity_recharge')} emptyText={t('empty.no_activity')} />;
}

export function InvitationActivityPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.activity_invitation')} emptyText={t('empty.no_activity')} />;
}

export function LotteryWheelPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.activity_lottery_wheel')} emptyText={t('empty.no_activity')} />;
}

export function DailyLossReliefPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.activity_daily_loss')} emptyText={t('empty.no_activity')} />;
}

export function RechargeRebatePage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.activity_recharge_rebate')} emptyText={t('empty.no_activity')} />;
}

export function TreasureChestPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.treasure')} emptyText={t('empty.no_activity')} />;
}

export function SuperPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.super')} emptyText={t('empty.no_activity')} />;
}

export function RedeemPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.resgatar')} emptyText={t('empty.no_data')} gated />;
}

export function RebatePage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.rebate')} emptyText={t('empty.no_records')} gated />;
}

export function WeeklyPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.semana')} emptyText={t('empty.no_activity')} />;
}

export function MysteryPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.misterioso')} emptyText={t('empty.no_activity')} />;
}

export function CashbackPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.cashback')} emptyText={t('empty.no_records')} gated />;
}
