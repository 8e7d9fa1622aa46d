import { forwardRef, useImperativeHandle, useRef } from 'react';
import { numberColour, WHEEL_ORDER } from './roulette-layout.ts';

const POCKETS = WHEEL_ORDER.length;
const POCKET_DEG = 360 / POCKETS;
const SIZE = 320;
const C = SIZE / 2;
const R_OUTER = 150;
const R_NUMBERS = 128;
const R_POCKET_OUT = 112;
const R_POCKET_IN = 92;
const R_CONE = 70;
/** Where the ball runs while spinning, and where it rests in a pocket (px from the centre). */
const BALL_TRACK = 141;
const BALL_REST = 102;

const FILL = { green: '#16a34a', red: '#dc2626', black: '#111827' } as const;

function polar(radius: number, deg: number): [number, number] {
  const rad = ((deg - 90) * Math.PI) / 180;
  return [C + radius * Math.cos(rad), C + radius * Math.sin(rad)];
}

function sector(r0: number, r1: number, from: number, to: number): string {
  const [x0, y0] = polar(r1, from);
  const [x1, y1] = polar(r1, to);
  const [x2, y2] = polar(r0, to);
  const [x3, y3] = polar(r0, from);
  return `M${x0} ${y0}A${r1} ${r1} 0 0 1 ${x1} ${y1}L${x2} ${y2}A${r0} ${r0} 0 0 0 ${x3} ${y3}Z`;
}

export type RouletteWheelHandle = {
  /** Spins the wheel and the ball so the ball rests in `result`'s pocket; resolves when it stops. */
  spin: (result: number, durationMs?: number) => Promise<void>;
};

const easeOut = 'cubic-bezier(0.12, 0.72, 0.2, 1)';

/**
 * The European wheel, drawn in SVG: the wheel turns clockwise while the ball runs the other way
 * on the rim, drops inwards for the last part of the spin and lands in the server's pocket, which
 * stops under the marker at the top.
 */
