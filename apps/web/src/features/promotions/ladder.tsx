import { formatCentavos } from '@casino/shared/money';
import { useTranslation } from '../../lib/translation.ts';
import { CheckIcon, LockIcon } from '../../components/icons.tsx';
import { moneyCentavos } from '../../lib/user.ts';
import { formatCount, formatPercent, formatShortMoney, ProgressBar } from './promo-ui.tsx';
import { ladderProgress } from './promo-math.ts';
import type { LadderStep } from './promotions.api.ts';

/** Medal colours of the recharge tiers (spec section 9), and a gold fallback for other ladders. */
const TIER_COLORS: Record<string, string> = {
  bronze: '#cd7f32',
  silver: '#cbd5e1',
  gold: '#f5c451',
  platinum: '#7dd3fc',
  diamond: '#c4b5fd',
};

/**
 * The spec's recharge tiers (section 9), shown to visitors, who cannot call the check: the
 * seeded defaults; a member sees the operator's current table from the check.
 */
export const SPEC_TIERS: LadderStep[] = [
  { name: 'bronze', min: '1000.00', max: '5000.00', ratio_from_bp: 500, ratio_to_bp: 1000 },
  { name: 'silver', min: '5001.00', max: '15000.00', ratio_from_bp: 1000, ratio_to_bp: 1500 },
  { name: 'gold', min: '15001.00', max: '30000.00', ratio_from_bp: 1500, ratio_to_bp: 1800 },
  { name: 'platinum', min: '30001.00', max: '60000.00', ratio_from_bp: 1800, ratio_to_bp: 2000 },
  { name: 'diamond', min: '60001.00', max: '100000.00', ratio_from_bp: 2000, ratio_to_bp: 2000 },
].map((step, i) => ({ ...step, index: i + 1, reward: null, reached: false, is_claimed: false }));

export type LadderUnit = 'money' | 'count';

const amountOf = (text: string, unit: LadderUnit) => (unit === 'money' ? moneyCentavos(text) : Number.parseInt(text, 10) || 0);
const show = (text: string, unit: LadderUnit) => (unit === 'money' ? formatShortMoney(text) : formatCount(Number.parseInt(text, 10) || 0));

function TierMedal({ name, index, reached }: { name: string | null; index: number; reached: boolean }) {
  const color = (name && TIER_COLORS[name]) ?? '#f5c451';
  return (
    <svg viewBox="0 0 40 40" className="size-10 shrink-0" aria-hidden="true">
      <path d="M12 2 L18 16 L22 16 L28 2 Z" fill={reached ? '#dc2626' : '#475569'} />
      <circle cx="20" cy="25" r="13" fill={reached ? color : '#334155'} stroke={reached ? '#fff8' : '#64748b'} strokeWidth="2" />
      <circle cx="20" cy="25" r="8.5" fill="none" stroke="#0003" strokeWidth="1.5" />
      <text
        x="20"
        y="29.5"
        textAnchor="middle"
        fontSize="12"
        fontWeight="900"
        fill={reached ? '#0008' : '#94a3b8'}
        fontFamily="Inter, Arial, sans-serif"
      >
        {index}
      </text>
    </svg>
  );
}

/** The name of a step: the tier's translated name, else "Level n". */
export function stepName(step: LadderStep, position: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (step.name) return t(`tiers.${step.name}`, { defaultValue: step.name });
  return t('ladder.level', { n: position + 1 });
}

/**
 * A ladder of thresholds (recharge tiers, weekly bets): each step with its range and what it
 * gives, the member's place on it and what is missing to the next step.
 */
export function Ladder({
  steps,
  value,
  unit,
  valueLabel,
}: {
  steps: LadderStep[];
  /** The member's figure (reais or a count), as the API writes it; null for a visitor. */
  value: string | null;
  unit: LadderUnit;
  valueLabel: string;
}) {
  const { t } = useTranslation('promo');
  const mins = steps.map((step) => amountOf(step.min, unit));
  const current = value === null ? null : amountOf(value, unit);
  const progress = current === null ? null : ladderProgress(mins, current);
  const nextStep = progress?.next !== null && progress?.next !== undefined ? steps[progress.next] : undefined;

  return (
    <div className="flex flex-col gap-3">
      {progress && value !== null ? (
        <div className="flex flex-col gap-2 rounded-2xl border border-line/70 bg-surface p-4" data-testid="ladder-progress">
          <div className="flex items-baseline justify-between gap-3">
            <span className="text-sm text-muted">{valueLabel}</span>
            <span className="text-lg font-black text-white tabular-nums">{show(value, unit)}</span>
          </div>
          <ProgressBar fraction={progress.fraction} label={valueLabel} />
          <p className="text-xs text-soft">
            {nextStep
              ? t('ladder.to_next', {
                  amount: unit === 'money' ? formatShortMoney(formatCentavos(progress.remaining)) : formatCount(progress.remaining),
                  name: stepName(nextStep, progress.next ?? 0, t),
                })
              : t('ladder.top_reached')}
          </p>
        </div>
      ) : null}
      <ol className="flex flex-col gap-2" aria-label={t('ladder.title')}>
        {steps.map((step, i) => {
          const reached = progress ? step.reached || i <= progress.reached : false;
          const isCurrent = progress ? i === progress.reached : false;
          return (
            <li
              key={step.index}
              className={`flex items-center gap-3 rounded-2xl border p-3 transition ${
                isCurrent ? 'border-gold/70 bg-gold/10' : reached ? 'border-money/40 bg-surface' : 'border-line/70 bg-surface'
              }`}
              data-testid="ladder-step"
              data-reached={reached}
            >
              <TierMedal name={step.name} index={i + 1} reached={reached || !progress} />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-[15px] font-bold text-white">{stepName(step, i, t)}</span>
                <span className="text-xs text-muted tabular-nums">
                  {step.max ? `${show(step.min, unit)} – ${show(step.max, unit)}` : t('ladder.from', { amount: show(step.min, unit) })}
                </span>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-0.5">
                <span className="text-[15px] font-black text-gold tabular-nums">
                  {step.reward
                    ? formatShortMoney(step.reward)
                    : step.ratio_from_bp !== null && step.ratio_to_bp !== null && step.ratio_from_bp !== step.ratio_to_bp
                      ? `${formatPercent(step.ratio_from_bp)} – ${formatPercent(step.ratio_to_bp)}`
                      : formatPercent(step.ratio_to_bp)}
                </span>
                {step.is_claimed ? (
                  <span className="flex items-center gap-1 text-[11px] text-gold">
                    <CheckIcon size={12} /> {t('claim.claimed')}
                  </span>
                ) : reached ? (
                  <span className="flex items-center gap-1 text-[11px] text-money">
                    <CheckIcon size={12} /> {t('ladder.reached')}
                  </span>
                ) : progress ? (
                  <span className="flex items-center gap-1 text-[11px] text-muted">
                    <LockIcon size={12} /> {t('ladder.locked')}
                  </span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
