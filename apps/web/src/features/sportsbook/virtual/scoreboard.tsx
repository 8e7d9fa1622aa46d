import type { FixtureSummary } from '@casino/shared/schemas/sports';
import { useEffect, useRef } from 'react';
import { type SportsT, useSportsTranslation } from '../sports-i18n.ts';
import { TeamCrest } from '../components/team-crest.tsx';
import type { GoalFlash } from './virtual-hooks.ts';
import { formatCountdown } from './virtual-clock.ts';

type ScoreboardProps = {
  fixture: Pick<FixtureSummary, 'home' | 'away' | 'status' | 'home_score' | 'away_score'>;
  /** The minute the clock shows (already smoothed with the server's clock). */
  minute: number;
  /** Before kick-off: the time left, in ms. */
  msToKickoff: number;
  flash: GoalFlash;
  reducedMotion: boolean;
};

/**
 * Both sides, the score and the match clock. Every part has a fixed width (tabular digits, a
 * fixed-size clock), so a goal or a ticking minute never moves anything else on the page.
 */
export function Scoreboard({ fixture, minute, msToKickoff, flash, reducedMotion }: ScoreboardProps) {
  const { t } = useSportsTranslation();
  const started = fixture.status === 'live' || fixture.status === 'finished';
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2" data-testid="virtual-scoreboard">
      <TeamSide team={fixture.home} />
      <div className="flex w-28 flex-col items-center gap-1">
        <div className="flex items-center gap-1.5 text-3xl leading-none font-black text-white tabular-nums md:text-4xl">
          <ScoreDigit value={started ? fixture.home_score : null} pulse={flash?.team === 'home'} reducedMotion={reducedMotion} />
          <span className="text-muted">–</span>
          <ScoreDigit value={started ? fixture.away_score : null} pulse={flash?.team === 'away'} reducedMotion={reducedMotion} />
        </div>
        <MatchClock status={fixture.status} minute={minute} msToKickoff={msToKickoff} t={t} />
      </div>
      <TeamSide team={fixture.away} />
    </div>
  );
}

/** The crest above the name; the name may take two lines (room kept for both, so nothing moves). */
function TeamSide({ team }: { team: FixtureSummary['home'] }) {
  return (
    <div className="flex min-w-0 flex-col items-center gap-1 text-center">
      <TeamCrest team={team} size={40} />
      <span className="line-clamp-2 h-[2.5em] text-[13px] leading-[1.25] font-bold text-white md:text-sm" title={team.name}>
        {team.name}
      </span>
    </div>
  );
}

/** One side's goals in a fixed box; it pops when that side scores (unless less motion was asked). */
function ScoreDigit({ value, pulse, reducedMotion }: { value: number | null; pulse: boolean; reducedMotion: boolean }) {
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!pulse || reducedMotion || !box.current?.animate) return;
    box.current.animate(
      [
        { transform: 'scale(1.5)', color: '#f5c451' },
        { transform: 'scale(1)', color: '#ffffff' },
      ],
      {
        duration: 700,
        easing: 'ease-out',
      },
    );
  }, [pulse, reducedMotion]);
  return (
    <span ref={box} className={`inline-block w-[1.3ch] text-center ${pulse ? 'text-gold' : ''}`}>
      {value ?? '-'}
    </span>
  );
}

/** "34'" with a live dot, "Início em 1:05" before kick-off, "Encerrado" at full time; always the same size. */
function MatchClock({ status, minute, msToKickoff, t }: { status: string; minute: number; msToKickoff: number; t: SportsT }) {
  const base = 'inline-flex h-6 min-w-20 items-center justify-center gap-1.5 rounded-full px-2.5 text-xs font-bold tabular-nums';
  if (status === 'live') {
    return (
      <span className={`${base} bg-danger/15 text-danger`} data-testid="virtual-minute">
        <span className="size-1.5 rounded-full bg-danger motion-safe:animate-pulse" aria-hidden="true" />
        {t('status.minute', { minute })}
      </span>
    );
  }
  if (status === 'finished') return <span className={`${base} bg-surface-2 text-soft`}>{t('virtual.full_time')}</span>;
  if (status === 'cancelled') return <span className={`${base} bg-surface-2 text-muted`}>{t('status.cancelled')}</span>;
  return (
    <span className={`${base} bg-gold/10 text-gold`} data-testid="virtual-match-countdown">
      {formatCountdown(msToKickoff)}
    </span>
  );
}
