import { useId, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../components/button.tsx';
import { CheckIcon, LockIcon } from '../../components/icons.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { ActivityShell } from './activity-shell.tsx';
import { InviteLinkCard } from './invitation-activity-page.tsx';
import { formatCount, formatShortMoney, ProgressBar, StateMessage } from './promo-ui.tsx';
import { type ActivityCheck, type ActivityState, type LadderStep, useClaimActivity } from './promotions.api.ts';
import { vipRule, wageringRule } from './rules.ts';

type ChestLook = 'locked' | 'ready' | 'open';

/**
 * A treasure chest drawn in SVG. Opening it lifts and tilts the lid and lets the coins rise
 * (CSS transitions, skipped when the player prefers reduced motion).
 */
function ChestSvg({ look, animate }: { look: ChestLook; animate: boolean }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const open = look === 'open';
  const locked = look === 'locked';
  const wood = locked ? '#475569' : '#9a3412';
  const woodDark = locked ? '#334155' : '#7c2d12';
  const metal = locked ? '#94a3b8' : `url(#${id}-gold)`;
  const transition = animate ? 'transform 700ms cubic-bezier(0.2, 1.4, 0.4, 1), opacity 500ms ease-out' : 'none';
  return (
    <svg viewBox="-6 -16 132 116" className="w-full max-w-[140px]" aria-hidden="true">
      <defs>
        <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#d99a1e" />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fde68a" stopOpacity="0.8" />
          <stop offset="1" stopColor="#fde68a" stopOpacity="0" />
        </radialGradient>
      </defs>
      {look !== 'locked' ? <ellipse cx="60" cy="46" rx="56" ry="40" fill={`url(#${id}-glow)`} opacity={open ? 0.9 : 0.45} /> : null}
      <g style={{ transition, transform: open ? 'translateY(-14px)' : 'translateY(6px)', opacity: open ? 1 : 0 }}>
        <circle cx="46" cy="48" r="8" fill={`url(#${id}-gold)`} stroke="#b45309" />
        <circle cx="62" cy="42" r="9" fill={`url(#${id}-gold)`} stroke="#b45309" />
        <circle cx="76" cy="50" r="7" fill={`url(#${id}-gold)`} stroke="#b45309" />
      </g>
      <rect x="18" y="52" width="84" height="40" rx="5" fill={wood} stroke={woodDark} strokeWidth="2.5" />
      <rect x="18" y="64" width="84" height="6" fill={metal} />
      <rect x="54" y="58" width="12" height="16" rx="2.5" fill={metal} stroke={woodDark} strokeWidth="1.5" />
      <g
        style={{
          transition,
          transformOrigin: '18px 52px',
          transformBox: 'view-box',
          transform: open ? 'translate(-6px, -10px) rotate(-32deg)' : 'none',
        }}
      >
        <path d="M18,52 C18,26 102,26 102,52 Z" fill={wood} stroke={woodDark} strokeWidth="2.5" />
        <path d="M54,31 L66,31 L66,52 L54,52 Z" fill={metal} opacity="0.9" />
        <rect x="15" y="48" width="90" height="6" rx="3" fill={metal} />
      </g>
      {locked ? (
        <g>
          <circle cx="98" cy="84" r="11" fill="#1e293b" stroke="#64748b" strokeWidth="2" />
          <path d="M94,84 L94,81 C94,77 102,77 102,81 L102,84" stroke="#cbd5e1" strokeWidth="2" fill="none" />
          <rect x="92.5" y="83" width="11" height="8" rx="1.5" fill="#cbd5e1" />
        </g>
      ) : null}
    </svg>
  );
}

const CLOSED: ActivityState[] = ['disabled', 'regulated', 'ended', 'not_started', 'upgrade_required'];

function ChestTile({
  step,
  position,
  qualified,
  state,
  opening,
  pending,
  onOpen,
}: {
  step: LadderStep;
  position: number;
  qualified: number;
  state: ActivityState;
  opening: boolean;
  pending: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('promo');
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const needed = Number.parseInt(step.min, 10) || 0;
  const look: ChestLook = step.is_claimed || opening ? 'open' : step.reached ? 'ready' : 'locked';
  const canOpen = step.reached && !step.is_claimed && !CLOSED.includes(state);
  return (
    <li
      className={`flex flex-col items-center gap-2 rounded-2xl border p-3 text-center transition ${
        look === 'ready' ? 'border-gold/60 bg-gold/10 shadow-[0_0_24px_-8px_rgba(245,196,81,0.6)]' : 'border-line/70 bg-surface'
      }`}
      data-testid="chest"
      data-tier={position + 1}
      data-look={look}
    >
      <div className={look === 'ready' && !reduceMotion ? 'animate-bounce [animation-duration:1.6s]' : ''}>
        <ChestSvg look={look} animate={!reduceMotion} />
      </div>
      <p className="text-xs text-muted">{t('chest.friends', { count: needed })}</p>
      <p className="text-lg font-black text-gold tabular-nums">{step.reward ? formatShortMoney(step.reward) : '—'}</p>
      {look === 'open' ? (
        <span className="flex h-9 items-center gap-1 text-xs font-semibold text-gold">
          <CheckIcon size={14} /> {t('chest.opened')}
        </span>
      ) : canOpen ? (
        <Button size="sm" variant="money" block loading={pending} onClick={onOpen}>
          {t('chest.open')}
        </Button>
      ) : (
        <div className="flex w-full flex-col items-center gap-1">
          <ProgressBar fraction={needed > 0 ? qualified / needed : 0} label={t('chest.friends', { count: needed })} />
          <span className="flex items-center gap-1 text-[11px] text-muted tabular-nums">
            <LockIcon size={11} /> {formatCount(Math.min(qualified, needed))}/{formatCount(needed)}
          </span>
        </div>
      )}
    </li>
  );
}

function ChestsPanel({ check }: { check: ActivityCheck }) {
  const { t } = useTranslation('promo');
  const claim = useClaimActivity('treasurechest');
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const steps = check.steps ?? [];
  const qualified = check.qualified ?? 0;
  const ready = steps.filter((step) => step.reached && !step.is_claimed).length;

  const open = (tier?: number) =>
    claim.mutate(tier === undefined ? {} : { tier }, {
      onSuccess: () =>
        setOpened((previous) => {
          const next = new Set(previous);
          steps.forEach((step, i) => {
            if (tier === undefined ? step.reached && !step.is_claimed : i + 1 === tier) next.add(i + 1);
          });
          return next;
        }),
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 rounded-2xl border border-line/70 bg-surface p-4">
        <p className="flex items-baseline justify-between gap-3">
          <span className="text-sm text-muted">{t('chest.qualified')}</span>
          <span className="text-2xl font-black text-white tabular-nums" data-testid="chest-qualified">
            {formatCount(qualified)}
          </span>
        </p>
        <StateMessage state={check.state} message={check.message} />
        {ready > 1 && !CLOSED.includes(check.state) ? (
          <Button block size="lg" variant="money" loading={claim.isPending && claim.variables?.tier === undefined} onClick={() => open()}>
            {t('chest.open_all', { count: ready })}
          </Button>
        ) : null}
      </div>
      <ul className="grid grid-cols-2 gap-2.5 sm:grid-cols-3" aria-label={t('chest.title')}>
        {steps.map((step, i) => (
          <ChestTile
            key={step.index}
            step={step}
            position={i}
            qualified={qualified}
            state={check.state}
            opening={opened.has(i + 1)}
            pending={claim.isPending && claim.variables?.tier === i + 1}
            onOpen={() => open(i + 1)}
          />
        ))}
      </ul>
      <InviteLinkCard />
    </div>
  );
}

/** /bau-do-tesouro: chests that open as more invited friends qualify, each claimed once. */
export function TreasureChestPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promo');
  return (
    <ActivityShell
      type="treasurechest"
      fallbackTitle={t('pages.treasure')}
      tagline={tp('tagline.treasurechest')}
      rules={(check) => [
        check?.min_recharge ? tp('rules.chest_qualify', { amount: formatMoney(check.min_recharge) }) : tp('rules.chest_qualify_generic'),
        tp('rules.chest_open'),
        wageringRule(tp, check),
        ...vipRule(tp, check),
      ]}
    >
      {(check) => <ChestsPanel check={check} />}
    </ActivityShell>
  );
}
