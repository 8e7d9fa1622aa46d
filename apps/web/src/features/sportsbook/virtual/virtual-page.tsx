import type { FixtureSummary, VirtualLeague } from '@casino/shared/schemas/sports';
import { ShieldCheck, Timer, Trophy } from 'lucide-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Card } from '../../../components/card.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { loadSportsNamespace } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { type SportsT, useSportsTranslation } from '../sports-i18n.ts';
import { LiveMatch } from './live-match.tsx';
import { RecentResults } from './recent-results.tsx';
import { RoundMatches } from './round-list.tsx';
import { useVirtualLeague } from './virtual.api.ts';
import { formatCountdown, msUntil, type RoundPhase, roundPhase } from './virtual-clock.ts';
import { useReducedMotion, useServerNow } from './virtual-hooks.ts';
import { chooseWatched } from './watch-choice.ts';

// The page renders sportsbook texts from its first frame: the `sports` catalogue comes first.
await loadSportsNamespace();

/** The query parameter naming the match the player chose to watch (a shareable address). */
const MATCH_PARAM = 'match';
/** The fixed site header's height: a live view whose top is under it is not in sight. */
const HEADER_PX = 64;

/**
 * /sports/virtual: the always-on virtual football league. The round taking bets (with a countdown
 * to kick-off on the server's clock) or being played, a live view of one match (pitch, clock,
 * goals, every market), the next round, recent results each verifiable in the browser, and how
 * the league's fairness can be checked.
 */
export function VirtualPage() {
  const { t } = useSportsTranslation();
  const league = useVirtualLeague();
  const serverNowMs = useServerNow(league.data?.offsetMs ?? 0);
  usePageTitle(league.data?.data.competition.name ?? t('virtual.title'));
  if (league.isPending) return <LeagueSkeleton label={t('virtual.loading')} />;
  if (league.isError && !league.data) return <LoadError error={league.error} onRetry={() => void league.refetch()} />;
  return <LeagueView league={league.data.data} serverNowMs={serverNowMs} t={t} />;
}

function LeagueView({ league, serverNowMs, t }: { league: VirtualLeague; serverNowMs: number; t: SportsT }) {
  const phase = roundPhase(league.kickoff_at, league.ends_at, serverNowMs);
  const [watched, watch] = useWatchedMatch(league, phase);
  const liveView = useRef<HTMLDivElement>(null);
  const reducedMotion = useReducedMotion();
  const select = useCallback(
    (fixture: FixtureSummary) => {
      watch(fixture.id);
      // The live view sits below the round's list and above the results: bring its top into sight
      // (below the fixed header) unless it is already there.
      const view = liveView.current;
      const top = view?.getBoundingClientRect().top ?? 0;
      if (view && (top < HEADER_PX || top > window.innerHeight * 0.5)) {
        view.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
      }
    },
    [watch, reducedMotion],
  );
  // The page sits beside the bet slip on a desktop: its columns follow its own width (container
  // queries), not the window's, so it reads well from a phone to a wide screen with the slip open.
  return (
    <div className="@container flex flex-col gap-4" data-testid="virtual-page" data-phase={phase}>
      <LeagueHeader league={league} phase={phase} serverNowMs={serverNowMs} t={t} />
      <Panel title={t('virtual.current_round')} testId="virtual-current-round">
        {league.current.length > 0 ? (
          <RoundMatches
            fixtures={league.current}
            selectedId={watched?.id ?? null}
            onSelect={select}
            serverNowMs={serverNowMs}
            endsAt={league.ends_at}
          />
        ) : (
          <p className="text-sm text-muted">{t('virtual.preparing')}</p>
        )}
      </Panel>
      <div ref={liveView} className="scroll-mt-20">
        {watched ? (
          <LiveMatch key={watched.id} summary={watched} serverNowMs={serverNowMs} />
        ) : (
          <EmptyState text={t('virtual.preparing')} />
        )}
      </div>
      <div className={`grid items-start gap-4 ${league.next.length > 0 && league.results.length > 0 ? '@2xl:grid-cols-2' : ''}`}>
        {league.next.length > 0 ? (
          <Panel
            title={t('virtual.next_round')}
            testId="virtual-next-round"
            aside={<NextKickoff startsAt={league.next[0]?.starts_at ?? null} serverNowMs={serverNowMs} t={t} />}
          >
            <RoundMatches
              fixtures={league.next}
              selectedId={watched?.id ?? null}
              onSelect={select}
              serverNowMs={serverNowMs}
              endsAt={null}
              single
            />
          </Panel>
        ) : null}
        {league.results.length > 0 ? (
          <Panel title={t('virtual.recent_results')}>
            <RecentResults fixtures={league.results} onSelect={select} />
          </Panel>
        ) : null}
      </div>
      <FairnessNote t={t} />
    </div>
  );
}

/**
 * The watched match: the player's pick or the match the view follows on its own (see
 * chooseWatched). The pick is also written into the address (?match=), so a reload or a shared
 * link opens the same match; it is written with history.replaceState rather than a router
 * navigation, because every navigation scrolls the page to the top and refreshes the member.
 */
function useWatchedMatch(league: VirtualLeague, phase: RoundPhase): [FixtureSummary | null, (id: number) => void] {
  const [picked, setPicked] = useState<number | null>(() => matchFromAddress(window.location.search));
  const following = useRef<number | null>(null);
  const watched = chooseWatched(league, phase, picked, following.current);
  if (watched && watched.id !== picked) following.current = watched.id;
  const watch = useCallback((id: number) => {
    setPicked(id);
    const url = new URL(window.location.href);
    url.searchParams.set(MATCH_PARAM, String(id));
    window.history.replaceState(window.history.state, '', url);
  }, []);
  return [watched, watch];
}

