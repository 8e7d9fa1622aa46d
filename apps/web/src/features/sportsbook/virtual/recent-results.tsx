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
        <li key={fixture.id} className="flex items-center gap-2 py-2">
          <button
            type="button"
            onClick={() => onSelect(fixture)}
            className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 text-left"
            aria-label={t('virtual.watch_match', { home: fixture.home.name, away: fixture.away.name })}
          >
            <span className="flex min-w-0 items-center justify-end gap-1.5">
              <span className="truncate text-[13px] text-white">{fixture.home.name}</span>
              <TeamCrest team={fixture.home} size={18} />
            </span>
            <span className="w-12 rounded-md bg-surface-2 py-0.5 text-center text-sm font-bold text-white tabular-nums">
              {fixture.status === 'cancelled' ? '–' : `${fixture.home_score}–${fixture.away_score}`}
            </span>
            <span className="flex min-w-0 items-center gap-1.5">
              <TeamCrest team={fixture.away} size={18} />
              <span className="truncate text-[13px] text-white">{fixture.away.name}</span>
            </span>
          </button>
          <span className="flex w-24 shrink-0 justify-end text-xs">
            {checked.has(fixture.id) ? (
              <ResultCheck id={fixture.id} t={t} />
            ) : (
              <button type="button" onClick={() => onCheck(fixture.id)} className="font-semibold text-gold hover:underline">
                {t('virtual.fair.verify')}
              </button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The verdict for one result: its detail is read once (a finished match never changes) and checked. */
function ResultCheck({ id, t }: { id: number; t: SportsT }) {
  const detail = useFixtureDetail(id);
  const check = useMatchCheck(detail.data);
  const loading = detail.isPending || (check.isPending && check.fetchStatus !== 'idle');
  return <CheckBadge state={check.data} loading={loading} t={t} />;
}
