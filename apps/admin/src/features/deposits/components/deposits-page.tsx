import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '../../../components/feedback';
import { ChevronDownIcon, RefreshIcon, SearchIcon } from '../../../components/icons';
import { DEPOSIT_STATUS_LIST, DepositStatusBadge } from '../../../components/money-status';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { matching, oneOf, pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import type { AdminDeposit } from '../../../lib/types';
import { DEPOSITS_PAGE_SIZE, useDeposits } from '../api/deposits';

export function DepositsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { params, update: apply, clear } = useUrlFilters<'status' | 'member_id'>();
  const status = oneOf(params, 'status', DEPOSIT_STATUS_LIST);
  const memberId = matching(params, 'member_id', /^\d{1,12}$/);
  const deposits = useDeposits({ status, memberId, page: pageParam(params) });
  const statusId = useId();
  const memberInputId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    apply({ member_id: String(form.get('member_id') ?? '').replace(/\D/g, ''), page: 1 });
  }

  const filtered = status !== '' || memberId !== '';
  return (
    <>
      <PageHeader
        title={t('deposits.title')}
        subtitle={deposits.data ? t('common.total', { total: formatNumber(deposits.data.total, language) }) : t('deposits.subtitle')}
        actions={
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void deposits.refetch()}
            disabled={deposits.isFetching}
            aria-label={t('common.refresh')}
            title={t('common.refresh')}
          >
            <RefreshIcon width={16} height={16} className={deposits.isFetching ? 'animate-spin' : ''} />
            <span className="hidden sm:inline">{t('common.refresh')}</span>
          </button>
        }
      />

      <search className="mb-4 block">
        <form key={memberId} onSubmit={submit} className="card flex flex-col gap-3 p-3 sm:flex-row sm:items-end">
          <div className="sm:w-52">
            <label htmlFor={statusId} className="field-label">
              {t('deposits.status_label')}
            </label>
            <div className="relative">
              <select
                id={statusId}
                name="status"
                value={status}
                onChange={(event) => apply({ status: event.target.value, page: 1 })}
                className="input appearance-none pr-8"
              >
                <option value="">{t('deposits.status_all')}</option>
                {DEPOSIT_STATUS_LIST.map((value) => (
                  <option key={value} value={value}>
                    {t(`money.deposit_status.${value}`)}
                  </option>
                ))}
              </select>
              <ChevronDownIcon
                className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-slate-400"
                width={14}
                height={14}
              />
            </div>
          </div>
          <div className="sm:w-48">
            <label htmlFor={memberInputId} className="field-label">
              {t('deposits.member_label')}
            </label>
            <input
              id={memberInputId}
              name="member_id"
              inputMode="numeric"
              defaultValue={memberId}
              maxLength={12}
              autoComplete="off"
              placeholder={t('deposits.member_placeholder')}
              className="input"
            />
          </div>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary flex-1">
              <SearchIcon width={16} height={16} />
              {t('deposits.apply')}
            </button>
            {filtered && (
              <button type="button" className="btn-ghost" onClick={clear}>
                {t('deposits.clear')}
              </button>
            )}
          </div>
        </form>
      </search>

      <section className="card overflow-hidden" aria-busy={deposits.isFetching}>
        {deposits.isPending ? (
          <TableSkeleton columns={8} />
        ) : deposits.isError ? (
          <ErrorState message={errorMessage(deposits.error)} onRetry={() => void deposits.refetch()} />
        ) : deposits.data.list.length === 0 ? (
          <EmptyState title={filtered ? t('deposits.empty_filtered') : t('deposits.empty')} />
        ) : (
          <>
            <div className={`transition-opacity ${deposits.isPlaceholderData ? 'opacity-60' : ''}`}>
              <DepositsTable rows={deposits.data.list} />
              <DepositsCards rows={deposits.data.list} />
            </div>
            <Pagination
              page={deposits.data.page}
              pageSize={deposits.data.page_size || DEPOSITS_PAGE_SIZE}
              total={deposits.data.total}
              busy={deposits.isFetching}
              onPageChange={(next) => apply({ page: next })}
            />
          </>
        )}
      </section>
    </>
  );
}

