import { ADMIN_FIXTURE_FILTERS, type AdminFixture, RESULT_DUE_MINUTES } from '@casino/shared/schemas/sports-admin';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Badge, EmptyState, ErrorState, PageHeader, TableSkeleton } from '../../../components/feedback';
import { SelectField } from '../../../components/form-field';
import { ChevronRightIcon } from '../../../components/icons';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { FIXTURES_PAGE_SIZE, type FixtureFilters, useSportsCompetitions, useSportsFixtures } from '../api/sports-admin';
import { FixtureStatusBadge, FixtureTeams, liabilityClass } from './sports-ui';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
type FilterKey = Exclude<keyof FixtureFilters, 'page'>;

/** Filters live in the URL, so a trader's view survives reloads and the back button. */
function useFixtureFilters() {
  const [params, setParams] = useSearchParams();
  const read = (key: string, valid: (value: string) => boolean) => {
    const value = params.get(key) ?? '';
    return valid(value) ? value : '';
  };
  const filters: FixtureFilters = {
    competition_id: read('competition', (v) => /^\d{1,12}$/.test(v)),
    status: read('status', (v) => (ADMIN_FIXTURE_FILTERS as readonly string[]).includes(v)),
    from: read('from', (v) => DATE.test(v)),
    to: read('to', (v) => DATE.test(v)),
    virtual: read('virtual', (v) => v === '1' || v === '0'),
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
  function update(next: Partial<Record<FilterKey, string>> & { page?: number }) {
    const names: Record<FilterKey, string> = {
      competition_id: 'competition',
      status: 'status',
      from: 'from',
      to: 'to',
      virtual: 'virtual',
    };
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          const name = key === 'page' ? 'page' : names[key as FilterKey];
          if (value === undefined || value === '' || (key === 'page' && value === 1)) merged.delete(name);
          else merged.set(name, String(value));
        }
        // A new filter starts again from the first page.
        if (next.page === undefined) merged.delete('page');
        return merged;
      },
      { replace: true },
    );
  }
  return { filters, update };
}

/**
 * Back office: every fixture of the book with its state and what the book holds on it (open bets,
 * their stakes, the worst case of its markets). Real fixtures past their end without a result are
 * flagged, so none is left unsettled.
 */
