import type { FixtureDetail, TeamItem } from '@casino/shared/schemas/sports';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { FixtureClock, useKickoffLabel } from './components/fixture-clock.tsx';
import { MarketGroups } from './components/market-groups.tsx';
import { TeamCrest } from './components/team-crest.tsx';
import { competitionPath } from './sports-paths.ts';
import { useSlipPriceSync } from './slip/use-slip-price-sync.ts';
import { isNotFound, useFixture } from './sports.api.ts';
import { useSportsTranslation } from './sports-i18n.ts';

function TeamSide({ team }: { team: TeamItem }) {
  return (
    <div className="flex min-w-0 flex-1 flex-col items-center gap-2 text-center">
      <TeamCrest team={team} size={52} />
      <span className="line-clamp-2 text-sm font-semibold text-white md:text-base">{team.name}</span>
    </div>
  );
}

/** Crests, names, the score and minute (or the kick-off), and the goals so far. */
function FixtureHeader({ fixture }: { fixture: FixtureDetail }) {
  const { t } = useSportsTranslation();
  const kickoff = useKickoffLabel();
  const playing = fixture.status === 'live' || fixture.status === 'finished';
  return (
    <div
      className="rounded-2xl border border-line/70 bg-gradient-to-b from-surface-2 to-surface px-3 py-4 md:px-6"
      data-testid="fixture-header"
    >
      <div className="mb-3 flex items-center justify-center gap-2 text-xs">
        <Link
          to={competitionPath({ code: fixture.competition.code, kind: fixture.is_virtual ? 'virtual' : 'league' })}
          className="truncate text-muted hover:text-white"
        >
          {fixture.competition.name}
        </Link>
      </div>
      <div className="flex items-start gap-2">
        <TeamSide team={fixture.home} />
        <div className="flex w-24 shrink-0 flex-col items-center gap-1 pt-2 md:w-32">
          {playing ? (
            <span className="text-3xl font-extrabold text-white tabular-nums md:text-4xl" data-testid="fixture-score">
              {fixture.home_score}
              <span className="px-1.5 text-muted">-</span>
              {fixture.away_score}
            </span>
          ) : (
            <span className="text-lg font-bold text-white tabular-nums">{kickoff(fixture.starts_at)}</span>
          )}
          {playing || fixture.status === 'cancelled' ? <FixtureClock fixture={fixture} className="text-xs" /> : null}
        </div>
        <TeamSide team={fixture.away} />
      </div>
      {fixture.events.length > 0 ? (
        <ol className="mt-3 flex flex-col gap-1 border-t border-line/60 pt-3 text-xs" aria-label={t('fixture.goals')}>
          {fixture.events.map((goal, index) => (
            <li key={index} className={`flex items-center gap-1.5 ${goal.team === 'home' ? 'justify-start' : 'justify-end'}`}>
              <span aria-hidden="true">⚽</span>
              <span className="font-semibold text-soft tabular-nums">{goal.minute}'</span>
              <span className="text-muted">{goal.team === 'home' ? fixture.home.name : fixture.away.name}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** /sports/fixture/:id: the match and every market, re-read every few seconds while it is live. */
export function FixturePage() {
  const { t } = useSportsTranslation();
  const id = Number(useParams().id);
  const fixture = useFixture(id);
  useSlipPriceSync(fixture.data?.markets);
  const invalidId = !Number.isSafeInteger(id) || id <= 0;

  if (invalidId || (fixture.isError && isNotFound(fixture.error))) {
    return (
      <section>
        <PageHeader title={t('fixture.not_found')} />
        <EmptyState text={t('fixture.not_found')} />
      </section>
    );
  }
  if (fixture.isPending) {
    return (
      <div className="flex flex-col gap-3" role="status" aria-label={t('fixture.loading')}>
        <Skeleton className="h-40" />
        <Skeleton className="h-24" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (fixture.isError) return <LoadError error={fixture.error} onRetry={() => void fixture.refetch()} />;
  const match = fixture.data;
  const closed = match.status === 'finished' || match.status === 'cancelled';
  return (
    <section className="flex flex-col gap-3" data-testid="fixture-page">
      <PageHeader title={`${match.home.name} x ${match.away.name}`} />
      <FixtureHeader fixture={match} />
      {closed ? (
        <p className="rounded-xl border border-line bg-surface px-4 py-3 text-center text-sm text-soft">{t('fixture.closed')}</p>
      ) : null}
      {match.markets.length === 0 ? <EmptyState text={t('fixture.no_markets')} /> : <MarketGroups fixture={match} />}
    </section>
  );
}
