import type { CarnavalSymbol } from '@casino/games/slot-carnaval';

/**
 * Carnaval 20's symbol artwork in SVG: the queen of the parade, a surdo drum, a masquerade mask,
 * a plume, the card ranks in carnival colours, the wild and the confetti-burst scatter. Drawn
 * once as <symbol>s and placed with <use>.
 */
function Rank({ id, text, from, to, size = 62 }: { id: string; text: string; from: string; to: string; size?: number }) {
  return (
    <symbol id={`cv-${id}`} viewBox="0 0 100 100">
      <linearGradient id={`cv-${id}-g`} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0%" stopColor={from} />
        <stop offset="100%" stopColor={to} />
      </linearGradient>
      <text
        x="50"
        y="54"
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={size}
        fontWeight="900"
        fontFamily="Georgia, 'Times New Roman', serif"
        fill={`url(#cv-${id}-g)`}
        stroke="#fff7d6"
        strokeWidth="3.5"
        paintOrder="stroke"
      >
        {text}
      </text>
      <circle cx="18" cy="20" r="4" fill={from} opacity="0.8" />
      <circle cx="84" cy="82" r="4" fill={to} opacity="0.8" />
      <rect x="76" y="14" width="7" height="7" rx="1.5" fill="#facc15" transform="rotate(25 79 17)" />
      <rect x="16" y="78" width="7" height="7" rx="1.5" fill="#22d3ee" transform="rotate(-20 19 81)" />
    </symbol>
  );
}

