import type { SportsReport, SportsReportDay } from '@casino/shared/schemas/sports-admin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { DateRangeFilter, dateFieldError, reportRangeLabels } from '../../../components/date-range-filter';
import { EmptyState, PageHeader } from '../../../components/feedback';
import { AlertIcon } from '../../../components/icons';
import { DayChart } from '../../../components/day-chart';
import { ChartCard, FiguresAndChartSkeleton, ReportBody } from '../../../components/query-section';
import { centavosOf, formatMoney, formatNumber } from '../../../lib/format';
import { localeOf } from '../../../lib/i18n';
import { DAY_PATTERN, saoPauloToday } from '../../../lib/sao-paulo-days';
import { useLanguage } from '../../../lib/use-language';
import { matching, useUrlFilters } from '../../../lib/use-url-filters';
import { type ReportFilters, useSportsReport } from '../api/sports-admin';
import { ggrClass, Stat, usePercent } from './sports-ui';

const PRESETS = ['today', '7d', '30d', 'month', '90d'] as const;

/**
 * Back office: the sportsbook's gross gaming revenue over São Paulo days. Bets count on the day
 * they were settled (won, lost, void or cashed out); GGR is their stakes less what they paid. The
 * ledger's own figure for the book's house account sits beside it as the check.
 */
export function ReportPage() {
  const { t } = useTranslation();
  const { params, update } = useUrlFilters<'from' | 'to'>();
  const filters: ReportFilters = { from: matching(params, 'from', DAY_PATTERN), to: matching(params, 'to', DAY_PATTERN) };
  const report = useSportsReport(filters);

  return (
    <>
      <PageHeader title={t('sports.report.title')} subtitle={t('sports.report.subtitle')} />
      <DateRangeFilter
        from={filters.from || report.data?.from || ''}
        to={filters.to || report.data?.to || ''}
        presets={PRESETS}
        labels={reportRangeLabels(t, 'sports.report')}
        max={saoPauloToday()}
        serverError={dateFieldError(report)}
        onApply={update}
        className="grid grid-cols-2 gap-3 p-3 lg:grid-cols-[repeat(2,minmax(0,10rem))_auto_1fr] lg:items-end"
        errorClassName="lg:col-span-4"
      />

      <ReportBody query={report} className="space-y-4" placeholder={<FiguresAndChartSkeleton />}>
        {(data) => (
          <>
            <Totals report={data} />
            <ChartCard id="ggr-chart-title" title={t('sports.report.chart_title')}>
              <GgrChart days={data.days} />
              <Legend />
            </ChartCard>
            <LedgerCheck report={data} />
            {data.totals.bets === 0 ? (
              <section className="card">
                <EmptyState title={t('sports.report.empty')} hint={t('sports.report.empty_hint')} />
              </section>
            ) : (
              <>
                <CompetitionsTable report={data} />
                <DaysTable report={data} />
              </>
            )}
            <p className="flex items-start gap-2 text-xs leading-5 text-slate-500">
              <AlertIcon width={13} height={13} className="mt-1 shrink-0" />
              <span>{t('sports.report.explain', { zone: data.time_zone })}</span>
            </p>
          </>
        )}
      </ReportBody>
    </>
  );
}

function Totals({ report }: { report: SportsReport }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const percent = usePercent();
  const { totals } = report;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="sports-report-totals">
      <Stat label={t('sports.report.columns.bets')}>{formatNumber(totals.bets, language)}</Stat>
      <Stat label={t('sports.report.columns.stakes')}>{formatMoney(totals.stakes, language)}</Stat>
      <Stat label={t('sports.report.columns.payouts')}>{formatMoney(totals.payouts, language)}</Stat>
      <Stat label={t('sports.report.columns.ggr')} className={ggrClass(totals.ggr)}>
        {formatMoney(totals.ggr, language)}
      </Stat>
      <Stat label={t('sports.report.columns.margin')} className="col-span-2 lg:col-span-1">
        {percent(totals.margin)}
      </Stat>
    </div>
  );
}

/**
 * One bar per day from the zero line, up for the book's gain and down for its loss, drawn in SVG
 * from integer centavos; the ledger's figure for the day is a tick, so a day where the house
 * account moved differently (bets still open, corrections) stands out.
 */
function GgrChart({ days }: { days: SportsReportDay[] }) {
  const { t } = useTranslation();
  return (
    <DayChart
      label={t('sports.report.chart_label', { days: days.length })}
      totalLabel={t('sports.report.columns.ggr')}
      ledgerLabel={t('sports.report.ledger')}
      axisStroke="rgba(255,255,255,0.18)"
      startAtEnd
      days={days.map((day) => {
        const ggr = centavosOf(day.ggr);
        return {
          day: day.day,
          total: day.ggr,
          ledger: day.ledger,
          parts: ggr === 0 ? [] : [{ key: 'ggr', centavos: ggr, colour: ggr > 0 ? '#34d399' : '#fb7185' }],
        };
      })}
    />
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-400">
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="size-2.5 rounded-sm bg-emerald-400" />
        {t('sports.report.legend_gain')}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="size-2.5 rounded-sm bg-rose-400" />
        {t('sports.report.legend_loss')}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="h-0.5 w-3 bg-slate-100" />
        {t('sports.report.legend_ledger')}
      </li>
    </ul>
  );
}

