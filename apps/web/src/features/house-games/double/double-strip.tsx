import { DOUBLE_WHEEL_ORDER, doubleColor } from '@casino/games/double';
import { type RefObject, useEffect, useRef } from 'react';

/**
 * The Double strip: the wheel's 15 slots repeated, scrolling under a centre marker. The result is
 * only known when the wheel stops, so the strip runs at full speed while the round spins and,
 * once the roll arrives, slows down over a full turn onto it (ease-out). Frames move the strip
 * through a ref; React renders the tiles once.
 */
export type StripMotion = {
  mode: 'rest' | 'spin' | 'land';
  /** The roll to land on / rest at (null: keep where it is). */
  roll: number | null;
};

const TILE_PX = 76;
const SPIN_SPEED = 14; // tiles per second at full speed
const LAND_MS = 2_200;
const SLOTS = DOUBLE_WHEEL_ORDER.length;
const COPIES = 5;

export const DOUBLE_TILE_CLASS: Record<'red' | 'black' | 'white', string> = {
  red: 'bg-gradient-to-b from-[#ff5a6a] to-[#c81e36] text-white',
  black: 'bg-gradient-to-b from-[#2b3448] to-[#141a28] text-white',
  white: 'bg-gradient-to-b from-white to-[#d9dee9] text-[#c81e36]',
};

export function DoubleMark({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path d="M12 2l3 7h7l-5.5 4.5L18.5 21 12 16.5 5.5 21l2-7.5L2 9h7z" fill="currentColor" />
    </svg>
  );
}

function indexOfRoll(roll: number): number {
  return DOUBLE_WHEEL_ORDER.indexOf(roll as (typeof DOUBLE_WHEEL_ORDER)[number]);
}

const easeOut = (x: number) => 1 - (1 - x) ** 4;

export function DoubleStrip({ motion, onLanded }: { motion: RefObject<StripMotion>; onLanded: (roll: number) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const landed = useRef(onLanded);
  landed.current = onLanded;

  useEffect(() => {
    // Position in tiles: the tile under the marker (fractional while moving).
    let pos = indexOfRoll(motion.current.roll ?? 0);
    let last = performance.now();
    let landing: { from: number; to: number; start: number; roll: number } | null = null;
    let frame = 0;

    const loop = (now: number) => {
      const dt = Math.min(100, now - last);
      last = now;
      const m = motion.current;
      if (m.mode === 'spin') {
        landing = null;
        pos += (SPIN_SPEED * dt) / 1000;
      } else if (m.mode === 'land' && m.roll !== null) {
        if (!landing || landing.roll !== m.roll) {
          // At least one full turn ahead, a random spot inside the tile (never on its edge).
          const jitter = (Math.random() - 0.5) * 0.6;
          let to = Math.floor(pos) + SLOTS + ((indexOfRoll(m.roll) - (Math.floor(pos) % SLOTS) + SLOTS) % SLOTS) + jitter;
          if (to - pos < SLOTS) to += SLOTS;
          landing = { from: pos, to, start: now, roll: m.roll };
        }
        const progress = Math.min(1, (now - landing.start) / LAND_MS);
        pos = landing.from + (landing.to - landing.from) * easeOut(progress);
        if (progress >= 1) {
          const roll = landing.roll;
          motion.current = { mode: 'rest', roll };
          landing = null;
          landed.current(roll);
        }
      } else if (m.mode === 'rest' && m.roll !== null && !landing) {
        const target = indexOfRoll(m.roll);
        if (((Math.round(pos) % SLOTS) + SLOTS) % SLOTS !== target) pos = target;
      }
      const width = container.current?.clientWidth ?? 0;
      const wrapped = ((pos % SLOTS) + SLOTS) % SLOTS;
      const offset = width / 2 - (SLOTS + wrapped) * TILE_PX - TILE_PX / 2;
      if (strip.current) strip.current.style.transform = `translate3d(${offset}px,0,0)`;
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [motion]);

  const tiles = Array.from({ length: SLOTS * COPIES }, (_, i) => DOUBLE_WHEEL_ORDER[i % SLOTS]!);
  return (
    <div ref={container} className="relative h-[92px] overflow-hidden rounded-2xl border border-line bg-ink/70" data-testid="double-strip">
      <div ref={strip} className="absolute top-2 left-0 flex will-change-transform">
        {tiles.map((roll, i) => {
          const color = doubleColor(roll);
          return (
            <div key={i} className="px-1" style={{ width: TILE_PX }}>
              <div
                className={`flex h-[76px] items-center justify-center rounded-xl text-2xl font-black shadow-inner ${DOUBLE_TILE_CLASS[color]}`}
              >
                {color === 'white' ? <DoubleMark className="size-8" /> : roll}
              </div>
            </div>
          );
        })}
      </div>
      <div className="pointer-events-none absolute inset-y-0 left-1/2 w-1 -translate-x-1/2 rounded-full bg-gold shadow-[0_0_14px_rgba(245,196,81,0.9)]" />
      <div className="pointer-events-none absolute inset-y-0 left-0 w-16 bg-gradient-to-r from-ink to-transparent" />
      <div className="pointer-events-none absolute inset-y-0 right-0 w-16 bg-gradient-to-l from-ink to-transparent" />
    </div>
  );
}
