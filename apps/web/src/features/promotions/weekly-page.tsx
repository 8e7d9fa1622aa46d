import { useTranslation } from '../../lib/translation.ts';
import { formatMoney } from '../../lib/format.ts';
import { ActivityShell } from './activity-shell.tsx';
import { Ladder } from './ladder.tsx';
import { ClaimButton, formatDay, Stat, StatGrid, StateMessage } from './promo-ui.tsx';
import { type ActivityCheck, useClaimActivity } from './promotions.api.ts';
import { vipRule, wageringRule } from './rules.ts';

function WeeklyPanel({ check }: { check: ActivityCheck }) {
  const { t } = useTranslation('promo');
  const claim = useClaimActivity('weekly');
  return (
    <div className="flex flex-col gap-3">
      <Ladder steps={check.steps ?? []} value={check.base_amount ?? '0.00'} unit="money" valueLabel={t('weekly.bets')} />
      <div className="flex flex-col gap-3 rounded-2xl border border-line/70 bg-surface p-4" data-testid="weekly-panel">
        <StatGrid>
          <Stat label={t('weekly.week')} value={formatDay(check.period)} />
          <Stat label={t('weekly.reward')} value={formatMoney(check.reward)} tone="gold" />
        </StatGrid>
        <StateMessage state={check.state} message={check.message} />
        <ClaimButton state={check.state} reward={check.reward} pending={claim.isPending} onClaim={() => claim.mutate({})} />
      </div>
    </div>
  );
}

/** /semana: last week's valid bets climb a ladder; the step reached pays once this week. */
export function WeeklyPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promo');
  return (
    <ActivityShell
      type="weekly"
      fallbackTitle={t('pages.semana')}
      tagline={tp('tagline.weekly')}
      rules={(check) => [
        tp('rules.weekly_bets'),
        tp('rules.weekly_highest'),
        tp('rules.weekly_claim'),
        wageringRule(tp, check),
        ...vipRule(tp, check),
      ]}
    >
      {(check) => <WeeklyPanel check={check} />}
    </ActivityShell>
  );
}
