import { CENTRAL_EXCLUSION_URL } from '@casino/shared/schemas/responsible';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { AlertIcon, ArrowUpIcon, ShieldIcon } from '../../components/icons.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { loadCareNamespace } from '../../lib/i18n.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { PausePanel, RealityCheckPanel, SelfExclusionPanel } from './breaks-panel.tsx';
import { Section, useCareTranslation, useWhen } from './care-ui.tsx';
import { LimitsPanel } from './limits-panel.tsx';
import { type ResponsibleStatus, useResponsibleStatus } from './responsible.api.ts';
import { StatementPanel } from './statement-panel.tsx';

// The centre's texts live in the lazy `care` catalogue: this module waits for it before rendering.
await loadCareNamespace();

/** What holds the account now (pause, self-exclusion, closure, the day's time limit), and until when. */
function StandingBanner({ status }: { status: ResponsibleStatus }) {
  const { t } = useCareTranslation();
  const when = useWhen();
  const lines: string[] = [];
  let title = '';
  if (status.self_exclusion) {
    const ex = status.self_exclusion;
    title = ex.until ? t('standing.excluded_until', { when: when(ex.until, true) }) : t('standing.excluded_indefinite');
    if (ex.source === 'central') lines.push(t('standing.excluded_central'));
    lines.push(
      ex.withdraw_until && status.can.withdraw
        ? t('standing.withdraw_until', { when: when(ex.withdraw_until, true) })
        : t('standing.balance_returned'),
    );
  } else if (status.closed) {
    title = t('standing.closed');
    lines.push(t('standing.balance_returned'));
  } else if (status.pause) {
    title = t('standing.paused_until', { when: when(status.pause.until, true) });
    lines.push(t('standing.paused_effects'));
  } else if (status.time_limit_reached) {
    title = t('standing.time_limit');
  }
  if (!title) return null;
  return (
    <div className="flex gap-3 rounded-2xl border border-danger/40 bg-danger/10 p-4" role="status" data-testid="care-standing">
      <AlertIcon size={22} className="mt-0.5 shrink-0 text-danger" />
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="text-[15px] font-bold text-white">{title}</p>
        {lines.map((line) => (
          <p key={line} className="text-[13px] leading-relaxed text-soft">
            {line}
          </p>
        ))}
        {status.can.withdraw ? (
          <Link to="/withdraw" className={buttonClass('outline', 'sm', 'mt-1 self-start')}>
            <ArrowUpIcon size={16} />
            {t('standing.withdraw')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** Where to find help: real, well-known Brazilian services, and the federal self-exclusion platform. */
function HelpPanel() {
  const { t } = useCareTranslation();
  const headingId = useId();
  const link = 'font-semibold text-gold underline-offset-2 hover:underline';
  return (
    <Section id={headingId} title={t('help.title')} lead={t('help.lead')}>
      <ul className="flex flex-col gap-3 text-[13px] leading-relaxed text-soft">
        <li>
          <p className="font-semibold text-white">{t('help.cvv_name')}</p>
          <p>
            {t('help.cvv_text')}{' '}
            <a href="tel:188" className={link}>
              188
            </a>{' '}
            ·{' '}
            <a href="https://cvv.org.br" target="_blank" rel="noopener noreferrer" className={link}>
              cvv.org.br
            </a>
          </p>
        </li>
        <li>
          <p className="font-semibold text-white">{t('help.ja_name')}</p>
          <p>
            {t('help.ja_text')}{' '}
            <a href="https://www.jogadoresanonimos.com.br" target="_blank" rel="noopener noreferrer" className={link}>
              jogadoresanonimos.com.br
            </a>
          </p>
        </li>
        <li>
          <p className="font-semibold text-white">{t('help.caps_name')}</p>
          <p>{t('help.caps_text')}</p>
        </li>
        <li className="rounded-xl border border-gold/30 bg-gold/5 p-3">
          <p className="font-semibold text-white">{t('help.central_name')}</p>
          <p>{t('help.central_text')}</p>
          <a href={CENTRAL_EXCLUSION_URL} target="_blank" rel="noopener noreferrer" className={`${link} mt-1 inline-block`}>
            {t('help.central_link')}
          </a>
        </li>
      </ul>
    </Section>
  );
}

function CentreSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Skeleton className="h-64" />
      <Skeleton className="h-24" />
      <Skeleton className="h-40" />
    </div>
  );
}

function MemberCentre() {
  const status = useResponsibleStatus(true);
  if (status.isPending) return <CentreSkeleton />;
  if (status.isError) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  const data = status.data;
  // Pause and self-exclusion cannot be lifted or shortened: while one holds, there is nothing to choose.
  const blocked = data.self_exclusion !== null || data.closed;
  return (
    <div className="flex flex-col gap-4">
      <StandingBanner status={data} />
      {blocked ? null : <LimitsPanel limits={data.limits} />}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          {blocked ? null : <RealityCheckPanel minutes={data.reality_check_minutes} />}
          {blocked || data.pause ? null : <PausePanel />}
          {blocked ? null : <SelfExclusionPanel />}
        </div>
        <HelpPanel />
      </div>
      <StatementPanel />
    </div>
  );
}

/** /jogo-responsavel: limits, reality check, pause, self-exclusion, statement and where to get help. */
export function ResponsiblePage() {
  const { t } = useCareTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col">
      <PageHeader title={t('title')} />
      <div className="mb-4 flex gap-3 rounded-2xl bg-gradient-to-br from-surface-2 to-surface p-4">
        <ShieldIcon size={24} className="mt-0.5 shrink-0 text-gold" />
        <p className="text-[13px] leading-relaxed text-soft">{t('intro')}</p>
      </div>
      {loggedIn ? (
        <MemberCentre />
      ) : (
        <div className="flex flex-col gap-4">
          <LoginRequired />
          <HelpPanel />
        </div>
      )}
    </section>
  );
}
