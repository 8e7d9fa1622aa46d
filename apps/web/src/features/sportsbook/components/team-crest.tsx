import type { TeamItem } from '@casino/shared/schemas/sports';
import { useId } from 'react';

const HEX = /^#[0-9a-f]{6}$/i;
const safeColor = (value: string, fallback: string) => (HEX.test(value) ? value : fallback);

const SHIELD = 'M16 1.5 29.5 5.5V17c0 8.6-6 14.6-13.5 17.5C8.5 31.6 2.5 25.6 2.5 17V5.5Z';

/**
 * A club crest drawn from the team's two colours (no image files, no trademarks): a shield in the
 * primary colour with a sash in the secondary one, and the short name (white, outlined, readable on any colours) on the larger sizes.
 */
export function TeamCrest({
  team,
  size = 22,
}: {
  team: Pick<TeamItem, 'short_name' | 'color_primary' | 'color_secondary'>;
  size?: number;
}) {
  const clipId = useId();
  const primary = safeColor(team.color_primary, '#3b4a72');
  const secondary = safeColor(team.color_secondary, '#f4f6fb');
  const showInitials = size >= 40;
  return (
    <svg viewBox="0 0 32 36" width={size} height={(size * 36) / 32} aria-hidden="true" className="shrink-0">
      <defs>
        <clipPath id={clipId}>
          <path d={SHIELD} />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect width="32" height="36" fill={primary} />
        <path d="M-2 9 L9 -2 L34 23 L23 34 Z" fill={secondary} opacity="0.9" />
      </g>
      <path d={SHIELD} fill="none" stroke="rgba(255,255,255,0.55)" strokeWidth="1.2" />
      {showInitials ? (
        <text
          x="16"
          y="21.5"
          textAnchor="middle"
          fontSize="8.5"
          fontWeight="800"
          fill="#ffffff"
          stroke="rgba(7,11,22,0.85)"
          strokeWidth="1.8"
          strokeLinejoin="round"
          paintOrder="stroke"
          letterSpacing="0.3"
        >
          {team.short_name.slice(0, 3).toUpperCase()}
        </text>
      ) : null}
    </svg>
  );
}
