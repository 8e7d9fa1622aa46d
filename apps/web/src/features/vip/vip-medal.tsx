import { useId } from 'react';

/** Metal of a level: steel for VIP 0, then bronze, silver, gold, platinum and diamond, two levels each. */
type Metal = { light: string; mid: string; dark: string; deep: string; ink: string; ribbon: string };

const METALS: readonly Metal[] = [
  { light: '#e4e9f4', mid: '#a3adc6', dark: '#5b6682', deep: '#343c52', ink: '#1b2030', ribbon: '#4b5570' },
  { light: '#ffd9b5', mid: '#d98c4e', dark: '#9a5325', deep: '#5e2f12', ink: '#3a1a06', ribbon: '#b5472f' },
  { light: '#ffffff', mid: '#cdd5e5', dark: '#8590a8', deep: '#4e5870', ink: '#232a3b', ribbon: '#3b6fd6' },
  { light: '#fff3c2', mid: '#f5c451', dark: '#c8871a', deep: '#7a4e06', ink: '#4a2e00', ribbon: '#d63b4a' },
  { light: '#e9fffb', mid: '#8fe3d6', dark: '#2e9c8e', deep: '#15574f', ink: '#0b302b', ribbon: '#6b4de6' },
  { light: '#f5efff', mid: '#b79cff', dark: '#7b4dff', deep: '#3f1fa6', ink: '#1e0b57', ribbon: '#e0367a' },
];

export function metalOf(level: number): Metal {
  const tier = level <= 0 ? 0 : Math.min(METALS.length - 1, Math.ceil(level / 2));
  return METALS[tier]!;
}

/** Points of a star polygon centred at (cx, cy), first point straight up. */
function starPoints(cx: number, cy: number, outer: number, inner: number, points: number): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI * i) / points - Math.PI / 2;
    out.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return out.join(' ');
}

const CX = 60;
const CY = 64;

function Ribbons({ color }: { color: string }) {
  return (
    <g>
      <polygon points="40,90 26,128 36,122 44,130 54,96" fill={color} />
      <polygon points="80,90 94,128 84,122 76,130 66,96" fill={color} />
    </g>
  );
}

function Crown({ fill, stroke }: { fill: string; stroke: string }) {
  return <path d="M42 22 L40 6 L51 14 L60 2 L69 14 L80 6 L78 22 Z" fill={fill} stroke={stroke} strokeWidth="1.5" strokeLinejoin="round" />;
}

/**
 * A drawn medal for a VIP level (no image files): the metal says the tier, the stars the step
 * inside it, a crown marks the top tiers. Scales to any size; each instance has its own gradients.
 */
export function VipMedal({
  level,
  size = 64,
  label,
  className = '',
}: {
  level: number;
  size?: number;
  label?: string;
  className?: string;
}) {
  const metal = metalOf(level);
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const stars = level <= 0 ? 0 : ((level - 1) % 2) + 1;
  const digits = String(level).length;
  return (
    <svg
      viewBox="0 0 120 132"
      width={size}
      height={(size * 132) / 120}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={`shrink-0 drop-shadow-[0_6px_14px_rgba(0,0,0,0.45)] ${className}`}
    >
      <defs>
        <linearGradient id={`${id}-rim`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={metal.light} />
          <stop offset="0.5" stopColor={metal.mid} />
          <stop offset="1" stopColor={metal.dark} />
        </linearGradient>
        <linearGradient id={`${id}-ring`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={metal.dark} />
          <stop offset="1" stopColor={metal.deep} />
        </linearGradient>
        <radialGradient id={`${id}-face`} cx="0.38" cy="0.3" r="0.85">
          <stop offset="0" stopColor={metal.light} />
          <stop offset="0.55" stopColor={metal.mid} />
          <stop offset="1" stopColor={metal.dark} />
        </radialGradient>
      </defs>
      {level > 0 ? <Ribbons color={metal.ribbon} /> : null}
      <polygon points={starPoints(CX, CY, 50, 45, 18)} fill={`url(#${id}-rim)`} stroke={metal.deep} strokeWidth="1" />
      <circle cx={CX} cy={CY} r="39" fill={`url(#${id}-ring)`} />
      <circle cx={CX} cy={CY} r="34" fill={`url(#${id}-face)`} stroke={metal.light} strokeWidth="1.5" />
      <ellipse cx={CX - 10} cy={CY - 17} rx="19" ry="9" fill="white" opacity="0.28" transform={`rotate(-24 ${CX - 10} ${CY - 17})`} />
      <text x={CX} y={CY - 14} textAnchor="middle" fontSize="11" fontWeight="800" letterSpacing="1.5" fill={metal.ink} opacity="0.85">
        VIP
      </text>
      <text
        x={CX}
        y={CY + 14}
        textAnchor="middle"
        fontSize={digits > 1 ? 28 : 32}
        fontWeight="900"
        fill={metal.ink}
        stroke={metal.light}
        strokeWidth="0.8"
        paintOrder="stroke"
      >
        {level}
      </text>
      {Array.from({ length: stars }, (_, i) => (
        <polygon key={i} points={starPoints(CX + (i - (stars - 1) / 2) * 12, CY + 25, 5, 2.2, 5)} fill={metal.ink} opacity="0.8" />
      ))}
      {level >= 7 ? <Crown fill={`url(#${id}-rim)`} stroke={metal.deep} /> : null}
    </svg>
  );
}
