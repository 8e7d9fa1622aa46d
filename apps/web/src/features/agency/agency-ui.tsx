import { Coins, Share2, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Card } from '../../components/card.tsx';
import { CopyIcon } from '../../components/icons.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LinkTabs } from '../../components/tabs.tsx';
import { useIsLoggedIn } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';

const NS = ['loyalty', 'web'] as const;

/** Texts from the `loyalty` catalogue first, then from `web` (page titles, categories, empty texts). */
export const useLoyaltyTranslation = () => useTranslation(NS, { nsMode: 'fallback' });

const AGENCY_TABS = [
  { to: '/agency-center/invite', label: 'agency.tabs.invite' },
  { to: '/agency-center/agent', label: 'agency.tabs.agent' },
  { to: '/agency-center/invitation-record', label: 'agency.tabs.invitation_record' },
  { to: '/agency-center/reward', label: 'agency.tabs.reward' },
  { to: '/agency-center/agency-mechanism', label: 'agency.tabs.mechanism' },
  { to: '/agency-center/register-subordinates', label: 'agency.tabs.register' },
] as const;

/** "Direct" for level 1, "Indirect · level 2" deeper (spec: direct and indirect subordinates). */
export function useLevelLabel(): (level: number) => string {
  const { t } = useLoyaltyTranslation();
  return (level) => (level <= 1 ? t('agency.direct') : t('agency.indirect_level', { level }));
}

/**
 * Frame of the agency centre: title, the tab bar between its pages and, on member-only pages, the
 * programme in short with a login prompt for a visitor (no route guards).
 */
export function AgencyFrame({ title, gated = true, children }: { title: string; gated?: boolean; children: ReactNode }) {
  const { t } = useLoyaltyTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col">
      <PageHeader title={title} />
      <div className="flex flex-col gap-4">
        <LinkTabs label={t('agency.centre')} tabs={AGENCY_TABS.map((tab) => ({ to: tab.to, label: t(tab.label) }))} />
        {gated && !loggedIn ? (
          <>
            <ProgrammeSteps />
            <LoginRequired />
          </>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

const STEPS = [
  { icon: Share2, title: 'agency.steps.share_title', text: 'agency.steps.share_text' },
  { icon: UserPlus, title: 'agency.steps.join_title', text: 'agency.steps.join_text' },
  { icon: Coins, title: 'agency.steps.earn_title', text: 'agency.steps.earn_text' },
] as const;

/** The programme in three steps: share the link, friends join and play, commissions every day. */
export function ProgrammeSteps() {
  const { t } = useLoyaltyTranslation();
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-[15px] font-bold text-white">{t('agency.steps.title')}</h2>
      <ol className="grid grid-cols-1 gap-3 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-3 rounded-xl bg-ink/40 p-3.5">
            <span className="relative flex size-10 shrink-0 items-center justify-center rounded-full bg-gold/15 text-gold">
              <step.icon size={20} strokeWidth={1.8} aria-hidden="true" />
              <span className="absolute -top-1 -right-1 flex size-5 items-center justify-center rounded-full bg-gold text-[11px] font-bold text-ink">
                {index + 1}
              </span>
            </span>
            <div className="min-w-0">
              <p className="text-sm font-semibold text-white">{t(step.title)}</p>
              <p className="text-[13px] leading-snug text-muted">{t(step.text)}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** Copies a text; where the clipboard is refused the text is shown so it can be copied by hand. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useLoyaltyTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('common.copied'));
    } catch {
      toast.info(text);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      data-testid={testId}
      className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gold/10 text-gold transition hover:bg-gold/20"
    >
      <CopyIcon size={18} />
    </button>
  );
}

export function Figure({ label, value, tone = 'text-white', testId }: { label: string; value: ReactNode; tone?: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-ink/50 px-3 py-2.5">
      <dt className="truncate text-xs text-muted">{label}</dt>
      <dd className={`truncate text-base font-bold tabular-nums ${tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A card of label/value rows (my ID, inviter ID, invitation code ...). */
export function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-10 items-center justify-between gap-3 border-b border-line/50 py-1.5 last:border-0">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2 text-right text-sm font-semibold text-white">{children}</dd>
    </div>
  );
}

export function Failure({ error }: { error: string }) {
  return <p className="rounded-2xl border border-danger/30 bg-danger/5 p-4 text-center text-sm text-soft">{error}</p>;
}
