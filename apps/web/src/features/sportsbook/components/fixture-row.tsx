import type { FixtureSummary, TeamItem } from '@casino/shared/schemas/sports';
import { Link } from 'react-router';
import { ONE_X_TWO_LABELS } from '../selection-names.ts';
import { useSportsTranslation } from '../sports-i18n.ts';
import { fixturePath } from '../sports-paths.ts';
import { FixtureClock } from './fixture-clock.tsx';
import { SelectionButton } from './selection-button.tsx';
import { TeamCrest } from './team-crest.tsx';

function TeamLine({ team, score, showScore }: { team: TeamItem; score: number; showScore: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <TeamCrest team={team} size={18} />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-white">{team.name}</span>
      {showScore ? <span className="w-5 text-right text-sm font-bold text-gold tabular-nums">{score}</span> : null}
    </div>
  );
}

const ORDER = ['home', 'draw', 'away'];

/**
 * One fixture in a list: clock, competition, both teams (score when playing), the 1X2 odds feeding
 * the slip, and a link to every market.
 */
export function FixtureRow({ fixture, showCompetition = true }: { fixture: FixtureSummary; showCompetition?: boolean }) {
  const { t } = useSportsTranslation();
  const market = fixture.main_market;
  const selections = market ? [...market.selections].sort((a, b) => ORDER.indexOf(a.code) - ORDER.indexOf(b.code)) : [];
  const showScore = fixture.status === 'live' || fixture.status === 'finished';
  const more = fixture.markets_count - (market ? 1 : 0);
  return (
    <article className="flex items-center gap-2 rounded-xl border border-line/70 bg-surface px-3 py-2.5" data-fixture-id={fixture.id}>
      <Link to={fixturePath(fixture.id)} className="flex min-w-0 flex-1 flex-col gap-1.5 rounded-lg">
        <div className="flex min-w-0 items-center gap-1.5 text-[11px]">
          <FixtureClock fixture={fixture} className="shrink-0" />
          {showCompetition ? <span className="truncate text-muted">· {fixture.competition.name}</span> : null}
          {more > 0 ? <span className="ml-auto shrink-0 text-gold/90">{t('home.more_markets', { count: more })}</span> : null}
        </div>
        <TeamLine team={fixture.home} score={fixture.home_score} showScore={showScore} />
        <TeamLine team={fixture.away} score={fixture.away_score} showScore={showScore} />
      </Link>
      {market ? (
        <div className="grid w-[150px] shrink-0 grid-cols-3 gap-1 sm:w-[204px] sm:gap-1.5">
          {selections.map((selection) => (
            <SelectionButton
              key={selection.id}
              fixture={fixture}
              market={market}
              selection={selection}
              label={ONE_X_TWO_LABELS[selection.code] ?? selection.code}
              ariaLabel={`${fixture.home.name} x ${fixture.away.name}, ${t('markets.1x2')}, ${
                selection.code === 'home' ? fixture.home.name : selection.code === 'away' ? fixture.away.name : t('selections.draw')
              }`}
            />
          ))}
        </div>
      ) : null}
    </article>
  );
}
