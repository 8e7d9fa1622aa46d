import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { BlockSkeleton, formatDateTime, LoadError, PromoPage, PromotionTabs } from './promo-ui.tsx';
import {
  type CoverHistory,
  type CoverItem,
  HISTORY_DAYS,
  HISTORY_PAGE_SIZE,
  type HistoryDays,
  useCoverHistory,
  usePromotionHistory,
} from './promotions.api.ts';

/** Today / 3 days / 7 days (spec section 9), plus "all" where the screen allows it. */
function RangeTabs<T extends HistoryDays | null>({
  value,
  options,
  onChange,
}: {
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
}) {
  const { t } = useTranslation('promo');
  return (
    <div
      role="tablist"
      aria-label={t('history.range')}
      className="grid gap-1 rounded-xl border border-line bg-surface p-1"
      style={{ gridTemplateColumns: `repeat(${options.length}, minmax(0, 1fr))` }}
    >
      {options.map((option) => (
        <button
          key={String(option)}
          type="button"
          role="tab"
          aria-selected={option === value}
          onClick={() => onChange(option)}
          className={`h-9 rounded-lg text-sm font-semibold transition ${option === value ? 'bg-gold text-ink' : 'text-soft hover:text-white'}`}
        >
          {option === null ? t('history.all') : t(`history.days_${option}`)}
        </button>
      ))}
    </div>
  );
}

function CoverStatus({ status }: { status: CoverItem['status'] }) {
  const { t } = useTranslation('promo');
  const tone = status === 'completed' ? 'bg-money/15 text-money ring-money/30' : 'bg-gold/15 text-gold ring-gold/30';
  return (
    <span
      className={`inline-flex h-6 items-center rounded-full px-2.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
      data-status={status}
    >
      {t(`history.status_${status}`)}
    </span>
  );
}

/** One credited bonus: where it came from, when, how much and the turnover it asked for. */
function BonusRow({ item }: { item: CoverItem }) {
  const { t } = useTranslation('promo');
  return (
    <li
      className="flex items-center gap-3 rounded-2xl border border-line/70 bg-surface p-3.5"
      data-testid="bonus-row"
      data-source={item.source}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="truncate text-[15px] font-semibold text-white">{item.source_name}</p>
        <p className="text-xs text-muted tabular-nums">{formatDateTime(item.created_at)}</p>
        <p className="text-xs text-soft">
          {t('history.wagering')}: <span className="font-semibold text-white tabular-nums">{formatMoney(item.wagering)}</span>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1.5">
        <span className="text-base font-bold text-money tabular-nums">+{formatMoney(item.amount)}</span>
        <CoverStatus status={item.status} />
      </div>
    </li>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('promo');
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <div className="flex items-center justify-between gap-3 pt-1">
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('history.previous')}
      </Button>
      <span className="text-sm text-muted tabular-nums">
        {page} / {pages}
      </span>
      <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('history.next')}
      </Button>
    </div>
  );
}

type HistoryQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: CoverHistory | undefined;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/** The list part shared by both screens: loading, failure, the spec's empty text, rows and pager. */
function BonusList({
  query,
  page,
  onPage,
  emptyText,
  label,
}: {
  query: HistoryQuery;
  page: number;
  onPage: (p: number) => void;
  emptyText: string;
  label: string;
}) {
  const { t } = useTranslation('promo');
  if (query.isPending) return <BlockSkeleton rows={4} height="h-[84px]" />;
  if (query.isError || !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.list.length === 0)
    return (
      <EmptyState text={emptyText}>
        <Link to="/promotion/activity" className={buttonClass('gold', 'sm')}>
          {t('history.see_activities')}
        </Link>
      </EmptyState>
    );
  return (
    <>
      <ul className={`flex flex-col gap-2.5 transition ${query.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={label}>
        {query.data.list.map((item) => (
          <BonusRow key={item.id} item={item} />
        ))}
      </ul>
      <Pager page={page} total={query.data.total} onPage={onPage} />
    </>
  );
}

function MemberOnly({ children }: { children: ReactNode }) {
  return useIsLoggedIn() ? children : <LoginRequired />;
}

/** /promotion/history: the member's activity claims, today, in 3 or in 7 days. */
export function PromotionHistoryPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promo');
  const loggedIn = useIsLoggedIn();
  const [days, setDays] = useState<HistoryDays>(7);
  const [page, setPage] = useState(1);
  const history = usePromotionHistory(days, page, loggedIn);
  return (
    <PromoPage title={t('pages.promotion_history')}>
      <PromotionTabs />
      <MemberOnly>
        <RangeTabs
          value={days}
          options={HISTORY_DAYS}
          onChange={(value) => {
            setDays(value);
            setPage(1);
          }}
        />
        {history.data && history.data.list.length > 0 ? (
          <p className="text-sm text-soft" data-testid="history-total">
            {tp('history.period_total')}:{' '}
            <span className="font-bold text-money tabular-nums">{formatMoney(history.data.total_amount)}</span>
          </p>
        ) : null}
        <BonusList query={history} page={page} onPage={setPage} emptyText={t('empty.no_records')} label={t('pages.promotion_history')} />
      </MemberOnly>
    </PromoPage>
  );
}

/** The totals of the cover screen: every bonus received and the turnover still owed (ml_money). */
function CoverTotals({ data }: { data: CoverHistory }) {
  const { t } = useTranslation('promo');
  return (
    <dl className="grid grid-cols-2 gap-2 rounded-2xl border border-line/70 bg-surface p-3" data-testid="cover-totals">
      <div className="flex min-w-0 flex-col gap-0.5 rounded-xl bg-ink/40 px-3 py-2.5">
        <dt className="truncate text-xs text-muted">{t('history.total_bonus')}</dt>
        <dd className="truncate text-lg font-black text-money tabular-nums">{formatMoney(data.total_amount)}</dd>
      </div>
      <div className="flex min-w-0 flex-col gap-0.5 rounded-xl bg-ink/40 px-3 py-2.5">
        <dt className="truncate text-xs text-muted">{t('history.wagering_left')}</dt>
        <dd className="truncate text-lg font-black text-gold tabular-nums" data-testid="wagering-left">
          {formatMoney(data.wagering_left)}
        </dd>
      </div>
      <p className="col-span-2 px-1 text-xs text-muted">{t('history.wagering_hint')}</p>
    </dl>
  );
}

const COVER_RANGES = [null, ...HISTORY_DAYS] as const;

/** /promotion/cover: every bonus credited, its source, amount, turnover and status, with totals. */
export function CoverHistoryPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [days, setDays] = useState<HistoryDays | null>(null);
  const [page, setPage] = useState(1);
  const cover = useCoverHistory(days, page, loggedIn);
  return (
    <PromoPage title={t('pages.promotion_cover')}>
      <PromotionTabs />
      <MemberOnly>
        {cover.data ? <CoverTotals data={cover.data} /> : null}
        <RangeTabs
          value={days}
          options={COVER_RANGES}
          onChange={(value) => {
            setDays(value);
            setPage(1);
          }}
        />
        <BonusList query={cover} page={page} onPage={setPage} emptyText={t('empty.no_data')} label={t('pages.promotion_cover')} />
      </MemberOnly>
    </PromoPage>
  );
}
