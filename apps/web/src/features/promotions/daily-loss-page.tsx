import { useTranslation } from '../../lib/translation.ts';
import { formatMoney } from '../../lib/format.ts';
import { ActivityShell } from './activity-shell.tsx';
import { ClaimButton, formatDay, formatPercent, Stat, StatGrid, StateMessage } from './promo-ui.tsx';
import { type ActivityCheck, useClaimActivity } from './promotions.api.ts';
import { vipRule, wageringRule } from './rules.ts';

function ReliefPanel({ check }: { check: ActivityCheck }) {
  const { t } = useTranslation('promo');
  const claim = useClaimActivity('dailyrescue');
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line/70 bg-surface p-4" data-testid="relief-panel">
      <StatGrid>
        <Stat label={t('relief.loss')} value={formatMoney(check.base_amount)} />
        <Stat label={t('relief.rate')} value={formatPercent(check.rate_bp)} />
        <Stat label={t('relief.refund')} value={formatMoney(check.reward)} tone="gold" />
        <Stat label={t('relief.day')} value={formatDay(check.period)} />
      </StatGrid>
      <StateMessage state={check.state} message={check.message} />
      <ClaimButton state={check.state} reward={check.reward} pending={claim.isPending} onClaim={() => claim.mutate({})} />
    </div>
  );
}

/** The daily loss relief (api/dailyrescue): a share of yesterday's net loss, claimable today. */
function DailyRescue({ title }: { title: string }) {
  const { t } = useTranslation('promo');
  return (
    <ActivityShell
      type="dailyrescue"
      fallbackTitle={title}
      title={title}
      tagline={t('tagline.dailyrescue')}
      rules={(check) => [
        check?.rate_bp ? t('rules.relief_rate', { rate: formatPercent(check.rate_bp) }) : t('rules.relief_rate_generic'),
        t('rules.relief_net'),
        t('rules.relief_today'),
        wageringRule(t, check),
        ...vipRule(t, check),
      ]}
    >
      {(check) => <ReliefPanel check={check} />}
    </ActivityShell>
  );
}

/** /promotion/activity/daily-loss-relief-fund. */
export function DailyLossReliefPage() {
  const { t } = useTranslation();
  return <DailyRescue title={t('pages.activity_daily_loss')} />;
}

/** /cashback: the same daily refund under its Portuguese landing page (spec section 2). */
export function CashbackPage() {
  const { t } = useTranslation();
  return <DailyRescue title={t('pages.cashback')} />;
}
