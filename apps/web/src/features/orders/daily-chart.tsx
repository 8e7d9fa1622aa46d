import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { moneyCentavos } from '../../lib/user.ts';
import type { OrderDetails } from './orders.api.ts';

export type ChartSeries = {
  key: 'total_recharge_amount' | 'total_withdraw_amount' | 'total_bonus_amount' | 'total_fee_amount';
  label: string;
  color: string;
  /** Two bars side by side (left, right) per day, or a line over them. */
  kind: 'bar-left' | 'bar-right' | 'line';
};

const HEIGHT_PX = 200;

/** "2026-11-21" -> "21/11": short day labels under the bars. */
function dayLabel(date: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(date);
  return match ? `${match[2]}/${match[1]}` : date;
}

/**
 * Seven days of deposits and withdrawals as grouped bars (lazy chunk: uPlot loads only here).
 * Reais as numbers are for drawing only; every figure shown as text comes from the strings.
 */
export default function DailyChart({
  daily,
  series,
  formatAxis,
}: {
  daily: OrderDetails['daily'];
  series: ChartSeries[];
  formatAxis: (reais: number) => string;
}) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const labels = daily.map((day) => dayLabel(day.date));
    const xs = daily.map((_, index) => index);
    const data: uPlot.AlignedData = [xs, ...series.map((s) => daily.map((day) => moneyCentavos(day[s.key]) / 100))];
    const options: uPlot.Options = {
      width: Math.max(240, element.clientWidth),
      height: HEIGHT_PX,
      legend: { show: false },
      cursor: { show: false },
      padding: [12, 8, 0, 0],
      scales: {
        x: { time: false, range: [-0.5, Math.max(0, daily.length - 0.5)] },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.15 : 10] },
      },
      axes: [
        {
          stroke: '#8d97b5',
          grid: { show: false },
          ticks: { show: false },
          size: 28,
          splits: () => xs,
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          font: '11px system-ui, sans-serif',
        },
        {
          stroke: '#8d97b5',
          grid: { stroke: 'rgba(38,49,79,0.8)', width: 1 },
          ticks: { show: false },
          size: 56,
          values: (_u, splits) => splits.map((v) => formatAxis(v)),
          font: '11px system-ui, sans-serif',
        },
      ],
      series: [
        {},
        ...series.map((s) =>
          s.kind === 'line'
            ? { label: s.label, stroke: s.color, width: 2, points: { show: true, size: 5, fill: s.color } }
            : {
                label: s.label,
                stroke: s.color,
                fill: `${s.color}d9`,
                width: 0,
                paths: uPlot.paths.bars?.({ size: [0.34, 26], align: s.kind === 'bar-left' ? -1 : 1, gap: 1 }),
                points: { show: false },
              },
        ),
      ],
    };
    const plot = new uPlot(options, data, element);
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT_PX }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [daily, series, formatAxis]);

  return <div ref={host} className="w-full" role="img" aria-hidden="true" />;
}
