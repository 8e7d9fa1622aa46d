import { COST_GROUPS, type CostGroup, type PromotionsReport, type PromotionsReportDay } from '@casino/shared/schemas/promotions-admin';
import { useTranslation } from 'react-i18next';
import { CardList, DataTable } from '../../../components/data-table';
import { DateRangeFilter, dateFieldError, reportRangeLabels } from '../../../components/date-range-filter';
import { Badge, EmptyState, PageHeader } from '../../../components/feedback';
import { AlertIcon, CheckIcon } from '../../../components/icons';
import { DayChart } from '../../../components/day-chart';
import { ChartCard, FiguresAndChartSkeleton, ReportBody } from '../../../components/query-section';
import { centavosOf, formatMoney, formatNumber } from '../../../lib/format';
import { localeOf } from '../../../lib/i18n';
import { DAY_PATTERN } from '../../../lib/sao-paulo-days';
import { useLanguage } from '../../../lib/use-language';
import { matching, useUrlFilters } from '../../../lib/use-url-filters';
import { type ReportFilters, usePromotionsReport } from '../api/promotions-admin';
import { useSourceLabel } from './promotions-ui';

/** The colour of each cost column, in the chart and its legend. */
const GROUP_COLOURS: Record<CostGroup, string> = {
  bonuses: '#f5c451',
  rebates: '#34d399',
  vip: '#a78bfa',
  agency: '#38bdf8',
};

const PRESETS = ['7d', '30d', 'month', '90d'] as const;

export function ReportPage() {
  const { t } = useTranslation();
  const { params, update } = useUrlFilters<'from' | 'to'>();
  const filters: ReportFilters = { from: matching(params, 'from', DAY_PATTERN), to: matching(params, 'to', DAY_PATTERN) };
  const report = usePromotionsReport(filters);

  return (
    <>
      <PageHeader title={t('promotions.report.title')} subtitle={t('promotions.report.subtitle')} />
      <DateRangeFilter
        from={filters.from || report.data?.from || ''}
        to={filters.to || report.data?.to || ''}
        presets={PRESETS}
        labels={reportRangeLabels(t, 'promotions.report')}
        serverError={dateFieldError(report)}
        onApply={update}
        className="grid grid-cols-2 gap-3 p-3 lg:grid-cols-[repeat(2,minmax(0,10rem))_auto_1fr] lg:items-end"
        errorClassName="lg:col-span-4"
      />

      <ReportBody query={report} className="space-y-4" placeholder={<FiguresAndChartSkeleton />}>
        {(data) => (
          <>
            <Totals report={data} />
            <ChartCard id="cost-chart-title" title={t('promotions.report.chart_title')}>
              <CostChart days={data.days} />
              <Legend />
            </ChartCard>
            <LedgerCheck report={data} />
            <section className="card overflow-hidden">
              {data.totals.claims === 0 && data.totals.ledger === '0.00' ? (
                <EmptyState title={t('promotions.report.empty')} hint={t('promotions.report.empty_hint')} />
              ) : (
                <>
                  <DaysTable report={data} />
                  <DaysCards report={data} />
                </>
              )}
            </section>
            <BySource report={data} />
            <p className="flex items-start gap-2 text-xs leading-5 text-slate-500">
              <AlertIcon width={13} height={13} className="mt-1 shrink-0" />
              <span>{t('promotions.report.explain', { zone: data.time_zone })}</span>
            </p>
          </>
        )}
      </ReportBody>
    </>
  );
}

