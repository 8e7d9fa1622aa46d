import { type ReactNode, useId } from 'react';
import type { ActivityType } from './promotions.api.ts';

/**
 * A drawn banner per activity type (no grey boxes when the operator uploaded no image). Pure
 * SVG, 2:1, decorative: the card's title says what it is.
 */
const PALETTES: Record<ActivityType, [string, string]> = {
  ftd: ['#0f766e', '#065f46'],
  dailywheel: ['#7e22ce', '#4c1d95'],
  lotterywheel: ['#4338ca', '#581c87'],
  invitationactivity: ['#0369a1', '#1e3a8a'],
  dailyrescue: ['#be123c', '#7c2d12'],
  rechargerebate: ['#15803d', '#14532d'],
  rechargetiers: ['#b45309', '#78350f'],
  welcome: ['#b91c1c', '#7c2d12'],
  treasurechest: ['#92400e', '#451a03'],
  weekly: ['#0e7490', '#1e3a8a'],
  mystery: ['#6d28d9', '#1e1b4b'],
  redeemcode: ['#be185d', '#581c87'],
};

function safeId(raw: string): string {
  return raw.replace(/[^a-zA-Z0-9_-]/g, '');
}

/** A gold coin with an "R$" mark. */
export function Coin({ x, y, r, gold }: { x: number; y: number; r: number; gold: string }) {
  return (
    <g>
      <circle cx={x} cy={y + r * 0.12} r={r} fill="#a16207" />
      <circle cx={x} cy={y} r={r} fill={`url(#${gold})`} stroke="#fde68a" strokeWidth={r * 0.08} />
      <circle cx={x} cy={y} r={r * 0.72} fill="none" stroke="#b45309" strokeOpacity="0.55" strokeWidth={r * 0.07} />
      <text
        x={x}
        y={y + r * 0.3}
        textAnchor="middle"
        fontSize={r * 0.8}
        fontWeight="900"
        fill="#92400e"
        fontFamily="Inter, Arial, sans-serif"
      >
        R$
      </text>
    </g>
  );
}

function CoinStack({ x, y, count, gold }: { x: number; y: number; count: number; gold: string }) {
  return (
    <g>
      {Array.from({ length: count }, (_, i) => (
        <g key={i}>
          <ellipse cx={x} cy={y - i * 9 + 4} rx="26" ry="9" fill="#a16207" />
          <ellipse cx={x} cy={y - i * 9} rx="26" ry="9" fill={`url(#${gold})`} stroke="#fde68a" strokeWidth="1.5" />
        </g>
      ))}
    </g>
  );
}

function MiniWheel({ x, y, r, colors }: { x: number; y: number; r: number; colors: [string, string] }) {
  const segments = 8;
  return (
    <g>
      <circle cx={x} cy={y} r={r + 7} fill="#f5c451" stroke="#fde68a" strokeWidth="2" />
      {Array.from({ length: segments }, (_, i) => {
        const a0 = ((i * 360) / segments) * (Math.PI / 180);
        const a1 = (((i + 1) * 360) / segments) * (Math.PI / 180);
        const d = `M${x},${y} L${x + r * Math.sin(a0)},${y - r * Math.cos(a0)} A${r},${r} 0 0 1 ${x + r * Math.sin(a1)},${y - r * Math.cos(a1)} Z`;
        return <path key={i} d={d} fill={i % 2 === 0 ? colors[0] : '#fef3c7'} stroke="#fde68a" strokeWidth="1" />;
      })}
      {Array.from({ length: 12 }, (_, i) => {
        const a = (i * 30 * Math.PI) / 180;
        return <circle key={i} cx={x + (r + 3.5) * Math.sin(a)} cy={y - (r + 3.5) * Math.cos(a)} r="1.8" fill="#fff7d6" />;
      })}
      <circle cx={x} cy={y} r={r * 0.2} fill="#f5c451" stroke="#92400e" strokeWidth="2" />
      <path d={`M${x - 8},${y - r - 14} L${x + 8},${y - r - 14} L${x},${y - r + 4} Z`} fill="#ef4444" stroke="#fff" strokeWidth="2" />
    </g>
  );
}

function Person({ x, y, scale, fill }: { x: number; y: number; scale: number; fill: string }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <circle cx="0" cy="-34" r="14" fill={fill} />
      <path d="M-24,10 C-24,-12 -12,-18 0,-18 C12,-18 24,-12 24,10 Z" fill={fill} />
    </g>
  );
}

function GiftBox({ x, y, size, body, ribbon }: { x: number; y: number; size: number; body: string; ribbon: string }) {
  const s = size;
  return (
    <g>
      <rect x={x - s / 2} y={y - s * 0.35} width={s} height={s * 0.75} rx={s * 0.06} fill={body} />
      <rect x={x - s * 0.58} y={y - s * 0.55} width={s * 1.16} height={s * 0.26} rx={s * 0.05} fill={body} stroke="#ffffff22" />
      <rect x={x - s * 0.08} y={y - s * 0.55} width={s * 0.16} height={s * 0.95} fill={ribbon} />
      <path
        d={`M${x},${y - s * 0.55} C${x - s * 0.35},${y - s * 0.95} ${x - s * 0.45},${y - s * 0.5} ${x},${y - s * 0.55} C${x + s * 0.45},${y - s * 0.5} ${x + s * 0.35},${y - s * 0.95} ${x},${y - s * 0.55} Z`}
        fill={ribbon}
      />
    </g>
  );
}

