import { LoadError } from '../../components/load-error.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { LinkTabs } from '../../components/tabs.tsx';
import { loadLoyaltyNamespace } from '../../lib/i18n.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { useRebatesList } from './rebates.api.ts';
import { useLoyaltyTranslation, RatesTable, RebateDetails, RebateRules, RebateSummary } from './rebates-ui.tsx';

// The pages' texts live in the lazy `loyalty` catalogue: this module waits for it before rendering.
await loadLoyaltyNamespace();

const PROMOTION_TABS = [
  { to: '/promotion/activity', label: 'pages.promotion_activity' },
  { to: '/promotion/rebates', label: 'pages.promotion_rebates' },
  { to: '/promotion/history', label: 'pages.promotion_history' },
  { to: '/promotion/cover', label: 'pages.promotion_cover' },
] as const;

/** The claimable rebate, the rates and the details for a member; the rules and a login prompt for a visitor. */
function RebatesBody() {
  const loggedIn = useIsLoggedIn();
  const list = useRebatesList(loggedIn);
  if (!loggedIn) {
    return (
      <div className="flex flex-col gap-4">
        <RebateRules />
        <LoginRequired />
      </div>
    );
  }
  if (list.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    );
  }
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
      <div className="flex flex-col gap-4">
        <RebateSummary list={list.data} />
        <RatesTable list={list.data} />
      </div>
      <div className="flex flex-col gap-4">
        <RebateDetails />
        <RebateRules />
      </div>
    </div>
  );
}

/** /promotion/rebates: the rebates tab of the promotions pages. */
export function RebatesPage() {
  const { t } = useLoyaltyTranslation();
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col">
      <PageHeader title={t('pages.promotion_rebates')} />
      <div className="flex flex-col gap-4">
        <LinkTabs label={t('nav.promotions')} tabs={PROMOTION_TABS.map((tab) => ({ to: tab.to, label: t(tab.label) }))} />
        <RebatesBody />
      </div>
    </section>
  );
}

/** /rebate: the same rebate screen on its own Portuguese-named address. */
export function RebatePage() {
  const { t } = useLoyaltyTranslation();
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col">
      <PageHeader title={t('pages.rebate')} />
      <RebatesBody />
    </section>
  );
}