/** The check figure: the house account's movement in the period next to the GGR, and what sets them apart. */
function LedgerCheck({ report }: { report: SportsReport }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { ledger } = report;
  const explained = centavosOf(ledger.difference) === centavosOf(ledger.open_stakes);
  return (
    <section className="card grid gap-4 p-4 md:grid-cols-2" aria-labelledby="ledger-check-title" data-testid="sports-ledger-check">
      <div>
        <h2 id="ledger-check-title" className="text-sm font-semibold text-slate-200">
          {t('sports.report.ledger_title')}
        </h2>
        <dl className="mt-3 space-y-1.5 text-sm">
          <Row label={t('sports.report.columns.ggr')}>{formatMoney(report.totals.ggr, language)}</Row>
          <Row label={t('sports.report.ledger')}>{formatMoney(ledger.house_net, language)}</Row>
          <Row label={t('sports.report.difference')}>{formatMoney(ledger.difference, language)}</Row>
          <Row label={t('sports.report.open_stakes')}>{formatMoney(ledger.open_stakes, language)}</Row>
        </dl>
        <p className={`mt-3 text-xs leading-5 ${explained ? 'text-emerald-300' : 'text-amber-300'}`}>
          {explained ? t('sports.report.ledger_explained') : t('sports.report.ledger_unexplained')}
        </p>
      </div>
      <div>
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('sports.report.by_code')}</h3>
        {ledger.by_code.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{t('sports.report.no_entries')}</p>
        ) : (
          <dl className="mt-2 space-y-1.5 text-sm">
            {ledger.by_code.map((entry) => (
              <Row key={entry.code} label={t(`sports.report.codes.${entry.code}`, { defaultValue: entry.code })}>
                {formatMoney(entry.amount, language)}
              </Row>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-slate-400">{label}</dt>
      <dd className="tabular-nums text-slate-100">{children}</dd>
    </div>
  );
}

/** The header of a figures table: the first column's label, then bets, stakes, payouts, GGR and margin. */
function useFigureColumns(first: string): Column[] {
  const { t } = useTranslation();
  return [
    { label: first },
    ...(['bets', 'stakes', 'payouts', 'ggr', 'margin'] as const).map((key) => ({
      label: t(`sports.report.columns.${key}`),
      numeric: true,
    })),
  ];
}

type Figures = { bets: number; stakes: string; payouts: string; ggr: string; margin: string | null };

function FigureCells({ figures }: { figures: Figures }) {
  const language = useLanguage();
  const percent = usePercent();
  return (
    <>
      <td className="text-right tabular-nums">{formatNumber(figures.bets, language)}</td>
      <td className="whitespace-nowrap text-right tabular-nums">{formatMoney(figures.stakes, language)}</td>
      <td className="whitespace-nowrap text-right tabular-nums">{formatMoney(figures.payouts, language)}</td>
      <td className={`whitespace-nowrap text-right font-medium tabular-nums ${ggrClass(figures.ggr)}`}>
        {formatMoney(figures.ggr, language)}
      </td>
      <td className="text-right tabular-nums text-slate-300">{percent(figures.margin)}</td>
    </>
  );
}

function CompetitionsTable({ report }: { report: SportsReport }) {
  const { t } = useTranslation();
  const columns = useFigureColumns(t('sports.report.columns.competition'));
  return (
    <section className="card overflow-hidden" aria-labelledby="by-competition-title">
      <h2 id="by-competition-title" className="px-4 pt-3 text-sm font-semibold text-slate-200">
        {t('sports.report.by_competition')}
      </h2>
      <DataTable
        testId="sports-report-competitions"
        columns={columns}
        foot={
          <tr className="bg-navy-800/60 font-semibold text-white">
            <th scope="row" className="px-3 py-2.5 text-left text-xs uppercase tracking-wide text-slate-300">
              {t('sports.report.totals')}
            </th>
            <FigureCells figures={report.totals} />
          </tr>
        }
      >
        {report.competitions.map((row) => (
          <tr key={row.competition_id ?? 'mixed'}>
            <td className="font-medium text-white">{row.competition_id === null ? t('sports.report.mixed') : row.competition}</td>
            <FigureCells figures={row} />
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function DaysTable({ report }: { report: SportsReport }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const figureColumns = useFigureColumns(t('sports.report.columns.day'));
  const columns = [...figureColumns, { label: t('sports.report.ledger'), numeric: true, className: 'hidden sm:table-cell' }];
  const dayFormat = new Intl.DateTimeFormat(localeOf(language), { weekday: 'short', day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  const days = report.days.filter((day) => day.bets > 0 || centavosOf(day.ledger) !== 0).reverse();
  return (
    <section className="card overflow-hidden" aria-labelledby="by-day-title">
      <h2 id="by-day-title" className="px-4 pt-3 text-sm font-semibold text-slate-200">
        {t('sports.report.by_day')}
      </h2>
      <DataTable testId="sports-report-days" columns={columns}>
        {days.map((day) => (
          <tr key={day.day}>
            <td className="whitespace-nowrap font-medium text-white tabular-nums">{dayFormat.format(new Date(`${day.day}T00:00:00Z`))}</td>
            <FigureCells figures={day} />
            <td className="hidden whitespace-nowrap text-right tabular-nums text-slate-400 sm:table-cell">
              {formatMoney(day.ledger, language)}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