/** A treasure chest, closed or with its lid thrown back and coins piled inside. */
function ChestShape({ x, y, w, open, gold }: { x: number; y: number; w: number; open: boolean; gold: string }) {
  const h = w * 0.62;
  const top = y - h * 0.35;
  return (
    <g>
      {open ? (
        <>
          <ellipse cx={x} cy={top - h * 0.1} rx={w * 0.6} ry={h * 0.5} fill="#fde68a" opacity="0.35" />
          <path
            d={`M${x - w / 2},${top} L${x - w * 0.44},${top - h * 0.62} L${x + w * 0.44},${top - h * 0.62} L${x + w / 2},${top} Z`}
            fill="#7c2d12"
            stroke="#451a03"
            strokeWidth="2"
          />
          <rect x={x - w * 0.44} y={top - h * 0.66} width={w * 0.88} height={h * 0.08} rx="3" fill={`url(#${gold})`} />
          <Coin x={x - w * 0.22} y={top - h * 0.02} r={w * 0.11} gold={gold} />
          <Coin x={x + w * 0.2} y={top - h * 0.04} r={w * 0.1} gold={gold} />
          <Coin x={x} y={top - h * 0.14} r={w * 0.12} gold={gold} />
        </>
      ) : null}
      <rect x={x - w / 2} y={top} width={w} height={h * 0.7} rx={w * 0.05} fill="#9a3412" stroke="#451a03" strokeWidth="2" />
      <rect x={x - w / 2} y={y - h * 0.1} width={w} height={h * 0.1} fill={`url(#${gold})`} />
      <rect x={x - w * 0.08} y={y - h * 0.22} width={w * 0.16} height={h * 0.3} rx="3" fill={`url(#${gold})`} stroke="#92400e" />
      {open ? null : (
        <path
          d={`M${x - w / 2},${top} C${x - w / 2},${y - h * 0.95} ${x + w / 2},${y - h * 0.95} ${x + w / 2},${top} Z`}
          fill="#9a3412"
          stroke="#451a03"
          strokeWidth="2"
        />
      )}
      <rect x={x - w * 0.53} y={top - h * 0.04} width={w * 1.06} height={h * 0.08} rx="3" fill={`url(#${gold})`} />
    </g>
  );
}

function Medal({ x, y, r, fill, ribbon, label }: { x: number; y: number; r: number; fill: string; ribbon: string; label: string }) {
  return (
    <g>
      <path
        d={`M${x - r * 0.7},${y - r * 2.2} L${x - r * 0.2},${y - r * 0.6} L${x + r * 0.2},${y - r * 0.6} L${x + r * 0.7},${y - r * 2.2} Z`}
        fill={ribbon}
      />
      <circle cx={x} cy={y} r={r} fill={fill} stroke="#ffffff88" strokeWidth="2" />
      <text x={x} y={y + r * 0.35} textAnchor="middle" fontSize={r} fontWeight="900" fill="#00000055" fontFamily="Inter, Arial, sans-serif">
        {label}
      </text>
    </g>
  );
}

function Sparkle({ x, y, s }: { x: number; y: number; s: number }) {
  return (
    <path
      d={`M${x},${y - s} Q${x + s * 0.15},${y - s * 0.15} ${x + s},${y} Q${x + s * 0.15},${y + s * 0.15} ${x},${y + s} Q${x - s * 0.15},${y + s * 0.15} ${x - s},${y} Q${x - s * 0.15},${y - s * 0.15} ${x},${y - s} Z`}
      fill="#fff7d6"
      opacity="0.85"
    />
  );
}