export function FixturesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { filters, update } = useFixtureFilters();
  const fixtures = useSportsFixtures(filters);
  const competitions = useSportsCompetitions();
  const ids = { competition: useId(), status: useId(), virtual: useId(), from: useId(), to: useId() };
  const filtered = Object.entries(filters).some(([key, value]) => key !== 'page' && value !== '');
  const total = fixtures.data?.total;

  return (
    <>
      <PageHeader
        title={t('sports.fixtures.title')}
        subtitle={total === undefined ? t('sports.fixtures.subtitle') : t('common.total', { total: formatNumber(total, language) })}
      />
      <search className="mb-4 block">
        <form
          onSubmit={(event) => event.preventDefault()}
          className="card grid grid-cols-2 gap-3 p-3 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1.2fr))_repeat(2,minmax(0,1fr))]"
        >
          <SelectField
            id={ids.competition}
            label={t('sports.fixtures.filter_competition')}
            value={filters.competition_id}
            onChange={(value) => update({ competition_id: value })}
            className="col-span-2 lg:col-span-1"
          >
            <option value="">{t('sports.fixtures.all_competitions')}</option>
            {competitions.data?.map((competition) => (
              <option key={competition.id} value={competition.id}>
                {competition.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            id={ids.status}
            label={t('sports.fixtures.filter_status')}
            value={filters.status}
            onChange={(value) => update({ status: value })}
          >
            <option value="">{t('sports.fixtures.all_states')}</option>
            {ADMIN_FIXTURE_FILTERS.map((status) => (
              <option key={status} value={status}>
                {t(`sports.fixture_status.${status}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            id={ids.virtual}
            label={t('sports.fixtures.filter_kind')}
            value={filters.virtual}
            onChange={(value) => update({ virtual: value })}
          >
            <option value="">{t('sports.fixtures.kind_all')}</option>
            <option value="0">{t('sports.fixtures.kind_real')}</option>
            <option value="1">{t('sports.fixtures.kind_virtual')}</option>
          </SelectField>
          <div>
            <label htmlFor={ids.from} className="field-label">
              {t('sports.fixtures.from')}
            </label>
            <input
              id={ids.from}
              type="date"
              value={filters.from}
              onChange={(event) => update({ from: event.target.value })}
              className="input tabular-nums"
            />
          </div>
          <div>
            <label htmlFor={ids.to} className="field-label">
              {t('sports.fixtures.to')}
            </label>
            <input
              id={ids.to}
              type="date"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(event) => update({ to: event.target.value })}
              className="input tabular-nums"
            />
          </div>
        </form>
      </search>

      <section className="card overflow-hidden" aria-busy={fixtures.isFetching}>
        {fixtures.isPending ? (
          <TableSkeleton columns={7} />
        ) : fixtures.isError ? (
          <ErrorState message={errorMessage(fixtures.error)} onRetry={() => void fixtures.refetch()} />
        ) : fixtures.data.list.length === 0 ? (
          <EmptyState
            title={filtered ? t('sports.fixtures.empty_filtered') : t('sports.fixtures.empty')}
            hint={filtered ? t('sports.fixtures.empty_filtered_hint') : undefined}
          />
        ) : (
          <>
            <div className={`transition-opacity ${fixtures.isPlaceholderData ? 'opacity-60' : ''}`}>
              <FixturesTable fixtures={fixtures.data.list} />
              <FixturesCards fixtures={fixtures.data.list} />
            </div>
            <Pagination
              page={fixtures.data.page}
              pageSize={fixtures.data.page_size || FIXTURES_PAGE_SIZE}
              total={fixtures.data.total}
              busy={fixtures.isFetching}
              onPageChange={(page) => update({ page })}
            />
          </>
        )}
      </section>
      <p className="mt-3 text-xs leading-5 text-slate-500">{t('sports.fixtures.explain', { minutes: RESULT_DUE_MINUTES })}</p>
    </>
  );
}

function Score({ fixture }: { fixture: AdminFixture }) {
  if (fixture.status === 'scheduled' || fixture.status === 'cancelled') return <span className="text-slate-600">—</span>;
  return (
    <span className="font-semibold tabular-nums text-white">
      {fixture.home_score} – {fixture.away_score}
    </span>
  );
}

function FixtureCell({ fixture }: { fixture: AdminFixture }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <Link to={`/sports/fixtures/${fixture.id}`} className="font-medium text-white hover:text-gold-300 hover:underline">
        <FixtureTeams fixture={fixture} />
      </Link>
      <p className="mt-0.5 flex flex-wrap items-center gap-1.5 truncate text-[11px] text-slate-500">
        {fixture.competition.name}
        {fixture.is_virtual && <Badge tone="gold">{t('sports.fixtures.virtual')}</Badge>}
        {fixture.result_version > 1 && <Badge tone="amber">{t('sports.fixtures.corrected')}</Badge>}
      </p>
    </div>
  );
}

function FixturesTable({ fixtures }: { fixtures: AdminFixture[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="data-table" data-testid="sports-fixtures">
        <thead>
          <tr>
            <th scope="col">{t('sports.fixtures.columns.kickoff')}</th>
            <th scope="col">{t('sports.fixtures.columns.fixture')}</th>
            <th scope="col">{t('sports.fixtures.columns.status')}</th>
            <th scope="col" className="text-center">
              {t('sports.fixtures.columns.score')}
            </th>
            <th scope="col" className="text-right">
              {t('sports.fixtures.columns.open_bets')}
            </th>
            <th scope="col" className="text-right">
              {t('sports.fixtures.columns.stakes')}
            </th>
            <th scope="col" className="text-right">
              {t('sports.fixtures.columns.liability')}
            </th>
            <th scope="col">
              <span className="sr-only">{t('sports.fixtures.open')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fixtures.map((fixture) => (
            <tr
              key={fixture.id}
              data-fixture={fixture.id}
              className={`transition-colors hover:bg-white/[0.025] ${fixture.awaiting_result ? 'bg-amber-500/[0.05] shadow-[inset_3px_0_0] shadow-amber-400' : ''}`}
            >
              <td className="whitespace-nowrap text-slate-300 tabular-nums">{formatDateTime(fixture.starts_at, language)}</td>
              <td className="max-w-72">
                <FixtureCell fixture={fixture} />
              </td>
              <td>
                <FixtureStatusBadge fixture={fixture} />
              </td>
              <td className="text-center">
                <Score fixture={fixture} />
              </td>
              <td className="text-right tabular-nums">{formatNumber(fixture.open_bets, language)}</td>
              <td className="whitespace-nowrap text-right tabular-nums">{formatMoney(fixture.stakes, language)}</td>
              <td className={`whitespace-nowrap text-right font-medium tabular-nums ${liabilityClass(fixture.liability)}`}>
                {formatMoney(fixture.liability, language)}
              </td>
              <td className="text-right">
                <Link
                  to={`/sports/fixtures/${fixture.id}`}
                  className="btn-ghost h-8 px-2"
                  aria-label={t('sports.fixtures.open_named', { name: `${fixture.home.name} x ${fixture.away.name}` })}
                >
                  <ChevronRightIcon width={16} height={16} />
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones get one card per fixture instead of a table that would scroll sideways. */
function FixturesCards({ fixtures }: { fixtures: AdminFixture[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="divide-y divide-white/5 md:hidden">
      {fixtures.map((fixture) => (
        <li
          key={fixture.id}
          data-fixture={fixture.id}
          className={`space-y-2 px-3 py-3 ${fixture.awaiting_result ? 'shadow-[inset_3px_0_0] shadow-amber-400' : ''}`}
        >
          <div className="flex items-start justify-between gap-2">
            <FixtureCell fixture={fixture} />
            <Score fixture={fixture} />
          </div>
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-400">
            <FixtureStatusBadge fixture={fixture} />
            <span className="tabular-nums">{formatDateTime(fixture.starts_at, language)}</span>
          </div>
          <dl className="grid grid-cols-3 gap-2 text-xs">
            <div>
              <dt className="text-[10px] uppercase tracking-wide text-slate-500">{t('sports.fixtures.columns.open_bets')}</dt>
              <dd className="tabular-nums text-slate-200">{formatNumber(fixture.open_bets, language)}</dd>
            </div>
            <div>
              <dt className="text-[10px] uppercase tracking-wide text-slate-500">{t('sports.fixtures.columns.stakes')}</dt>
              <dd className="truncate tabular-nums text-slate-200">{formatMoney(fixture.stakes, language)}</dd>
            </div>
            <div>
              <dt className="text-[10px] uppercase tracking-wide text-slate-500">{t('sports.fixtures.columns.liability')}</dt>
              <dd className={`truncate tabular-nums ${liabilityClass(fixture.liability)}`}>{formatMoney(fixture.liability, language)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
