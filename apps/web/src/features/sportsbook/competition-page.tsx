import { useMemo } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { FixtureRow } from './components/fixture-row.tsx';
import { localDayKey, longDay } from './fixture-time.ts';
import { useSlipPriceSync } from './slip/use-slip-price-sync.ts';
import { type FixtureSummary, isNotFound, useCompetition } from './sports.api.ts';
import { useSportsTranslation } from './sports-i18n.ts';

/** Fixtures in kick-off order, cut into the reader's calendar days. */
function byDay(fixtures: FixtureSummary[]): { day: string; first: string; fixtures: FixtureSummary[] }[] {
  const days = new Map<string, FixtureSummary[]>();
  for (const fixture of [...fixtures].sort((a, b) => a.starts_at.localeCompare(b.starts_at))) {
    const key = localDayKey(fixture.starts_at);
    days.set(key, [...(days.get(key) ?? []), fixture]);
  }
  return [...days].map(([day, list]) => ({ day, first: list[0]!.starts_at, fixtures: list }));
}

/** /sports/competition/:code: the competition's fixtures, day by day. */
export function CompetitionPage() {
  const { t } = useSportsTranslation();
  const code = useParams().code ?? '';
  const competition = useCompetition(code);
  const data = competition.data;
  const markets = useMemo(() => data?.fixtures.flatMap((f) => (f.main_market ? [f.main_market] : [])), [data]);
  useSlipPriceSync(markets);

  if (competition.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-hidden="true">
        <Skeleton className="h-10 w-1/2" />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-[76px]" />
        ))}
      </div>
    );
  }
  if (competition.isError) {
    if (isNotFound(competition.error)) {
      return (
        <section>
          <PageHeader title={t('competition.not_found')} />
          <EmptyState text={t('competition.not_found')} />
        </section>
      );
    }
    return <LoadError error={competition.error} onRetry={() => void competition.refetch()} />;
  }
  const days = byDay(competition.data.fixtures);
  return (
    <section data-testid="competition-page">
      <PageHeader title={competition.data.competition.name} />
      {days.length === 0 ? (
        <EmptyState text={t('empty.no_data')} />
      ) : (
        <div className="flex flex-col gap-5">
          {days.map((group) => (
            <section key={group.day} className="flex flex-col gap-2">
              <h2 className="text-sm font-bold text-soft first-letter:uppercase">{longDay(group.first)}</h2>
              {group.fixtures.map((fixture) => (
                <FixtureRow key={fixture.id} fixture={fixture} showCompetition={false} />
              ))}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
