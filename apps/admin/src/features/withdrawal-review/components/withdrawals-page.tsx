import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CardList, DataTable } from '../../../components/data-table';
import { Badge, PageHeader } from '../../../components/feedback';
import { RefreshButton } from '../../../components/filter-bar';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { WITHDRAWAL_STATUS_LIST, WithdrawalStatusBadge } from '../../../components/money-status';
import { PagedSection } from '../../../components/query-section';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import type { AdminWithdrawal, WithdrawalStatus } from '../../../lib/types';
import { useLanguage } from '../../../lib/use-language';
import { oneOf, pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import { type ReviewDecision, usePendingCount, useReviewWithdrawal, useWithdrawals, WITHDRAWALS_PAGE_SIZE } from '../api/withdrawals';

const ALL = 'all';
type Tab = WithdrawalStatus | typeof ALL;
/** The queue first; the rest in the order a withdrawal moves through them. */
const TABS: Tab[] = [...WITHDRAWAL_STATUS_LIST, ALL];

export function WithdrawalsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { params, update } = useUrlFilters<'status'>();
  const tab: Tab = oneOf(params, 'status', TABS) || 'pending_review';
  const withdrawals = useWithdrawals({ status: tab === ALL ? '' : tab, page: pageParam(params) });
  const pendingCount = usePendingCount();
  const [reviewing, setReviewing] = useState<{ row: AdminWithdrawal; decision: ReviewDecision['decision'] } | null>(null);

  /** The review queue is the page without a status; a new tab starts at page 1. */
  function showTab(status: Tab) {
    update({ status: status === 'pending_review' ? '' : status, page: 1 });
  }

  function refresh() {
    void withdrawals.refetch();
    void pendingCount.refetch();
  }

  return (
    <>
      <PageHeader
        title={t('withdrawals.title')}
        subtitle={t('withdrawals.subtitle')}
        actions={<RefreshButton busy={withdrawals.isFetching} onRefresh={refresh} />}
      />

      <div
        role="tablist"
        aria-label={t('withdrawals.tabs_label')}
        className="-mx-3 mb-4 flex gap-1 overflow-x-auto px-3 pb-1 sm:mx-0 sm:px-0"
      >
        {TABS.map((value) => {
          const selected = value === tab;
          return (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={selected}
              data-tab={value}
              onClick={() => showTab(value)}
              className={`inline-flex h-9 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium transition-colors ${
                selected
                  ? 'bg-gold-400/10 text-gold-300 ring-1 ring-gold-400/30 ring-inset'
                  : 'text-slate-400 hover:bg-white/5 hover:text-white'
              }`}
            >
              {value === ALL ? t('withdrawals.tab_all') : t(`money.withdrawal_status.${value}`)}
              {value === 'pending_review' && pendingCount.data !== undefined && (
                <span
                  data-testid="pending-count"
                  className={`min-w-5 rounded-full px-1.5 text-center text-xs font-semibold tabular-nums ${
                    pendingCount.data > 0 ? 'bg-amber-400 text-navy-950' : 'bg-white/10 text-slate-300'
                  }`}
                >
                  {formatNumber(pendingCount.data, language)}
                </span>
              )}
            </button>
          );
        })}
      </div>

      <PagedSection
        query={withdrawals}
        skeleton={{ columns: 8 }}
        empty={{
          title: tab === 'pending_review' ? t('withdrawals.empty_pending') : t('withdrawals.empty'),
          hint: tab === 'pending_review' ? t('withdrawals.empty_pending_hint') : undefined,
        }}
        pageSize={WITHDRAWALS_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
      >
        {(rows) => (
          <>
            <WithdrawalsTable rows={rows} onReview={(row, decision) => setReviewing({ row, decision })} />
            <WithdrawalsCards rows={rows} onReview={(row, decision) => setReviewing({ row, decision })} />
          </>
        )}
      </PagedSection>

      {reviewing && <ReviewDialog row={reviewing.row} decision={reviewing.decision} onClose={() => setReviewing(null)} />}
    </>
  );
}

type OnReview = (row: AdminWithdrawal, decision: ReviewDecision['decision']) => void;

function PixKey({ row }: { row: AdminWithdrawal }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <div className="flex items-start gap-1.5">
        <Badge tone="slate">{t(`money.pix_types.${row.pix_key_type}`, { defaultValue: row.pix_key_type })}</Badge>
        {/* CPF, phone and CNPJ keys stay on one line; long e-mail and random keys wrap anywhere. */}
        <span className="min-w-0 font-mono text-[13px] leading-5 text-slate-100 [overflow-wrap:anywhere]" data-testid="pix-key">
          {row.pix_key}
        </span>
      </div>
      <p className="mt-0.5 truncate text-xs text-slate-400">{row.holder_name}</p>
    </div>
  );
}

