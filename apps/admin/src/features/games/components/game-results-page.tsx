import { type GameResultRow, RESULTS_MIN_ROUNDS_TO_FLAG } from '@casino/shared/schemas/games-admin';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList, DataTable } from '../../../components/data-table';
import { DateRangeFilter, dateFieldError } from '../../../components/date-range-filter';
import { Badge, EmptyState, PageHeader, Skeleton, TableSkeleton } from '../../../components/feedback';
import { AlertIcon, ChevronDownIcon } from '../../../components/icons';
import { ReportBody } from '../../../components/query-section';
import { usePermission } from '../../../lib/auth';
import { centavosOf, formatMoney, formatNumber } from '../../../lib/format';
import { DAY_PATTERN, saoPauloToday } from '../../../lib/sao-paulo-days';
import { useLanguage } from '../../../lib/use-language';
import { matching, useUrlFilters } from '../../../lib/use-url-filters';
import { type ResultFilters, useGameResults } from '../api/games-admin';
import { ProviderFilter, useCategoryLabel, useFormatPercent } from './games-ui';

type SortKey = 'bets' | 'ggr' | 'rounds' | 'rtp';
const SORTERS: Record<SortKey, (row: GameResultRow) => number> = {
  bets: (row) => centavosOf(row.total_bet),
  ggr: (row) => centavosOf(row.ggr),
  rounds: (row) => row.rounds,
  rtp: (row) => (row.observed_rtp === null ? -1 : centavosOf(row.observed_rtp)),
};

const PRESETS = ['today', 'yesterday', '7d', '30d', 'month'] as const;

export function GameResultsPage() {
  const { t } = useTranslation();
  const { params, update } = useUrlFilters<'from' | 'to' | 'provider'>();
  const filters: ResultFilters = {
    from: matching(params, 'from', DAY_PATTERN),
    to: matching(params, 'to', DAY_PATTERN),
    plat_type: params.get('provider') ?? '',
  };
  const results = useGameResults(filters);
  const [sort, setSort] = useState<SortKey>('bets');
  const sorted = results.data ? [...results.data.list].sort((a, b) => SORTERS[sort](b) - SORTERS[sort](a)) : [];

  return (
    <>
      <PageHeader title={t('game_results.title')} subtitle={t('game_results.subtitle')} />

      <DateRangeFilter
        from={filters.from || results.data?.from || ''}
        to={filters.to || results.data?.to || ''}
        presets={PRESETS}
        labels={{
          from: t('game_results.from'),
          to: t('game_results.to'),
          apply: t('game_results.apply'),
          presets: t('game_results.presets_label'),
          preset: (preset) => t(`game_results.presets.${preset}`),
          dateOrder: t('game_results.date_order'),
        }}
        max={saoPauloToday()}
        serverError={dateFieldError(results)}
        onApply={update}
        className="grid grid-cols-2 gap-3 p-3 lg:grid-cols-[repeat(2,minmax(0,10rem))_minmax(0,14rem)_auto_1fr] lg:items-end"
        errorClassName="lg:col-span-5"
      >
        <ProviderFilter value={filters.plat_type} onChange={(value) => update({ provider: value })} className="col-span-2 lg:col-span-1" />
      </DateRangeFilter>

      <ReportBody
        query={results}
        placeholder={
          <>
            <TotalsSkeleton />
            <section className="card mt-4 overflow-hidden">
              <TableSkeleton columns={8} rows={5} />
            </section>
          </>
        }
      >
        {(data) => (
          <>
            <Totals totals={data.totals} />
            <section className="card mt-4 overflow-hidden">
              {data.list.length === 0 ? (
                <EmptyState title={t('game_results.empty')} hint={t('game_results.empty_hint')} />
              ) : (
                <>
                  <ResultsTable rows={sorted} totals={data.totals} sort={sort} onSort={setSort} />
                  <ResultsCards rows={sorted} />
                </>
              )}
            </section>
            <p className="mt-3 flex items-start gap-2 text-xs leading-5 text-slate-500">
              <AlertIcon width={13} height={13} className="mt-1 shrink-0" />
              <span>{t('game_results.explain', { rounds: RESULTS_MIN_ROUNDS_TO_FLAG, zone: data.time_zone })}</span>
            </p>
          </>
        )}
      </ReportBody>
    </>
  );
}

function Stat({ label, children, tone = 'default' }: { label: string; children: ReactNode; tone?: 'default' | 'good' | 'bad' }) {
  const color = tone === 'good' ? 'text-emerald-300' : tone === 'bad' ? 'text-rose-300' : 'text-white';
  return (
    <div className="card px-3.5 py-3">
      <p className="text-[11px] font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className={`mt-1 truncate text-lg font-semibold tabular-nums ${color}`}>{children}</p>
    </div>
  );
}

function TotalsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="card space-y-2 px-3.5 py-3">
          <Skeleton className="h-3 w-16" />
          <Skeleton className="h-6 w-24" />
        </div>
      ))}
    </div>
  );
}

type TotalFigures = { rounds: number; players: number; total_bet: string; total_win: string; ggr: string; observed_rtp: string | null };

function ggrTone(ggr: string): 'good' | 'bad' | 'default' {
  const value = centavosOf(ggr);
  return value > 0 ? 'good' : value < 0 ? 'bad' : 'default';
}

function Totals({ totals }: { totals: TotalFigures }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const formatPercent = useFormatPercent();
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6" data-testid="results-totals">
      <Stat label={t('game_results.columns.rounds')}>{formatNumber(totals.rounds, language)}</Stat>
      <Stat label={t('game_results.columns.players')}>{formatNumber(totals.players, language)}</Stat>
      <Stat label={t('game_results.columns.bets')}>{formatMoney(totals.total_bet, language)}</Stat>
      <Stat label={t('game_results.columns.wins')}>{formatMoney(totals.total_win, language)}</Stat>
      <Stat label={t('game_results.columns.ggr')} tone={ggrTone(totals.ggr)}>
        {formatMoney(totals.ggr, language)}
      </Stat>
      <Stat label={t('game_results.columns.observed')}>{formatPercent(totals.observed_rtp)}</Stat>
    </div>
  );
}

function DeviationBadge({ row }: { row: GameResultRow }) {
  const { t } = useTranslation();
  if (row.deviation === 'above') return <Badge tone="red">{t('game_results.deviation.above')}</Badge>;
  if (row.deviation === 'below') return <Badge tone="amber">{t('game_results.deviation.below')}</Badge>;
  if (row.rounds < RESULTS_MIN_ROUNDS_TO_FLAG)
    return <span className="text-xs text-slate-500">{t('game_results.deviation.few_rounds')}</span>;
  return <Badge tone="green">{t('game_results.deviation.ok')}</Badge>;
}

function RtpCell({ row }: { row: GameResultRow }) {
  const { t } = useTranslation();
  const formatPercent = useFormatPercent();
  return (
    <div className="text-right">
      <p
        className={`tabular-nums ${row.deviation === 'above' ? 'text-rose-300' : row.deviation === 'below' ? 'text-amber-300' : 'text-slate-100'}`}
      >
        {formatPercent(row.observed_rtp)}
      </p>
      {row.rtp_low !== null && row.rtp_high !== null && (
        <p className="whitespace-nowrap text-[11px] text-slate-500 tabular-nums" title={t('game_results.interval_title')}>
          {t('game_results.interval', { low: formatPercent(row.rtp_low), high: formatPercent(row.rtp_high) })}
        </p>
      )}
    </div>
  );
}

function GameCell({ row }: { row: GameResultRow }) {
  const categoryLabel = useCategoryLabel();
  const canSeeGames = usePermission('games.read');
  return (
    <div className="min-w-0">
      {canSeeGames ? (
        <Link to={`/games?q=${encodeURIComponent(row.code)}`} className="font-medium text-white hover:text-gold-300 hover:underline">
          {row.name}
        </Link>
      ) : (
        <span className="font-medium text-white">{row.name}</span>
      )}
      <p className="truncate text-[11px] text-slate-500">
        {row.provider_name} · {categoryLabel(row.category)} · <span className="font-mono">{row.code}</span>
      </p>
    </div>
  );
}

function SortHeader({ label, sortKey, sort, onSort }: { label: string; sortKey: SortKey; sort: SortKey; onSort: (key: SortKey) => void }) {
  const active = sort === sortKey;
  return (
    <th scope="col" className="text-right" aria-sort={active ? 'descending' : 'none'}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={`inline-flex items-center gap-1 uppercase tracking-wide hover:text-white ${active ? 'text-gold-300' : ''}`}
      >
        {label}
        <ChevronDownIcon width={12} height={12} className={active ? 'opacity-100' : 'opacity-30'} />
      </button>
    </th>
  );
}

