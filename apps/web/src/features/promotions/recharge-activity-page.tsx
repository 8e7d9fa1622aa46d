import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { WalletIcon } from '../../components/icons.tsx';
import { formatMoney } from '../../lib/format.ts';
import { ActivityHero, MemberPanel, useActivity } from './activity-shell.tsx';
import { Ladder, SPEC_TIERS } from './ladder.tsx';
import { ClaimButton, formatDay, formatPercent, PromoPage, RulesCard, StateBadge, Stat, StatGrid, StateMessage } from './promo-ui.tsx';
import { type ActivityCheck, useClaimActivity } from './promotions.api.ts';
import { wageringRule } from './rules.ts';

/** "Deposit now" for a member who has nothing to claim for lack of a deposit. */
export function DepositLink() {
  const { t } = useTranslation('promo');
  return (
    <Link to="/recharge" className={buttonClass('gold', 'lg', 'w-full')}>
      <WalletIcon size={18} />
      {t('claim.deposit_now')}
    </Link>
  );
}

function FirstDepositPanel({ check }: { check: ActivityCheck }) {
  const { t } = useTranslation('promo');
  const claim = useClaimActivity('ftd');
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line/70 bg-surface p-4" data-testid="ftd-panel">
      <StatGrid>
        <Stat label={t('ftd.first_deposit')} value={check.recharge_amount ? formatMoney(check.recharge_amount) : '—'} />
        <Stat label={t('ftd.minimum')} value={formatMoney(check.min_recharge)} />
        <Stat label={t('ftd.bonus')} value={formatMoney(check.reward)} tone="gold" />
        <Stat label={t('common.turnover')} value={formatMoney(check.wagering)} />
      </StatGrid>
      <StateMessage state={check.state} message={check.message} />
      {check.state === 'no_topups' ? (
        <DepositLink />
      ) : (
        <ClaimButton state={check.state} reward={check.reward} pending={claim.isPending} onClaim={() => claim.mutate({})} />
      )}
    </div>
  );
}

function TiersPanel({ check }: { check: ActivityCheck }) {
  const { t } = useTranslation('promo');
  const claim = useClaimActivity('rechargetiers');
  return (
    <div className="flex flex-col gap-3" data-testid="tiers-panel">
      <Ladder steps={check.steps ?? []} value={check.recharge_amount ?? '0.00'} unit="money" valueLabel={t('tiers.total')} />
      <div className="flex flex-col gap-3 rounded-2xl border border-line/70 bg-surface p-4">
        <StatGrid>
          <Stat label={t('tiers.ratio')} value={check.rate_bp ? formatPercent(check.rate_bp) : '—'} />
          <Stat label={t('tiers.available')} value={formatMoney(check.reward)} tone="gold" />
        </StatGrid>
        {check.period ? <p className="text-xs text-muted">{t('tiers.period', { date: formatDay(check.period) })}</p> : null}
        <StateMessage state={check.state} message={check.message} />
        {check.state === 'no_topups' ? (
          <DepositLink />
        ) : (
          <ClaimButton state={check.state} reward={check.reward} pending={claim.isPending} onClaim={() => claim.mutate({})} />
        )}
      </div>
    </div>
  );
}

/**
 * /promotion/activity/recharge: the first-deposit bonus (api/ftd) and the recharge tiers from
 * bronze to diamond (spec section 9), each with its own check and claim.
 */
export function RechargeActivityPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promo');
  const ftd = useActivity('ftd');
  const tiers = useActivity('rechargetiers');
  const rules = [
    tp('rules.ftd_first'),
    ftd.check.data ? tp('rules.ftd_min', { amount: formatMoney(ftd.check.data.min_recharge) }) : tp('rules.ftd_min_generic'),
    tp('rules.tiers_total'),
    tp('rules.tiers_ratio'),
    wageringRule(tp, ftd.check.data),
    tp('rules.once'),
  ];
  return (
    <PromoPage title={t('pages.activity_recharge')}>
      <ActivityHero type="ftd" item={ftd.item} check={ftd.check.data} tagline={tp('tagline.ftd')} />
      <MemberPanel activity={ftd}>{(check) => <FirstDepositPanel check={check} />}</MemberPanel>

      <section className="flex flex-col gap-3" aria-labelledby="tiers-title">
        <div className="flex items-center gap-2 pt-2">
          <h2 id="tiers-title" className="flex-1 text-lg font-bold text-white">
            {tiers.item?.title || tp('tiers.title')}
          </h2>
          {tiers.check.data ? <StateBadge state={tiers.check.data.state} /> : null}
        </div>
        <p className="text-sm text-soft">{tp('tagline.rechargetiers')}</p>
        {tiers.loggedIn ? (
          <MemberPanel activity={tiers}>{(check) => <TiersPanel check={check} />}</MemberPanel>
        ) : (
          <Ladder steps={SPEC_TIERS} value={null} unit="money" valueLabel={tp('tiers.total')} />
        )}
      </section>

      <RulesCard content={[ftd.item?.content, tiers.item?.content].filter(Boolean).join('\n\n')} rules={rules} />
    </PromoPage>
  );
}
