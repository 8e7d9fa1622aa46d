import type { AgencyCommissionRow } from '@casino/shared/schemas/agency-admin';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/feedback';
import { FilterActions, FilterBar } from '../../../components/filter-bar';
import { Field } from '../../../components/form-field';
import { PagedSection } from '../../../components/query-section';
import { formatBasisPoints, formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { matching, pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import { AGENCY_PAGE_SIZE, useAgencyCommissions } from '../api/agency-admin';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Back office: every commission paid, one row per agent, subordinate, day and source, newest
 * first, with the base, the rate and the amount; filtered by agent (member id) and day.
 */
export function AgencyCommissionsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { params, update: apply, clear } = useUrlFilters<'agent_id' | 'day'>();
  const agentId = matching(params, 'agent_id', /^\d{1,12}$/);
  const day = matching(params, 'day', DAY);
  const commissions = useAgencyCommissions({ agentId, day, page: pageParam(params) });
  const agentInputId = useId();
  const dayInputId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const nextDay = String(form.get('day') ?? '');
    apply({ agent_id: String(form.get('agent_id') ?? '').replace(/\D/g, ''), day: DAY.test(nextDay) ? nextDay : '', page: 1 });
  }

  const filtered = agentId !== '' || day !== '';
  return (
    <>
      <PageHeader
        title={t('agency_commissions.title')}
        subtitle={
          commissions.data
            ? t('agency_commissions.summary', {
                count: commissions.data.total,
                total: formatNumber(commissions.data.total, language),
                amount: formatMoney(commissions.data.total_amount, language),
              })
            : t('agency_commissions.subtitle')
        }
      />

      <FilterBar key={`${agentId}:${day}`} onSubmit={submit} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-end">
        <Field label={t('agency_commissions.agent_label')} id={agentInputId} className="sm:w-48">
          <input
            id={agentInputId}
            name="agent_id"
            inputMode="numeric"
            defaultValue={agentId}
            maxLength={12}
            autoComplete="off"
            placeholder={t('agency_commissions.agent_placeholder')}
            className="input"
          />
        </Field>
        <Field label={t('agency_commissions.day_label')} id={dayInputId} className="sm:w-48">
          <input id={dayInputId} name="day" type="date" defaultValue={day} className="input" />
        </Field>
        <FilterActions
          applyLabel={t('agency_commissions.apply')}
          clearLabel={t('agency_commissions.clear')}
          filtered={filtered}
          onClear={clear}
        />
      </FilterBar>

      <PagedSection
        query={commissions}
        skeleton={{ columns: 8 }}
        empty={{ title: filtered ? t('agency_commissions.empty_filtered') : t('agency_commissions.empty') }}
        pageSize={AGENCY_PAGE_SIZE}
        onPageChange={(page) => apply({ page })}
      >
        {(rows) => <CommissionsTable rows={rows} />}
      </PagedSection>
    </>
  );
}

function MemberLink({ id, account }: { id: number; account: string }) {
  return (
    <>
      <Link to={`/members/${id}`} className="font-medium text-gold-300 hover:text-gold-400 hover:underline">
        {account}
      </Link>
      <p className="font-mono text-[11px] text-slate-500">#{id}</p>
    </>
  );
}

function CommissionsTable({ rows }: { rows: AgencyCommissionRow[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      testId="agency-commissions"
      columns={[
        { label: t('agency_commissions.columns.day') },
        { label: t('agency_commissions.columns.agent') },
        { label: t('agency_commissions.columns.subordinate') },
        { label: t('agency_commissions.columns.source') },
        { label: t('agency_commissions.columns.base'), numeric: true },
        { label: t('agency_commissions.columns.rate'), numeric: true },
        { label: t('agency_commissions.columns.amount'), numeric: true },
        { label: t('agency_commissions.columns.paid') },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.id} data-commission={row.id}>
          <td className="whitespace-nowrap font-mono text-slate-300">{row.day}</td>
          <td>
            <MemberLink id={row.agent_id} account={row.agent_account} />
          </td>
          <td>
            <MemberLink id={row.subordinate_id} account={row.subordinate_account} />
            <p className="text-[11px] text-slate-500">
              {t(row.level === 1 ? 'agency_common.level_direct' : 'agency_common.level_indirect', { level: row.level })}
            </p>
          </td>
          <td className="whitespace-nowrap">{t(`agency_common.sources.${row.source === 'betting' ? 'betting' : 'recharge'}`)}</td>
          <td className="whitespace-nowrap text-right tabular-nums">{formatMoney(row.base, language)}</td>
          <td className="whitespace-nowrap text-right tabular-nums">{formatBasisPoints(row.rate_bp, language)}</td>
          <td className="whitespace-nowrap text-right font-semibold text-white tabular-nums">{formatMoney(row.amount, language)}</td>
          <td className="whitespace-nowrap text-slate-400">{formatDateTime(row.created_at, language)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