function ResultsTable({
  rows,
  totals,
  sort,
  onSort,
}: {
  rows: GameResultRow[];
  totals: TotalFigures;
  sort: SortKey;
  onSort: (key: SortKey) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const formatPercent = useFormatPercent();
  return (
    <DataTable
      testId="results-table"
      collapse="md"
      head={
        <>
          <th scope="col">{t('game_results.columns.game')}</th>
          <SortHeader label={t('game_results.columns.rounds')} sortKey="rounds" sort={sort} onSort={onSort} />
          <th scope="col" className="hidden text-right 2xl:table-cell">
            {t('game_results.columns.players')}
          </th>
          <SortHeader label={t('game_results.columns.bets')} sortKey="bets" sort={sort} onSort={onSort} />
          <th scope="col" className="hidden text-right xl:table-cell">
            {t('game_results.columns.wins')}
          </th>
          <SortHeader label={t('game_results.columns.ggr')} sortKey="ggr" sort={sort} onSort={onSort} />
          <SortHeader label={t('game_results.columns.observed')} sortKey="rtp" sort={sort} onSort={onSort} />
          <th scope="col" className="text-right">
            {t('game_results.columns.declared')}
          </th>
          <th scope="col">{t('game_results.columns.check')}</th>
        </>
      }
      foot={
        <tr className="bg-navy-800/60 font-semibold text-white">
          <th scope="row" className="px-3 py-2.5 text-left text-xs uppercase tracking-wide text-slate-300">
            {t('game_results.totals')}
          </th>
          <td className="px-3 py-2.5 text-right tabular-nums">{formatNumber(totals.rounds, language)}</td>
          <td className="hidden px-3 py-2.5 text-right tabular-nums 2xl:table-cell">{formatNumber(totals.players, language)}</td>
          <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">{formatMoney(totals.total_bet, language)}</td>
          <td className="hidden whitespace-nowrap px-3 py-2.5 text-right tabular-nums lg:table-cell">
            {formatMoney(totals.total_win, language)}
          </td>
          <td className={`whitespace-nowrap px-3 py-2.5 text-right tabular-nums ${toneClass(totals.ggr)}`}>
            {formatMoney(totals.ggr, language)}
          </td>
          <td className="px-3 py-2.5 text-right tabular-nums">{formatPercent(totals.observed_rtp)}</td>
          <td colSpan={2} />
        </tr>
      }
    >
      {rows.map((row) => (
        <tr
          key={row.game_id}
          data-game={row.code}
          data-deviation={row.deviation ?? undefined}
          className={`transition-colors hover:bg-white/[0.025] ${
            row.deviation === 'above'
              ? 'bg-rose-500/[0.06] shadow-[inset_3px_0_0] shadow-rose-400'
              : row.deviation === 'below'
                ? 'bg-amber-500/[0.06] shadow-[inset_3px_0_0] shadow-amber-400'
                : ''
          }`}
        >
          <td className="max-w-56">
            <GameCell row={row} />
          </td>
          <td className="text-right tabular-nums">{formatNumber(row.rounds, language)}</td>
          <td className="hidden text-right tabular-nums 2xl:table-cell">{formatNumber(row.players, language)}</td>
          <td className="whitespace-nowrap text-right tabular-nums">{formatMoney(row.total_bet, language)}</td>
          <td className="hidden whitespace-nowrap text-right tabular-nums xl:table-cell">{formatMoney(row.total_win, language)}</td>
          <td className={`whitespace-nowrap text-right font-medium tabular-nums ${toneClass(row.ggr)}`}>
            {formatMoney(row.ggr, language)}
          </td>
          <td>
            <RtpCell row={row} />
          </td>
          <td className="text-right text-slate-400 tabular-nums">{formatPercent(row.declared_rtp)}</td>
          <td>
            <DeviationBadge row={row} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function toneClass(money: string): string {
  const tone = ggrTone(money);
  return tone === 'good' ? 'text-emerald-300' : tone === 'bad' ? 'text-rose-300' : '';
}

function ResultsCards({ rows }: { rows: GameResultRow[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const formatPercent = useFormatPercent();
  return (
    <CardList collapse="md">
      {rows.map((row) => (
        <li
          key={row.game_id}
          data-game={row.code}
          className={`space-y-2 px-3 py-3 ${row.deviation ? 'shadow-[inset_3px_0_0]' : ''} ${
            row.deviation === 'above' ? 'shadow-rose-400' : row.deviation === 'below' ? 'shadow-amber-400' : ''
          }`}
        >
          <div className="flex items-start justify-between gap-2">
            <GameCell row={row} />
            <DeviationBadge row={row} />
          </div>
          <dl className="grid grid-cols-3 gap-2 text-xs">
            <MiniFact label={t('game_results.columns.bets')}>{formatMoney(row.total_bet, language)}</MiniFact>
            <MiniFact label={t('game_results.columns.ggr')} className={toneClass(row.ggr)}>
              {formatMoney(row.ggr, language)}
            </MiniFact>
            <MiniFact label={t('game_results.columns.rounds')}>{formatNumber(row.rounds, language)}</MiniFact>
            <MiniFact label={t('game_results.columns.observed')}>{formatPercent(row.observed_rtp)}</MiniFact>
            <MiniFact label={t('game_results.columns.declared')}>{formatPercent(row.declared_rtp)}</MiniFact>
            <MiniFact label={t('game_results.columns.players')}>{formatNumber(row.players, language)}</MiniFact>
          </dl>
        </li>
      ))}
    </CardList>
  );
}

function MiniFact({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[10px] uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className={`truncate tabular-nums text-slate-200 ${className}`}>{children}</dd>
    </div>
  );
}
