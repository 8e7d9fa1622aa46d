import type {
  DashboardAlert,
  DashboardFigures,
  DashboardQueue,
  DashboardQueueKind,
  DashboardResponse,
} from '@casino/shared/schemas/dashboard';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateRangeFilter, dateFieldError, reportRangeLabels } from '../../../components/date-range-filter';
import { type DayBar, DayBars } from '../../../components/day-bars';
import { Badge, PageHeader, Skeleton } from '../../../components/feedback';
import { AlertIcon, CheckIcon } from '../../../components/icons';
import { ReportBody } from '../../../components/query-section';
import { centavosOf, formatMoney, formatNumber } from '../../../lib/format';
import { DAY_PATTERN } from '../../../lib/sao-paulo-days';
import { useLanguage } from '../../../lib/use-language';
import { matching, useUrlFilters } from '../../../lib/use-url-filters';
import { type DashboardFilters, useDashboard } from '../api/dashboard';

const PRESETS = ['today', '7d', '30d', 'month'] as const;

/** Where an operator works each queue and resolves each alert. */
const QUEUE_LINKS: Record<DashboardQueueKind, string> = {
  withdrawal_review: '/withdrawals?status=pending_review',
  kyc_review: '/kyc?status=pending',
  balance_returns: '/responsible?tab=returns&status=queued',
};
const ALERT_LINKS: Record<DashboardAlert['kind'], string | null> = {
  withdrawals_overdue: '/withdrawals?status=pending_review',
  liability_over_cap: '/sports/liability',
  // No page mends a ledger: the alert says to run the full check.
  ledger_check_failed: null,
};

type Day = DashboardResponse['days'][number];

/** The back office's landing page: today and the period at a glance, the queues and what needs attention. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { params, update } = useUrlFilters<'from' | 'to'>();
  const filters: DashboardFilters = { from: matching(params, 'from', DAY_PATTERN), to: matching(params, 'to', DAY_PATTERN) };
  const dashboard = useDashboard(filters);

  return (
    <>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <DateRangeFilter
        from={filters.from || dashboard.data?.from || ''}
        to={filters.to || dashboard.data?.to || ''}
        presets={PRESETS}
        labels={reportRangeLabels(t, 'dashboard')}
        serverError={dateFieldError(dashboard)}
        onApply={update}
        className="grid grid-cols-2 gap-3 p-3 lg:grid-cols-[repeat(2,minmax(0,10rem))_auto_1fr] lg:items-end"
        errorClassName="lg:col-span-4"
      />
      <ReportBody query={dashboard} className="space-y-4" placeholder={<DashboardSkeleton />}>
        {(data) => (
          <>
            <Alerts data={data} />
            <div className="grid gap-4 lg:grid-cols-2">
              <Queues queues={data.queues} />
              <GgrByProduct data={data} />
            </div>
            <Kpis data={data} />
            <p className="flex items-start gap-2 text-xs leading-5 text-slate-500">
              <AlertIcon width={13} height={13} className="mt-1 shrink-0" />
              <span>{t('dashboard.explain', { zone: data.time_zone })}</span>
            </p>
          </>
        )}
      </ReportBody>
    </>
  );
}

function DashboardSkeleton() {
  return (
    <div className="space-y-4">
      <Skeleton className="h-12 rounded-xl" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-44 rounded-xl" />
        ))}
      </div>
    </div>
  );
}

// ---- alerts -------------------------------------------------------------------------------------

function Alerts({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (data.alerts.length === 0) {
    return (
      <section aria-labelledby="dashboard-alerts" className="card flex items-center gap-2 px-4 py-3 text-sm text-emerald-300">
        <h2 id="dashboard-alerts" className="sr-only">
          {t('dashboard.alerts.title')}
        </h2>
        <CheckIcon width={16} height={16} aria-hidden="true" />
        {t('dashboard.alerts.none')}
      </section>
    );
  }
  return (
    <section aria-labelledby="dashboard-alerts" className="card border border-rose-500/30 p-3 sm:p-4">
      <h2 id="dashboard-alerts" className="mb-2 flex items-center gap-2 text-sm font-semibold text-rose-200">
        <AlertIcon width={16} height={16} aria-hidden="true" />
        {t('dashboard.alerts.title')}
      </h2>
      <ul className="divide-y divide-white/5">
        {data.alerts.map((alert) => {
          const link = ALERT_LINKS[alert.kind];
          const values = {
            count: alert.count,
            total: formatNumber(alert.count, language),
            minutes: alert.detail.minutes,
            cap: formatMoney(String(alert.detail.cap ?? ''), language),
            invariants: alert.detail.invariants,
          };
          return (
            <li key={alert.kind} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
              <span className="text-sm text-slate-200">{t(`dashboard.alerts.${alert.kind}`, values)}</span>
              {link ? (
                <Link to={link} className="btn-secondary h-8 shrink-0 self-start px-3 text-xs sm:self-auto">
                  {t(`dashboard.alerts.resolve.${alert.kind}`)}
                </Link>
              ) : (
                <span className="text-xs text-slate-400">{t(`dashboard.alerts.resolve.${alert.kind}`)}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

// ---- key figures --------------------------------------------------------------------------------

type Kpi = {
  key: string;
  label: string;
  colour: string;
  /** The figure of a day or period, as shown; null: the operator's role does not see it. */
  text: (figures: DashboardFigures) => string | null;
  value: (figures: DashboardFigures) => number;
  note?: (figures: DashboardFigures) => string | null;
  link?: string;
};