export const RouletteWheel = forwardRef<RouletteWheelHandle, { label: string; size?: number }>(function RouletteWheel(
  { label, size = 260 },
  ref,
) {
  const wheel = useRef<HTMLDivElement>(null);
  const ballOrbit = useRef<HTMLDivElement>(null);
  const ball = useRef<HTMLDivElement>(null);
  const angle = useRef(0);

  useImperativeHandle(ref, () => ({
    spin(result, durationMs = 4200) {
      const index = (WHEEL_ORDER as readonly number[]).indexOf(result);
      if (index < 0 || !wheel.current || !ballOrbit.current || !ball.current) return Promise.resolve();
      const current = angle.current;
      // The winning pocket stops at the top: wheel angle ≡ -index·θ (mod 360), at least 3 turns on.
      const restingMod = (((-index * POCKET_DEG) % 360) + 360) % 360;
      const currentMod = ((current % 360) + 360) % 360;
      const target = current + 3 * 360 + ((restingMod - currentMod + 360) % 360);
      angle.current = target;
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      const duration = reduce ? 400 : durationMs;
      const options: KeyframeAnimationOptions = { duration, easing: easeOut, fill: 'forwards' };
      const spinWheel = wheel.current.animate([{ transform: `rotate(${current}deg)` }, { transform: `rotate(${target}deg)` }], options);
      // The ball starts at the top too, runs 5 turns anticlockwise and ends at the top.
      const orbit = ballOrbit.current.animate([{ transform: 'rotate(0deg)' }, { transform: 'rotate(-1800deg)' }], options);
      const drop = ball.current.animate(
        [
          { transform: `translateY(${-BALL_REST}px)`, offset: 0 },
          { transform: `translateY(${-BALL_TRACK}px)`, offset: 0.06 },
          { transform: `translateY(${-BALL_TRACK}px)`, offset: 0.55 },
          { transform: `translateY(${-(BALL_REST + 18)}px)`, offset: 0.8 },
          { transform: `translateY(${-(BALL_REST + 6)}px)`, offset: 0.88 },
          { transform: `translateY(${-BALL_REST}px)`, offset: 1 },
        ],
        { duration, easing: 'ease-in-out', fill: 'forwards' },
      );
      return Promise.all([spinWheel.finished, orbit.finished, drop.finished]).then(
        () => undefined,
        () => undefined,
      );
    },
  }));

  const scale = size / SIZE;
  return (
    <div role="img" aria-label={label} className="relative shrink-0" style={{ width: size, height: size }}>
      <div className="absolute inset-0 rounded-full shadow-[0_10px_40px_-10px_rgba(0,0,0,0.9),inset_0_0_0_3px_rgba(245,196,81,0.35)]" />
      <div ref={wheel} className="absolute inset-0" style={{ transform: 'rotate(0deg)' }}>
        <svg viewBox={`0 0 ${SIZE} ${SIZE}`} width={size} height={size} aria-hidden="true">
          <defs>
            <radialGradient id="rw-rim" cx="50%" cy="50%" r="50%">
              <stop offset="82%" stopColor="#5b3a17" />
              <stop offset="94%" stopColor="#8b5a24" />
              <stop offset="100%" stopColor="#3d250d" />
            </radialGradient>
            <radialGradient id="rw-cone" cx="45%" cy="40%" r="65%">
              <stop offset="0%" stopColor="#c08a3e" />
              <stop offset="60%" stopColor="#7a4f1f" />
              <stop offset="100%" stopColor="#4a2e10" />
            </radialGradient>
          </defs>
          <circle cx={C} cy={C} r={R_OUTER + 8} fill="url(#rw-rim)" />
          {WHEEL_ORDER.map((n, i) => {
            const from = i * POCKET_DEG - POCKET_DEG / 2;
            const to = from + POCKET_DEG;
            const [tx, ty] = polar(R_NUMBERS - 9, i * POCKET_DEG);
            return (
              <g key={n}>
                <path d={sector(R_POCKET_OUT, R_OUTER, from, to)} fill={FILL[numberColour(n)]} stroke="#c9a14a" strokeWidth={0.8} />
                <path d={sector(R_POCKET_IN, R_POCKET_OUT, from, to)} fill="#2a1a0b" stroke="#c9a14a" strokeWidth={0.8} />
                <text
                  x={tx}
                  y={ty}
                  fill="#fff"
                  fontSize={12}
                  fontWeight={700}
                  textAnchor="middle"
                  dominantBaseline="central"
                  transform={`rotate(${i * POCKET_DEG} ${tx} ${ty})`}
                >
                  {n}
                </text>
              </g>
            );
          })}
          <circle cx={C} cy={C} r={R_POCKET_IN} fill="url(#rw-cone)" stroke="#c9a14a" strokeWidth={1.5} />
          <circle cx={C} cy={C} r={R_CONE} fill="none" stroke="#d9b36a" strokeOpacity={0.35} />
          {[0, 90, 180, 270].map((deg) => {
            const [x, y] = polar(48, deg);
            return <line key={deg} x1={C} y1={C} x2={x} y2={y} stroke="#e8c878" strokeWidth={5} strokeLinecap="round" />;
          })}
          <circle cx={C} cy={C} r={14} fill="#e8c878" stroke="#8b5a24" strokeWidth={2} />
          <circle cx={C} cy={C} r={5} fill="#fff7d6" />
        </svg>
      </div>
      {/* The marker: the pocket under it is the result. */}
      <svg
        viewBox="0 0 20 16"
        width={18 * scale + 6}
        height={14 * scale + 5}
        aria-hidden="true"
        className="absolute left-1/2 -translate-x-1/2 drop-shadow"
        style={{ top: -4 }}
      >
        <path d="M2 1h16L10 15z" fill="#f5c451" stroke="#7a4f1f" strokeWidth={1.5} strokeLinejoin="round" />
      </svg>
      <div ref={ballOrbit} className="pointer-events-none absolute inset-0">
        <div
          className="absolute top-1/2 left-1/2"
          style={{ width: 0, height: 0, transform: `scale(${scale})`, transformOrigin: '0 0' }}
          aria-hidden="true"
        >
          <div ref={ball} style={{ transform: `translateY(${-BALL_REST}px)` }}>
            <div className="-mt-[7px] -ml-[7px] size-[14px] rounded-full bg-[radial-gradient(circle_at_35%_30%,#ffffff,#d9dde6_55%,#8a93a6)] shadow-[0_2px_4px_rgba(0,0,0,0.6)]" />
          </div>
        </div>
      </div>
    </div>
  );
});
