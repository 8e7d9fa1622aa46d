import { MEMBER_STATUS } from '@casino/shared/constants';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Badge, EmptyState, ErrorState, Skeleton } from '../../../components/feedback';
import { AdjustIcon, ArrowLeftIcon, LockIcon, PowerIcon, RefreshIcon, UnlockIcon } from '../../../components/icons';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { usePermission } from '../../../lib/auth';
import { formatDateTime, formatMoney, formatRelative } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import type { MemberDetail, MemberSession } from '../../../lib/types';
import { type MemberAction, useMember, useMemberAction } from '../api/members';
import { AdjustmentDialog } from './adjustment-dialog';
import { MemberLedger } from './member-ledger';
import { MemberWithdrawals } from './member-withdrawals';
import { MemberOnline, MemberStatusBadge } from './member-status';

export function MemberPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const member = useMember(id);

  return (
    <>
      <Link to="/members" className="mb-3 inline-flex items-center gap-1.5 text-sm text-slate-400 hover:text-white">
        <ArrowLeftIcon width={16} height={16} />
        {t('member.back')}
      </Link>
      {member.isPending ? (
        <MemberSkeleton />
      ) : member.isError ? (
        <div className="card">
          {isApiError(member.error) && member.error.status === 404 ? (
            <EmptyState title={t('member.not_found')} hint={t('member.not_found_hint', { id })} />
          ) : (
            <ErrorState message={errorMessage(member.error)} onRetry={() => void member.refetch()} />
          )}
        </div>
      ) : (
        <MemberView member={member.data} refreshing={member.isFetching} onRefresh={() => void member.refetch()} />
      )}
    </>
  );
}

const ACTION_TONE: Record<MemberAction, 'danger' | 'primary'> = {
  force_offline: 'danger',
  freeze: 'danger',
  unfreeze: 'primary',
};