function motif(type: ActivityType, gold: string, colors: [string, string]): ReactNode {
  switch (type) {
    case 'ftd':
      return (
        <>
          <CoinStack x={135} y={118} count={5} gold={gold} />
          <CoinStack x={190} y={122} count={3} gold={gold} />
          <path
            d="M232,96 L232,44 M218,58 L232,42 L246,58"
            stroke="#bbf7d0"
            strokeWidth="7"
            strokeLinecap="round"
            strokeLinejoin="round"
            fill="none"
          />
        </>
      );
    case 'dailywheel':
    case 'lotterywheel':
      return <MiniWheel x={160} y={86} r={48} colors={colors} />;
    case 'invitationactivity':
      return (
        <>
          <Person x={118} y={118} scale={1.15} fill="#bae6fd" />
          <Person x={200} y={118} scale={1.15} fill="#e0f2fe" />
          <GiftBox x={160} y={110} size={38} body="#f43f5e" ribbon="#fde68a" />
        </>
      );
    case 'dailyrescue':
      return (
        <>
          <path d="M100,78 C100,40 220,40 220,78 C205,70 190,70 180,78 C170,70 150,70 140,78 C130,70 115,70 100,78 Z" fill="#fecdd3" />
          <path d="M160,46 L160,112 C160,124 144,124 144,114" stroke="#fff1f2" strokeWidth="5" fill="none" strokeLinecap="round" />
          <Coin x={124} y={118} r={15} gold={gold} />
          <Coin x={196} y={116} r={17} gold={gold} />
        </>
      );
    case 'rechargerebate':
      return (
        <>
          <Coin x={140} y={88} r={40} gold={gold} />
          <circle cx={206} cy={62} r={26} fill="#22c55e" stroke="#dcfce7" strokeWidth="3" />
          <text x={206} y={72} textAnchor="middle" fontSize="28" fontWeight="900" fill="#fff" fontFamily="Inter, Arial, sans-serif">
            %
          </text>
        </>
      );
    case 'rechargetiers':
      return (
        <>
          <rect x={98} y={104} width={40} height={30} rx="4" fill="#00000033" />
          <rect x={140} y={88} width={40} height={46} rx="4" fill="#00000044" />
          <rect x={182} y={96} width={40} height={38} rx="4" fill="#00000033" />
          <Medal x={118} y={84} r={15} fill="#cd7f32" ribbon="#1d4ed8" label="3" />
          <Medal x={160} y={66} r={18} fill="#f5c451" ribbon="#dc2626" label="1" />
          <Medal x={202} y={76} r={16} fill="#cbd5e1" ribbon="#15803d" label="2" />
        </>
      );
    case 'welcome':
      return (
        <>
          <GiftBox x={160} y={104} size={62} body="#dc2626" ribbon="#f5c451" />
          <path d="M126,40 L140,52 L160,30 L180,52 L194,40 L188,70 L132,70 Z" fill={`url(#${gold})`} stroke="#fde68a" strokeWidth="2" />
        </>
      );
    case 'treasurechest':
      return <ChestShape x={160} y={118} w={104} open gold={gold} />;
    case 'weekly':
      return (
        <>
          <rect x={110} y={38} width={100} height={90} rx="12" fill="#ecfeff" />
          <rect x={110} y={38} width={100} height={24} rx="12" fill="#0891b2" />
          <rect x={110} y={50} width={100} height={12} fill="#0891b2" />
          {Array.from({ length: 7 }, (_, i) => (
            <circle key={i} cx={124 + (i % 4) * 24} cy={80 + Math.floor(i / 4) * 26} r="8" fill={i < 5 ? '#22c55e' : '#cbd5e1'} />
          ))}
          <Coin x={214} y={118} r={18} gold={gold} />
        </>
      );
    case 'mystery':
      return (
        <>
          <GiftBox x={160} y={104} size={70} body="#7c3aed" ribbon="#f5c451" />
          <text x={160} y={126} textAnchor="middle" fontSize="40" fontWeight="900" fill="#fff" fontFamily="Inter, Arial, sans-serif">
            ?
          </text>
        </>
      );
    case 'redeemcode':
      return (
        <>
          <path
            d="M96,52 L224,52 L224,72 C214,72 214,92 224,92 L224,112 L96,112 L96,92 C106,92 106,72 96,72 Z"
            fill="#fdf2f8"
            transform="rotate(-8 160 82)"
          />
          <path d="M190,56 L190,108" stroke="#db2777" strokeWidth="3" strokeDasharray="5 5" transform="rotate(-8 160 82)" />
          <text
            x={142}
            y={92}
            textAnchor="middle"
            fontSize="20"
            fontWeight="900"
            fill="#9d174d"
            fontFamily="ui-monospace, monospace"
            transform="rotate(-8 160 82)"
          >
            CODE
          </text>
        </>
      );
  }
}

/** The illustration of one activity type, drawn at any width (2:1). */
export function ActivityArt({ type, className = '' }: { type: ActivityType; className?: string }) {
  const id = safeId(useId());
  const colors = PALETTES[type];
  const gold = `${id}-gold`;
  return (
    <svg viewBox="0 0 320 160" className={className} aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={colors[0]} />
          <stop offset="1" stopColor={colors[1]} />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.45" r="0.5">
          <stop offset="0" stopColor="#fff7d6" stopOpacity="0.35" />
          <stop offset="1" stopColor="#fff7d6" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={gold} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="0.5" stopColor="#f5c451" />
          <stop offset="1" stopColor="#d99a1e" />
        </linearGradient>
      </defs>
      <rect width="320" height="160" fill={`url(#${id}-bg)`} />
      <circle cx="160" cy="78" r="96" fill={`url(#${id}-glow)`} />
      <g opacity="0.18" fill="#fff">
        <circle cx="28" cy="30" r="34" />
        <circle cx="300" cy="140" r="46" />
      </g>
      <Sparkle x={58} y={118} s={7} />
      <Sparkle x={270} y={36} s={9} />
      <Sparkle x={246} y={120} s={5} />
      <Sparkle x={78} y={40} s={5} />
      {motif(type, gold, colors)}
    </svg>
  );
}
