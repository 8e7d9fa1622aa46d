import { useEffect, useRef } from 'react';
import { centavosOf, formatMoney } from '../lib/format';
import { localeOf } from '../lib/i18n';
import { useLanguage } from '../lib/use-language';

/** One day of a report chart: the report's figure and the ledger's (money strings), and the bar. */
export type ChartDay = {
  /** The day, YYYY-MM-DD. */
  day: string;
  total: string;
  ledger: string;
  /** The bar in integer centavos: its parts stacked from the zero line (positive up, negative down). */
  parts: { key: string; centavos: number; colour: string }[];
};

type DayChartProps = {
  days: ChartDay[];
  label: string;
  /** What the day's hover text calls the two figures. */
  totalLabel: string;
  ledgerLabel: string;
  /** The zero line's colour. */
  axisStroke: string;
  /** A cost report ticks only a ledger figure above zero. */
  positiveLedgerOnly?: boolean;
  /** On a phone the chart scrolls sideways: open it on the latest days. */
  startAtEnd?: boolean;
};

const WIDTH = 720;
const HEIGHT = 200;
const PAD = { top: 10, right: 8, bottom: 22, left: 8 };

/** Short day labels for a chart's axis: "03/01" in the reader's order. */
export function useDayLabel() {
  const language = useLanguage();
  const format = new Intl.DateTimeFormat(localeOf(language), { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

/**
 * The reports' chart: a bar per day drawn in SVG from integer centavos, with the ledger's figure
 * as a tick over each bar, so a day where the two differ stands out.
 */
export function DayChart({
  days,
  label,
  totalLabel,
  ledgerLabel,
  axisStroke,
  positiveLedgerOnly = false,
  startAtEnd = false,
}: DayChartProps) {
  const language = useLanguage();
  const dayLabel = useDayLabel();
  const values = days.flatMap((day) => [centavosOf(day.total), centavosOf(day.ledger)]);
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const y = (centavos: number) => PAD.top + ((top - centavos) / (top - bottom)) * plotHeight;
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, days.length);
  const bar = Math.max(2, Math.min(28, slot * 0.7));
  const labelEvery = Math.max(1, Math.ceil(days.length / 10));
  const scroller = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new period redraws the chart, which starts at its end again
  useEffect(() => {
    if (startAtEnd && scroller.current) scroller.current.scrollLeft = scroller.current.scrollWidth;
  }, [days, startAtEnd]);

  return (
    <figure ref={scroller} className="overflow-x-auto">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-auto w-full min-w-[28rem]">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke={axisStroke} />
        {days.map((day, index) => {
          const x = PAD.left + index * slot + (slot - bar) / 2;
          const ledger = centavosOf(day.ledger);
          const tick = positiveLedgerOnly ? ledger > 0 : ledger !== 0;
          let up = 0;
          let down = 0;
          return (
            <g key={day.day}>
              <title>
                {`${dayLabel(day.day)} · ${totalLabel}: ${formatMoney(day.total, language)} · ${ledgerLabel}: ${formatMoney(day.ledger, language)}`}
              </title>
              {day.parts.map((part) => {
                const from = part.centavos > 0 ? up : down;
                const to = from + part.centavos;
                if (part.centavos > 0) up = to;
                else down = to;
                return (
                  <rect
                    key={part.key}
                    x={x}
                    y={Math.min(y(from), y(to))}
                    width={bar}
                    height={Math.max(0.5, Math.abs(y(to) - y(from)))}
                    fill={part.colour}
                    rx={1}
                  />
                );
              })}
              {tick && <line x1={x - 2} x2={x + bar + 2} y1={y(ledger)} y2={y(ledger)} stroke="#f8fafc" strokeWidth={1.5} />}
              {index % labelEvery === 0 && (
                <text x={x + bar / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={10} fill="#64748b">
                  {dayLabel(day.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
