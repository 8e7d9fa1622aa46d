import type { AdminFixtureDetail, AdminMarket, FixtureResultEntry } from '@casino/shared/schemas/sports-admin';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table';
import { Badge, EmptyState, ErrorState, PageHeader, Skeleton } from '../../../components/feedback';
import { ArrowLeftIcon, ChevronDownIcon } from '../../../components/icons';
import { Switch } from '../../../components/switch';
import { toastOutcome } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { usePermission } from '../../../lib/auth';
import { centavosOf, formatBasisPoints, formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useSetMarketStatus, useSportsFixture } from '../api/sports-admin';
import { ResultDialog, type ResultMode } from './result-dialog';
import {
  Fact,
  FixtureStatusBadge,
  liabilityClass,
  MarketStatusBadge,
  Stat,
  type Teams,
  useDisplayOdds,
  useMarketName,
  useSelectionName,
} from './sports-ui';

/**
 * Back office: one fixture as a trader works it. Every market with its prices, state and what the
 * book loses if each selection wins; suspend and reopen switches; the result entered, corrected
 * or the match cancelled (which pays or refunds players at once), and the history of results.
 */
export function FixturePage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const fixture = useSportsFixture(id);
  const [dialog, setDialog] = useState<ResultMode | null>(null);

  const back = (
    <Link to="/sports/fixtures" className="btn-ghost h-9 px-2.5">
      <ArrowLeftIcon width={16} height={16} />
      {t('sports.fixture.back')}
    </Link>
  );

  if (fixture.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    );
  }
  if (fixture.isError) {
    const notFound = isApiError(fixture.error) && fixture.error.status === 404;
    return (
      <>
        <PageHeader title={t('sports.fixture.title')} actions={back} />
        <section className="card">
          {notFound ? (
            <EmptyState title={t('sports.fixture.not_found')} />
          ) : (
            <ErrorState message={errorMessage(fixture.error)} onRetry={() => void fixture.refetch()} />
          )}
        </section>
      </>
    );
  }
  const data = fixture.data;
  return (
    <>
      <PageHeader title={`${data.home.name} x ${data.away.name}`} subtitle={<FixtureSubtitle fixture={data} />} actions={back} />
      <Summary fixture={data} />
      <div className="mt-4 grid gap-4 2xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="order-2 min-w-0 space-y-3 2xl:order-1" data-testid="fixture-markets">
          {data.markets.length === 0 ? (
            <section className="card">
              <EmptyState title={t('sports.fixture.no_markets')} />
            </section>
          ) : (
            data.markets.map((market) => <MarketCard key={market.id} fixture={data} market={market} />)
          )}
        </div>
        <ResultPanel fixture={data} onOpen={setDialog} />
      </div>
      {dialog && <ResultDialog fixture={data} mode={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}

function FixtureSubtitle({ fixture }: { fixture: AdminFixtureDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>{fixture.competition.name}</span>
      <span className="text-slate-600">·</span>
      <span className="tabular-nums">{formatDateTime(fixture.starts_at, language)}</span>
      <FixtureStatusBadge fixture={fixture} />
      {fixture.is_virtual && <Badge tone="gold">{t('sports.fixtures.virtual')}</Badge>}
    </span>
  );
}

function Summary({ fixture }: { fixture: AdminFixtureDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const showScore = fixture.status === 'live' || fixture.status === 'finished';
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label={t('sports.fixture.score')}>
        {showScore ? (
          <span data-testid="fixture-score">
            {fixture.home_score} – {fixture.away_score}
            {fixture.status === 'live' && <span className="ml-2 text-sm font-normal text-emerald-300">{fixture.minute}'</span>}
          </span>
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </Stat>
      <Stat label={t('sports.fixtures.columns.open_bets')}>{formatNumber(fixture.open_bets, language)}</Stat>
      <Stat label={t('sports.fixtures.columns.stakes')}>{formatMoney(fixture.stakes, language)}</Stat>
      <Stat label={t('sports.fixture.worst_case')} className={liabilityClass(fixture.liability)}>
        {formatMoney(fixture.liability, language)}
      </Stat>
    </div>
  );
}

/** Why the result buttons are off, when they are. */
function resultBlock(fixture: AdminFixtureDetail): 'virtual' | 'kickoff' | null {
  if (fixture.is_virtual) return 'virtual';
  if (!fixture.result_allowed) return 'kickoff';
  return null;
}

function ResultPanel({ fixture, onOpen }: { fixture: AdminFixtureDetail; onOpen: (mode: ResultMode) => void }) {
  const { t } = useTranslation();
  const canTrade = usePermission('sports.trade');
  const block = resultBlock(fixture);
  return (
    <aside className="card order-1 h-fit min-w-0 space-y-4 p-4 2xl:order-2" aria-labelledby="result-title">
      <div>
        <h2 id="result-title" className="text-sm font-semibold text-slate-200">
          {t('sports.fixture.result')}
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          {fixture.status === 'cancelled'
            ? t('sports.fixture.result_cancelled')
            : fixture.result_version > 0
              ? t('sports.fixture.result_current', {
                  home: fixture.home.name,
                  away: fixture.away.name,
                  score: `${fixture.home_score} x ${fixture.away_score}`,
                })
              : t('sports.fixture.result_none')}
        </p>
      </div>
      {canTrade && (
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary flex-1" disabled={block !== null} onClick={() => onOpen('result')}>
              {fixture.result_version > 0 ? t('sports.fixture.correct_result') : t('sports.fixture.enter_result')}
            </button>
            <button
              type="button"
              className="btn-secondary flex-1"
              disabled={fixture.is_virtual || fixture.status === 'cancelled'}
              onClick={() => onOpen('cancel')}
            >
              {t('sports.fixture.cancel_fixture')}
            </button>
          </div>
          {block && <p className="text-xs text-slate-500">{t(`sports.fixture.blocked_${block}`)}</p>}
        </div>
      )}
      <ResultHistory entries={fixture.results} />
      {fixture.server_seed_hash && (
        <dl className="space-y-2 border-t border-white/5 pt-3">
          <Fact label={t('sports.fixture.seed_hash')} className="font-mono text-[11px] whitespace-normal break-all">
            {fixture.server_seed_hash}
          </Fact>
          <Fact label={t('sports.fixture.seed')} className="font-mono text-[11px] whitespace-normal break-all">
            {fixture.server_seed ?? t('sports.fixture.seed_hidden')}
          </Fact>
        </dl>
      )}
    </aside>
  );
}

function ResultHistory({ entries }: { entries: FixtureResultEntry[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="border-t border-white/5 pt-3">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('sports.fixture.history')}</h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t('sports.fixture.history_empty')}</p>
      ) : (
        <ol className="mt-2 space-y-2" data-testid="result-history">
          {entries.map((entry, index) => (
            <li
              key={entry.version}
              className={`rounded-lg px-3 py-2 ring-1 ring-inset ${index === 0 ? 'bg-white/[0.03] ring-gold-400/25' : 'ring-white/5'}`}
            >
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold tabular-nums text-white">
                  {entry.kind === 'cancelled' ? t('sports.fixture.cancelled') : `${entry.home_score} x ${entry.away_score}`}
                </span>
                <span className="text-[11px] text-slate-500">
                  {index === 0 ? t('sports.fixture.current') : t('sports.fixture.replaced')} · v{entry.version}
                </span>
              </div>
              <p className="mt-0.5 text-[11px] text-slate-500">
                {formatDateTime(entry.created_at, language)} · {entry.operator_username ?? t('sports.fixture.virtual_league')}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Open or suspended, as a switch; a settled or void market is final, and one of a match that is over stays shut. */
function MarketSwitch({ fixture, market }: { fixture: AdminFixtureDetail; market: AdminMarket }) {
  const { t } = useTranslation();
  const canTrade = usePermission('sports.trade');
  const setStatus = useSetMarketStatus(fixture.id);
  const marketName = useMarketName()(market.type, market.line);
  if (!canTrade || (market.status !== 'open' && market.status !== 'suspended')) return null;
  const over = fixture.status === 'finished' || fixture.status === 'cancelled';
  const open = market.status === 'open';
  return (
    <Switch
      checked={open}
      label={open ? t('sports.fixture.suspend_named', { name: marketName }) : t('sports.fixture.open_named', { name: marketName })}
      pending={setStatus.isPending}
      disabled={!open && over}
      onChange={(next) => {
        const status = next ? 'open' : 'suspended';
        setStatus.mutate({ marketId: market.id, status }, toastOutcome(t(`sports.market_status.${status}`)));
      }}
    />
  );
}

function MarketCard({ fixture, market }: { fixture: AdminFixtureDetail; market: AdminMarket }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const marketName = useMarketName();
  const teams: Teams = { home: fixture.home.name, away: fixture.away.name };
  // Markets with bets and the main one open by default; long ones (correct score) wait for a click.
  const [expanded, setExpanded] = useState(market.open_bets > 0 || market.type === '1x2');
  const bodyId = useId();
  return (
    <section className="card overflow-hidden" data-market={market.id} data-status={market.status}>
      <div className="flex items-center gap-3 px-3.5 pt-2.5 pb-1">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((current) => !current)}
          className="flex min-w-0 flex-1 items-center gap-2 text-left font-medium text-white hover:text-gold-300"
        >
          <ChevronDownIcon
            width={15}
            height={15}
            className={`shrink-0 text-slate-500 transition-transform ${expanded ? '' : '-rotate-90'}`}
          />
          <span className="truncate">{marketName(market.type, market.line)}</span>
        </button>
        <span className={`text-sm font-medium tabular-nums ${liabilityClass(market.liability)}`} title={t('sports.fixture.worst_case')}>
          {formatMoney(market.liability, language)}
        </span>
        <MarketSwitch fixture={fixture} market={market} />
      </div>
      <div className="flex flex-wrap items-center gap-2 px-3.5 pb-2.5 pl-9">
        <MarketStatusBadge status={market.status} />
        <span className="text-[11px] text-slate-500 tabular-nums">
          v{market.version} · {t('sports.fixture.margin', { margin: formatBasisPoints(market.margin_bp, language) })}
          {market.open_bets > 0 &&
            ` · ${t('sports.fixture.bets_on_market', { count: market.open_bets, stakes: formatMoney(market.stakes, language) })}`}
        </span>
      </div>
      <div id={bodyId} hidden={!expanded}>
        <SelectionsTable market={market} teams={teams} />
      </div>
    </section>
  );
}

function SelectionsTable({ market, teams }: { market: AdminMarket; teams: Teams }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const selectionName = useSelectionName();
  const displayOdds = useDisplayOdds();
  const decided = market.status === 'settled' || market.status === 'void';
  const columns: Column[] = [
    { label: t('sports.fixture.columns.selection') },
    { label: t('sports.fixture.columns.odds'), numeric: true },
    { label: t('sports.fixture.columns.probability'), numeric: true, className: 'hidden sm:table-cell' },
    { label: t('sports.fixtures.columns.open_bets'), numeric: true, className: 'hidden sm:table-cell' },
    { label: t('sports.fixtures.columns.stakes'), numeric: true, className: 'hidden sm:table-cell' },
    { label: t('sports.fixture.columns.payout'), numeric: true, className: 'hidden md:table-cell' },
    { label: t('sports.fixture.columns.liability'), numeric: true },
  ];
  return (
    <div className="border-t border-white/5">
      <DataTable columns={columns}>
        {market.selections.map((selection) => (
          <tr key={selection.id} data-selection={selection.code}>
            <td className="max-w-48">
              <span className="flex items-center gap-2">
                <span className="truncate text-slate-100">
                  {selectionName({ type: market.type, line: market.line, code: selection.code }, teams)}
                </span>
                {decided && selection.result !== 'pending' && (
                  <Badge tone={selection.result === 'won' ? 'green' : selection.result === 'void' ? 'slate' : 'red'}>
                    {t(`sports.results.${selection.result}`)}
                  </Badge>
                )}
              </span>
            </td>
            <td className="text-right font-semibold tabular-nums text-gold-300">{displayOdds(selection.odds)}</td>
            <td className="hidden text-right text-slate-400 tabular-nums sm:table-cell">
              {formatBasisPoints(centavosOf(selection.probability), language)}
            </td>
            <td className="hidden text-right tabular-nums sm:table-cell">{formatNumber(selection.open_bets, language)}</td>
            <td className="hidden whitespace-nowrap text-right tabular-nums sm:table-cell">{formatMoney(selection.stakes, language)}</td>
            <td className="hidden whitespace-nowrap text-right tabular-nums md:table-cell">
              {formatMoney(selection.potential_payout, language)}
            </td>
            <td className={`whitespace-nowrap text-right font-medium tabular-nums ${liabilityClass(selection.liability)}`}>
              {formatMoney(selection.liability, language)}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
