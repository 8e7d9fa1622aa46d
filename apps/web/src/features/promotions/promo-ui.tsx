import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { NavLink } from 'react-router';
import { Button } from '../../components/button.tsx';
import { AlertIcon, CheckIcon, GiftIcon, LockIcon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { openLogin, openRegister } from '../../lib/modals.ts';
import type { ActivityState } from './promotions.api.ts';

const TABS = [
  { to: '/promotion/activity', label: 'pages.promotion_activity' },
  { to: '/promotion/rebates', label: 'pages.promotion_rebates' },
  { to: '/promotion/history', label: 'pages.promotion_history' },
  { to: '/promotion/cover', label: 'pages.promotion_cover' },
];

/** The four promotion screens of spec section 2, one tap apart. */
export function PromotionTabs() {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  // On a phone the last tabs sit past the edge: bring the current one into view.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, []);
  return (
    <nav ref={nav} aria-label={t('nav.promotions')} className="scrollbar-none -mx-3 flex gap-2 overflow-x-auto px-3 md:mx-0 md:px-0">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            `flex h-9 shrink-0 items-center rounded-full border px-3.5 text-sm transition ${
              isActive ? 'border-gold bg-gold/10 text-gold' : 'border-line bg-surface text-soft hover:border-gold/50'
            }`
          }
        >
          {t(tab.label)}
        </NavLink>
      ))}
    </nav>
  );
}

/** Frame of every promotions page: title with back button, content centred on wide screens. */
export function PromoPage({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={`mx-auto flex w-full flex-col ${wide ? 'max-w-5xl' : 'max-w-3xl'}`}>
      <PageHeader title={title} />
      <div className="flex flex-col gap-4">{children}</div>
    </section>
  );
}

const STATE_TONES: Record<ActivityState, string> = {
  eligible: 'bg-money/15 text-money ring-money/30',
  claimed: 'bg-gold/15 text-gold ring-gold/30',
  not_eligible: 'bg-surface-2 text-muted ring-line',
  no_topups: 'bg-surface-2 text-muted ring-line',
  upgrade_required: 'bg-violet-500/15 text-violet-300 ring-violet-400/30',
  not_started: 'bg-sky-500/15 text-sky-300 ring-sky-400/30',
  ended: 'bg-surface-2 text-muted ring-line',
  disabled: 'bg-surface-2 text-muted ring-line',
  regulated: 'bg-surface-2 text-muted ring-line',
  no_spins: 'bg-surface-2 text-muted ring-line',
  visitor: 'bg-gold/10 text-gold ring-gold/25',
};

/** A member's state in an activity, as a translated pill. */
export function StateBadge({ state }: { state: ActivityState }) {
  const { t } = useTranslation('promo');
  return (
    <span
      className={`inline-flex h-6 shrink-0 items-center rounded-full px-2.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATE_TONES[state]}`}
      data-state={state}
    >
      {t(`state.${state}`)}
    </span>
  );
}

/** One labelled figure of an activity (yesterday's loss, qualified invitees, ...). */
export function Stat({ label, value, tone = 'plain' }: { label: string; value: ReactNode; tone?: 'plain' | 'money' | 'gold' }) {
  const color = tone === 'money' ? 'text-money' : tone === 'gold' ? 'text-gold' : 'text-white';
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-xl bg-ink/40 px-3 py-2.5">
      <dt className="truncate text-xs text-muted">{label}</dt>
      <dd className={`truncate text-base font-bold tabular-nums ${color}`}>{value}</dd>
    </div>
  );
}

export function StatGrid({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 }) {
  return <dl className={`grid gap-2 ${columns === 3 ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-2'}`}>{children}</dl>;
}

