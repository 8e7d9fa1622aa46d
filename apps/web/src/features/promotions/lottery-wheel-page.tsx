import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/button.tsx';
import { ShieldIcon } from '../../components/icons.tsx';
import { Modal } from '../../components/modal.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { MemberPanel, useActivity } from './activity-shell.tsx';
import { PrizeWheel } from './prize-wheel.tsx';
import { PromoPage, RulesCard, StateBadge, StateMessage } from './promo-ui.tsx';
import { prizePosition, spinTarget } from './promo-math.ts';
import { type ActivityCheck, type ClaimOutcome, useClaimActivity } from './promotions.api.ts';
import { vipRule, wageringRule } from './rules.ts';

const WHEELS = ['lotterywheel', 'dailywheel'] as const;
type WheelType = (typeof WHEELS)[number];

const SPIN_MS = 5200;
const SPIN_TURNS = 7;

/** The wheel a member won on, shown once the wheel has stopped. */
function PrizeDialog({ outcome, onClose }: { outcome: ClaimOutcome; onClose: () => void }) {
  const { t } = useTranslation('promo');
  return (
    <Modal title={t('wheel.won_title')} onClose={onClose} size="sm">
      <div className="flex flex-col items-center gap-3 pb-2 text-center" data-testid="wheel-result">
        <p className="text-sm text-soft">{t('wheel.won_text')}</p>
        <p className="text-4xl font-black text-gold tabular-nums">{formatMoney(outcome.result.reward)}</p>
        <p className="text-xs text-muted">{t('wheel.won_wagering', { amount: formatMoney(outcome.result.wagering) })}</p>
        <Button block onClick={onClose}>
          {t('wheel.collect')}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * Spins one wheel: the claim asks the server for the prize (drawn with the provably-fair RNG),
 * then the wheel eases to that segment; the toast and the reload come when it stops.
 */
function WheelPlay({ type, check }: { type: WheelType; check: ActivityCheck }) {
  const { t } = useTranslation('promo');
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const claim = useClaimActivity(type, { deferred: true });
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [winner, setWinner] = useState<number | null>(null);
  const [won, setWon] = useState<ClaimOutcome | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const landing = useRef<(() => void) | null>(null);
  const prizes = check.prizes ?? [];
  const remaining = check.remainingspins ?? 0;
  // Spec section 4: at zero the wheel reads "No more roll remaining" (the daily wheel once spun today too).
  const outOfSpins = check.state === 'no_spins' || (check.remainingspins === 0 && check.state === 'claimed');

  // Leaving mid-spin still announces the prize and reloads what the claim changed.
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      landing.current?.();
    },
    [],
  );

  const spin = () => {
    setWinner(null);
    claim.mutate(
      {},
      {
        onSuccess: (outcome) => {
          const position = prizePosition(prizes, outcome.result.prize?.index ?? 0);
          const duration = reduceMotion ? 0 : SPIN_MS;
          setRotation((current) =>
            spinTarget(current, position, Math.max(1, prizes.length), reduceMotion ? 1 : SPIN_TURNS, Math.random() - 0.5),
          );
          setSpinning(true);
          const land = () => {
            landing.current = null;
            setSpinning(false);
            setWinner(position);
            setWon(outcome);
            claim.announce(outcome.message);
          };
          landing.current = land;
          timer.current = window.setTimeout(land, duration);
        },
      },
    );
  };

  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-line/70 bg-gradient-to-b from-violet-950/60 to-surface p-4 md:p-6">
      <PrizeWheel prizes={prizes} rotationDeg={rotation} durationMs={reduceMotion ? 0 : SPIN_MS} winner={winner} label={t('wheel.label')} />
      <p className="text-sm text-soft">
        {t('wheel.remaining')}:{' '}
        <span className="text-lg font-black text-gold tabular-nums" data-testid="remaining-spins">
          {remaining}
        </span>
        {check.quantity ? (
          <span className="tabular-nums text-muted" data-testid="spins-quantity">
            {' '}
            {t('wheel.of_today', { total: check.quantity })}
          </span>
        ) : null}
      </p>
      {outOfSpins ? (
        <p className="rounded-xl bg-surface-2 px-4 py-2 text-sm font-semibold text-soft" data-testid="no-spins" role="status">
          {t('wheel.no_spins')}
        </p>
      ) : (
        <StateMessage state={check.state} message={check.message} />
      )}
      <div className="w-full max-w-sm">
        <Button
          block
          size="lg"
          variant={check.state === 'eligible' && !outOfSpins ? 'money' : 'ghost'}
          disabled={check.state !== 'eligible' || outOfSpins || spinning}
          loading={claim.isPending}
          onClick={spin}
          data-testid="spin"
        >
          {spinning
            ? t('wheel.spinning')
            : outOfSpins
              ? t('state.no_spins')
              : check.state === 'eligible'
                ? t('wheel.spin')
                : t(`state.${check.state}`)}
        </Button>
      </div>
      {check.cpf_required ? (
        // The free spin waits for the member's CPF, which the first PIX key records: the main
        // action while nothing can be spun, a second one under the spin button otherwise.
        <Link
          to="/withdrawal-card"
          className={buttonClass(check.state === 'eligible' ? 'outline' : 'gold', 'md', 'w-full max-w-sm')}
          data-testid="verify-cpf"
        >
          <ShieldIcon size={18} />
          {t('wheel.verify')}
        </Link>
      ) : null}
      {won ? <PrizeDialog outcome={won} onClose={() => setWon(null)} /> : null}
    </div>
  );
}

