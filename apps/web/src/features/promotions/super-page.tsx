import { useTranslation } from '../../lib/translation.ts';
import { formatMoney } from '../../lib/format.ts';
import { moneyCentavos } from '../../lib/user.ts';
import { ActivityShell } from './activity-shell.tsx';
import { ClaimButton, formatPercent, Stat, StatGrid, StateMessage } from './promo-ui.tsx';
import { type ActivityCheck, useClaimActivity } from './promotions.api.ts';
import { DepositLink } from './recharge-activity-page.tsx';
import { vipRule, wageringRule } from './rules.ts';

/** Deposit and bonus side by side: the welcome bonus matches the first deposit. */
function MatchBars({ deposit, bonus }: { deposit: string; bonus: string }) {
  const { t } = useTranslation('promo');
  const depositCentavos = moneyCentavos(deposit);
  const bonusCentavos = moneyCentavos(bonus);
  const top = Math.max(depositCentavos + bonusCentavos, 1);
  return (
    <div className="flex flex-col gap-1.5" aria-hidden="true">
      <div className="flex h-9 overflow-hidden rounded-xl bg-ink/60 ring-1 ring-line ring-inset">
        <div
          className="flex items-center justify-center bg-gradient-to-r from-sky-700 to-sky-500 transition-[width] duration-700"
          style={{ width: `${(depositCentavos / top) * 100}%` }}
        />
        <div
          className="flex items-center justify-center bg-gradient-to-r from-gold-deep to-gold transition-[width] duration-700"
          style={{ width: `${(bonusCentavos / top) * 100}%` }}
        />
      </div>
      <div className="flex justify-between text-[11px] text-muted">
        <span className="flex items-center gap-1">
          <span className="size-2 rounded-full bg-sky-500" /> {t('welcome.deposit')}
        </span>
        <span className="flex items-center gap-1">
          <span className="size-2 rounded-full bg-gold" /> {t('welcome.bonus')}
        </span>
      </div>
    </div>
  );
}

function WelcomePanel({ check }: { check: ActivityCheck }) {
  const { t } = useTranslation('promo');
  const claim = useClaimActivity('welcome');
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line/70 bg-surface p-4" data-testid="welcome-panel">
      {check.recharge_amount ? <MatchBars deposit={check.recharge_amount} bonus={check.reward} /> : null}
      <StatGrid>
        <Stat label={t('welcome.first_deposit')} value={check.recharge_amount ? formatMoney(check.recharge_amount) : '—'} />
        <Stat label={t('welcome.match')} value={formatPercent(check.rate_bp)} />
        <Stat label={t('welcome.bonus')} value={formatMoney(check.reward)} tone="gold" />
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

/** /super: the casino welcome bonus, 100% of the first deposit up to R$ 1.500 (spec section 9). */
export function SuperPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promo');
  return (
    <ActivityShell
      type="welcome"
      fallbackTitle={t('pages.super')}
      tagline={tp('tagline.welcome')}
      rules={(check) => [
        tp('rules.welcome_first'),
        tp('rules.welcome_cap'),
        tp('rules.welcome_window'),
        wageringRule(tp, check),
        ...vipRule(tp, check),
      ]}
    >
      {(check) => <WelcomePanel check={check} />}
    </ActivityShell>
  );
}