function Kpis({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (value: string | null | undefined) => (value == null ? null : formatMoney(value, language));
  const count = (value: number | null) => (value === null ? null : formatNumber(value, language));
  const orders = (figure: { count: number } | null) =>
    figure === null ? null : t('dashboard.kpi.orders', { count: figure.count, total: formatNumber(figure.count, language) });
  const kpis: Kpi[] = [
    {
      key: 'deposits',
      label: t('dashboard.kpi.deposits'),
      colour: '#34d399',
      text: (f) => money(f.deposits?.amount),
      value: (f) => centavosOf(f.deposits?.amount ?? '0'),
      note: (f) => orders(f.deposits),
      link: '/deposits?status=credited',
    },
    {
      key: 'withdrawals',
      label: t('dashboard.kpi.withdrawals'),
      colour: '#f87171',
      text: (f) => money(f.withdrawals?.amount),
      value: (f) => centavosOf(f.withdrawals?.amount ?? '0'),
      note: (f) => orders(f.withdrawals),
      link: '/withdrawals?status=paid',
    },
    {
      key: 'ggr',
      label: t('dashboard.kpi.ggr'),
      colour: '#f5c451',
      text: (f) => money(f.ggr?.total),
      value: (f) => centavosOf(f.ggr?.total ?? '0'),
    },
    {
      key: 'bonus_cost',
      label: t('dashboard.kpi.bonus_cost'),
      colour: '#a78bfa',
      text: (f) => money(f.bonus_cost),
      value: (f) => centavosOf(f.bonus_cost ?? '0'),
      link: '/promotions-report',
    },
    {
      key: 'new_players',
      label: t('dashboard.kpi.new_players'),
      colour: '#38bdf8',
      text: (f) => count(f.new_players),
      value: (f) => f.new_players ?? 0,
      link: '/members',
    },
    {
      key: 'active_players',
      label: t('dashboard.kpi.active_players'),
      colour: '#fb923c',
      text: (f) => count(f.active_players),
      value: (f) => f.active_players ?? 0,
    },
  ];
  const shown = kpis.filter((kpi) => kpi.text(data.totals) !== null);
  const todayInRange = data.today >= data.from && data.today <= data.to;
  const periodLabel = data.from === data.to ? t('dashboard.period_day') : t('dashboard.period_days', { count: data.days.length });

  return (
    <section aria-labelledby="dashboard-kpis">
      <h2 id="dashboard-kpis" className="sr-only">
        {t('dashboard.kpi.title')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {shown.map((kpi) => (
          <li key={kpi.key} className="card flex flex-col gap-2 p-3 sm:p-4" data-kpi={kpi.key}>
            <div className="flex items-center justify-between gap-2">
              <h3 className="flex items-center gap-1.5 text-[11px] font-medium uppercase tracking-wide text-slate-400">
                <span aria-hidden="true" className="size-2 rounded-sm" style={{ background: kpi.colour }} />
                {kpi.link ? (
                  <Link to={kpi.link} className="hover:text-white hover:underline">
                    {kpi.label}
                  </Link>
                ) : (
                  kpi.label
                )}
              </h3>
            </div>
            <dl className="grid grid-cols-2 gap-2">
              <div>
                <dt className="text-xs text-slate-500">{t('dashboard.today')}</dt>
                <dd className="text-lg font-semibold tabular-nums text-white" data-figure="today">
                  {kpi.text(data.today_figures)}
                </dd>
                {kpi.note && <dd className="text-xs text-slate-500">{kpi.note(data.today_figures)}</dd>}
              </div>
              <div>
                <dt className="text-xs text-slate-500">{periodLabel}</dt>
                <dd className="text-lg font-semibold tabular-nums text-slate-200" data-figure="period">
                  {kpi.text(data.totals)}
                </dd>
                {kpi.note && <dd className="text-xs text-slate-500">{kpi.note(data.totals)}</dd>}
              </div>
            </dl>
            <DayBars
              label={t('dashboard.chart_label', { figure: kpi.label, from: data.from, to: data.to })}
              colour={kpi.colour}
              highlight={todayInRange ? data.today : undefined}
              bars={data.days.map((day: Day): DayBar => ({ day: day.day, value: kpi.value(day), text: kpi.text(day) ?? '—' }))}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

// ---- GGR by product -----------------------------------------------------------------------------

const PRODUCTS = [
  { key: 'casino', link: '/game-results' },
  { key: 'house', link: '/game-results' },
  { key: 'sports', link: '/sports/report' },
] as const;

function GgrByProduct({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!data.totals.ggr) return null;
  const rows = PRODUCTS.filter((product) => data.totals.ggr?.[product.key] !== null);
  return (
    <section className="card p-3 sm:p-4" aria-labelledby="dashboard-ggr">
      <h2 id="dashboard-ggr" className="mb-3 text-sm font-semibold text-slate-200">
        {t('dashboard.ggr.title')}
      </h2>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th scope="col" className="pb-2 font-medium">
              {t('dashboard.ggr.product')}
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              {t('dashboard.today')}
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              {t('dashboard.ggr.period')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {rows.map((product) => (
            <tr key={product.key}>
              <th scope="row" className="py-2 text-left font-normal text-slate-300">
                <Link to={product.link} className="hover:text-white hover:underline">
                  {t(`dashboard.ggr.${product.key}`)}
                </Link>
              </th>
              <td className="py-2 text-right tabular-nums text-white">{formatMoney(data.today_figures.ggr?.[product.key], language)}</td>
              <td className="py-2 text-right tabular-nums text-slate-200">{formatMoney(data.totals.ggr?.[product.key], language)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="py-2 text-left font-semibold text-slate-200">
              {t('dashboard.ggr.total')}
            </th>
            <td className="py-2 text-right font-semibold tabular-nums text-white">
              {formatMoney(data.today_figures.ggr?.total, language)}
            </td>
            <td className="py-2 text-right font-semibold tabular-nums text-white">{formatMoney(data.totals.ggr.total, language)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

// ---- queues -------------------------------------------------------------------------------------

function Queues({ queues }: { queues: DashboardQueue[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (queues.length === 0) return null;
  return (
    <section className="card p-3 sm:p-4" aria-labelledby="dashboard-queues">
      <h2 id="dashboard-queues" className="mb-3 text-sm font-semibold text-slate-200">
        {t('dashboard.queues.title')}
      </h2>
      <ul className="divide-y divide-white/5">
        {queues.map((queue) => (
          <li key={queue.kind} className="flex items-center justify-between gap-3 py-2" data-queue={queue.kind}>
            <div className="min-w-0">
              <Link to={QUEUE_LINKS[queue.kind]} className="text-sm text-slate-200 hover:text-white hover:underline">
                {t(`dashboard.queues.${queue.kind}`)}
              </Link>
              <p className="text-xs text-slate-500">
                {queue.oldest_minutes === null
                  ? t('dashboard.queues.empty')
                  : t('dashboard.queues.oldest', { age: ageText(queue.oldest_minutes, t) })}
              </p>
            </div>
            <QueueCount count={queue.count}>{formatNumber(queue.count, language)}</QueueCount>
          </li>
        ))}
      </ul>
    </section>
  );
}

function QueueCount({ count, children }: { count: number; children: ReactNode }) {
  return <Badge tone={count === 0 ? 'slate' : 'amber'}>{children}</Badge>;
}

/** "45 min", "3 h 10 min", "2 d 4 h": how long the oldest item has waited. */
function ageText(minutes: number, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (minutes < 60) return t('dashboard.age.minutes', { minutes });
  if (minutes < 24 * 60) return t('dashboard.age.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  return t('dashboard.age.days', { days: Math.floor(minutes / (24 * 60)), hours: Math.floor((minutes % (24 * 60)) / 60) });
}