/** A progress bar with its accessible value (0..1). */
export function ProgressBar({ fraction, label, tone = 'gold' }: { fraction: number; label: string; tone?: 'gold' | 'money' }) {
  const clamped = Math.max(0, Math.min(1, fraction));
  const percent = Math.round(clamped * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2.5 w-full overflow-hidden rounded-full bg-ink/70 ring-1 ring-line ring-inset"
    >
      <div
        className={`h-full rounded-full transition-[width] duration-700 ${tone === 'money' ? 'bg-gradient-to-r from-money-deep to-money' : 'bg-gradient-to-r from-gold-deep to-gold'}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/**
 * The claim action: "Claim R$ 10,00" when the state allows it, otherwise the state's reason
 * (disabled). The page owns the mutation, so it decides what a claim sends.
 */
export function ClaimButton({
  state,
  reward,
  pending,
  onClaim,
  label,
  size = 'lg',
}: {
  state: ActivityState;
  reward?: string;
  pending: boolean;
  onClaim: () => void;
  label?: string;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation('promo');
  const eligible = state === 'eligible';
  let text = label ?? (reward && reward !== '0.00' ? t('claim.claim_amount', { amount: formatMoney(reward) }) : t('claim.claim'));
  if (!eligible) text = state === 'claimed' ? t('claim.claimed') : t(`state.${state}`);
  return (
    <Button block size={size} variant={eligible ? 'money' : 'ghost'} disabled={!eligible} loading={pending} onClick={onClaim}>
      {state === 'claimed' ? <CheckIcon size={18} /> : eligible ? <GiftIcon size={18} /> : null}
      {text}
    </Button>
  );
}

/** The server's reason for the member's state ("No eligible top-ups", ...), beside the claim. */
export function StateMessage({ state, message }: { state: ActivityState; message: string }) {
  if (!message) return null;
  const good = state === 'eligible' || state === 'claimed';
  return (
    <p className={`flex items-start gap-2 text-sm ${good ? 'text-soft' : 'text-muted'}`} data-testid="activity-message">
      {good ? null : <AlertIcon size={16} className="mt-0.5 shrink-0" />}
      <span>{message}</span>
    </p>
  );
}

/** The operator's text of the activity, then our rules (each a sentence). */
export function RulesCard({ content, rules }: { content?: string | undefined; rules: string[] }) {
  const { t } = useTranslation('promo');
  return (
    <section className="rounded-2xl border border-line/70 bg-surface p-4 md:p-5" aria-labelledby="promo-rules">
      <h2 id="promo-rules" className="mb-2 text-[15px] font-bold text-white">
        {t('rules.title')}
      </h2>
      {content ? <p className="mb-3 text-sm whitespace-pre-line text-soft">{content}</p> : null}
      <ol className="flex flex-col gap-2">
        {rules.map((rule, i) => (
          <li key={i} className="flex gap-2.5 text-sm text-soft">
            <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-gold/15 text-[11px] font-bold text-gold">
              {i + 1}
            </span>
            <span>{rule}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What a visitor sees in place of the claim: the spec's text and the login modal (no route guards). */
export function VisitorPrompt() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promo');
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-2xl border border-gold/25 bg-gold/5 p-4 text-center"
      data-testid="visitor-prompt"
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-gold/15 text-gold">
        <LockIcon size={22} />
      </span>
      <p className="text-sm text-soft">{t('session.not_logged_in')}</p>
      <p className="text-xs text-muted">{tp('visitor.hint')}</p>
      <div className="grid w-full max-w-sm grid-cols-2 gap-2">
        <Button onClick={openLogin}>{t('header.login')}</Button>
        <Button variant="ghost" onClick={openRegister}>
          {t('header.register')}
        </Button>
      </div>
    </div>
  );
}

/** A failed load: the server's message and a retry button. */
export function LoadError({ error, onRetry, message }: { error: unknown; onRetry: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-danger/30 bg-danger/5 px-6 py-8 text-center" role="alert">
      <AlertIcon size={28} className="text-danger" />
      <p className="text-sm text-soft">{message ?? errorMessage(error)}</p>
      <Button variant="ghost" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

export function BlockSkeleton({ rows = 3, height = 'h-20' }: { rows?: number; height?: string }) {
  return (
    <div className="flex flex-col gap-2.5" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={`${height} rounded-2xl`} />
      ))}
    </div>
  );
}

const locale = () => (currentLanguage() === 'pt' ? 'pt-BR' : currentLanguage());

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/**
 * A São Paulo calendar day ("2025-03-01") or month ("2025-03") as the reader writes dates,
 * without a time-zone shift.
 */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '-';
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3] ?? 1)));
  const options: Intl.DateTimeFormatOptions = match[3]
    ? { dateStyle: 'short', timeZone: 'UTC' }
    : { month: 'long', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale(), options).format(date);
}

/** Basis points as a percentage for the reader ("8%", "12,5%"). */
export function formatPercent(bp: number | null | undefined): string {
  if (bp === null || bp === undefined) return '-';
  return new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
}

/** A count for the reader (1.234). */
export function formatCount(value: number | null | undefined): string {
  return new Intl.NumberFormat(locale()).format(value ?? 0);
}

/** "R$ 1.500" for whole amounts (ladders and wheels), the full format otherwise. */
export function formatShortMoney(text: string | null | undefined): string {
  const full = formatMoney(text);
  return full.replace(/[,.]00$/, '');
}
