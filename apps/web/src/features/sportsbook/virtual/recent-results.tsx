import type { FixtureSummary } from '@casino/shared/schemas/sports';
import { type SportsT, useSportsTranslation } from '../sports-i18n.ts';
import { CheckBadge, useMatchCheck } from './match-fairness-view.tsx';
import { TeamCrest } from '../components/team-crest.tsx';
import { useFixtureDetail } from './virtual.api.ts';

/**
 * Final scores of the last rounds. Each row opens the match in the live view; "Verificar" reads
 * its detail (seed and goals) and checks it in the browser, so any player can audit any result.
 */
export function RecentResults({
  fixtures,
  checked,
  onCheck,
  onSelect,
}: {
  fixtures: readonly FixtureSummary[];
  /** The results the player asked to verify (their ids). */
  checked: ReadonlySet<number>;
  onCheck: (id: number) => void;
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
            {checked.has(fixture.id) ? (
              <ResultCheck id={fixture.id} t={t} />
            ) : (
              <button type="button" onClick={() => onCheck(fixture.id)} className="h-8 font-semibold text-gold hover:underline">
                {t('virtual.fair.verify')}
              </button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

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
