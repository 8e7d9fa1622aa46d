import { useTranslation } from '../../lib/translation.ts';
import { FeaturePage } from '../../components/feature-page.tsx';
import { loadPromoNamespace } from '../../lib/i18n.ts';
import { PromotionTabs } from './promo-ui.tsx';

/**
 * The promotions feature as the router loads it: one lazy chunk for every promotions route.
 * Each page lives in its own file; this module only hands them to the router (whose imports
 * name this file) and waits for the `promo` catalogue, so no page renders untranslated keys.
 */
await loadPromoNamespace();

export { ActivityListPage } from './activity-list-page.tsx';
export { DailyLossReliefPage, CashbackPage } from './daily-loss-page.tsx';
export { PromotionHistoryPage, CoverHistoryPage } from './history-pages.tsx';
export { InvitationActivityPage } from './invitation-activity-page.tsx';
export { LotteryWheelPage } from './lottery-wheel-page.tsx';
export { MysteryPage } from './mystery-page.tsx';
export { RechargeActivityPage } from './recharge-activity-page.tsx';
export { RechargeRebatePage } from './recharge-rebate-page.tsx';
export { RedeemPage } from './redeem-page.tsx';
export { SuperPage } from './super-page.tsx';
export { TreasureChestPage } from './treasure-chest-page.tsx';
export { WeeklyPage } from './weekly-page.tsx';

/** Rebates arrive with the rebates feature (features/rebates), which the router will point to. */
export function RebatesPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.promotion_rebates')} emptyText={t('empty.no_records')} gated>
      <PromotionTabs />
    </FeaturePage>
  );
}

export function RebatePage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.rebate')} emptyText={t('empty.no_records')} gated />;
}
