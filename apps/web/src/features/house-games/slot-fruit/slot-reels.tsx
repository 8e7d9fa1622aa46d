import { forwardRef, type ReactNode, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { sound } from '../common/sound.ts';

/**
 * Spinning reels for both slots (Fruit Frenzy here, Carnaval 20 imports it). Each reel is a
 * column three symbols high; a spin lays out a strip [new window, symbols from the real reel
 * strip, old window] and slides it down, so the new window arrives from above the way a
 * mechanical reel turns. Reels stop one after another with a small overshoot.
 */

export type ReelsHandle<S extends string> = {
  /** Spins to `grid` (grid[reel][row]); `filler(reel, count)` gives the symbols passing by. */
  spin: (grid: S[][], filler: (reel: number, count: number) => S[], timing?: { firstMs: number; staggerMs: number }) => Promise<void>;
};

type ReelsProps<S extends string> = {
  /** The window shown at rest, grid[reel][row]. */
  grid: S[][];
  renderSymbol: (symbol: S) => ReactNode;
  /** Cells ("reel:row") to light up; the others dim while any are lit. */
  lit?: ReadonlySet<string>;
  /** Drawn over the window (win lines), in a viewBox of reels*100 x 300. */
  overlay?: ReactNode;
  label: string;
  className?: string;
};

const FILLER_BASE = 14;
const FILLER_PER_REEL = 5;

type Spinning<S> = { strips: S[][]; token: number; timing: { firstMs: number; staggerMs: number }; done: () => void };

function ReelsInner<S extends string>(
  { grid, renderSymbol, lit, overlay, label, className = '' }: ReelsProps<S>,
  ref: React.ForwardedRef<ReelsHandle<S>>,
) {
  const [spinning, setSpinning] = useState<Spinning<S> | null>(null);
  const stripRefs = useRef<(HTMLDivElement | null)[]>([]);
  const token = useRef(0);
  const reels = grid.length;

  // The strips are animated right after React has laid them out (the layout effect below).
  useLayoutEffect(() => {
    if (!spinning) return;
    const { strips, timing, done } = spinning;
    sound.play('spin');
    const runs = strips.map((strip, reel) => {
      const element = stripRefs.current[reel];
      if (!element) return Promise.resolve();
      const start = `translateY(-${((strip.length - 3) / strip.length) * 100}%)`;
      const duration = timing.firstMs + timing.staggerMs * reel;
      const animation = element.animate(
        [
          { transform: start, filter: 'blur(0px)', offset: 0 },
          { filter: 'blur(1.6px)', offset: 0.15 },
          { filter: 'blur(1.6px)', offset: 0.7 },
          { transform: 'translateY(0%)', filter: 'blur(0px)', offset: 1 },
        ],
        { duration, easing: 'cubic-bezier(0.3, 0.1, 0.3, 1.08)', fill: 'forwards' },
      );
      return animation.finished.then(
        () => sound.play('tick'),
        () => undefined,
      );
    });
    void Promise.all(runs).then(() => {
      if (token.current === spinning.token) setSpinning(null);
      done();
    });
  }, [spinning]);

  useImperativeHandle(ref, () => ({
    spin(next, filler, timing = { firstMs: 900, staggerMs: 260 }) {
      const current = ++token.current;
      const strips = next.map((window, reel) => {
        const count = FILLER_BASE + FILLER_PER_REEL * reel;
        return [...window, ...filler(reel, count), ...(grid[reel] ?? window)];
      });
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      if (document.hidden || reduce) {
        setSpinning(null);
        return Promise.resolve();
      }
      return new Promise<void>((done) => setSpinning({ strips, token: current, timing, done }));
    },
  }));

  const isLit = (reel: number, row: number) => lit?.has(`${reel}:${row}`) ?? false;
  const anyLit = (lit?.size ?? 0) > 0;

  return (
    <div
      role="img"
      aria-label={label}
      className={`relative grid gap-1.5 ${className}`}
      style={{ gridTemplateColumns: `repeat(${reels}, minmax(0, 1fr))` }}
    >
      {grid.map((window, reel) => {
        const strip = spinning?.strips[reel];
        return (
          <div
            key={reel}
            className="relative aspect-[1/3] overflow-hidden rounded-xl bg-gradient-to-b from-[#120b26] via-[#1d1340] to-[#120b26] shadow-[inset_0_0_18px_rgba(0,0,0,0.7)]"
          >
            {strip ? (
              <div
                ref={(element) => {
                  stripRefs.current[reel] = element;
                }}
                className="absolute inset-x-0 top-0 will-change-transform"
                style={{ height: `${(strip.length / 3) * 100}%`, transform: `translateY(-${((strip.length - 3) / strip.length) * 100}%)` }}
              >
                {strip.map((symbol, i) => (
                  <div key={i} className="flex items-center justify-center p-[8%]" style={{ height: `${100 / strip.length}%` }}>
                    {renderSymbol(symbol)}
                  </div>
                ))}
              </div>
            ) : (
              <div className="absolute inset-0 flex flex-col">
                {window.map((symbol, row) => (
                  <div
                    key={row}
                    data-cell={`${reel}:${row}`}
                    data-symbol={symbol}
                    className={`relative flex flex-1 items-center justify-center p-[8%] transition duration-300 ${
                      anyLit ? (isLit(reel, row) ? 'scale-105' : 'opacity-35 saturate-50') : ''
                    }`}
                  >
                    {isLit(reel, row) ? (
                      <span aria-hidden="true" className="absolute inset-1 animate-pulse rounded-lg bg-gold/15 ring-2 ring-gold/80" />
                    ) : null}
                    {renderSymbol(symbol)}
                  </div>
                ))}
              </div>
            )}
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 bg-gradient-to-b from-black/45 via-transparent to-black/45"
            />
          </div>
        );
      })}
      {overlay && !spinning ? (
        <svg
          viewBox={`0 0 ${reels * 100} 300`}
          preserveAspectRatio="none"
          className="pointer-events-none absolute inset-0 h-full w-full"
          aria-hidden="true"
        >
          {overlay}
        </svg>
      ) : null}
    </div>
  );
}

export const SlotReels = forwardRef(ReelsInner) as <S extends string>(
  props: ReelsProps<S> & { ref?: React.Ref<ReelsHandle<S>> },
) => ReturnType<typeof ReelsInner>;

/** Filler symbols for a reel: the real strip read upwards from above the stop, as a turning reel shows them. */
export function stripFiller<S extends string>(strip: readonly S[], stop: number, count: number): S[] {
  const n = strip.length;
  // The strip is laid out top to bottom [window][filler][old window]; right above the window's
  // first symbol (stop) sits stop + 3 ... in reading order going down from the window's bottom.
  return Array.from({ length: count }, (_, i) => strip[(((stop + 3 + i) % n) + n) % n] as S);
}

/**
 * Centre of a cell in the overlay's viewBox (reels*100 x 300), with the gaps between reels
 * ignored: the overlay stretches over the whole grid, so lines pass through symbol centres.
 */
export function cellCentre(reel: number, row: number): [number, number] {
  return [reel * 100 + 50, row * 100 + 50];
}
