import type { FixtureSummary } from '@casino/shared/schemas/sports';
import { memo } from 'react';
import { type SportsT, useSportsTranslation } from '../sports-i18n.ts';
import { CheckBadge, useMatchCheck } from './match-fairness-view.tsx';
import { TeamCrest } from '../components/team-crest.tsx';
import { useFixtureDetail } from './virtual.api.ts';

/**
 * Final scores of the last round. Each row opens the match in the live view, and each is checked
 * in the browser as soon as it is listed: its detail (revealed seed and goals) is read once and
 * recomputed, so every result carries its own "Verificado ✓".
 */
export const RecentResults = memo(function RecentResults({
  fixtures,
  onSelect,
}: {
  fixtures: readonly FixtureSummary[];
  onSelect: (fixture: FixtureSummary) => void;
}) {
  const { t } = useSportsTranslation();
  return (
    <ul className="flex flex-col divide-y divide-line/50" data-testid="virtual-results">
      {fixtures.map((fixture) => (
        <li key={fixture.id} className="flex items-center gap-3 py-2">
          <button
            type="button"
            onClick={() => onSelect(fixture)}
            className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_1.25rem] items-center gap-x-1.5 gap-y-1 text-left"
            aria-label={t('virtual.watch_match', { home: fixture.home.name, away: fixture.away.name })}
          >
            <ResultLine team={fixture.home} goals={fixture.home_score} cancelled={fixture.status === 'cancelled'} />
            <ResultLine team={fixture.away} goals={fixture.away_score} cancelled={fixture.status === 'cancelled'} />
          </button>
          <span className="flex w-28 shrink-0 justify-end text-xs">
            <ResultCheck id={fixture.id} t={t} />
          </span>
        </li>
      ))}
    </ul>
  );
});

/** One side of a result: crest, name and goals (a dash for a cancelled match). */
function ResultLine({ team, goals, cancelled }: { team: FixtureSummary['home']; goals: number; cancelled: boolean }) {
  return (
    <>
      <span className="flex min-w-0 items-center gap-1.5" title={team.name}>
        <TeamCrest team={team} size={16} />
        <span className="truncate text-[13px] text-white">{team.name}</span>
      </span>
      <span className="text-right text-sm font-bold text-white tabular-nums">{cancelled ? '–' : goals}</span>
    </>
  );
}

/** The verdict for one result: its detail is read once (a finished match never changes) and checked. */
function ResultCheck({ id, t }: { id: number; t: SportsT }) {
  const detail = useFixtureDetail(id);
  const check = useMatchCheck(detail.data);
  const loading = detail.isPending || (check.isPending && check.fetchStatus !== 'idle');
  return <CheckBadge state={check.data} loading={loading} t={t} />;
}
