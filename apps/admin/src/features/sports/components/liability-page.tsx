import type { LiabilityRow } from '@casino/shared/schemas/sports-admin';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList, type Column, DataTable } from '../../../components/data-table';
import { Badge, PageHeader } from '../../../components/feedback';
import { SelectField } from '../../../components/form-field';
import { QuerySection } from '../../../components/query-section';
import { centavosOf, formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { oneOf, useUrlFilters } from '../../../lib/use-url-filters';
import { useLiabilityBoard } from '../api/sports-admin';
import { liabilityClass, MarketStatusBadge, useDisplayOdds, useMarketName, useSelectionName, usePercent } from './sports-ui';

/** "Flamengo x Palmeiras" back into its two teams. */
function teamsOf(name: string) {
  const at = name.indexOf(' x ');
  return at < 0 ? { home: name, away: name } : { home: name.slice(0, at), away: name.slice(at + 3) };
}

/**
 * Back office: the markets of undecided fixtures that would cost the book the most, worst first:
 * the selection it loses most on, its payouts less every stake on the market, and how much of the
 * per-market cap that uses (bets beyond the cap are refused at placement).
 */
export function LiabilityPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { params, update } = useUrlFilters<'virtual'>();
  const virtual = oneOf(params, 'virtual', ['0', '1']);
  const board = useLiabilityBoard(virtual);
  const selectId = useId();
  return (
    <>
      <PageHeader
        title={t('sports.liability.title')}
        subtitle={
          board.data
            ? t('sports.liability.subtitle_cap', { cap: formatMoney(board.data.max_market_liability, language) })
            : t('sports.liability.subtitle')
        }
        actions={
          <SelectField
            id={selectId}
            label={t('sports.fixtures.filter_kind')}
            value={virtual}
            onChange={(value) => update({ virtual: value })}
            className="w-44"
          >
            <option value="">{t('sports.fixtures.kind_all')}</option>
            <option value="0">{t('sports.fixtures.kind_real')}</option>
            <option value="1">{t('sports.fixtures.kind_virtual')}</option>
          </SelectField>
        }
      />
      <QuerySection
        query={board}
        skeleton={{ columns: 7, rows: 6 }}
        empty={{ title: t('sports.liability.empty'), hint: t('sports.liability.empty_hint') }}
        isEmpty={(data) => data.list.length === 0}
      >
        {(data) => (
          <div className={`transition-opacity ${board.isPlaceholderData ? 'opacity-60' : ''}`}>
            <LiabilityTable rows={data.list} />
            <LiabilityCards rows={data.list} />
          </div>
        )}
      </QuerySection>
      <p className="mt-3 text-xs leading-5 text-slate-500">{t('sports.liability.explain')}</p>
    </>
  );
}

/** The share of the cap as a bar and a percent; amber past half, red past 80%. */
function LimitBar({ percent }: { percent: string }) {
  const formatPercent = usePercent();
  const basisPoints = centavosOf(percent);
  const width = Math.min(100, basisPoints / 100);
  const colour = basisPoints >= 8_000 ? 'bg-rose-400' : basisPoints >= 5_000 ? 'bg-amber-400' : 'bg-emerald-400';
  return (
    <div className="flex items-center justify-end gap-2">
      <span className="h-1.5 w-16 overflow-hidden rounded-full bg-white/5" aria-hidden="true">
        <span className={`block h-full rounded-full ${colour}`} style={{ width: `${width}%` }} />
      </span>
      <span className="w-14 text-right text-xs tabular-nums text-slate-300">{formatPercent(percent)}</span>
    </div>
  );
}

function MarketCell({ row }: { row: LiabilityRow }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const marketName = useMarketName();
  return (
    <div className="min-w-0">
      <Link to={`/sports/fixtures/${row.fixture_id}`} className="font-medium text-white hover:text-gold-300 hover:underline">
        {row.fixture_name}
      </Link>
      <p className="flex flex-wrap items-center gap-1.5 text-[11px] text-slate-500">
        {marketName(row.market_type, row.line)} · {row.competition} · {formatDateTime(row.starts_at, language)}
        {row.is_virtual && <Badge tone="gold">{t('sports.fixtures.virtual')}</Badge>}
      </p>
    </div>
  );
}

function LiabilityTable({ rows }: { rows: LiabilityRow[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const selectionName = useSelectionName();
  const displayOdds = useDisplayOdds();
  const columns: Column[] = [
    { label: t('sports.liability.columns.market') },
    { label: t('sports.liability.columns.state') },
    { label: t('sports.liability.columns.worst') },
    { label: t('sports.fixtures.columns.open_bets'), numeric: true },
    { label: t('sports.fixtures.columns.stakes'), numeric: true },
    { label: t('sports.fixture.columns.payout'), numeric: true, className: 'hidden lg:table-cell' },
    { label: t('sports.fixture.columns.liability'), numeric: true },
    { label: t('sports.liability.columns.cap'), numeric: true },
  ];
  return (
    <DataTable testId="sports-liability" columns={columns} collapse="md">
      {rows.map((row) => (
        <tr key={row.market_id} data-market={row.market_id}>
          <td className="max-w-80">
            <MarketCell row={row} />
          </td>
          <td>
            <MarketStatusBadge status={row.market_status} />
          </td>
          <td className="whitespace-nowrap">
            {selectionName({ type: row.market_type, line: row.line, code: row.worst_selection }, teamsOf(row.fixture_name))}{' '}
            <span className="text-gold-300 tabular-nums">@ {displayOdds(row.worst_odds)}</span>
          </td>
          <td className="text-right tabular-nums">{formatNumber(row.open_bets, language)}</td>
          <td className="whitespace-nowrap text-right tabular-nums">{formatMoney(row.stakes, language)}</td>
          <td className="hidden whitespace-nowrap text-right tabular-nums lg:table-cell">{formatMoney(row.potential_payout, language)}</td>
          <td className={`whitespace-nowrap text-right font-semibold tabular-nums ${liabilityClass(row.liability)}`}>
            {formatMoney(row.liability, language)}
          </td>
          <td>
            <LimitBar percent={row.limit_used} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function LiabilityCards({ rows }: { rows: LiabilityRow[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const selectionName = useSelectionName();
  const displayOdds = useDisplayOdds();
  return (
    <CardList collapse="md">
      {rows.map((row) => (
        <li key={row.market_id} data-market={row.market_id} className="space-y-2 px-3 py-3">
          <div className="flex items-start justify-between gap-2">
            <MarketCell row={row} />
            <MarketStatusBadge status={row.market_status} />
          </div>
          <p className="text-xs text-slate-400">
            {t('sports.liability.columns.worst')}:{' '}
            {selectionName({ type: row.market_type, line: row.line, code: row.worst_selection }, teamsOf(row.fixture_name))} @{' '}
            {displayOdds(row.worst_odds)}
          </p>
          <div className="flex items-center justify-between gap-2">
            <span className={`font-semibold tabular-nums ${liabilityClass(row.liability)}`}>{formatMoney(row.liability, language)}</span>
            <LimitBar percent={row.limit_used} />
          </div>
        </li>
      ))}
    </CardList>
  );
}