function Totals({ report }: { report: PromotionsReport }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const cards: { key: string; label: string; value: string; colour?: string }[] = [
    ...COST_GROUPS.map((group) => ({
      key: group,
      label: t(`promotions.report.groups.${group}`),
      value: report.totals[group],
      colour: GROUP_COLOURS[group],
    })),
    { key: 'total', label: t('promotions.report.total'), value: report.totals.total },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      {cards.map((card) => (
        <div key={card.key} className={`card p-3 ${card.key === 'total' ? 'col-span-2 ring-1 ring-gold-400/25 lg:col-span-1' : ''}`}>
          <dt className="flex items-center gap-1.5 text-[11px] font-medium uppercase tracking-wide text-slate-500">
            {card.colour && <span aria-hidden="true" className="size-2 rounded-sm" style={{ background: card.colour }} />}
            {card.label}
          </dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums text-white">{formatMoney(card.value, language)}</dd>
          {card.key === 'total' && (
            <dd className="text-xs text-slate-500">
              {t('promotions.report.claims_count', { count: report.totals.claims, total: formatNumber(report.totals.claims, language) })}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/**
 * A stacked bar per day (bonuses, rebates, VIP, agency), drawn in SVG from integer centavos; the
 * ledger's figure is a tick over each bar, so a day where the two differ stands out.
 */
function CostChart({ days }: { days: PromotionsReportDay[] }) {
  const { t } = useTranslation();
  return (
    <DayChart
      label={t('promotions.report.chart_label', { days: days.length })}
      totalLabel={t('promotions.report.total')}
      ledgerLabel={t('promotions.report.ledger')}
      axisStroke="rgba(255,255,255,0.12)"
      positiveLedgerOnly
      days={days.map((day) => ({
        day: day.day,
        total: day.total,
        ledger: day.ledger,
        parts: COST_GROUPS.filter((group) => centavosOf(day[group]) > 0).map((group) => ({
          key: group,
          centavos: centavosOf(day[group]),
          colour: GROUP_COLOURS[group],
        })),
      }))}
    />
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-400">
      {COST_GROUPS.map((group) => (
        <li key={group} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: GROUP_COLOURS[group] }} />
          {t(`promotions.report.groups.${group}`)}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="h-0.5 w-3 bg-slate-100" />
        {t('promotions.report.ledger_tick')}
      </li>
    </ul>
  );
}

/** The check figure: the ledger's own total next to the claims', and what it is made of. */
function LedgerCheck({ report }: { report: PromotionsReport }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { reconciliation } = report;
  const codeLabel = (code: string) => t(`promotions.report.codes.${code}`, { defaultValue: code });
  return (
    <section className="card grid gap-4 p-4 md:grid-cols-2" aria-labelledby="ledger-check-title">
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="ledger-check-title" className="text-sm font-semibold text-slate-200">
            {t('promotions.report.check_title')}
          </h2>
          {reconciliation.agrees ? (
            <Badge tone="green">
              <CheckIcon width={12} height={12} />
              {t('promotions.report.agrees')}
            </Badge>
          ) : (
            <Badge tone="red">
              <AlertIcon width={12} height={12} />
              {t('promotions.report.disagrees')}
            </Badge>
          )}
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-xs text-slate-500">{t('promotions.report.claims_total')}</dt>
            <dd className="font-semibold tabular-nums text-white">{formatMoney(report.totals.total, language)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('promotions.report.ledger_total')}</dt>
            <dd className="font-semibold tabular-nums text-white">{formatMoney(report.totals.ledger, language)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('promotions.report.claims_from_expense')}</dt>
            <dd className="tabular-nums text-slate-200">{formatMoney(reconciliation.claims_from_expense, language)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('promotions.report.ledger_of_claims')}</dt>
            <dd className="tabular-nums text-slate-200">{formatMoney(reconciliation.ledger_of_claims, language)}</dd>
          </div>
        </dl>
        {reconciliation.unposted_claims > 0 && (
          <p role="alert" className="mt-2 text-xs text-rose-300">
            {t('promotions.report.unposted', { count: reconciliation.unposted_claims })}
          </p>
        )}
        <p className="mt-3 text-xs leading-5 text-slate-500">{t('promotions.report.check_explain')}</p>
      </div>
      <div>
        <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">{t('promotions.report.ledger_by_code')}</h3>
        {report.ledger_by_code.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{t('promotions.report.no_ledger')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-white/5 text-sm">
            {report.ledger_by_code.map((row) => (
              <li key={row.code} className="flex items-center justify-between gap-3 py-1.5">
                <span className="text-slate-300">
                  {codeLabel(row.code)} <span className="font-mono text-[11px] text-slate-500">{row.code}</span>
                </span>
                <span className="tabular-nums text-white">{formatMoney(row.amount, language)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function DaysTable({ report }: { report: PromotionsReport }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dayLabel = useDayFull();
  const money = (value: string) => formatMoney(value, language);
  return (
    <DataTable
      testId="cost-report-table"
      collapse="md"
      columns={[
        { label: t('promotions.report.columns.day') },
        ...COST_GROUPS.map((group) => ({ label: t(`promotions.report.groups.${group}`), numeric: true })),
        { label: t('promotions.report.total'), numeric: true },
        { label: t('promotions.report.ledger'), numeric: true },
        { label: t('promotions.report.columns.claims'), numeric: true },
      ]}
      foot={
        <tr className="bg-navy-800/60 font-semibold text-white">
          <th scope="row" className="px-3 py-2.5 text-left">
            {t('promotions.report.totals_row')}
          </th>
          {COST_GROUPS.map((group) => (
            <td key={group} className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">
              {money(report.totals[group])}
            </td>
          ))}
          <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">{money(report.totals.total)}</td>
          <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">{money(report.totals.ledger)}</td>
          <td className="px-3 py-2.5 text-right tabular-nums">{formatNumber(report.totals.claims, language)}</td>
        </tr>
      }
    >
      {[...report.days].reverse().map((day) => (
        <tr key={day.day} className={day.claims === 0 && day.ledger === '0.00' ? 'text-slate-500' : ''}>
          <td className="whitespace-nowrap tabular-nums">{dayLabel(day.day)}</td>
          {COST_GROUPS.map((group) => (
            <td key={group} className="whitespace-nowrap text-right tabular-nums">
              {money(day[group])}
            </td>
          ))}
          <td className={`whitespace-nowrap text-right font-medium tabular-nums ${day.total === '0.00' ? '' : 'text-white'}`}>
            {money(day.total)}
          </td>
          <td className={`whitespace-nowrap text-right tabular-nums ${day.ledger !== day.total ? 'text-amber-300' : ''}`}>
            {money(day.ledger)}
          </td>
          <td className="text-right tabular-nums">{formatNumber(day.claims, language)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** "01/03/2025" with the weekday, in the reader's order: days are São Paulo dates, not instants. */
function useDayFull() {
  const language = useLanguage();
  const format = new Intl.DateTimeFormat(localeOf(language), {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

function DaysCards({ report }: { report: PromotionsReport }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dayLabel = useDayFull();
  const days = [...report.days].reverse().filter((day) => day.claims > 0 || day.ledger !== '0.00');
  return (
    <CardList collapse="md">
      {days.map((day) => (
        <li key={day.day} className="px-3 py-3">
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm text-slate-300">{dayLabel(day.day)}</span>
            <span className="font-semibold tabular-nums text-white">{formatMoney(day.total, language)}</span>
          </div>
          <dl className="mt-1.5 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs text-slate-400">
            {COST_GROUPS.map((group) => (
              <div key={group} className="flex justify-between gap-2">
                <dt>{t(`promotions.report.groups.${group}`)}</dt>
                <dd className="tabular-nums">{formatMoney(day[group], language)}</dd>
              </div>
            ))}
            <div className="col-span-2 flex justify-between gap-2 border-t border-white/5 pt-1">
              <dt>{t('promotions.report.ledger')}</dt>
              <dd className={`tabular-nums ${day.ledger !== day.total ? 'text-amber-300' : ''}`}>{formatMoney(day.ledger, language)}</dd>
            </div>
          </dl>
        </li>
      ))}
      <li className="flex items-center justify-between gap-2 bg-navy-800/60 px-3 py-3 font-semibold text-white">
        <span>{t('promotions.report.totals_row')}</span>
        <span className="tabular-nums">{formatMoney(report.totals.total, language)}</span>
      </li>
    </CardList>
  );
}

function BySource({ report }: { report: PromotionsReport }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const sourceLabel = useSourceLabel();
  if (report.by_source.length === 0) return null;
  const top = Math.max(1, ...report.by_source.map((row) => centavosOf(row.amount)));
  return (
    <section className="card p-4" aria-labelledby="by-source-title">
      <h2 id="by-source-title" className="mb-3 text-sm font-semibold text-slate-200">
        {t('promotions.report.by_source')}
      </h2>
      <ul className="space-y-2">
        {report.by_source.map((row) => (
          <li key={row.source} className="grid grid-cols-[minmax(0,10rem)_1fr_auto] items-center gap-3 text-sm">
            <span className="truncate text-slate-300">{sourceLabel(row.source)}</span>
            <span className="h-2 overflow-hidden rounded-full bg-white/5" aria-hidden="true">
              <span
                className="block h-full rounded-full"
                style={{ width: `${(centavosOf(row.amount) / top) * 100}%`, background: GROUP_COLOURS[row.group] }}
              />
            </span>
            <span className="whitespace-nowrap text-right tabular-nums text-white">
              {formatMoney(row.amount, language)}
              <span className="ml-1.5 text-xs text-slate-500">({formatNumber(row.claims, language)})</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
