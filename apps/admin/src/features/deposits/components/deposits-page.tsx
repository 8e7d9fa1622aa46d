import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList, DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/feedback';
import { FilterActions, FilterBar, RefreshButton } from '../../../components/filter-bar';
import { Field, SelectField } from '../../../components/form-field';
import { DEPOSIT_STATUS_LIST, DepositStatusBadge } from '../../../components/money-status';
import { PagedSection } from '../../../components/query-section';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import type { AdminDeposit } from '../../../lib/types';
import { useLanguage } from '../../../lib/use-language';
import { matching, oneOf, pageParam, useUrlFilters } from '../../../lib/use-url-filters';
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
        actions={<RefreshButton busy={deposits.isFetching} onRefresh={() => void deposits.refetch()} />}
      />

      <FilterBar key={memberId} onSubmit={submit} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-end">
        <SelectField
          id={statusId}
          label={t('deposits.status_label')}
          name="status"
          value={status}
          onChange={(value) => apply({ status: value, page: 1 })}
          className="sm:w-52"
        >
          <option value="">{t('deposits.status_all')}</option>
          {DEPOSIT_STATUS_LIST.map((value) => (
            <option key={value} value={value}>
              {t(`money.deposit_status.${value}`)}
            </option>
          ))}
        </SelectField>
        <Field label={t('deposits.member_label')} id={memberInputId} className="sm:w-48">
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
        </Field>
        <FilterActions applyLabel={t('deposits.apply')} clearLabel={t('deposits.clear')} filtered={filtered} onClear={clear} />
      </FilterBar>

      <PagedSection
        query={deposits}
        skeleton={{ columns: 8 }}
        empty={{ title: filtered ? t('deposits.empty_filtered') : t('deposits.empty') }}
        pageSize={DEPOSITS_PAGE_SIZE}
        onPageChange={(page) => apply({ page })}
      >
        {(rows) => (
          <>
            <DepositsTable rows={rows} />
            <DepositsCards rows={rows} />
          </>
        )}
      </PagedSection>
    </>
  );
}

function DepositsTable({ rows }: { rows: AdminDeposit[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      testId="deposits-table"
      collapse="lg"
      columns={[
        { label: t('deposits.columns.order') },
        { label: t('deposits.columns.member') },
        { label: t('deposits.columns.amount'), numeric: true },
        { label: t('deposits.columns.status') },
        { label: t('deposits.columns.end_to_end') },
        { label: t('deposits.columns.created') },
        { label: `${t('deposits.columns.credited')} / ${t('deposits.columns.expires').toLocaleLowerCase()}` },
      ]}
    >
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
    </DataTable>
  );
}

function DepositsCards({ rows }: { rows: AdminDeposit[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <CardList collapse="lg" testId="deposits-cards">
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
    </CardList>
  );
}
