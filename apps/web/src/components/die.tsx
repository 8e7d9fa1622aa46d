import { useEffect, useState } from 'react';

/** Pip positions on a 0..100 face for 1..6. */
const PIPS: Record<number, [number, number][]> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [28, 28],
    [50, 50],
    [72, 72],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [28, 28],
    [72, 28],
    [50, 50],
    [28, 72],
    [72, 72],
  ],
  6: [
    [28, 25],
    [72, 25],
    [28, 50],
    [72, 50],
    [28, 75],
    [72, 75],
  ],
};

/** A die drawn in SVG; `value` null shows a tumbling die. */
export function Die({
  value,
  colour,
  rolling,
  testId,
}: {
  value: number | null;
  colour: 'player' | 'banker';
  rolling: boolean;
  testId?: string;
}) {
  const [face, setFace] = useState(1);
  useEffect(() => {
    if (!rolling) return;
    const timer = window.setInterval(() => setFace(1 + Math.floor(Math.random() * 6)), 80);
    return () => window.clearInterval(timer);
  }, [rolling]);
  const shown = rolling ? face : (value ?? 1);
  const fill = colour === 'player' ? '#eff6ff' : '#fff1f2';
  const pip = colour === 'player' ? '#1d4ed8' : '#be123c';
  return (
    <svg
      viewBox="0 0 100 100"
      className={`size-14 drop-shadow-[0_6px_8px_rgba(0,0,0,0.5)] sm:size-20 ${rolling ? 'animate-spin [animation-duration:0.6s]' : ''}`}
      role="img"
      aria-label={String(value ?? '')}
      data-testid={testId}
      data-value={rolling ? '' : (value ?? '')}
    >
      <rect x="4" y="4" width="92" height="92" rx="18" fill={fill} stroke="rgba(0,0,0,0.25)" strokeWidth="2" />
      <rect x="10" y="8" width="80" height="30" rx="12" fill="#fff" opacity="0.45" />
      {value === null && !rolling ? null : (PIPS[shown] ?? []).map(([x, y], i) => <circle key={i} cx={x} cy={y} r="9" fill={pip} />)}
    </svg>
  );
}
