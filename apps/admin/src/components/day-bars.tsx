import { useDayLabel } from './day-chart';

/** One day's bar: the value to draw (centavos or a count) and its text as the hover and list show it. */
export type DayBar = { day: string; value: number; text: string };

type DayBarsProps = {
  bars: DayBar[];
  /** The chart's accessible name ("Deposits, last 7 days"). */
  label: string;
  colour: string;
  /** Days highlighted (today), drawn brighter. */
  highlight?: string;
};

const WIDTH = 280;
const HEIGHT = 72;
const PAD = { top: 4, bottom: 16, side: 2 };

/**
 * A small bar per day, in SVG (no chart library): negative values hang below the zero line. For
 * assistive technology the figure is a list of the days and their values, the drawing is hidden.
 */
export function DayBars({ bars, label, colour, highlight }: DayBarsProps) {
  const dayLabel = useDayLabel();
  const top = Math.max(1, ...bars.map((bar) => bar.value));
  const bottom = Math.min(0, ...bars.map((bar) => bar.value));
  const plot = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + ((top - value) / (top - bottom)) * plot;
  const slot = (WIDTH - 2 * PAD.side) / Math.max(1, bars.length);
  const width = Math.max(2, Math.min(26, slot * 0.68));
  const labelEvery = Math.max(1, Math.ceil(bars.length / 7));

  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" className="h-auto w-full" focusable="false">
        <line x1={PAD.side} x2={WIDTH - PAD.side} y1={y(0)} y2={y(0)} stroke="rgba(255,255,255,0.12)" />
        {bars.map((bar, index) => {
          const x = PAD.side + index * slot + (slot - width) / 2;
          const from = y(Math.max(0, bar.value));
          const to = y(Math.min(0, bar.value));
          return (
            <g key={bar.day}>
              <title>{`${dayLabel(bar.day)}: ${bar.text}`}</title>
              <rect
                x={x}
                y={from}
                width={width}
                height={Math.max(bar.value === 0 ? 0 : 1, to - from)}
                rx={1.5}
                fill={colour}
                opacity={highlight === undefined || bar.day === highlight ? 1 : 0.55}
              />
              {index % labelEvery === 0 && (
                <text x={x + width / 2} y={HEIGHT - 3} textAnchor="middle" fontSize={9} fill="#64748b">
                  {dayLabel(bar.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">
        {label}
        <ul>
          {bars.map((bar) => (
            <li key={bar.day}>{`${dayLabel(bar.day)}: ${bar.text}`}</li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