function DepositsTable({ rows }: { rows: AdminDeposit[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="hidden overflow-x-auto lg:block">
      <table className="data-table" data-testid="deposits-table">
        <thead>
          <tr>
            <th scope="col">{t('deposits.columns.order')}</th>
            <th scope="col">{t('deposits.columns.member')}</th>
            <th scope="col" className="text-right">
              {t('deposits.columns.amount')}
            </th>
            <th scope="col">{t('deposits.columns.status')}</th>
            <th scope="col">{t('deposits.columns.end_to_end')}</th>
            <th scope="col">{t('deposits.columns.created')}</th>
            <th scope="col">
              {t('deposits.columns.credited')} / {t('deposits.columns.expires').toLocaleLowerCase()}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-order={row.order_no} className="transition-colors hover:bg-white/[0.025]">
              <td>
                <p className="whitespace-nowrap font-mono text-xs text-slate-300">{row.order_no}</p>
                <p className="text-[11px] text-slate-500">{row.method}</p>
              </td>
              <td>
                <Link to={`/members/${row.member_id}`} className="font-medium text-gold-300 hover:text-gold-400 hover:underline">
                  {row.member_name}
                </Link>
                <p className="font-mono text-[11px] text-slate-500">#{row.member_id}</p>
              </td>
              <td className="whitespace-nowrap text-right font-semibold text-white tabular-nums">{formatMoney(row.amount, language)}</td>
              <td>
                <DepositStatusBadge status={row.status} />
              </td>
              <td className="max-w-44 truncate font-mono text-xs text-slate-400" title={row.end_to_end_id ?? undefined}>
                {row.end_to_end_id ?? '—'}
              </td>
              <td className="whitespace-nowrap text-slate-400">{formatDateTime(row.created_at, language)}</td>
              {/* Once credited the expiry no longer matters; until then it is the time that counts. */}
              <td className="whitespace-nowrap">
                {row.credited_at ? (
                  <span className="text-slate-300">{formatDateTime(row.credited_at, language)}</span>
                ) : (
                  <span className="text-slate-500">—</span>
                )}
                {row.status !== 'credited' && (
                  <p className={`text-xs ${row.status === 'expired' ? 'text-slate-500' : 'text-amber-300/80'}`}>
                    {t('deposits.expires_at', { time: formatDateTime(row.expires_at, language) })}
                  </p>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DepositsCards({ rows }: { rows: AdminDeposit[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="divide-y divide-white/5 lg:hidden" data-testid="deposits-cards">
      {rows.map((row) => (
        <li key={row.id} data-order={row.order_no} className="space-y-1.5 px-3 py-3">
          <div className="flex items-center justify-between gap-2">
            <Link to={`/members/${row.member_id}`} className="truncate font-medium text-gold-300 hover:underline">
              {row.member_name}
            </Link>
            <span className="shrink-0 font-semibold text-white tabular-nums">{formatMoney(row.amount, language)}</span>
          </div>
          <div className="flex items-center justify-between gap-2 text-xs">
            <span className="truncate font-mono text-slate-400">{row.order_no}</span>
            <DepositStatusBadge status={row.status} />
          </div>
          {row.end_to_end_id && (
            <p className="truncate font-mono text-[11px] text-slate-500" title={row.end_to_end_id}>
              {t('deposits.columns.end_to_end')}: {row.end_to_end_id}
            </p>
          )}
          <p className="text-xs text-slate-500">
            {formatDateTime(row.created_at, language)}
            {row.credited_at
              ? ` · ${t('deposits.columns.credited')} ${formatDateTime(row.credited_at, language)}`
              : ` · ${t('deposits.expires_at', { time: formatDateTime(row.expires_at, language) })}`}
          </p>
        </li>
      ))}
    </ul>
  );
}
