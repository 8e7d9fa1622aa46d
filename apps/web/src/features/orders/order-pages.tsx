import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { NavLink } from 'react-router';
import { Card } from '../../components/card.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { moneyCentavos } from '../../lib/user.ts';
import type { ChartSeries } from './daily-chart.tsx';
import { type OrderTotals, type RangeDays, useOrderAssociation, useOrderDetails, useOrderFees } from './orders.api.ts';

const DailyChart = lazy(() => import('./daily-chart.tsx'));

const TABS = [
  { to: '/order-center', label: 'pages.order_details' },
  { to: '/order-center/fee', label: 'pages.order_fee' },
  { to: '/order-center/association', label: 'pages.order_association' },
];

const RANGES: { days: RangeDays; label: string }[] = [
  { days: 1, label: 'orders.today' },
  { days: 3, label: 'orders.last_3_days' },
  { days: 7, label: 'orders.last_7_days' },
];

const TOTALS: { key: keyof OrderTotals; label: string; tone: string }[] = [
  { key: 'total_recharge_amount', label: 'orders.total_recharge', tone: 'text-money' },
  { key: 'total_withdraw_amount', label: 'orders.total_withdraw', tone: 'text-gold' },
  { key: 'total_bonus_amount', label: 'orders.total_bonus', tone: 'text-[#a78bfa]' },
  { key: 'total_fee_amount', label: 'orders.total_fee', tone: 'text-soft' },
];

function OrderTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('pages.order_center')} className="grid grid-cols-3 gap-1 rounded-xl bg-surface p-1">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            `flex h-10 items-center justify-center truncate rounded-lg px-1 text-[13px] font-semibold transition ${
              isActive ? 'bg-surface-2 text-gold' : 'text-muted hover:text-white'
            }`
          }
        >
          {t(tab.label)}
        </NavLink>
      ))}
    </nav>
  );
}

/** Frame of the three order-centre pages: title, tabs, log-in prompt for a visitor. */
function OrderPage({ title, children }: { title: string; children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col">
      <PageHeader title={title} />
      {loggedIn ? (
        <div className="flex flex-col gap-4">
          <OrderTabs />
          {children}
        </div>
      ) : (
        <LoginRequired />
      )}
    </section>
  );
}

function Failure({ error }: { error: unknown }) {
  return <p className="rounded-2xl border border-danger/30 bg-danger/5 p-4 text-center text-sm text-soft">{errorMessage(error)}</p>;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage() === 'pt' ? 'pt-BR' : currentLanguage(), {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(date);
}

/** Axis labels: "R$ 1,2 mil" style, short enough for a phone. */
function formatAxis(reais: number): string {
  return new Intl.NumberFormat(currentLanguage() === 'pt' ? 'pt-BR' : 'en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(
    reais,
  );
}

function ChartCard({ daily }: { daily: NonNullable<ReturnType<typeof useOrderDetails>['data']>['daily'] }) {
  const { t } = useTranslation();
  const series: ChartSeries[] = [
    { key: 'total_recharge_amount', label: t('orders.total_recharge'), color: '#22c55e', kind: 'bar-left' },
    { key: 'total_withdraw_amount', label: t('orders.total_withdraw'), color: '#f5c451', kind: 'bar-right' },
    { key: 'total_bonus_amount', label: t('orders.total_bonus'), color: '#a78bfa', kind: 'line' },
  ];
  const anything = daily.some((day) => series.some((s) => moneyCentavos(day[s.key]) !== 0));
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-[15px] font-bold text-white">{t('orders.chart_title')}</h2>
        <ul className="flex flex-wrap gap-3 text-xs text-muted">
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className={`inline-block ${s.kind === 'line' ? 'h-0.5 w-3' : 'size-2.5 rounded-sm'}`} style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      </div>
      {anything ? (
        <Suspense fallback={<Skeleton className="h-[200px]" />}>
          <DailyChart daily={daily} series={series} formatAxis={formatAxis} />
        </Suspense>
      ) : (
        <p className="flex h-[120px] items-center justify-center rounded-xl border border-dashed border-line text-sm text-muted">
          {t('orders.chart_empty')}
        </p>
      )}
    </Card>
  );
}

