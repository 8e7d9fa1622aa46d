import type { TeamItem } from '@casino/shared/schemas/sports';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { ballSpot, CENTRE, goalSpot, PITCH_LENGTH, PITCH_WIDTH } from './pitch-motion.ts';
import { teamColour } from './team-colour.ts';
import type { GoalFlash } from './virtual-hooks.ts';

/** One ball step every this many ms of server time (the ball glides between steps). */
const STEP_MS = 1_400;

type MatchPitchProps = {
  fixtureId: number;
  status: string;
  home: TeamItem;
  away: TeamItem;
  /** The server's clock now (ms): the ball's rhythm follows it, so every screen shows the same. */
  serverNowMs: number;
  /** How often the home side has the ball (0-1). */
  homeShare: number;
  flash: GoalFlash;
  reducedMotion: boolean;
};

/**
 * A drawn pitch (105 x 68 m, to scale) with a ball that carries attacks while the match is live,
 * the attacked half tinted in the attacking side's colour, and a "GOL!" burst when the score
 * moves. Decoration only: the score and goals beside it are the server's. The SVG keeps its
 * aspect ratio, so nothing around it moves when the ball or the burst does.
 */
export function MatchPitch({ fixtureId, status, home, away, serverNowMs, homeShare, flash, reducedMotion }: MatchPitchProps) {
  const { t } = useTranslation('sports');
  const live = status === 'live';
  const moving = live && !reducedMotion;
  const tick = Math.floor(serverNowMs / STEP_MS);
  const spot = flash ? goalSpot(flash.team, fixtureId) : moving ? ballSpot(fixtureId, tick, homeShare) : { ...CENTRE, attacking: null };
  const attackingTeam = spot.attacking === 'home' ? home : spot.attacking === 'away' ? away : null;
  return (
    <div className="relative overflow-hidden rounded-xl bg-[#0d3b22]" data-testid="virtual-pitch">
      <svg viewBox="-4 -3 113 74" className="block h-auto w-full" role="img" aria-label={t('virtual.pitch_label')}>
        <PitchGrass />
        {live ? (
          <rect
            x={spot.attacking === 'away' ? 0 : PITCH_LENGTH / 2}
            y={0}
            width={PITCH_LENGTH / 2}
            height={PITCH_WIDTH}
            fill={attackingTeam ? teamColour(attackingTeam.color_primary) : 'transparent'}
            opacity={attackingTeam && moving ? 0.16 : 0}
            style={{ transition: reducedMotion ? undefined : 'opacity 600ms ease, x 600ms ease' }}
          />
        ) : null}
        <PitchLines />
        <g
          style={{
            transform: `translate(${spot.x}px, ${spot.y}px)`,
            transition: reducedMotion ? undefined : `transform ${flash ? 500 : STEP_MS}ms ease-in-out`,
          }}
        >
          <ellipse cx={0.35} cy={0.7} rx={1.1} ry={0.45} fill="rgba(0,0,0,0.35)" />
          <circle r={1.15} fill="#fff" stroke="#0b1122" strokeWidth={0.25} />
          <circle r={0.42} fill="#0b1122" />
        </g>
      </svg>
      <GoalBurst flash={flash} home={home} away={away} reducedMotion={reducedMotion} />
    </div>
  );
}

/** Mown stripes across the length, like a real pitch seen from the stand. */
function PitchGrass() {
  const stripes = 10;
  const width = PITCH_LENGTH / stripes;
  return (
    <g>
      <rect x={-4} y={-3} width={113} height={74} fill="#145c32" />
      {Array.from({ length: stripes }, (_, index) => (
        <rect key={index} x={index * width} y={0} width={width} height={PITCH_WIDTH} fill={index % 2 === 0 ? '#17693a' : '#1a7541'} />
      ))}
    </g>
  );
}

/** The markings, to the Laws of the Game's sizes. */
function PitchLines() {
  const box = { depth: 16.5, width: 40.32 };
  const six = { depth: 5.5, width: 18.32 };
  const goalWidth = 7.32;
  const top = (size: number) => (PITCH_WIDTH - size) / 2;
  return (
    <g fill="none" stroke="rgba(255,255,255,0.78)" strokeWidth={0.35}>
      <rect x={0} y={0} width={PITCH_LENGTH} height={PITCH_WIDTH} />
      <line x1={PITCH_LENGTH / 2} y1={0} x2={PITCH_LENGTH / 2} y2={PITCH_WIDTH} />
      <circle cx={CENTRE.x} cy={CENTRE.y} r={9.15} />
      <circle cx={CENTRE.x} cy={CENTRE.y} r={0.4} fill="rgba(255,255,255,0.78)" />
      {[0, PITCH_LENGTH].map((goalLine) => {
        const inwards = goalLine === 0 ? 1 : -1;
        const spotX = goalLine + inwards * 11;
        return (
          <g key={goalLine}>
            <rect x={goalLine === 0 ? 0 : PITCH_LENGTH - box.depth} y={top(box.width)} width={box.depth} height={box.width} />
            <rect x={goalLine === 0 ? 0 : PITCH_LENGTH - six.depth} y={top(six.width)} width={six.depth} height={six.width} />
            <circle cx={spotX} cy={CENTRE.y} r={0.35} fill="rgba(255,255,255,0.78)" />
            {/* The arc outside the box: the 9.15 m circle around the spot, from where it leaves the box. */}
            <path
              d={`M ${goalLine + inwards * box.depth} ${CENTRE.y - 7.31} A 9.15 9.15 0 0 ${goalLine === 0 ? 1 : 0} ${goalLine + inwards * box.depth} ${CENTRE.y + 7.31}`}
            />
            <rect
              x={goalLine === 0 ? -2.2 : PITCH_LENGTH}
              y={top(goalWidth)}
              width={2.2}
              height={goalWidth}
              fill="rgba(255,255,255,0.18)"
              stroke="rgba(255,255,255,0.9)"
            />
          </g>
        );
      })}
    </g>
  );
}

/** "GOL!" over the pitch in the scorer's colours; it pops in unless the player asked for less motion. */
function GoalBurst({ flash, home, away, reducedMotion }: { flash: GoalFlash; home: TeamItem; away: TeamItem; reducedMotion: boolean }) {
  const { t } = useTranslation('sports');
  const burst = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!flash || reducedMotion || !burst.current?.animate) return;
    burst.current.animate(
      [
        { transform: 'scale(0.6)', opacity: 0 },
        { transform: 'scale(1.08)', opacity: 1, offset: 0.35 },
        { transform: 'scale(1)', opacity: 1 },
      ],
      { duration: 480, easing: 'ease-out' },
    );
  }, [flash, reducedMotion]);
  if (!flash) return null;
  const team = flash.team === 'home' ? home : away;
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center bg-ink/35">
      <div
        ref={burst}
        className="flex flex-col items-center rounded-2xl px-6 py-2 shadow-2xl"
        style={{ backgroundColor: teamColour(team.color_primary), color: teamColour(team.color_secondary) }}
      >
        <span className="text-3xl font-black tracking-wide md:text-5xl">{t('virtual.goal')}</span>
        <span className="max-w-48 truncate text-sm font-bold md:text-base">{team.name}</span>
      </div>
    </div>
  );
}
