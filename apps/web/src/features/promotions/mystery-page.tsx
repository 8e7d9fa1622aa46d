import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { moneyCentavos } from '../../lib/user.ts';
import { ActivityArt } from './activity-art.tsx';
import { ActivityShell } from './activity-shell.tsx';
import { formatShortMoney, ProgressBar, StateMessage } from './promo-ui.tsx';
import { type ActivityCheck, type ClaimOutcome, useClaimActivity } from './promotions.api.ts';
import { DepositLink } from './recharge-activity-page.tsx';
import { vipRule, wageringRule } from './rules.ts';

/** The lowest and highest prize the draw can give, when the check lists them. */
function prizeRange(check: ActivityCheck): [string, string] | null {
  const rewards = (check.prizes ?? []).map((prize) => prize.reward);
  if (rewards.length === 0) return null;
  const sorted = [...rewards].sort((a, b) => moneyCentavos(a) - moneyCentavos(b));
  return [sorted[0] ?? '0.00', sorted[sorted.length - 1] ?? '0.00'];
}

/**
 * The mystery card: a closed box that flips over to show the amount the server drew. The flip
 * is a CSS 3D rotation; with reduced motion the back simply appears.
 */
function MysteryCard({
  revealed,
  amount,
  claimed,
  shaking,
}: {
  revealed: boolean;
  amount: string | null;
  claimed: boolean;
  shaking: boolean;
}) {
  const { t } = useTranslation('promo');
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const flipped = revealed || claimed;
  const face = 'absolute inset-0 overflow-hidden rounded-2xl [backface-visibility:hidden]';
  return (
    <div className="mx-auto w-full max-w-sm [perspective:1000px]">
      <div
        className={`relative aspect-[2/1] w-full [transform-style:preserve-3d] ${shaking && !reduceMotion ? 'animate-pulse' : ''}`}
        style={{
          transform: flipped ? 'rotateY(180deg)' : 'none',
          transition: reduceMotion ? 'none' : 'transform 900ms cubic-bezier(0.3, 1.3, 0.5, 1)',
        }}
        data-testid="mystery-card"
        data-revealed={flipped}
      >
        <div className={`${face} border border-violet-400/40`}>
          <ActivityArt type="mystery" className="size-full" />
        </div>
        <div
          className={`${face} flex flex-col items-center justify-center gap-1 border border-gold/60 bg-gradient-to-br from-violet-800 via-indigo-900 to-ink`}
          style={{ transform: 'rotateY(180deg)' }}
        >
          {amount ? (
            <>
              <span className="text-sm text-soft">{t('mystery.you_got')}</span>
              <span className="text-4xl font-black text-gold tabular-nums" data-testid="mystery-amount">
                {formatMoney(amount)}
              </span>
            </>
          ) : (
            <span className="flex items-center gap-2 text-base font-semibold text-gold">
              <CheckIcon size={20} /> {t('mystery.opened_this_week')}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}

function MysteryPanel({ check }: { check: ActivityCheck }) {
  const { t } = useTranslation('promo');
  const claim = useClaimActivity('mystery');
  const [outcome, setOutcome] = useState<ClaimOutcome | null>(null);
  const range = prizeRange(check);
  const deposited = check.recharge_amount ? moneyCentavos(check.recharge_amount) : null;
  const needed = check.min_recharge ? moneyCentavos(check.min_recharge) : 0;

  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line/70 bg-surface p-4" data-testid="mystery-panel">
      <MysteryCard
        revealed={outcome !== null}
        amount={outcome?.result.reward ?? null}
        claimed={check.state === 'claimed'}
        shaking={claim.isPending}
      />
      {range && check.state !== 'eligible' ? (
        <p className="text-center text-sm text-soft">
          {t('mystery.range', { min: formatShortMoney(range[0]), max: formatShortMoney(range[1]) })}
        </p>
      ) : null}
      {deposited !== null && needed > 0 ? (
        <div className="flex flex-col gap-1.5">
          <div className="flex justify-between text-xs text-muted">
            <span>{t('mystery.deposits_7_days')}</span>
            <span className="tabular-nums">
              {formatMoney(check.recharge_amount)} / {formatMoney(check.min_recharge)}
            </span>
          </div>
          <ProgressBar fraction={deposited / needed} label={t('mystery.deposits_7_days')} tone="money" />
        </div>
      ) : null}
      <StateMessage state={check.state} message={check.message} />
      {check.state === 'no_topups' ? (
        <DepositLink />
      ) : check.state === 'eligible' && outcome === null ? (
        <Button
          block
          size="lg"
          variant="money"
          loading={claim.isPending}
          onClick={() => claim.mutate({}, { onSuccess: setOutcome })}
          data-testid="mystery-reveal"
        >
          {t('mystery.reveal')}
        </Button>
      ) : outcome ? null : (
        <Button block size="lg" variant="ghost" disabled>
          {check.state === 'claimed' ? t('claim.claimed') : t(`state.${check.state}`)}
        </Button>
      )}
    </div>
  );
}

/** /misterioso: once a week, a bonus of an amount drawn by the server and revealed here. */
export function MysteryPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promo');
  return (
    <ActivityShell
      type="mystery"
      fallbackTitle={t('pages.misterioso')}
      tagline={tp('tagline.mystery')}
      rules={(check) => [
        check?.min_recharge
          ? tp('rules.mystery_deposit', { amount: formatMoney(check.min_recharge) })
          : tp('rules.mystery_deposit_generic'),
        tp('rules.mystery_weekly'),
        tp('rules.wheel_fair'),
        wageringRule(tp, check),
        ...vipRule(tp, check),
      ]}
    >
      {(check) => <MysteryPanel check={check} />}
    </ActivityShell>
  );
}