/** /order-center: totals for today, the last 3 and the last 7 days, and a chart of the week. */
export function OrderDetailsPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [days, setDays] = useState<RangeDays>(1);
  const details = useOrderDetails(days, loggedIn);

  return (
    <OrderPage title={t('pages.order_center')}>
      <div role="tablist" aria-label={t('orders.range')} className="flex gap-2">
        {RANGES.map((range) => (
          <button
            key={range.days}
            type="button"
            role="tab"
            aria-selected={days === range.days}
            onClick={() => setDays(range.days)}
            className={`h-9 flex-1 rounded-full border px-3 text-[13px] font-semibold whitespace-nowrap transition sm:flex-none sm:px-5 ${
              days === range.days ? 'border-gold bg-gold/15 text-gold' : 'border-line text-muted hover:text-white'
            }`}
          >
            {t(range.label)}
          </button>
        ))}
      </div>
      {details.isError ? (
        <Failure error={details.error} />
      ) : (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4" role="tabpanel">
          {TOTALS.map((total) => (
            <Card key={total.key} className="flex flex-col gap-1 !p-4">
              <span className="text-xs text-muted">{t(total.label)}</span>
              {details.data ? (
                <span className={`truncate text-lg font-bold tabular-nums md:text-xl ${total.tone}`} data-testid={total.key}>
                  {formatMoney(details.data.details[total.key])}
                </span>
              ) : (
                <Skeleton className="h-7 w-24" />
              )}
            </Card>
          ))}
        </div>
      )}
      {details.data ? <ChartCard daily={details.data.daily} /> : details.isPending ? <Skeleton className="h-[260px]" /> : null}
    </OrderPage>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-2.5">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}

/** /order-center/fee: the fee charged on each deposit and withdrawal. */
export function OrderFeePage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const fees = useOrderFees(loggedIn);
  let body: ReactNode;
  if (fees.isPending) body = <ListSkeleton />;
  else if (fees.isError) body = <Failure error={fees.error} />;
  else if (fees.data.length === 0) body = <EmptyState text={t('empty.no_records')} />;
  else
    body = (
      <ul className="flex flex-col gap-2.5">
        {fees.data.map((item) => (
          <li key={`${item.kind}-${item.order_no}`} className="flex items-center gap-3 rounded-2xl border border-line/70 bg-surface p-3.5">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold text-white">
                {t(item.kind === 'deposit' ? 'pages.recharge' : 'pages.withdraw')} ·{' '}
                <span className="tabular-nums">{formatMoney(item.amount)}</span>
              </p>
              <p className="truncate font-mono text-xs text-muted">{item.order_no}</p>
              <p className="text-xs text-muted">{formatDate(item.created_at)}</p>
            </div>
            <div className="text-right">
              <p className="text-xs text-muted">{t('orders.fee')}</p>
              <p className="font-bold text-soft tabular-nums">{formatMoney(item.fee)}</p>
            </div>
          </li>
        ))}
      </ul>
    );
  return <OrderPage title={t('pages.order_fee')}>{body}</OrderPage>;
}

/** /order-center/association: every money movement of the member's account. */
export function OrderAssociationPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const items = useOrderAssociation(loggedIn);
  let body: ReactNode;
  if (items.isPending) body = <ListSkeleton />;
  else if (items.isError) body = <Failure error={items.error} />;
  else if (items.data.length === 0) body = <EmptyState text={t('empty.no_records')} />;
  else
    body = (
      <ul className="flex flex-col gap-2.5">
        {items.data.map((item) => {
          const value = moneyCentavos(item.amount);
          return (
            <li key={item.id} className="flex items-center gap-3 rounded-2xl border border-line/70 bg-surface p-3.5">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-white">
                  {t(`orders.codes.${item.code}`, { defaultValue: item.code.replace(/_/g, ' ') })}
                </p>
                <p className="text-xs text-muted">
                  #{item.id} · {formatDate(item.created_at)}
                </p>
              </div>
              <div className="text-right">
                <p className={`font-bold tabular-nums ${value > 0 ? 'text-money' : value < 0 ? 'text-danger' : 'text-soft'}`}>
                  {value > 0 ? '+' : ''}
                  {formatMoney(item.amount)}
                </p>
                {item.balance_after !== null ? (
                  <p className="text-xs text-muted tabular-nums">
                    {t('orders.balance_after')} {formatMoney(item.balance_after)}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    );
  return <OrderPage title={t('pages.order_association')}>{body}</OrderPage>;
}
