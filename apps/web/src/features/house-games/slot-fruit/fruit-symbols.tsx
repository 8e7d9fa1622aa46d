import type { FruitSymbol } from '@casino/games/slot-fruit';

/**
 * Fruit Frenzy's symbol artwork, drawn in SVG once (as <symbol>s) and placed with <use>, so a
 * spinning reel of sixty symbols costs sixty tiny elements, not sixty copies of the drawings.
 */
export function FruitSymbolDefs() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="ff-g-red" cx="35%" cy="30%" r="70%">
          <stop offset="0%" stopColor="#ff8a8a" />
          <stop offset="45%" stopColor="#e11d2e" />
          <stop offset="100%" stopColor="#7f0712" />
        </radialGradient>
        <radialGradient id="ff-g-yellow" cx="35%" cy="30%" r="75%">
          <stop offset="0%" stopColor="#fff7b0" />
          <stop offset="50%" stopColor="#facc15" />
          <stop offset="100%" stopColor="#b7791f" />
        </radialGradient>
        <radialGradient id="ff-g-orange" cx="35%" cy="30%" r="75%">
          <stop offset="0%" stopColor="#ffd29a" />
          <stop offset="50%" stopColor="#f97316" />
          <stop offset="100%" stopColor="#9a3412" />
        </radialGradient>
        <radialGradient id="ff-g-plum" cx="35%" cy="30%" r="75%">
          <stop offset="0%" stopColor="#e9b8ff" />
          <stop offset="45%" stopColor="#9333ea" />
          <stop offset="100%" stopColor="#3b0764" />
        </radialGradient>
        <radialGradient id="ff-g-grape" cx="35%" cy="30%" r="70%">
          <stop offset="0%" stopColor="#c4b5fd" />
          <stop offset="50%" stopColor="#6d28d9" />
          <stop offset="100%" stopColor="#2e1065" />
        </radialGradient>
        <linearGradient id="ff-g-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#fff3b0" />
          <stop offset="45%" stopColor="#f5c451" />
          <stop offset="100%" stopColor="#a16207" />
        </linearGradient>
        <linearGradient id="ff-g-seven" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#ff6b6b" />
          <stop offset="100%" stopColor="#b91c1c" />
        </linearGradient>
        <linearGradient id="ff-g-leaf" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#86efac" />
          <stop offset="100%" stopColor="#15803d" />
        </linearGradient>

        <symbol id="ff-cherry" viewBox="0 0 100 100">
          <path d="M52 14c-6 14-14 30-24 46M52 14c4 16 10 32 22 44" fill="none" stroke="#166534" strokeWidth="4" strokeLinecap="round" />
          <path d="M52 14c10-8 24-8 32 0-10 6-22 7-32 0z" fill="url(#ff-g-leaf)" />
          <circle cx="28" cy="68" r="19" fill="url(#ff-g-red)" />
          <circle cx="72" cy="66" r="19" fill="url(#ff-g-red)" />
          <ellipse cx="22" cy="61" rx="5" ry="3.5" fill="#fff" opacity="0.75" />
          <ellipse cx="66" cy="59" rx="5" ry="3.5" fill="#fff" opacity="0.75" />
        </symbol>

        <symbol id="ff-lemon" viewBox="0 0 100 100">
          <path
            d="M10 54c4-22 24-36 44-34 16 1 28 10 36 22 1 2 3 3 4 4-1 2-2 3-3 4-6 20-26 32-46 30-15-1-27-10-33-22l-3-3z"
            fill="url(#ff-g-yellow)"
          />
          <path d="M22 44c6-10 16-15 26-15" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" opacity="0.7" />
          <path d="M56 21c2-6 8-10 14-10-2 6-7 10-14 10z" fill="url(#ff-g-leaf)" />
        </symbol>

        <symbol id="ff-orange" viewBox="0 0 100 100">
          <circle cx="50" cy="56" r="34" fill="url(#ff-g-orange)" />
          <g fill="#7c2d12" opacity="0.25">
            <circle cx="38" cy="64" r="1.6" />
            <circle cx="55" cy="72" r="1.6" />
            <circle cx="66" cy="58" r="1.6" />
            <circle cx="46" cy="48" r="1.6" />
            <circle cx="62" cy="42" r="1.6" />
            <circle cx="30" cy="52" r="1.6" />
            <circle cx="48" cy="80" r="1.6" />
            <circle cx="72" cy="72" r="1.6" />
          </g>
          <ellipse cx="38" cy="40" rx="8" ry="5" fill="#fff" opacity="0.55" />
          <path d="M50 23c2-8 10-13 20-12-3 8-10 12-20 12z" fill="url(#ff-g-leaf)" />
          <circle cx="50" cy="23" r="3" fill="#3f6212" />
        </symbol>

        <symbol id="ff-plum" viewBox="0 0 100 100">
          <path d="M50 22c20 0 34 16 34 36S70 90 50 90 16 78 16 58s14-36 34-36z" fill="url(#ff-g-plum)" />
          <path d="M50 26c-4 16-4 42 2 62" fill="none" stroke="#3b0764" strokeWidth="2" opacity="0.4" />
          <ellipse cx="35" cy="44" rx="6" ry="9" fill="#fff" opacity="0.45" transform="rotate(20 35 44)" />
          <path d="M50 24c0-6 2-12 6-16" fill="none" stroke="#713f12" strokeWidth="4" strokeLinecap="round" />
          <path d="M55 14c8-6 20-4 26 2-9 4-19 4-26-2z" fill="url(#ff-g-leaf)" />
        </symbol>

        <symbol id="ff-grape" viewBox="0 0 100 100">
          <path d="M50 18c0-6 3-10 8-12" fill="none" stroke="#713f12" strokeWidth="4" strokeLinecap="round" />
          <path d="M52 16c10-10 26-8 32 2-12 5-24 5-32-2z" fill="url(#ff-g-leaf)" />
          {[
            [34, 30],
            [50, 30],
            [66, 30],
            [26, 45],
            [42, 45],
            [58, 45],
            [74, 45],
            [34, 60],
            [50, 60],
            [66, 60],
            [42, 75],
            [58, 75],
            [50, 89],
          ].map(([cx, cy]) => (
            <g key={`${cx}-${cy}`}>
              <circle cx={cx} cy={cy} r="9.5" fill="url(#ff-g-grape)" />
              <circle cx={(cx ?? 0) - 3} cy={(cy ?? 0) - 3.5} r="2.2" fill="#fff" opacity="0.6" />
            </g>
          ))}
        </symbol>

        <symbol id="ff-watermelon" viewBox="0 0 100 100">
          <path d="M8 40h84c0 26-19 46-42 46S8 66 8 40z" fill="#15803d" />
          <path d="M13 40h74c0 22-16 40-37 40S13 62 13 40z" fill="#dcfce7" />
          <path d="M17 40h66c0 19-14 35-33 35S17 59 17 40z" fill="#ef4444" />
          <path d="M17 40h66c0 4-1 7-2 10H19c-1-3-2-6-2-10z" fill="#fca5a5" opacity="0.5" />
          {[
            [32, 52],
            [44, 60],
            [56, 60],
            [68, 52],
            [50, 48],
            [38, 46],
            [62, 46],
          ].map(([cx, cy]) => (
            <ellipse key={`${cx}-${cy}`} cx={cx} cy={cy} rx="2.2" ry="3.6" fill="#111827" />
          ))}
        </symbol>

        <symbol id="ff-bell" viewBox="0 0 100 100">
          <circle cx="50" cy="14" r="6" fill="url(#ff-g-gold)" stroke="#854d0e" strokeWidth="2" />
          <path
            d="M50 18c-18 0-26 14-26 30 0 12-4 20-12 26h76c-8-6-12-14-12-26 0-16-8-30-26-30z"
            fill="url(#ff-g-gold)"
            stroke="#854d0e"
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
          <rect x="10" y="72" width="80" height="9" rx="4.5" fill="url(#ff-g-gold)" stroke="#854d0e" strokeWidth="2.5" />
          <circle cx="50" cy="87" r="7" fill="#a16207" stroke="#854d0e" strokeWidth="2" />
          <path d="M36 34c-4 6-5 14-5 24" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" opacity="0.6" />
        </symbol>

        <symbol id="ff-seven" viewBox="0 0 100 100">
          <path
            d="M18 12h66v14L52 90H32l30-60H18z"
            fill="url(#ff-g-seven)"
            stroke="#fde68a"
            strokeWidth="5"
            strokeLinejoin="round"
            paintOrder="stroke"
          />
          <path d="M22 16h56" stroke="#fff" strokeWidth="3" strokeLinecap="round" opacity="0.55" />
        </symbol>

        <symbol id="ff-wild" viewBox="0 0 100 100">
          <path
            d="M50 6l12 26 28 3-21 19 6 28-25-14-25 14 6-28-21-19 28-3z"
            fill="url(#ff-g-gold)"
            stroke="#854d0e"
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <rect x="14" y="58" width="72" height="24" rx="7" fill="#7c1d6f" stroke="#fde68a" strokeWidth="3" />
          <text x="50" y="76" textAnchor="middle" fontSize="19" fontWeight="900" fill="#fde68a" fontFamily="Inter, Arial, sans-serif">
            WILD
          </text>
        </symbol>
      </defs>
    </svg>
  );
}

/** One symbol, placed from the definitions above (which must be on the page). */
export function FruitSymbolIcon({ symbol, className = '' }: { symbol: FruitSymbol; className?: string }) {
  return (
    <svg viewBox="0 0 100 100" className={className} aria-hidden="true" focusable="false">
      <use href={`#ff-${symbol}`} />
    </svg>
  );
}
