import { ADMIN_FIXTURE_FILTERS, type AdminFixture, RESULT_DUE_MINUTES } from '@casino/shared/schemas/sports-admin';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList, type Column, DataTable } from '../../../components/data-table';
import { Badge, PageHeader } from '../../../components/feedback';
import { FilterBar } from '../../../components/filter-bar';
import { Field, SelectField } from '../../../components/form-field';
import { ChevronRightIcon } from '../../../components/icons';
import { PagedSection } from '../../../components/query-section';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { DAY_PATTERN } from '../../../lib/sao-paulo-days';
import { useLanguage } from '../../../lib/use-language';
import { matching, oneOf, pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import { FIXTURES_PAGE_SIZE, type FixtureFilters, useSportsCompetitions, useSportsFixtures } from '../api/sports-admin';
import { FixtureStatusBadge, FixtureTeams, liabilityClass } from './sports-ui';

/** The URL's names of the fixture filters. */
type FilterKey = 'competition' | 'status' | 'virtual' | 'from' | 'to';

/**
 * Back office: every fixture of the book with its state and what the book holds on it (open bets,
 * their stakes, the worst case of its markets). Real fixtures past their end without a result are
 * flagged, so none is left unsettled.
 */
export function FixturesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  // Filters live in the URL, so a trader's view survives reloads and the back button.
  const { params, update } = useUrlFilters<FilterKey>();
  const filters: FixtureFilters = {
    competition_id: matching(params, 'competition', /^\d{1,12}$/),
    status: oneOf(params, 'status', ADMIN_FIXTURE_FILTERS),
    from: matching(params, 'from', DAY_PATTERN),
    to: matching(params, 'to', DAY_PATTERN),
    virtual: oneOf(params, 'virtual', ['0', '1']),
    page: pageParam(params),
  };
  // A new filter starts again from the first page.
  const filter = (change: Partial<Record<FilterKey, string>>) => update({ ...change, page: 1 });
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
      <FilterBar
        onSubmit={(event) => event.preventDefault()}
        className="grid grid-cols-2 gap-3 p-3 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1.2fr))_repeat(2,minmax(0,1fr))]"
      >
        <SelectField
          id={ids.competition}
          label={t('sports.fixtures.filter_competition')}
          value={filters.competition_id}
          onChange={(value) => filter({ competition: value })}
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
          onChange={(value) => filter({ status: value })}
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
          onChange={(value) => filter({ virtual: value })}
        >
          <option value="">{t('sports.fixtures.kind_all')}</option>
          <option value="0">{t('sports.fixtures.kind_real')}</option>
          <option value="1">{t('sports.fixtures.kind_virtual')}</option>
        </SelectField>
        <Field label={t('sports.fixtures.from')} id={ids.from}>
          <input
            id={ids.from}
            type="date"
            value={filters.from}
            onChange={(event) => filter({ from: event.target.value })}
            className="input tabular-nums"
          />
        </Field>
        <Field label={t('sports.fixtures.to')} id={ids.to}>
          <input
            id={ids.to}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => filter({ to: event.target.value })}
            className="input tabular-nums"
          />
        </Field>
      </FilterBar>

      <PagedSection
        query={fixtures}
        skeleton={{ columns: 7 }}
        empty={{
          title: filtered ? t('sports.fixtures.empty_filtered') : t('sports.fixtures.empty'),
          hint: filtered ? t('sports.fixtures.empty_filtered_hint') : undefined,
        }}
        pageSize={FIXTURES_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
      >
        {(list) => (
          <>
            <FixturesTable fixtures={list} />
            <FixturesCards fixtures={list} />
          </>
        )}
      </PagedSection>
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
  const columns: Column[] = [
    { label: t('sports.fixtures.columns.kickoff') },
    { label: t('sports.fixtures.columns.fixture') },
    { label: t('sports.fixtures.columns.status') },
    { label: t('sports.fixtures.columns.score'), className: 'text-center' },
    { label: t('sports.fixtures.columns.open_bets'), numeric: true },
    { label: t('sports.fixtures.columns.stakes'), numeric: true },
    { label: t('sports.fixtures.columns.liability'), numeric: true },
    { label: t('sports.fixtures.open'), srOnly: true },
  ];
  return (
    <DataTable testId="sports-fixtures" columns={columns} collapse="md">
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
    </DataTable>
  );
}

/** Phones get one card per fixture instead of a table that would scroll sideways. */
function FixturesCards({ fixtures }: { fixtures: AdminFixture[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <CardList collapse="md">
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
    </CardList>
  );
}
