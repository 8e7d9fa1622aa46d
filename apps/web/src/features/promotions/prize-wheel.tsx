import { useId, useState } from 'react';
import { formatShortMoney } from './promo-ui.tsx';
import { segmentDegrees } from './promo-math.ts';
import type { WheelPrize } from './promotions.api.ts';

const SEGMENT_COLORS = ['#6d28d9', '#be185d', '#1d4ed8', '#0f766e', '#b45309', '#7e22ce', '#c2410c', '#0369a1'];
const RADIUS = 100;
const BULBS = 18;

/** A point at `deg` clockwise from 12 o'clock, `r` from the centre. */
function polar(deg: number, r: number): [number, number] {
  const rad = (deg * Math.PI) / 180;
  return [r * Math.sin(rad), -r * Math.cos(rad)];
}

function segmentPath(from: number, to: number): string {
  const [x0, y0] = polar(from, RADIUS);
  const [x1, y1] = polar(to, RADIUS);
  const large = to - from > 180 ? 1 : 0;
  return `M0,0 L${x0.toFixed(3)},${y0.toFixed(3)} A${RADIUS},${RADIUS} 0 ${large} 1 ${x1.toFixed(3)},${y1.toFixed(3)} Z`;
}

/** The default prize icon (spec section 3: prize items have an icon, with a default image). */
function DefaultPrizeIcon({ gold }: { gold: string }) {
  return (
    <g>
      <circle cx="0" cy="-44" r="11" fill={`url(#${gold})`} stroke="#fde68a" strokeWidth="1.5" />
      <circle cx="0" cy="-44" r="7.5" fill="none" stroke="#b45309" strokeOpacity="0.6" strokeWidth="1.2" />
      <text x="0" y="-40.5" textAnchor="middle" fontSize="8.5" fontWeight="900" fill="#92400e" fontFamily="Inter, Arial, sans-serif">
        R$
      </text>
    </g>
  );
}

type PrizeWheelProps = {
  /** The segments; null draws a wheel of unknown prizes (visitors). */
  prizes: WheelPrize[] | null;
  /** Clockwise rotation of the wheel in degrees. */
  rotationDeg: number;
  /** How long the wheel eases to `rotationDeg` (0: jump, for reduced motion). */
  durationMs: number;
  /** The segment that won, lit once the wheel has stopped. */
  winner: number | null;
  label: string;
};

/**
 * A prize wheel drawn in SVG. The page turns it with a CSS transform that eases to the segment
 * the server drew (prize.index): the wheel only shows the result, it never decides it.
 */
export function PrizeWheel({ prizes, rotationDeg, durationMs, winner, label }: PrizeWheelProps) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const gold = `${id}-gold`;
  const [brokenIcons, setBrokenIcons] = useState<ReadonlySet<number>>(new Set());
  const segments = prizes && prizes.length > 0 ? prizes : null;
  const count = segments?.length ?? 8;
  const seg = segmentDegrees(count);

  return (
    <div
      className="relative mx-auto aspect-square w-full max-w-[340px] select-none"
      role="img"
      aria-label={label}
      data-testid="prize-wheel"
    >
      <svg
        viewBox="-120 -120 240 240"
        className="absolute inset-0 size-full drop-shadow-[0_10px_30px_rgba(124,58,237,0.35)]"
        aria-hidden="true"
      >
        <defs>
          <linearGradient id={gold} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fde68a" />
            <stop offset="0.5" stopColor="#f5c451" />
            <stop offset="1" stopColor="#d99a1e" />
          </linearGradient>
        </defs>
        <circle r="116" fill={`url(#${gold})`} />
        <circle r="108" fill="#1e1b4b" />
        {Array.from({ length: BULBS }, (_, i) => {
          const [x, y] = polar((i * 360) / BULBS, 112);
          return (
            <circle
              key={i}
              cx={x}
              cy={y}
              r="2.6"
              fill={i % 2 === 0 ? '#fff7d6' : '#fbbf24'}
              className={i % 2 === 0 ? 'motion-safe:animate-pulse' : ''}
            />
          );
        })}
      </svg>
      <div
        className="absolute inset-[6.5%]"
        style={{
          transform: `rotate(${rotationDeg}deg)`,
          transition: durationMs > 0 ? `transform ${durationMs}ms cubic-bezier(0.12, 0.72, 0.1, 1)` : 'none',
        }}
        data-rotation={rotationDeg}
      >
        <svg viewBox="-104 -104 208 208" className="size-full" aria-hidden="true">
          <defs>
            <linearGradient id={`${gold}-in`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#fde68a" />
              <stop offset="1" stopColor="#d99a1e" />
            </linearGradient>
          </defs>
          {Array.from({ length: count }, (_, i) => {
            const prize = segments?.[i];
            const from = i * seg - seg / 2;
            const to = i * seg + seg / 2;
            const fill = SEGMENT_COLORS[i % SEGMENT_COLORS.length] ?? '#6d28d9';
            return (
              <g key={prize?.index ?? i}>
                {count === 1 ? (
                  <circle r={RADIUS} fill={fill} />
                ) : (
                  <path d={segmentPath(from, to)} fill={fill} stroke="#fde68a" strokeWidth="1.2" />
                )}
                {winner === i ? (
                  <path d={segmentPath(from, to)} fill="#fff7d6" opacity="0.35" className="motion-safe:animate-pulse" />
                ) : null}
                <g transform={`rotate(${i * seg})`}>
                  {prize?.icon && !brokenIcons.has(i) ? (
                    <image
                      href={prize.icon}
                      x="-12"
                      y="-56"
                      width="24"
                      height="24"
                      onError={() => setBrokenIcons((previous) => new Set(previous).add(i))}
                    />
                  ) : (
                    <DefaultPrizeIcon gold={`${gold}-in`} />
                  )}
                  {prize ? (
                    <text
                      x="0"
                      y="-72"
                      textAnchor="middle"
                      fontSize={count > 10 ? 9 : 11}
                      fontWeight="800"
                      fill="#fff"
                      fontFamily="Inter, Arial, sans-serif"
                      stroke="#0006"
                      strokeWidth="0.6"
                      paintOrder="stroke"
                    >
                      {formatShortMoney(prize.reward)}
                    </text>
                  ) : null}
                </g>
              </g>
            );
          })}
          <circle r="22" fill={`url(#${gold}-in)`} stroke="#fff7d6" strokeWidth="2" />
          <path d="M0,-12 L3.5,-3.5 L12,-3.5 L5,2 L7.5,11 L0,5.5 L-7.5,11 L-5,2 L-12,-3.5 L-3.5,-3.5 Z" fill="#92400e" />
        </svg>
      </div>
      <svg viewBox="0 0 40 48" className="absolute top-[-2%] left-1/2 w-[11%] -translate-x-1/2 drop-shadow-md" aria-hidden="true">
        <path d="M4,4 L36,4 L20,44 Z" fill="#ef4444" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
        <circle cx="20" cy="14" r="4" fill="#fff" />
      </svg>
    </div>
  );
}