function Wagering({ value }: { value: string }) {
  const language = useLanguage();
  const outstanding = !/^0+(\.0+)?$/.test(value);
  return (
    <span className={`whitespace-nowrap tabular-nums ${outstanding ? 'font-medium text-amber-300' : 'text-slate-500'}`}>
      {formatMoney(value, language)}
    </span>
  );
}

function ReviewButtons({ row, onReview, stretch = false }: { row: AdminWithdrawal; onReview: OnReview; stretch?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`flex gap-1.5 ${stretch ? '' : 'flex-col items-stretch 2xl:flex-row 2xl:justify-end'}`}>
      <button type="button" className={`btn-success h-8 px-2.5 ${stretch ? 'flex-1' : ''}`} onClick={() => onReview(row, 'approve')}>
        <CheckIcon width={15} height={15} />
        {t('withdrawals.approve')}
      </button>
      <button type="button" className={`btn-secondary h-8 px-2.5 ${stretch ? 'flex-1' : ''}`} onClick={() => onReview(row, 'reject')}>
        <CloseIcon width={15} height={15} className="text-rose-400" />
        {t('withdrawals.reject')}
      </button>
    </div>
  );
}

/** What happened after review: who and when, and the reason of a rejection. */
function Outcome({ row }: { row: AdminWithdrawal }) {
  const language = useLanguage();
  return (
    <div className="min-w-0 text-xs">
      <WithdrawalStatusBadge status={row.status} />
      {row.reviewed_at && (
        <p className="mt-1 whitespace-nowrap text-slate-400">
          {formatDateTime(row.reviewed_at, language)}
          {row.reviewed_by ? ` · ${row.reviewed_by}` : ''}
        </p>
      )}
      {row.reject_reason && (
        <p className="mt-0.5 max-w-56 truncate text-rose-300/90" title={row.reject_reason}>
          {row.reject_reason}
        </p>
      )}
    </div>
  );
}

