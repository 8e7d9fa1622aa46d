import type { FixtureDetail, FixtureSummary } from '@casino/shared/schemas/sports';
import { CheckCircle2, Clock3, Goal, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { type SportsT, useSportsTranslation } from '../sports-i18n.ts';
import { LiveMarkets } from './live-markets.tsx';
import { MatchFairness } from './match-fairness-view.tsx';
import { MatchPitch } from './match-pitch.tsx';
import { homeShareFromOdds } from './pitch-motion.ts';
import { Scoreboard } from './scoreboard.tsx';
import { TeamCrest } from '../components/team-crest.tsx';
import { isMatchClosed, useFixtureDetail } from './virtual.api.ts';
import { displayMinute, msUntil } from './virtual-clock.ts';
import { useGoalFlash, useReducedMotion } from './virtual-hooks.ts';

/** The member's settled bets (the my-bets page; its settled tab once it reads ?status=). */
export const MY_SETTLED_BETS_PATH = '/sports/bets?status=settled';

type LiveMatchProps = {
  /** The match as the round list has it: shown at once while its detail loads. */
  summary: FixtureSummary;
  serverNowMs: number;
};

/**
 * The selected match: scoreboard and clock, the drawn pitch, the goals as they come, the full
 * market list feeding the bet slip and the match's fairness commitment. Re-read every second while
 * live (scores and prices move), and left alone once it is settled.
 */
export function LiveMatch({ summary, serverNowMs }: LiveMatchProps) {
  const { t } = useSportsTranslation();
  const detail = useFixtureDetail(summary.id);
  const reducedMotion = useReducedMotion();
  const fixture: FixtureSummary = detail.data ?? summary;
  const endsAt = detail.data?.ends_at ?? null;
  const minute = displayMinute(fixture, fixture.starts_at, endsAt, serverNowMs);
  const flash = useGoalFlash(fixture.id, fixture.home_score, fixture.away_score);
  const main = fixture.main_market?.selections;
  const homeShare = homeShareFromOdds(main?.find((s) => s.code === 'home')?.odds, main?.find((s) => s.code === 'away')?.odds);
  return (
    // One grid: on a phone everything in reading order; on a wide page the pitch on the left,
    // the goals and the match's fairness commitment beside it, the markets across the foot.
    <Card
      className="grid gap-3 !p-3 md:!p-4 @2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] @2xl:grid-rows-[auto_1fr]"
      data-testid="virtual-live-match"
      data-fixture-id={fixture.id}
      data-status={fixture.status}
    >
      <div className="flex min-w-0 flex-col gap-3 @2xl:row-span-2">
        <Scoreboard
          fixture={fixture}
          minute={minute}
          msToKickoff={msUntil(fixture.starts_at, serverNowMs)}
          flash={flash}
          reducedMotion={reducedMotion}
        />
        <MatchPitch
          fixtureId={fixture.id}
          status={fixture.status}
          home={fixture.home}
          away={fixture.away}
          serverNowMs={serverNowMs}
          homeShare={homeShare}
          flash={flash}
          reducedMotion={reducedMotion}
        />
      </div>
      {detail.data ? (
        <>
          <div className="flex min-w-0 flex-col gap-3">
            <GoalTicker fixture={detail.data} t={t} />
            {detail.data.status === 'finished' || detail.data.status === 'cancelled' ? <FullTime fixture={detail.data} t={t} /> : null}
          </div>
          <div className="order-last min-w-0 @2xl:order-none">
            <MatchFairness fixture={detail.data} />
          </div>
          <div className="flex min-w-0 flex-col gap-2 @2xl:col-span-2">
            <h3 className="mt-1 text-sm font-bold text-white">{t('virtual.markets')}</h3>
            <LiveMarkets fixture={detail.data} />
          </div>
        </>
      ) : detail.isError ? (
        <div className="@2xl:col-span-2">
          <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
        </div>
      ) : (
        <div className="h-40 animate-pulse rounded-xl bg-surface-2/60 @2xl:col-span-2" />
      )}
    </Card>
  );
}

/**
 * The goals so far, newest first, each with the score it made. A fixed height keeps the page
 * still as goals arrive; the list scrolls inside when a match has many.
 */
function GoalTicker({ fixture, t }: { fixture: FixtureDetail; t: SportsT }) {
  let home = 0;
  let away = 0;
  const goals = fixture.events.map((event) => {
    if (event.team === 'home') home++;
    else away++;
    return { ...event, score: `${home}–${away}` };
  });
  return (
    <section aria-label={t('fixture.goals')} className="rounded-xl border border-line/60 bg-night/60 p-2.5">
      <h3 className="mb-1.5 flex items-center gap-1.5 text-[13px] font-semibold text-soft">
        <Goal size={14} aria-hidden="true" />
        {t('fixture.goals')}
      </h3>
      <ol className="flex h-[4.5rem] @2xl:h-28 flex-col gap-1 overflow-y-auto pr-1 text-sm" aria-live="polite" data-testid="virtual-goals">
        {goals.length === 0 ? (
          <li className="text-muted">{fixture.status === 'scheduled' ? t('virtual.goals_after_kickoff') : t('virtual.no_goals_yet')}</li>
        ) : (
          [...goals].reverse().map((goal) => {
            const team = goal.team === 'home' ? fixture.home : fixture.away;
            return (
              <li key={`${goal.minute}-${goal.team}`} className="flex items-center gap-2">
                <span className="w-8 shrink-0 text-right font-bold text-gold tabular-nums">{goal.minute}'</span>
                <TeamCrest team={team} size={18} />
                <span className="min-w-0 flex-1 truncate text-white">{team.name}</span>
                <span className="shrink-0 font-semibold text-soft tabular-nums">{goal.score}</span>
              </li>
            );
          })
        )}
      </ol>
    </section>
  );
}

/** Full time: the final score, whether the book has settled the match's bets, and the way to them. */
function FullTime({ fixture, t }: { fixture: FixtureDetail; t: SportsT }) {
  const settled = isMatchClosed(fixture);
  return (
    <div className="flex flex-col items-start gap-2 rounded-xl border border-gold/30 bg-gold/5 p-3" data-testid="virtual-full-time">
      <div className="min-w-0">
        <p className="font-bold text-white">
          {fixture.status === 'cancelled'
            ? `${fixture.home.name} x ${fixture.away.name} · ${t('status.cancelled')}`
            : t('virtual.final_score', {
                home: fixture.home.name,
                away: fixture.away.name,
                score: `${fixture.home_score}–${fixture.away_score}`,
              })}
        </p>
        <p
          className={`mt-0.5 inline-flex items-center gap-1 text-xs ${settled ? 'text-money' : 'text-muted'}`}
          data-testid="virtual-settled-state"
        >
          {settled ? <CheckCircle2 size={13} aria-hidden="true" /> : <Clock3 size={13} aria-hidden="true" />}
          {fixture.status === 'cancelled' ? t('virtual.bets_void') : settled ? t('virtual.bets_settled') : t('virtual.bets_settling')}
        </p>
      </div>
      <Link to={MY_SETTLED_BETS_PATH} className={buttonClass('outline', 'sm')}>
        <Receipt size={15} aria-hidden="true" />
        {t('virtual.my_bets_round')}
      </Link>
    </div>
  );
}