/** The match id in ?match=, or null when absent or not a fixture id. */
function matchFromAddress(search: string): number | null {
  const raw = Number(new URLSearchParams(search).get(MATCH_PARAM));
  return Number.isSafeInteger(raw) && raw > 0 ? raw : null;
}

/**
 * The page's shape while the first answer comes: as tall as the page will be, so the footer is
 * already out of sight and nothing jumps when the league appears.
 */
function LeagueSkeleton({ label }: { label: string }) {
  return (
    <div className="flex min-h-[150dvh] flex-col gap-4" role="status" aria-label={label}>
      <div className="h-32 animate-pulse rounded-2xl bg-surface sm:h-24" />
      <div className="h-96 animate-pulse rounded-2xl bg-surface" />
      <div className="h-96 animate-pulse rounded-2xl bg-surface" />
    </div>
  );
}

function Panel({
  title,
  aside,
  className = '',
  testId,
  children,
}: {
  title: string;
  /** Shown at the end of the title row (a countdown). */
  aside?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card className={`!p-3 md:!p-4 ${className}`} data-testid={testId}>
      <div className="mb-2.5 flex min-h-5 items-center justify-between gap-2">
        <h2 className="text-sm font-bold text-white">{title}</h2>
        {aside}
      </div>
      {children}
    </Card>
  );
}

/** "Começa em 1:23" for the next round while the current one is played (its bets are open already). */
function NextKickoff({ startsAt, serverNowMs, t }: { startsAt: string | null; serverNowMs: number; t: SportsT }) {
  const left = msUntil(startsAt, serverNowMs);
  if (!startsAt || left <= 0) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold text-gold tabular-nums" data-testid="virtual-next-countdown">
      <Timer size={13} aria-hidden="true" />
      {t('virtual.starts_in', { time: formatCountdown(left) })}
    </span>
  );
}

/**
 * The league's name and the round's state: a countdown to kick-off on the server's clock while
 * bets are taken, the time left while it is played, a short wait between rounds. The countdown has
 * a fixed width, so its ticking moves nothing.
 */
function LeagueHeader({ league, phase, serverNowMs, t }: { league: VirtualLeague; phase: RoundPhase; serverNowMs: number; t: SportsT }) {
  const countdown =
    phase === 'betting' ? msUntil(league.kickoff_at, serverNowMs) : phase === 'live' ? msUntil(league.ends_at, serverNowMs) : null;
  return (
    <header
      className="flex flex-col gap-3 rounded-2xl border border-gold/25 bg-gradient-to-br from-[#143d2a] via-surface to-surface p-4 sm:flex-row sm:items-center md:p-5"
      data-testid="virtual-header"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gold/15 text-gold">
          <Trophy size={24} aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-lg font-black text-white md:text-2xl">
            <span className="truncate">{league.competition.name}</span>
            <span className="shrink-0 rounded-full bg-gold px-2 py-0.5 text-[10px] font-bold tracking-wide text-ink uppercase">
              {t('status.virtual')}
            </span>
          </h1>
          <p className="text-xs text-soft md:text-sm">{t('virtual.tagline')}</p>
        </div>
      </div>
      <div
        className="flex h-14 items-center gap-3 rounded-xl bg-night/70 px-3 sm:w-72 sm:justify-between"
        data-testid="virtual-round-status"
        role="timer"
        aria-live="off"
      >
        <span className="flex min-w-0 flex-1 items-center gap-1.5 text-xs leading-tight text-soft">
          {phase === 'live' ? (
            <span className="size-2 shrink-0 rounded-full bg-danger motion-safe:animate-pulse" aria-hidden="true" />
          ) : (
            <Timer size={15} className="shrink-0 text-gold" aria-hidden="true" />
          )}
          {phase === 'betting' ? t('virtual.kickoff_in') : phase === 'live' ? t('virtual.round_live') : t('virtual.between_rounds')}
        </span>
        {countdown !== null ? (
          <span
            className={`w-[4.5ch] text-right text-2xl font-black tabular-nums ${phase === 'live' ? 'text-white' : 'text-gold'}`}
            data-testid="virtual-countdown"
          >
            {formatCountdown(countdown)}
          </span>
        ) : null}
      </div>
    </header>
  );
}

/** How the league is fair and how anyone can check it (the per-match commitments are in the live view). */
function FairnessNote({ t }: { t: SportsT }) {
  return (
    <Card className="!p-4" data-testid="virtual-fairness-note">
      <h2 className="mb-2 flex items-center gap-2 text-sm font-bold text-white">
        <ShieldCheck size={18} className="text-money" aria-hidden="true" />
        {t('virtual.fair.title')}
      </h2>
      <div className="flex flex-col gap-2 text-[13px] leading-relaxed text-soft">
        <p>{t('virtual.fair.commit')}</p>
        <p>
          {t('virtual.fair.formula_intro')}{' '}
          <code className="rounded bg-night px-1.5 py-0.5 font-mono text-[12px] text-white">{t('virtual.fair.formula')}</code>
        </p>
        <p>{t('virtual.fair.browser')}</p>
      </div>
    </Card>
  );
}