function WithdrawalsTable({ rows, onReview }: { rows: AdminWithdrawal[]; onReview: OnReview }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      testId="withdrawals-table"
      collapse="lg"
      columns={[
        { label: t('withdrawals.columns.order') },
        { label: t('withdrawals.columns.member') },
        { label: t('withdrawals.columns.amount'), numeric: true },
        { label: t('withdrawals.columns.pix_key') },
        { label: t('withdrawals.columns.cpf') },
        { label: t('withdrawals.columns.wagering'), numeric: true, className: 'whitespace-normal!' },
        { label: t('withdrawals.columns.requested') },
        { label: t('withdrawals.columns.review'), numeric: true },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.id} data-order={row.order_no} className="transition-colors hover:bg-white/[0.025]">
          <td>
            <p className="whitespace-nowrap font-mono text-xs text-slate-300">{row.order_no}</p>
            <p className="font-mono text-[11px] text-slate-500">#{row.id}</p>
          </td>
          <td className="max-w-44">
            <Link to={`/members/${row.member_id}`} className="font-medium text-gold-300 hover:text-gold-400 hover:underline">
              {row.member_name}
            </Link>
            <p className="truncate text-xs text-slate-500">
              #{row.member_id} · {row.member_realname}
            </p>
          </td>
          <td className="whitespace-nowrap text-right text-base font-semibold text-white tabular-nums">
            {formatMoney(row.amount, language)}
          </td>
          <td className="min-w-48 max-w-72">
            <PixKey row={row} />
          </td>
          <td className="whitespace-nowrap font-mono text-[13px] tabular-nums">{row.member_cpf ?? '—'}</td>
          <td className="text-right">
            <Wagering value={row.member_ml_money} />
          </td>
          <td className="min-w-24 text-slate-400 tabular-nums">{formatDateTime(row.created_at, language)}</td>
          <td className="text-right">
            {row.status === 'pending_review' ? (
              <ReviewButtons row={row} onReview={onReview} />
            ) : (
              <div className="flex justify-end text-left">
                <Outcome row={row} />
              </div>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Phones and tablets: one card per withdrawal, the decision buttons at the bottom. */
function WithdrawalsCards({ rows, onReview }: { rows: AdminWithdrawal[]; onReview: OnReview }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <CardList collapse="lg" testId="withdrawals-cards">
      {rows.map((row) => (
        <li key={row.id} data-order={row.order_no} className="space-y-2.5 px-3 py-3.5">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Link to={`/members/${row.member_id}`} className="font-medium text-gold-300 hover:underline">
                {row.member_name}
              </Link>
              <p className="truncate text-xs text-slate-500">
                #{row.member_id} · {row.member_realname}
              </p>
            </div>
            <p className="shrink-0 text-lg font-semibold text-white tabular-nums">{formatMoney(row.amount, language)}</p>
          </div>
          <div className="rounded-lg border border-white/5 bg-navy-900/60 px-3 py-2">
            <PixKey row={row} />
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-xs">
            <div>
              <dt className="text-slate-500">{t('withdrawals.columns.cpf')}</dt>
              <dd className="font-mono tabular-nums">{row.member_cpf ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('withdrawals.columns.wagering')}</dt>
              <dd>
                <Wagering value={row.member_ml_money} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('withdrawals.columns.order')}</dt>
              <dd className="truncate font-mono">{row.order_no}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('withdrawals.columns.requested')}</dt>
              <dd className="text-slate-300">{formatDateTime(row.created_at, language)}</dd>
            </div>
          </dl>
          {row.status === 'pending_review' ? <ReviewButtons row={row} onReview={onReview} stretch /> : <Outcome row={row} />}
        </li>
      ))}
    </CardList>
  );
}

function ReviewDialog({ row, decision, onClose }: { row: AdminWithdrawal; decision: ReviewDecision['decision']; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const review = useReviewWithdrawal();
  const amount = formatMoney(row.amount, language);

  function confirm(reason: string) {
    const input: ReviewDecision = decision === 'approve' ? { id: row.id, decision } : { id: row.id, decision, reason };
    review.mutate(input, {
      onSuccess: ({ message }) => {
        toast.success(message || t(decision === 'approve' ? 'withdrawals.approved' : 'withdrawals.rejected'));
        onClose();
      },
      onError: (error) => {
        // Someone else decided first: nothing to do here, the refreshed queue shows what happened.
        if (isApiError(error) && error.status === 409) {
          toast.error(t('withdrawals.already_handled'));
          onClose();
        } else if (isApiError(error) && error.status === 502) {
          // The PSP refused the payout and the money went back to the member: a final answer.
          toast.error(error.message);
          onClose();
        }
      },
    });
  }

  const failure = review.isError && !(isApiError(review.error) && (review.error.status === 409 || review.error.status === 502));
  return (
    <ConfirmDialog
      open
      title={decision === 'approve' ? t('withdrawals.approve_title') : t('withdrawals.reject_title')}
      description={
        <div className="space-y-3">
          <p>{decision === 'approve' ? t('withdrawals.approve_description') : t('withdrawals.reject_description')}</p>
          <dl className="space-y-1.5 rounded-lg border border-white/10 bg-navy-900/70 p-3 text-sm" data-testid="review-summary">
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-slate-400">{t('withdrawals.columns.amount')}</dt>
              <dd className="text-lg font-semibold text-white tabular-nums">{amount}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-3">
              <dt className="shrink-0 text-slate-400">{t('withdrawals.columns.pix_key')}</dt>
              <dd className="min-w-0 text-right">
                <span className="text-xs text-slate-400">
                  {t(`money.pix_types.${row.pix_key_type}`, { defaultValue: row.pix_key_type })} ·{' '}
                </span>
                <span className="break-all font-mono text-slate-100">{row.pix_key}</span>
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-slate-400">{t('withdrawals.holder')}</dt>
              <dd className="truncate text-slate-200">{row.holder_name}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-slate-400">{t('withdrawals.columns.member')}</dt>
              <dd className="truncate text-slate-200">
                {row.member_name} · #{row.member_id}
              </dd>
            </div>
          </dl>
        </div>
      }
      confirmLabel={decision === 'approve' ? t('withdrawals.approve_confirm', { amount }) : t('withdrawals.reject_confirm')}
      tone={decision === 'approve' ? 'primary' : 'danger'}
      withReason={decision === 'reject'}
      reasonRequired={decision === 'reject'}
      pending={review.isPending}
      error={failure ? errorMessage(review.error) : null}
      onConfirm={confirm}
      onClose={() => {
        if (!review.isPending) onClose();
      }}
    />
  );
}