function WheelSection({ type }: { type: WheelType }) {
  const { t } = useTranslation('promo');
  const activity = useActivity(type);
  return (
    <>
      <div className="flex items-center gap-2">
        <p className="flex-1 text-sm text-soft">{t(`tagline.${type}`)}</p>
        {activity.check.data ? <StateBadge state={activity.check.data.state} /> : null}
      </div>
      {activity.loggedIn ? null : (
        <div className="rounded-2xl border border-line/70 bg-gradient-to-b from-violet-950/60 to-surface p-4">
          <PrizeWheel prizes={null} rotationDeg={0} durationMs={0} winner={null} label={t('wheel.label')} />
        </div>
      )}
      <MemberPanel activity={activity}>{(check) => <WheelPlay key={type} type={type} check={check} />}</MemberPanel>
      <RulesCard
        content={activity.item?.content}
        rules={[
          t(`rules.${type}_spins`),
          ...(activity.check.data?.cpf_required ? [t('rules.lotterywheel_cpf')] : []),
          t('rules.wheel_fair'),
          wageringRule(t, activity.check.data),
          ...vipRule(t, activity.check.data),
        ]}
      />
    </>
  );
}

/** /promotion/activity/lottery-wheel: the lottery wheel (spins from deposits) and the daily wheel. */
export function LotteryWheelPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promo');
  const [wheel, setWheel] = useState<WheelType>('lotterywheel');
  return (
    <PromoPage title={t('pages.activity_lottery_wheel')}>
      <div role="tablist" aria-label={tp('wheel.choose')} className="grid grid-cols-2 gap-1 rounded-xl border border-line bg-surface p-1">
        {WHEELS.map((type) => (
          <button
            key={type}
            type="button"
            role="tab"
            aria-selected={type === wheel}
            onClick={() => setWheel(type)}
            className={`h-10 rounded-lg text-sm font-semibold transition ${type === wheel ? 'bg-gold text-ink' : 'text-soft hover:text-white'}`}
            data-testid={`wheel-tab-${type}`}
          >
            {tp(`wheel.${type}`)}
          </button>
        ))}
      </div>
      <WheelSection key={wheel} type={wheel} />
    </PromoPage>
  );
}
