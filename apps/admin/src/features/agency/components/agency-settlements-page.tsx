import type { AgencySettlementRow } from '@casino/shared/schemas/agency-admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { Badge, PageHeader } from '../../../components/feedback';
import { RefreshButton } from '../../../components/filter-bar';
import { PagedSection } from '../../../components/query-section';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { addDays, saoPauloToday } from '../../../lib/sao-paulo-days';
import { useLanguage } from '../../../lib/use-language';
import { pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import { AGENCY_PAGE_SIZE, useAgencySettlements, useSettleAgencyDay } from '../api/agency-admin';
import { isSettleableDay } from './agency-days';

/**
 * Back office: the daily settlements of agency commissions (one row per São Paulo day: running or
 * done, agents paid, total), and "settle a day": runs the settlement of a finished day now, or
 * again; commissions already paid are never paid twice, so a re-run pays only what was missing.
 */
export function AgencySettlementsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { params, update } = useUrlFilters();
  const settlements = useAgencySettlements(pageParam(params));

  return (
    <>
      <PageHeader
        title={t('agency_settlements.title')}
        subtitle={
          settlements.data ? t('common.total', { total: formatNumber(settlements.data.total, language) }) : t('agency_settlements.subtitle')
        }
        actions={<RefreshButton busy={settlements.isFetching} onRefresh={() => void settlements.refetch()} />}
      />
      <SettleDayForm />
      <PagedSection
        query={settlements}
        skeleton={{ columns: 6 }}
        empty={{ title: t('agency_settlements.empty'), hint: t('agency_settlements.empty_hint') }}
        pageSize={AGENCY_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
      >
        {(rows) => <SettlementsTable rows={rows} />}
      </PagedSection>
    </>
  );
}

/** Picks a finished day (yesterday by default) and settles it after a confirmation. */
function SettleDayForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const settle = useSettleAgencyDay();
  const yesterday = addDays(saoPauloToday(), -1);
  const [day, setDay] = useState(yesterday);
  const [confirming, setConfirming] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const dayId = useId();
  const valid = isSettleableDay(day);

  function open(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    setDialogError(null);
    setConfirming(true);
  }

  function confirm() {
    settle.mutate(day, {
      onSuccess: ({ data }) => {
        setConfirming(false);
        toast.success(
          data.paid_now > 0
            ? t('agency_settlements.settled_paid', { day: data.day, count: data.paid_now, total: formatMoney(data.total, language) })
            : t('agency_settlements.settled_nothing_new', { day: data.day }),
        );
      },
      onError: (error) =>
        setDialogError(isApiError(error) ? (Object.values(error.fieldErrors)[0]?.[0] ?? error.message) : errorMessage(error)),
    });
  }

  return (
    <>
      <form onSubmit={open} className="card mb-4 flex flex-col gap-3 p-3 sm:flex-row sm:items-end">
        <div className="sm:w-52">
          <label htmlFor={dayId} className="field-label">
            {t('agency_settlements.day_label')}
          </label>
          <input
            id={dayId}
            type="date"
            value={day}
            max={yesterday}
            onChange={(event) => setDay(event.target.value)}
            aria-invalid={valid ? undefined : true}
            className="input"
          />
        </div>
        <button type="submit" className="btn-primary" disabled={!valid || settle.isPending}>
          {t('agency_settlements.settle')}
        </button>
        <p className="text-xs leading-5 text-slate-500 sm:flex-1">{t('agency_settlements.settle_hint')}</p>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('agency_settlements.confirm_title', { day })}
        description={t('agency_settlements.confirm_text')}
        confirmLabel={t('agency_settlements.settle')}
        pending={settle.isPending}
        error={dialogError}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function SettlementsTable({ rows }: { rows: AgencySettlementRow[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      testId="agency-settlements"
      columns={[
        { label: t('agency_settlements.columns.day') },
        { label: t('agency_settlements.columns.status') },
        { label: t('agency_settlements.columns.agents'), numeric: true },
        { label: t('agency_settlements.columns.total'), numeric: true },
        { label: t('agency_settlements.columns.started') },
        { label: t('agency_settlements.columns.finished') },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.id} data-day={row.day}>
          <td className="whitespace-nowrap font-mono text-slate-200">
            <Link to={`/agency-commissions?day=${row.day}`} className="text-gold-300 hover:text-gold-400 hover:underline">
              {row.day}
            </Link>
          </td>
          <td>
            <Badge tone={row.status === 'done' ? 'green' : 'amber'}>
              {t(`agency_settlements.status.${row.status === 'done' ? 'done' : 'running'}`)}
            </Badge>
          </td>
          <td className="text-right tabular-nums">{formatNumber(row.agents, language)}</td>
          <td className="whitespace-nowrap text-right font-semibold text-white tabular-nums">{formatMoney(row.total, language)}</td>
          <td className="whitespace-nowrap text-slate-400">{formatDateTime(row.started_at, language)}</td>
          <td className="whitespace-nowrap text-slate-400">{formatDateTime(row.finished_at, language)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
