import { useId } from 'react';

/** A cut emerald: the safe tile. */
export function Gem({ className = '' }: { className?: string }) {
  const id = useId();
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <defs>
        <linearGradient id={`${id}-a`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#b7ffd8" />
          <stop offset="0.5" stopColor="#34d399" />
          <stop offset="1" stopColor="#047857" />
        </linearGradient>
        <linearGradient id={`${id}-b`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ecfdf5" stopOpacity="0.9" />
          <stop offset="1" stopColor="#6ee7b7" stopOpacity="0.2" />
        </linearGradient>
      </defs>
      <path d="M16 10h32l12 16-28 30L4 26z" fill={`url(#${id}-a)`} stroke="#065f46" strokeWidth="1.5" strokeLinejoin="round" />
      <path d="M4 26h56M16 10l8 16 8-16 8 16 8-16M24 26l8 30 8-30" fill="none" stroke="#065f46" strokeOpacity="0.55" strokeWidth="1.2" />
      <path d="M16 10h16l-8 16H4z" fill={`url(#${id}-b)`} />
    </svg>
  );
}

/** A round bomb with a lit fuse: the mine. */
export function Bomb({ className = '' }: { className?: string }) {
  const id = useId();
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <defs>
        <radialGradient id={`${id}-b`} cx="0.38" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#6b7280" />
          <stop offset="0.45" stopColor="#1f2937" />
          <stop offset="1" stopColor="#030712" />
        </radialGradient>
      </defs>
      <circle cx="29" cy="37" r="21" fill={`url(#${id}-b)`} />
      <rect x="36" y="12" width="10" height="9" rx="2" transform="rotate(40 41 16)" fill="#374151" />
      <path d="M44 12c3-5 8-6 11-3" fill="none" stroke="#a16207" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="56" cy="8" r="4" fill="#fde047" />
      <circle cx="56" cy="8" r="2" fill="#fff7ed" />
      <ellipse cx="21" cy="28" rx="6" ry="4" fill="#fff" opacity="0.25" transform="rotate(-35 21 28)" />
    </svg>
  );
}
