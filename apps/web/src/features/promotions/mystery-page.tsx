import { useId, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../components/button.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { moneyCentavos } from '../../lib/user.ts';
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

/** The closed side of the card: a golden box with a question mark on a night sky. */
function MysteryFront() {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const stars = [
    [30, 24, 2],
    [62, 120, 1.5],
    [270, 30, 2.2],
    [300, 118, 1.6],
    [240, 140, 1.2],
    [90, 40, 1.2],
    [210, 20, 1.4],
  ];
  return (
    <svg viewBox="0 0 320 160" className="size-full" aria-hidden="true" preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1e1b4b" />
          <stop offset="1" stopColor="#4c1d95" />
        </linearGradient>
        <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#d99a1e" />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#c4b5fd" stopOpacity="0.55" />
          <stop offset="1" stopColor="#c4b5fd" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="320" height="160" fill={`url(#${id}-sky)`} />
      {stars.map(([x, y, r]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r={r} fill="#fff" opacity="0.8" />
      ))}
      <circle cx="160" cy="84" r="70" fill={`url(#${id}-glow)`} />
      <rect x="118" y="70" width="84" height="62" rx="6" fill={`url(#${id}-gold)`} stroke="#fef3c7" strokeWidth="2" />
      <rect x="110" y="56" width="100" height="20" rx="5" fill="#fbbf24" stroke="#fef3c7" strokeWidth="2" />
      <rect x="152" y="56" width="16" height="76" fill="#7c3aed" />
      <path d="M160,56 C140,30 124,50 160,56 C196,50 180,30 160,56 Z" fill="#7c3aed" stroke="#ddd6fe" strokeWidth="1.5" />
      <circle cx="160" cy="104" r="17" fill="#1e1b4b" stroke="#fef3c7" strokeWidth="2" />
      <text x="160" y="113" textAnchor="middle" fontSize="26" fontWeight="900" fill="#fde68a" fontFamily="Inter, Arial, sans-serif">
        ?
      </text>
    </svg>
  );
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
          <MysteryFront />
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
        tp('rules.mystery_fair'),
        wageringRule(tp, check),
        ...vipRule(tp, check),
      ]}
    >
      {(check) => <MysteryPanel check={check} />}
    </ActivityShell>
  );
}