export function CarnavalSymbolDefs() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="cv-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#fff3b0" />
          <stop offset="50%" stopColor="#f5c451" />
          <stop offset="100%" stopColor="#b45309" />
        </linearGradient>
        <radialGradient id="cv-skin" cx="45%" cy="40%" r="60%">
          <stop offset="0%" stopColor="#e0a077" />
          <stop offset="100%" stopColor="#9a5b34" />
        </radialGradient>
        <linearGradient id="cv-g-drum" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0%" stopColor="#7f1d1d" />
          <stop offset="45%" stopColor="#ef4444" />
          <stop offset="100%" stopColor="#7f1d1d" />
        </linearGradient>
        <linearGradient id="cv-g-mask" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#a855f7" />
          <stop offset="100%" stopColor="#4c1d95" />
        </linearGradient>
        <linearGradient id="cv-plume" x1="0" y1="1" x2="1" y2="0">
          <stop offset="0%" stopColor="#16a34a" />
          <stop offset="50%" stopColor="#22d3ee" />
          <stop offset="100%" stopColor="#f472b6" />
        </linearGradient>
        <radialGradient id="cv-burst" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="#fff7d6" />
          <stop offset="55%" stopColor="#f59e0b" />
          <stop offset="100%" stopColor="#db2777" />
        </radialGradient>

        <symbol id="cv-queen" viewBox="0 0 100 100">
          {/* The headdress: a fan of plumes behind the face. */}
          {[-60, -40, -20, 0, 20, 40, 60].map((deg, i) => (
            <ellipse
              key={deg}
              cx="50"
              cy="24"
              rx="8"
              ry="24"
              fill={['#f472b6', '#facc15', '#22d3ee', '#a855f7', '#22d3ee', '#facc15', '#f472b6'][i]}
              transform={`rotate(${deg} 50 50)`}
              stroke="#fff"
              strokeOpacity="0.5"
            />
          ))}
          <path d="M28 44c6-10 38-10 44 0l-4 6H32z" fill="url(#cv-gold)" stroke="#92400e" strokeWidth="1.5" />
          <circle cx="50" cy="41" r="4" fill="#22d3ee" stroke="#fff" strokeWidth="1.2" />
          <ellipse cx="50" cy="64" rx="17" ry="20" fill="url(#cv-skin)" />
          <path d="M33 58c0-10 8-14 17-14s17 4 17 14c-4-5-9-6-17-6s-13 1-17 6z" fill="#1c1917" />
          <path d="M40 62q3-3 6 0M54 62q3-3 6 0" stroke="#1c1917" strokeWidth="2" fill="none" strokeLinecap="round" />
          <path d="M38 59l-3-2M62 59l3-2" stroke="#1c1917" strokeWidth="1.5" strokeLinecap="round" />
          <ellipse cx="50" cy="75" rx="5" ry="2.6" fill="#be123c" />
          <circle cx="41" cy="70" r="2.5" fill="#f472b6" opacity="0.5" />
          <circle cx="59" cy="70" r="2.5" fill="#f472b6" opacity="0.5" />
          <circle cx="33" cy="72" r="2.4" fill="url(#cv-gold)" />
          <circle cx="67" cy="72" r="2.4" fill="url(#cv-gold)" />
          <path d="M36 86c4 6 24 6 28 0" stroke="url(#cv-gold)" strokeWidth="4" fill="none" strokeLinecap="round" />
        </symbol>

        <symbol id="cv-drum" viewBox="0 0 100 100">
          <path d="M18 30v42c0 9 14 16 32 16s32-7 32-16V30z" fill="url(#cv-g-drum)" />
          <path
            d="M18 38l16 44M34 34l16 50M50 34l16 50M66 34l16 44M82 38L66 82M66 34L50 84M50 34L34 84"
            stroke="#fde68a"
            strokeWidth="2"
            opacity="0.8"
          />
          <ellipse cx="50" cy="30" rx="32" ry="11" fill="#f5f5f4" stroke="url(#cv-gold)" strokeWidth="4" />
          <ellipse cx="50" cy="30" rx="22" ry="6" fill="#e7e5e4" />
          <path d="M18 72c0 9 14 16 32 16s32-7 32-16" fill="none" stroke="url(#cv-gold)" strokeWidth="4" />
          <path d="M60 6l-14 26" stroke="#78350f" strokeWidth="4.5" strokeLinecap="round" />
          <circle cx="46" cy="30" r="5" fill="#fef3c7" stroke="#78350f" strokeWidth="1.5" />
          <path d="M86 12L66 30" stroke="#78350f" strokeWidth="4.5" strokeLinecap="round" />
        </symbol>

        <symbol id="cv-mask" viewBox="0 0 100 100">
          <path d="M70 40c6-14 10-26 24-34-4 14-10 24-20 34z" fill="url(#cv-plume)" />
          <path d="M66 38c2-16 2-28 12-36 0 14-2 26-8 36z" fill="#facc15" />
          <path
            d="M8 46c6-10 20-12 30-6 6 3 9 3 12 3s6 0 12-3c10-6 24-4 30 6-2 18-14 26-26 24-8-1-12-8-16-8s-8 7-16 8C22 72 10 64 8 46z"
            fill="url(#cv-g-mask)"
            stroke="url(#cv-gold)"
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <path d="M20 50c4-6 14-6 18 0-4 5-14 5-18 0zM62 50c4-6 14-6 18 0-4 5-14 5-18 0z" fill="#0b0717" />
          <g fill="#facc15">
            <circle cx="50" cy="48" r="2.5" />
            <circle cx="16" cy="42" r="1.8" />
            <circle cx="84" cy="42" r="1.8" />
            <circle cx="30" cy="64" r="1.8" />
            <circle cx="70" cy="64" r="1.8" />
          </g>
          <path d="M50 58v34" stroke="url(#cv-gold)" strokeWidth="3" strokeLinecap="round" />
        </symbol>

        <symbol id="cv-feather" viewBox="0 0 100 100">
          <path d="M78 8C48 14 24 42 22 78c14-4 28-12 40-26 10-12 16-28 16-44z" fill="url(#cv-plume)" />
          <path d="M78 8C60 30 40 56 16 92" stroke="#fff7d6" strokeWidth="3" strokeLinecap="round" fill="none" />
          <g stroke="#fff" strokeOpacity="0.45" strokeWidth="1.5">
            <path d="M64 24l-10-2M58 34l-12-2M50 46l-14-2M42 58l-12-1M58 26l6 10M50 38l8 10M42 50l8 10" />
          </g>
          <circle cx="70" cy="18" r="5" fill="#facc15" stroke="#fff" strokeWidth="1.2" />
        </symbol>

        <symbol id="cv-wild" viewBox="0 0 100 100">
          <path
            d="M50 4l9 16 18-4-4 18 17 8-15 11 7 17-18-1-4 18-10-15-10 15-4-18-18 1 7-17-15-11 17-8-4-18 18 4z"
            fill="url(#cv-gold)"
            stroke="#92400e"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <rect x="12" y="38" width="76" height="26" rx="8" fill="#be185d" stroke="#fde68a" strokeWidth="3" />
          <text x="50" y="57.5" textAnchor="middle" fontSize="20" fontWeight="900" fill="#fde68a" fontFamily="Inter, Arial, sans-serif">
            WILD
          </text>
        </symbol>

        <symbol id="cv-scatter" viewBox="0 0 100 100">
          {Array.from({ length: 12 }, (_, i) => (
            <path key={i} d="M50 50L45 4h10z" fill={i % 2 ? '#f472b6' : '#facc15'} transform={`rotate(${i * 30} 50 50)`} opacity="0.9" />
          ))}
          <circle cx="50" cy="50" r="26" fill="url(#cv-burst)" stroke="#fff" strokeWidth="3" />
          <path d="M50 34l5 10 11 2-8 8 2 11-10-5-10 5 2-11-8-8 11-2z" fill="#fff" />
          <g>
            <rect x="10" y="16" width="6" height="6" fill="#22d3ee" transform="rotate(20 13 19)" />
            <rect x="82" y="74" width="6" height="6" fill="#22d3ee" transform="rotate(-30 85 77)" />
            <rect x="80" y="14" width="5" height="5" fill="#4ade80" />
            <rect x="14" y="80" width="5" height="5" fill="#a855f7" />
          </g>
        </symbol>

        <Rank id="ace" text="A" from="#f87171" to="#b91c1c" />
        <Rank id="king" text="K" from="#60a5fa" to="#1d4ed8" />
        <Rank id="jack" text="J" from="#4ade80" to="#15803d" />
        <Rank id="ten" text="10" from="#fbbf24" to="#c2410c" size={54} />
      </defs>
    </svg>
  );
}

export function CarnavalSymbolIcon({ symbol, className = '' }: { symbol: CarnavalSymbol; className?: string }) {
  return (
    <svg viewBox="0 0 100 100" className={className} aria-hidden="true" focusable="false">
      <use href={`#cv-${symbol}`} />
    </svg>
  );
}