function MemberView({ member, refreshing, onRefresh }: { member: MemberDetail; refreshing: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  const canWrite = usePermission('members.write');
  const canReadAudit = usePermission('audit.read');
  const canAdjust = usePermission('ledger.adjust');
  const action = useMemberAction(String(member.id));
  const [pending, setPending] = useState<MemberAction | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const frozen = member.status === MEMBER_STATUS.frozen;

  function open(next: MemberAction) {
    action.reset();
    setPending(next);
  }

  function confirm(reason: string) {
    if (!pending) return;
    action.mutate(
      { action: pending, reason },
      {
        onSuccess: ({ message }) => {
          toast.success(message || t(`member.actions.${pending}.done`));
          setPending(null);
        },
      },
    );
  }

  return (
    <>
      <div className="mb-5 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2.5">
            <h1 className="truncate text-xl font-semibold tracking-tight text-white">{member.name}</h1>
            <MemberStatusBadge status={member.status} />
            <MemberOnline online={member.online} />
          </div>
          <p className="mt-1 text-sm text-slate-400">
            <span className="font-mono tabular-nums">#{member.id}</span> · {member.realname}
            {member.nickname ? ` · ${member.nickname}` : ''}
            {canReadAudit && (
              <>
                {' · '}
                <Link to={`/audit-log?target_id=${member.id}`} className="text-gold-300/90 hover:text-gold-300 hover:underline">
                  {t('member.view_audit')}
                </Link>
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="btn-ghost shrink-0 px-2.5"
            onClick={onRefresh}
            disabled={refreshing}
            aria-label={t('common.refresh')}
            title={t('common.refresh')}
          >
            <RefreshIcon width={16} height={16} className={refreshing ? 'animate-spin' : ''} />
          </button>
          {canAdjust && (
            <button type="button" className="btn-secondary flex-1 sm:flex-none" onClick={() => setAdjusting(true)}>
              <AdjustIcon width={16} height={16} className="text-gold-400" />
              {t('adjustment.button')}
            </button>
          )}
          {canWrite && (
            <>
              <button type="button" className="btn-secondary flex-1 sm:flex-none" onClick={() => open('force_offline')}>
                <PowerIcon width={16} height={16} className="text-rose-400" />
                {t('member.actions.force_offline.button')}
              </button>
              {frozen ? (
                <button type="button" className="btn-success flex-1 sm:flex-none" onClick={() => open('unfreeze')}>
                  <UnlockIcon width={16} height={16} />
                  {t('member.actions.unfreeze.button')}
                </button>
              ) : (
                <button type="button" className="btn-danger flex-1 sm:flex-none" onClick={() => open('freeze')}>
                  <LockIcon width={16} height={16} />
                  {t('member.actions.freeze.button')}
                </button>
              )}
            </>
          )}
        </div>
      </div>

      {frozen && (
        <div className="mb-4 flex items-center gap-2 rounded-lg border border-rose-500/25 bg-rose-500/10 px-3.5 py-2.5 text-sm text-rose-200">
          <LockIcon width={16} height={16} className="shrink-0 text-rose-400" />
          {t('member.frozen_banner')}
        </div>
      )}

      <div className="grid gap-4 lg:grid-cols-3">
        <ProfileCard member={member} />
        <BalancesCard member={member} />
      </div>

      <MemberTabs member={member} />

      {pending && (
        <ConfirmDialog
          open
          title={t(`member.actions.${pending}.title`, { name: member.name })}
          description={t(`member.actions.${pending}.description`)}
          confirmLabel={t('common.confirm')}
          tone={ACTION_TONE[pending]}
          withReason
          pending={action.isPending}
          error={action.isError ? errorMessage(action.error) : null}
          onConfirm={confirm}
          onClose={() => {
            if (!action.isPending) setPending(null);
          }}
        />
      )}
      {adjusting && <AdjustmentDialog member={member} onClose={() => setAdjusting(false)} />}
    </>
  );
}

const TABS = ['sessions', 'ledger', 'withdrawals'] as const;
type Tab = (typeof TABS)[number];

/** Sessions, ledger and withdrawals share one card; the open tab lives in the URL (?tab=ledger). */
function MemberTabs({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const canReadLedger = usePermission('ledger.read');
  const canReadWithdrawals = usePermission('withdrawals.review');
  const available = TABS.filter((tab) => tab === 'sessions' || (tab === 'ledger' ? canReadLedger : canReadWithdrawals));
  const requested = params.get('tab');
  const tab: Tab = available.find((value) => value === requested) ?? 'sessions';
  const activeSessions = member.sessions.filter((s) => s.active).length;
  const memberId = String(member.id);

  function select(next: Tab) {
    const merged = new URLSearchParams(params);
    if (next === 'sessions') merged.delete('tab');
    else merged.set('tab', next);
    setParams(merged, { replace: true });
  }

  return (
    <section className="card mt-4 overflow-hidden">
      <div className="flex items-center justify-between gap-2 border-b border-white/5 px-2 sm:px-3">
        <div role="tablist" aria-label={t('member.tabs_label')} className="-mb-px flex min-w-0 overflow-x-auto">
          {available.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              id={`member-tab-${value}`}
              aria-selected={tab === value}
              aria-controls={`member-panel-${value}`}
              onClick={() => select(value)}
              className={`h-11 shrink-0 border-b-2 px-3 text-sm font-semibold transition-colors ${
                tab === value ? 'border-gold-400 text-white' : 'border-transparent text-slate-400 hover:text-white'
              }`}
            >
              {t(`member.tabs.${value}`)}
            </button>
          ))}
        </div>
        {tab === 'sessions' && (
          <span className="hidden shrink-0 pr-1 text-xs text-slate-400 sm:inline">
            {t('member.sessions.active_count', { count: activeSessions })}
          </span>
        )}
      </div>
      <div role="tabpanel" id={`member-panel-${tab}`} aria-labelledby={`member-tab-${tab}`}>
        {tab === 'sessions' &&
          (member.sessions.length === 0 ? <EmptyState title={t('member.sessions.empty')} /> : <SessionsTable sessions={member.sessions} />)}
        {tab === 'ledger' && <MemberLedger memberId={memberId} />}
        {tab === 'withdrawals' && <MemberWithdrawals memberId={memberId} />}
      </div>
    </section>
  );
}

function Field({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`mt-0.5 truncate text-slate-200 ${mono ? 'font-mono text-[13px] tabular-nums' : ''}`}>{children}</dd>
    </div>
  );
}

function ProfileCard({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const none = '—';
  return (
    <section className="card p-4 lg:col-span-2" aria-labelledby="profile-title">
      <h2 id="profile-title" className="mb-3 font-semibold text-white">
        {t('member.profile.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:gap-x-6 xl:grid-cols-3">
        <Field label={t('member.profile.account')}>{member.name}</Field>
        <Field label={t('member.profile.realname')}>{member.realname || none}</Field>
        <Field label={t('member.profile.nickname')}>{member.nickname || none}</Field>
        <Field label={t('member.profile.phone')} mono>
          {member.phone || none}
        </Field>
        <Field label={t('member.profile.email')}>{member.email || none}</Field>
        <Field label={t('member.profile.language')}>{member.lang || none}</Field>
        <Field label={t('member.profile.invite_code')} mono>
          {member.invite_code || none}
        </Field>
        <Field label={t('member.profile.inviter')} mono>
          {member.top_id ?? none}
        </Field>
        <Field label={t('member.profile.agent')} mono>
          {member.agent_id ?? none}
        </Field>
        <Field label={t('member.profile.site')}>{member.site || none}</Field>
        <Field label={t('member.profile.register_type')}>
          {t(`member.register_types.${member.register_type}`, { defaultValue: member.register_type })}
        </Field>
        <Field label={t('member.profile.register_ip')} mono>
          {member.register_ip || none}
        </Field>
        <Field label={t('member.profile.created_at')}>{formatDateTime(member.created_at, language)}</Field>
        <Field label={t('member.profile.last_seen_at')}>
          <span title={formatDateTime(member.last_seen_at, language)}>{formatRelative(member.last_seen_at, language)}</span>
        </Field>
        <Field label={t('member.profile.withdrawal_password')}>
          {member.has_qk_pwd ? (
            <Badge tone="green">{t('member.profile.set')}</Badge>
          ) : (
            <Badge tone="slate">{t('member.profile.not_set')}</Badge>
          )}
        </Field>
      </dl>
    </section>
  );
}

function BalancesCard({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows = [
    { label: t('member.balances.cash'), hint: t('member.balances.cash_hint'), value: member.money, accent: true },
    { label: t('member.balances.rebate'), hint: t('member.balances.rebate_hint'), value: member.fs_money, accent: false },
    { label: t('member.balances.wagering'), hint: t('member.balances.wagering_hint'), value: member.ml_money, accent: false },
  ];
  return (
    <section className="card order-first p-4 lg:order-none" aria-labelledby="balances-title">
      <h2 id="balances-title" className="mb-3 font-semibold text-white">
        {t('member.balances.title')}
      </h2>
      <dl className="space-y-2 lg:space-y-3">
        {rows.map((row) => (
          <div
            key={row.label}
            className="flex items-center justify-between gap-3 rounded-lg border border-white/5 bg-navy-900/60 px-3 py-2 lg:block lg:py-2.5"
          >
            <dt className="flex items-baseline justify-between gap-2 text-xs text-slate-400">
              {row.label}
              <span className="hidden truncate text-[11px] text-slate-600 lg:inline">{row.hint}</span>
            </dt>
            <dd className={`text-base font-semibold tabular-nums lg:mt-0.5 lg:text-lg ${row.accent ? 'text-gold-300' : 'text-slate-100'}`}>
              {formatMoney(row.value, language)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SessionState({ session }: { session: MemberSession }) {
  const { t } = useTranslation();
  if (session.active) return <Badge tone="green">{t('member.sessions.state.active')}</Badge>;
  if (session.revoked_at) return <Badge tone="red">{t('member.sessions.state.revoked')}</Badge>;
  return <Badge tone="slate">{t('member.sessions.state.expired')}</Badge>;
}

function SessionsTable({ sessions }: { sessions: MemberSession[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="overflow-x-auto">
      <table className="data-table" data-testid="sessions-table">
        <thead>
          <tr>
            <th scope="col">{t('member.sessions.columns.id')}</th>
            <th scope="col">{t('member.sessions.columns.state')}</th>
            <th scope="col">{t('member.sessions.columns.ip')}</th>
            <th scope="col">{t('member.sessions.columns.device')}</th>
            <th scope="col">{t('member.sessions.columns.created')}</th>
            <th scope="col">{t('member.sessions.columns.last_seen')}</th>
            <th scope="col">{t('member.sessions.columns.expires')}</th>
            <th scope="col">{t('member.sessions.columns.revoked')}</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.id}>
              <td className="font-mono text-xs text-slate-400 tabular-nums">{session.id}</td>
              <td>
                <SessionState session={session} />
              </td>
              <td className="whitespace-nowrap font-mono text-xs">{session.ip ?? '—'}</td>
              <td className="max-w-64 truncate text-xs text-slate-400" title={session.user_agent ?? undefined}>
                {session.user_agent ?? '—'}
              </td>
              <td className="whitespace-nowrap text-slate-400">{formatDateTime(session.created_at, language)}</td>
              <td className="whitespace-nowrap text-slate-400">{formatDateTime(session.last_seen_at, language)}</td>
              <td className="whitespace-nowrap text-slate-400">{formatDateTime(session.expires_at, language)}</td>
              <td className="text-slate-400">
                {session.revoked_at ? (
                  <div>
                    <p className="whitespace-nowrap">{formatDateTime(session.revoked_at, language)}</p>
                    {session.revoked_reason && (
                      <p className="text-xs text-rose-300/90">
                        {t(`member.sessions.reasons.${session.revoked_reason}`, { defaultValue: session.revoked_reason })}
                      </p>
                    )}
                  </div>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MemberSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      <Skeleton className="mb-2 h-7 w-56" />
      <Skeleton className="mb-5 h-4 w-40" />
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-64 rounded-xl lg:col-span-2" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
      <Skeleton className="mt-4 h-48 rounded-xl" />
    </div>
  );
}
