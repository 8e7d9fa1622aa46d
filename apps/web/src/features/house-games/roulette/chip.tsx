/** Casino chip colours, from the smallest denomination up. */
const CHIP_COLOURS = ['#64748b', '#2563eb', '#16a34a', '#dc2626', '#7c3aed', '#111827', '#d97706'] as const;

export function chipColour(index: number): string {
  return CHIP_COLOURS[Math.min(Math.max(index, 0), CHIP_COLOURS.length - 1)]!;
}

/** "50c", "1", "25", "1K": a chip face fits three characters. */
export function chipLabel(valueCentavos: number): string {
  if (valueCentavos < 100) return `${valueCentavos}c`;
  const reais = Math.floor(valueCentavos / 100);
  const cents = valueCentavos % 100;
  if (reais >= 1000) return `${Math.floor(reais / 1000)}${reais % 1000 >= 100 ? `.${Math.floor((reais % 1000) / 100)}` : ''}K`;
  return cents === 0 ? String(reais) : `${reais}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** A chip drawn in SVG: edge stripes, inner ring and the value. */
export function Chip({ colour, label, size = 36, glow = false }: { colour: string; label: string; size?: number; glow?: boolean }) {
  return (
    <svg
      viewBox="0 0 40 40"
      width={size}
      height={size}
      aria-hidden="true"
      className={glow ? 'drop-shadow-[0_0_6px_rgba(245,196,81,0.95)]' : 'drop-shadow-[0_2px_2px_rgba(0,0,0,0.55)]'}
    >
      <circle cx="20" cy="20" r="19" fill={colour} stroke="rgba(0,0,0,0.35)" strokeWidth="1" />
      <circle cx="20" cy="20" r="15.5" fill="none" stroke="#fff" strokeWidth="4.5" strokeDasharray="6.1 6.1" strokeOpacity="0.9" />
      <circle cx="20" cy="20" r="12" fill={colour} stroke="rgba(255,255,255,0.55)" strokeWidth="1" />
      <text
        x="20"
        y="20.5"
        fill="#fff"
        fontSize={label.length > 3 ? 8.5 : label.length > 2 ? 10 : 12}
        fontWeight="800"
        textAnchor="middle"
        dominantBaseline="central"
      >
        {label}
      </text>
    </svg>
  );
}
